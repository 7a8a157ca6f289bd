"""Stepping through a match's history during play, and its whole log, on a phone and a
desktop, light and dark: what a player taps to see how the position came about."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_browser_play import log_in
from tests.browser.test_risk_board_browser import MARKERS_CLIPPED, late_position

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEVICES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_a_player_steps_back_and_forth_through_a_risk_match_in_play(
    live_server, browser_instance, start_match, player, password, artifacts, axe, device, scheme
):
    match = late_position(start_match, player)
    context = browser_instance.new_context(color_scheme=scheme, **DEVICES[device])
    page = log_in(context, live_server, player, password)
    page.goto(f"{live_server.url}/en/play/{match.pk}/")
    page.get_by_role("link", name="Step through earlier positions").click()
    page.wait_for_load_state()
    steps = match.version
    # The link opens the position before the last move, whose words are "This move".
    assert page.locator(".step-count").inner_text() == f"Move {steps - 1} of {steps}"
    assert page.locator(".risk-map").is_visible()
    assert page.locator(".last-move").inner_text().startswith("This move:")
    # Each step button shows a drawn arrow ("⏮" and "⏭" were empty boxes in a phone's font).
    icons = page.locator(".step-nav .step-icon")
    assert icons.count() == 4 and all(icon.is_visible() for icon in icons.all())
    # The five controls (four buttons and "Move n of m") keep to one row, on a phone too.
    boxes = page.locator(".step-nav > *").evaluate_all(
        "items => items.map(item => item.getBoundingClientRect()).map(box => [box.top, box.bottom])"
    )
    assert len(boxes) == 5 and max(top for top, _ in boxes) < min(bottom for _, bottom in boxes)
    axe(page, f"history-{device}-{scheme}")

    tap = page.tap if device == "phone" else page.click
    with page.expect_navigation():
        tap("a[rel=prev]")
    assert page.locator(".step-count").inner_text() == f"Move {steps - 2} of {steps}"
    with page.expect_navigation():
        tap("a[rel=next]")
    with page.expect_navigation():
        tap("a[rel=next]")
    assert page.locator(".step-count").inner_text() == f"Move {steps} of {steps}"
    # At the present position there is nothing further, and no move may be made from history.
    assert page.locator("a[rel=next]").count() == 0
    assert page.locator("[data-confirm]").count() == 0
    assert page.locator("form.move-form, .move-list").count() == 0

    page.goto(f"{live_server.url}/en/play/{match.pk}/log/")
    numbers = [
        int(v)
        for v in page.locator("ol.move-log li").evaluate_all(
            "items => items.map(item => item.value)"
        )
    ]
    assert numbers[0] == steps and numbers == sorted(numbers, reverse=True)
    assert page.evaluate(MARKERS_CLIPPED) == []
    axe(page, f"log-{device}-{scheme}")
    with page.expect_navigation():
        page.locator("ol.move-log li").nth(2).get_by_role("link", name="see the position").click()
    assert re.search(rf"Move {steps - 2} of {steps}", page.locator(".step-count").inner_text())
    context.close()
