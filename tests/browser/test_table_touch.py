"""The table's script on a phone: a tap selects, Undo takes it back, nothing is sent before
Confirm, and Confirm plays the move (the fourth game of the tests, Race to ten)."""

import pytest

from games.play.models import Match
from tests.browser.test_browser_play import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_move_is_chosen_by_touch_undone_and_confirmed(
    tiny,
    live_server,
    browser_instance,
    start_match,
    password,
    artifacts,
    scheme,  # noqa: F811
):
    match = start_match("tiny")
    mover = match.seats.get(is_to_act=True).user
    context = browser_instance.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
        color_scheme=scheme,
    )  # fmt: skip
    page = log_in(context, live_server, mover, password)
    page.goto(f"{live_server.url}/en/play/{match.pk}/")
    confirm = page.locator("[data-confirm]")
    two = page.locator('[data-pick="add:2"]')
    assert page.locator("[data-tray]").is_visible() and confirm.is_disabled()
    assert "is-target" in two.get_attribute("class")
    page.screenshot(path=artifacts / f"tiny-start-{scheme}.png", full_page=True)

    two.tap()
    assert "is-picked" in two.get_attribute("class") and confirm.is_enabled()
    assert "Add 2" in page.locator("[data-summary]").inner_text()
    page.screenshot(path=artifacts / f"tiny-chosen-{scheme}.png", full_page=True)
    match.refresh_from_db()
    assert match.version == 0  # nothing is sent before Confirm

    page.locator("[data-undo]").tap()
    assert confirm.is_disabled() and "is-picked" not in (two.get_attribute("class") or "")

    page.locator('[data-pick="add:1"]').tap()
    with page.expect_navigation():
        confirm.tap()
    match.refresh_from_db()
    assert match.version == 1 and match.status == Match.Status.ACTIVE
    assert match.moves.get().action == {"type": "add", "amount": 1}
    assert "Count: 1 of 10" in page.locator(".tiny-count").inner_text()
    assert page.locator(".last-move").is_visible()
    assert "is-last" in page.locator('[data-mark="count"]').get_attribute("class")
    page.screenshot(path=artifacts / f"tiny-after-{scheme}.png", full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390  # no sideways scroll on a phone
    context.close()
