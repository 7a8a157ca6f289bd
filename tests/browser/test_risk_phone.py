"""Risk on a phone (issue 27), in a real match in the middle of an attack, played by tapping
the map: the map fills most of the screen without scrolling sideways while a move is chosen,
the picked territories and the last move stay clear of the tray, and the last battle is told
in one line with its dice drawn, a blitz's rolls on demand. On a desktop too, light and dark,
in es, it and en. Screenshots in test-results/<test>/."""

from __future__ import annotations

from typing import Any

import pytest

from games.actions import lifecycle, moves
from games.play.models import Match
from games.risk.presenter import territory
from tests import risk_bot
from tests.browser.test_browser_play import log_in
from tests.browser.test_risk_touch import tap_territory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
#: Each run: a device, a colour scheme and a language.
RUNS = [("phone", "light", "en"), ("phone", "dark", "es"), ("desktop", "light", "it"),
        ("desktop", "dark", "en")]  # fmt: skip

#: Where things are on the screen: the viewport, the tray's top edge (the screen's bottom
#: when the tray is lower), the map, the picked and last-move territories, the last-move line.
GEOMETRY = """() => {
  const rect = node => { const r = node.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height}; };
  const tray = document.querySelector('[data-tray]');
  const frame = document.querySelector('.risk-map-frame');
  const line = document.querySelector('.last-move');
  return {
    width: innerWidth, height: innerHeight,
    trayTop: tray && !tray.hidden
      ? Math.min(tray.getBoundingClientRect().top, innerHeight) : innerHeight,
    map: rect(document.querySelector('.risk-map')),
    picked: [...document.querySelectorAll('.risk-map .is-picked')].map(rect),
    last: [...document.querySelectorAll('.risk-map .is-last')].map(rect),
    line: line ? rect(line) : null,
    pageWidth: document.documentElement.scrollWidth,
    frameOverflow: frame.scrollWidth - frame.clientWidth,
  };
}"""


def geometry(page: Any) -> dict[str, Any]:
    return page.evaluate(GEOMETRY)


def map_share(found: dict[str, Any]) -> float:
    """The part of the screen's height where the map shows, above the tray."""
    shown = min(found["map"]["bottom"], found["trayTop"]) - max(found["map"]["top"], 0)
    return max(shown, 0) / found["height"]


def clear_of_tray(box: dict[str, float], found: dict[str, Any]) -> bool:
    """Whole on the screen, above the tray (a pixel of rounding allowed)."""
    return (box["top"] >= -1 and box["bottom"] <= found["trayTop"] + 1
            and box["left"] >= -1 and box["right"] <= found["width"] + 1)  # fmt: skip


def fits_the_width(found: dict[str, Any]) -> bool:
    """Nothing scrolls sideways: not the page, not the map's frame; the map is all on screen."""
    inside = found["map"]["left"] >= -1 and found["map"]["right"] <= found["width"] + 1
    return found["pageWidth"] <= found["width"] and found["frameOverflow"] <= 0 and inside


# The position ----------------------------------------------------------------------------


def troops_of(match: Match) -> dict[str, int]:
    view = match.engine.view(match.engine_state(), None)
    return {t["id"]: t["troops"] for t in view["territories"]}


def attacks(match: Match, seat: int) -> list[dict[str, Any]]:
    legal = match.engine.legal_actions(match.engine_state(), seat)
    return [a for a in legal if a["type"] == "attack"]


def strongest_attack(match: Match, seat: int) -> dict[str, Any] | None:
    """The attack from the largest stack (four troops at least) on its strongest neighbour."""
    troops = troops_of(match)
    found = [a for a in attacks(match, seat) if troops[a["from"]] >= 4]
    return max(found, key=lambda a: (troops[a["from"]], troops[a["to"]]), default=None)


def play(match: Match, seat: int, action: dict[str, Any]) -> None:
    match.refresh_from_db()
    moves.do_submit_move(match.pk, match.seats.get(number=seat).user, action, match.version)
    match.refresh_from_db()


