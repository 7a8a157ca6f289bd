"""Risk played by touch: each mode is driven through the move service to a late position, then
the leader finishes the match by tapping the map and the tray only (the others answer through
the service), on a phone with a touch screen and on a desktop, light and dark."""

from __future__ import annotations

from typing import Any

import pytest

from games.play.models import Match
from games.play.table import split_choices
from games.registry import get_game
from tests import risk_bot
from tests.browser.test_browser_play import log_in
from tests.conftest import ARTIFACTS as ALL_ARTIFACTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ARTIFACTS = ALL_ARTIFACTS / "risk"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}

#: Where each mode stops being played by the service: close to its end, on the leader's turn.
LATE = {
    "two-player": lambda view, me: view["seats"][me]["territories"] >= 27,
    "intro": lambda view, me: view["seats"][me]["territories"] >= view["target"] - 3,
    "classic": lambda view, me: (
        sum(s["territories"] for s in view["seats"] if s["seat"] != me) <= 3
    ),
}


def tap_territory(page: Any, key: str, touch: bool) -> None:
    """Tap a territory on its troop badge (the middle of a cell's box may be its neighbour's;
    the labels let taps through to the cell below)."""
    cell = page.locator(f'.risk-map [data-pick="{key}"]')
    cell.scroll_into_view_if_needed()
    offset = page.evaluate(
        """key => {
          const box = node => document.querySelector(node).getBoundingClientRect();
          const cell = box(`.risk-map [data-pick="${key}"]`);
          const badge = box(`.label[data-for="${key}"] .badge`);
          return {x: badge.left + badge.width / 2 - cell.left,
                  y: badge.top + badge.height / 2 - cell.top};
        }""",
        key,
    )
    assert "is-target" in cell.get_attribute("class"), f"{key} is not lit"
    cell.tap(position=offset) if touch else cell.click(position=offset)
    assert "is-picked" in cell.get_attribute("class"), f"the tap on {key} was not taken"


def press(page: Any, locator: Any, touch: bool) -> None:
    locator.tap() if touch else locator.click()


def play_by_touch(page: Any, action: dict[str, Any], touch: bool) -> None:
    """Choose ``action`` on the board and in the tray, check the summary, then confirm."""
    presenter = get_game("risk").presenter
    for key in presenter.picks(action):
        if key.startswith("t:"):
            tap_territory(page, key, touch)
        else:
            press(page, page.locator(f'[data-pick="{key}"]'), touch)
    summary = page.locator("[data-summary]")
    label = presenter.describe(action, {}, "en")
    if label not in summary.inner_text():
        press(page, page.locator("[data-choices] button", has_text=label).first, touch)
    assert label in summary.inner_text()
    for name in ("troops", "dice", "stop_at"):
        field = page.locator(f"[data-params] input[name={name}]")
        if name in action and field.count():
            assert int(field.input_value()) == action[name]  # the tray offers the most forceful
    with page.expect_navigation():
        press(page, page.locator("[data-confirm]"), touch)


def leader_action(match: Match, leader: int) -> dict[str, Any]:
    state = match.engine_state()
    view = match.engine.view(state, None)
    templates = [a for t in match.engine.legal_actions(state, leader) for a in split_choices(t)]
    return risk_bot.concrete(risk_bot.pick(templates, True, view))


@pytest.mark.parametrize("device", ["phone", "desktop"])
@pytest.mark.parametrize(("mode", "players"), [("two-player", 2), ("intro", 3), ("classic", 3)])
def test_a_risk_match_is_finished_by_touching_the_map(
    live_server, browser_instance, start_match, player, password, mode, players, device
):
    options = {"mode": mode, **({"deal_territories": True} if mode == "classic" else {})}
    match = start_match("risk", options, players)
    leader = match.seats.get(user=player).number
    late = LATE[mode]
    risk_bot.drive(match, leader, lambda view: view["phase"] != "claim" and late(view, leader))
    touch = device == "phone"
    context = browser_instance.new_context(**(PHONE if touch else DESKTOP))
    page = log_in(context, live_server, player, password)
    stepper_tried = False

    for taken in range(80):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        if match.engine.view(match.engine_state(), None)["current"] != leader:
            risk_bot.drive(match, leader, lambda view: True)  # the others, by the service
            continue
        page.goto(f"{live_server.url}/en/play/{match.pk}/")
        if taken in (0, 2):
            screenshots(page, f"{mode}-{device}-{'start' if taken == 0 else 'middle'}")
        action = leader_action(match, leader)
        if action["type"] == "place" and not stepper_tried and action["troops"] > 1:
            try_the_stepper_then_undo(page, action, touch)
            stepper_tried = True
        version = match.version
        play_by_touch(page, action, touch)
        match.refresh_from_db()
        assert match.version == version + 1, f"the tapped move was not played: {action}"
        assert page.evaluate("document.documentElement.scrollWidth") <= (390 if touch else 1280)
    else:
        raise AssertionError("the match did not end by touch")

    assert match.status == Match.Status.FINISHED and leader in match.result["winners"]
    page.goto(f"{live_server.url}/en/play/{match.pk}/")
    assert page.locator("[data-tray]").count() == 0
    screenshots(page, f"{mode}-{device}-end")
    context.close()


def try_the_stepper_then_undo(page: Any, action: dict[str, Any], touch: bool) -> None:
    """Fewer, more, then Undo: nothing is chosen any more."""
    tap_territory(page, f"t:{action['territory']}", touch)
    stepper = page.locator("[data-params] input[name=troops]")
    press(page, page.locator("[data-params] button.step").first, touch)
    assert int(stepper.input_value()) == action["troops"] - 1
    press(page, page.locator("[data-params] button.step").last, touch)
    assert int(stepper.input_value()) == action["troops"]
    press(page, page.locator("[data-undo]"), touch)
    assert page.locator("[data-confirm]").is_disabled()
    assert page.locator(".risk-map .is-picked").count() == 0


def screenshots(page: Any, name: str) -> None:
    """The whole page in light and in dark, in ``test-results/risk/``."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=ARTIFACTS / f"{name}-{scheme}.png", full_page=True)
        page.locator(".risk-map-frame").screenshot(path=ARTIFACTS / f"{name}-{scheme}-map.png")
    page.emulate_media(color_scheme="light")
