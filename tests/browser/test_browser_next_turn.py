"""After Confirm, the game page offers the next match where it is the player's move (the most
urgent first), and so does the dashboard; on a phone and a laptop, light and dark."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.actions import lifecycle
from games.play.models import Match
from tests.browser.test_browser_play import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VIEWS = [
    ("phone", 390, 844, "light"),
    ("phone", 390, 844, "dark"),
    ("laptop", 1280, 800, "light"),
    ("laptop", 1280, 800, "dark"),
]


def solo(user, hours_left):
    match = lifecycle.do_create_match(user, "collar", {"mode": "solo"}, 1)
    deadline = timezone.now() + timedelta(hours=hours_left)
    Match.objects.filter(pk=match.pk).update(deadline=deadline)
    return match


def confirm_a_move_by_touch(page):
    """Tap the first lit place of the board, pick the first choice the tray offers if any,
    then Confirm (a Richelieu turn is one card)."""
    page.locator("[data-pick].is-target").first.click()
    confirm = page.locator("[data-confirm]")
    if confirm.is_disabled():
        page.locator("[data-choices] button").first.click()
    with page.expect_navigation():
        confirm.click()


@pytest.mark.parametrize(("label", "width", "height", "scheme"), VIEWS)
def test_after_confirm_the_next_match_waiting_is_one_tap_away(
    live_server, browser_instance, start_match, password, artifacts, label, width, height, scheme
):
    match = start_match("richelieu", {"ruleset": "fun-for-2"})
    mover = match.seats.get(is_to_act=True).user
    later, sooner = solo(mover, 60), solo(mover, 5)
    context = browser_instance.new_context(
        viewport={"width": width, "height": height}, color_scheme=scheme
    )
    page = log_in(context, live_server, mover, password)
    page.goto(f"{live_server.url}/en/play/{match.pk}/")
    assert page.locator(".next-turn").count() == 0  # it is this match's move

    for _ in range(6):  # the move that ends the turn
        confirm_a_move_by_touch(page)
        if not match.seats.get(user=mover).is_to_act:
            break
        assert page.locator(".next-turn").count() == 0  # still this match's move
    assert not match.seats.get(user=mover).is_to_act
    offer = page.locator(".next-turn a")
    assert offer.is_visible()
    assert offer.get_attribute("href") == f"/en/play/{sooner.pk}/"
    assert (
        f"#{sooner.pk}" in offer.inner_text() and "left" in page.locator(".next-turn").inner_text()
    )
    box = offer.bounding_box()
    assert box["y"] + box["height"] <= height, "the offer is below the first screen"
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=artifacts / f"after-confirm-{label}-{scheme}.png")

    offer.click()
    page.wait_for_load_state()
    assert page.url.endswith(f"/en/play/{sooner.pk}/")
    assert page.locator(".your-turn").is_visible()

    page.goto(f"{live_server.url}/en/play/")
    offer = page.locator(".next-turn a")
    assert offer.get_attribute("href") == f"/en/play/{sooner.pk}/" != f"/en/play/{later.pk}/"
    box = offer.bounding_box()
    assert box["y"] + box["height"] <= height
    page.screenshot(path=artifacts / f"dashboard-{label}-{scheme}.png", full_page=True)
    context.close()