def blitz_of(match: Match, attack: dict[str, Any], stop_at: int | None = None) -> dict[str, Any]:
    """A blitz of ``attack`` with all its dice, stopping at ``stop_at`` troops (the fewest)."""
    source = troops_of(match)[attack["from"]]
    return {"type": "blitz", "from": attack["from"], "to": attack["to"],
            "dice": min(3, source - 1), "stop_at": stop_at or 1}  # fmt: skip


def mid_attack(start_match: Any, player: Any) -> Match:
    """A three-player classic match on the reader's turn, in the attack phase, whose last move
    is the reader's blitz of three rolls or more, stopped before the territory fell, with
    another attack of four troops or more to choose. Played through the move service.

    The seed is random, and one match in a few never comes to such a blitz within 40 turns:
    then the same players start another (a few tries make a failure unlikely)."""
    options = {"mode": "classic", "deal_territories": True}
    match = start_match("risk", options, 3)
    others = [seat.user for seat in match.seats.exclude(user=player)]
    for _try in range(4):
        if blitz_played(match, player):
            return match
        match = lifecycle.do_create_match(
            player, "risk", options, 3, invite=[user.username for user in others]
        )
        for user in others:
            lifecycle.do_accept_invitation(match.seats.get(user=user).pk, user)
        match.refresh_from_db()
    raise AssertionError("no blitz of several rolls in the middle of an attack")


def blitz_played(match: Match, player: Any) -> bool:
    """Whether the reader's blitz of ``mid_attack`` came within 40 turns of this match."""
    leader = match.seats.get(user=player).number
    for _turn in range(40):
        try:
            ready_to_attack(match, leader)
        except AssertionError:  # the leader had nothing to attack with any more
            return False
        while (attack := strongest_attack(match, leader)) is not None:
            source = troops_of(match)[attack["from"]]
            play(match, leader, blitz_of(match, attack, max(3, source - 5)))
            events = match.moves.order_by("-number").first().events
            rolls = sum(e["code"] == "risk.battle" for e in events)
            phase = match.engine.view(match.engine_state(), None)["phase"]
            if rolls >= 3 and phase == "attack" and strongest_attack(match, leader):
                return True
            if phase == "move_in":
                play(match, leader, {"type": "move_in", "troops": 0})
        play(match, leader, {"type": "end_attack"})
    return False


def ready_to_attack(match: Match, leader: int) -> None:
    """On from here to the leader's attack phase with an attack of four troops or more."""
    for _step in range(400):
        match.refresh_from_db()
        view = match.engine.view(match.engine_state(), None)
        if view["current"] == leader and view["phase"] == "move_in":
            play(match, leader, {"type": "move_in", "troops": 0})
        elif view["current"] == leader and view["phase"] == "attack":
            if strongest_attack(match, leader):
                return
            play(match, leader, {"type": "end_attack"})
        else:
            risk_bot.drive(match, leader, lambda view: view["phase"] in {"attack", "move_in"})
    raise AssertionError("the leader never had an attack to make")


#: Makes the last move's line taller than the phone's screen leaves beside the map, in the
#: page as served (before the table's script places the page).
TALLER_LINE = "<style>.last-move { padding-bottom: 32rem !important; }</style></head>"


def with_a_taller_line(route: Any) -> None:
    served = route.fetch()
    route.fulfill(response=served, body=served.text().replace("</head>", TALLER_LINE, 1))


def open_match(
    browser: Any,
    server: Any,
    player: Any,
    password: str,
    match: Match,
    run: Any,
    taller_line: bool = False,
) -> Any:
    """The match page as ``player`` sees it on the run's device, in its colours and language."""
    device, scheme, language = run
    screen = PHONE if device == "phone" else DESKTOP
    # The taller line is a style in the page as served, which the site's CSP would refuse.
    context = browser.new_context(color_scheme=scheme, bypass_csp=taller_line, **screen)
    if taller_line:
        context.route(f"**/play/{match.pk}/", with_a_taller_line)
    page = log_in(context, server, player, password)
    page.goto(f"{server.url}/{language}/play/{match.pk}/")
    return context, page


def tap(page: Any, locator: Any, device: str) -> None:
    locator.tap() if device == "phone" else locator.click()


# The tests -------------------------------------------------------------------------------


def test_an_attack_is_chosen_with_the_map_in_sight_and_never_under_the_tray(
    live_server, browser_instance, start_match, player, password, artifacts
):
    """Before: on a phone a 600 px map scrolled sideways, the tray hid the last move, and the
    Attack/Blitz choice grew the tray over the picked territories."""
    match = mid_attack(start_match, player)
    leader = match.seats.get(user=player).number
    attack = strongest_attack(match, leader)
    for device, scheme, language in RUNS:
        name = f"{device}-{scheme}-{language}"
        run = (device, scheme, language)
        context, page = open_match(browser_instance, live_server, player, password, match, run)
        page.screenshot(path=artifacts / f"{name}-1-arrival.png")
        found = geometry(page)
        assert fits_the_width(found), f"{name}: the page or the map scrolls sideways: {found}"
        # On arrival the page shows the last move, its line and its territories, above the tray
        # (only the line when a line that wraps and territories at both ends of the turned map
        # cannot fit together: Alaska and Kamchatka, say).
        assert found["line"] and clear_of_tray(found["line"], found), f"{name}: {found}"
        assert found["last"], name
        if fits_with_the_line(found["last"], found):
            assert all(clear_of_tray(b, found) for b in found["last"]), name

        tap_territory(page, f"t:{attack['from']}", device == "phone")
        page.screenshot(path=artifacts / f"{name}-2-attacker.png")
        tap_territory(page, f"t:{attack['to']}", device == "phone")
        choices = page.locator("[data-choices] button")
        assert choices.count() == 2  # attack or blitz, from these two territories
        page.screenshot(path=artifacts / f"{name}-3-attack-or-blitz.png")
        found = geometry(page)
        assert len(found["picked"]) == 2
        assert all(clear_of_tray(b, found) for b in found["picked"]), f"{name}: {found}"
        if device == "phone":
            assert map_share(found) >= 0.6, f"{name}: the map shows on {map_share(found):.0%}"
        # The choice is one short row: the tray does not grow over the map.
        assert page.locator("[data-choices]").bounding_box()["height"] <= 60, name
        assert fits_the_width(found), name

        tap(page, choices.filter(has_text=describe("blitz", attack, language)), device)
        page.locator("[data-params] input[name=stop_at]").wait_for()
        page.screenshot(path=artifacts / f"{name}-4-blitz-chosen.png")
        found = geometry(page)
        assert all(clear_of_tray(b, found) for b in found["picked"]), f"{name}: {found}"
        if device == "phone":
            assert map_share(found) >= 0.6, f"{name}: the map shows on {map_share(found):.0%}"
        context.close()

    # A last move's line too tall to share the screen with the map and its marks (a blitz
    # told in three lines, between territories at both ends of the turned map): the line
    # shows whole, at the top of the screen, the map below it.
    phone = ("phone", "light", "en")
    context, page = open_match(
        browser_instance, live_server, player, password, match, phone, taller_line=True
    )
    found = geometry(page)
    page.screenshot(path=artifacts / "phone-light-en-tall-line-arrival.png")
    assert not fits_with_the_line(found["last"], found), found
    assert clear_of_tray(found["line"], found), found
    assert abs(found["line"]["top"] - 8) <= 2, found
    context.close()


def fits_with_the_line(marks: list[dict[str, float]], found: dict[str, Any]) -> bool:
    """Whether the last move's line and ``marks`` fit together above the tray (the page keeps
    8 px clear at the top and above the tray)."""
    boxes = [found["line"], *marks]
    span = max(box["bottom"] for box in boxes) - min(box["top"] for box in boxes)
    return span <= found["trayTop"] - 16


def describe(kind: str, attack: dict[str, Any], language: str) -> str:
    from django.utils import translation

    from games.registry import get_game

    with translation.override(language):
        return get_game("risk").presenter.describe({**attack, "type": kind}, {}, language)


def test_a_blitz_is_told_in_one_line_with_its_dice_drawn_and_its_rolls_on_demand(
    live_server, browser_instance, start_match, player, password, artifacts
):
    """Before: the last move was the log's text, a blitz seven lines of rolls above the map."""
    match = mid_attack(start_match, player)
    leader = match.seats.get(user=player).number
    for device, scheme, language in [("phone", "dark", "it"), ("desktop", "light", "es")]:
        name = f"{device}-{scheme}-{language}"
        ready_to_attack(match, leader)
        attack = strongest_attack(match, leader)
        run = (device, scheme, language)
        context, page = open_match(browser_instance, live_server, player, password, match, run)
        tap_territory(page, f"t:{attack['from']}", device == "phone")
        tap_territory(page, f"t:{attack['to']}", device == "phone")
        choices = page.locator("[data-choices] button")
        tap(page, choices.filter(has_text=describe("blitz", attack, language)), device)
        with page.expect_navigation():
            tap(page, page.locator("[data-confirm]"), device)
        match.refresh_from_db()
        move = match.moves.order_by("-number").first()
        assert move.action["type"] == "blitz", "the tapped blitz was not played"
        rolls = [e["params"] for e in move.events if e["code"] == "risk.battle"]
        line = page.locator(".last-move")
        page.screenshot(path=artifacts / f"{name}-after-the-blitz.png")
        line.screenshot(path=artifacts / f"{name}-line.png")
        # The last roll's dice, drawn with their pips, in the line itself.
        drawn = line.locator(".risk-battle > .risk-roll svg.die")
        faces = sorted(int(v) for v in drawn.evaluate_all("d => d.map(n => n.dataset.value)"))
        assert faces == sorted(rolls[-1]["attacker_dice"] + rolls[-1]["defender_dice"]), name
        assert line.locator(".risk-battle > .risk-roll svg.die circle").count() == sum(faces)
        assert territory(move.action["to"], language) in line.inner_text()
        # One sentence: two rows at most on a desktop, four on a phone (long names).
        rows = page.evaluate(ROWS)
        assert rows <= (4 if device == "phone" else 2), f"{name}: the line takes {rows} rows"
        # Each roll on demand.
        if len(rolls) > 1:
            summary = line.locator(".risk-rolls summary")
            assert str(len(rolls)) in summary.inner_text()
            assert not line.locator(".risk-rolls li").first.is_visible()
            tap(page, summary, device)
            assert line.locator(".risk-rolls li").count() == len(rolls)
            for index, roll in enumerate(rolls):
                dice = line.locator(".risk-rolls li").nth(index).locator("svg.die")
                shown = sorted(
                    int(v) for v in dice.evaluate_all("d => d.map(n => n.dataset.value)")
                )
                assert shown == sorted(roll["attacker_dice"] + roll["defender_dice"])
            line.screenshot(path=artifacts / f"{name}-rolls.png")
        assert fits_the_width(geometry(page)), name
        context.close()


ROWS = """() => {
  // The rows of text of the last-move line: the lines its words' boxes sit on (the dice sit in
  // them), the rolls folded away.
  const line = document.querySelector('.last-move .risk-battle');
  const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
  const rows = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.data.trim() || node.parentElement.closest('.risk-rolls ol')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const box of range.getClientRects()) {
      const middle = (box.top + box.bottom) / 2;
      const known = rows.some(row => Math.abs(row - middle) < box.height / 2);
      if (box.width && !known) rows.push(middle);
    }
  }
  return rows.length;
}"""
