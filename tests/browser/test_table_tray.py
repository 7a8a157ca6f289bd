"""The table's tray and head in every game, on a phone and a desktop, light and dark: a Confirm
that cannot be used yet looks it and says why to a screen reader (issue 27, item 5), and the
phase at the top and the move chosen in the tray link to the rulebook section that explains
them, in the reader's language (item 7)."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.core.management import call_command

from games.registry import get_game
from games.rulebooks.models import Section
from tests.browser.test_richelieu_board import DESKTOP, PHONE, open_as, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAMES = {
    "richelieu": ({"ruleset": "fun-for-2"}, 2),
    "risk": ({}, 3),
    "collar": ({}, 2),
}
#: Both sizes in both themes, a language each (English twice).
VIEWS = [
    (PHONE, "light", "es"),
    (DESKTOP, "dark", "it"),
    (PHONE, "dark", "en"),
    (DESKTOP, "light", "en"),
]

STYLE = """el => { const s = getComputedStyle(el);
  return {background: s.backgroundColor, color: s.color, border: s.borderTopStyle,
          cursor: s.cursor, opacity: s.opacity}; }"""


def phase_of(match: Any) -> str:
    match.refresh_from_db()
    return str(match.engine.view(match.engine_state(), None)["phase"])


def section_link(game: str, language: str, anchor: str) -> str:
    return f"/{language}/rules/{game}/section/{anchor}/"


def choose_by_touch(page: Any) -> str:
    """Tap the board (and the tray's buttons, if the taps leave a choice) until a move is
    chosen; returns its type."""
    confirm = page.locator("[data-confirm]")
    for _ in range(4):
        if confirm.is_enabled():
            break
        targets = page.locator(".board [data-pick].is-target")
        tap(page, targets.first if targets.count() else page.locator("[data-choices] button").first)
    assert confirm.is_enabled()
    chosen = page.locator("[data-tray-form] input[name=action]").input_value()
    return str(json.loads(chosen)["type"])


def lands_on_its_heading(page: Any, game: str, language: str, anchor: str) -> None:
    """The rulebook page in ``language``, scrolled to the section's heading."""
    page.wait_for_load_state()
    assert page.url.endswith(f"/{language}/rules/{game}/#rule-{anchor}"), page.url
    heading = page.locator(f"#rule-{anchor}")
    title = Section.objects.get(rulebook__game=game, rulebook__language=language, anchor=anchor)
    assert heading.inner_text().strip() == title.title
    assert heading.is_visible()


@pytest.mark.parametrize("game", GAMES)
def test_confirm_looks_off_until_a_move_is_chosen_and_the_rules_are_one_tap_away(
    live_server, browser_instance, start_match, artifacts, game
):
    call_command("load_rulebooks", stdout=io.StringIO())
    options, players = GAMES[game]
    match = start_match(game, options, players)
    engine = get_game(game).engine
    mover = match.seats.get(is_to_act=True).user
    for number, (size, scheme, language) in enumerate(VIEWS):
        name = f"{game}-{size['width']}-{scheme}-{language}"
        context, page = open_as(browser_instance, live_server, mover, size, scheme)
        page.goto(f"{live_server.url}/{language}/play/{match.pk}/")
        confirm, undo = page.locator("[data-confirm]"), page.locator("[data-undo]")

        # Nothing chosen: Confirm and Undo look off, and Confirm says why.
        assert confirm.is_disabled() and undo.is_disabled()
        off, undo_off = confirm.evaluate(STYLE), undo.evaluate(STYLE)
        hint = page.locator("[data-hint]").inner_text()
        assert hint
        description = confirm.evaluate(
            "el => document.getElementById(el.getAttribute('aria-describedby'))?.textContent"
        )
        assert description == hint
        page.screenshot(path=artifacts / f"{name}-nothing-chosen.png")

        # The phase at the top links to its section.
        phase = phase_of(match)
        link = page.locator(".turn-line a.phase")
        expected = section_link(game, language, engine.phase_sections[phase])
        assert link.get_attribute("href") == expected
        assert page.locator("[data-rule]").is_hidden()

        # A move chosen by touch: Confirm looks on, and the tray links to the move's section.
        kind = choose_by_touch(page)
        on, undo_on = confirm.evaluate(STYLE), undo.evaluate(STYLE)
        assert off["cursor"] == "not-allowed" and on["cursor"] == "pointer", (off, on)
        assert off["background"] != on["background"] and off["color"] != on["color"], (off, on)
        assert off["border"] != on["border"], (off, on)
        assert undo_off["cursor"] == "not-allowed" and undo_on != undo_off
        assert confirm.get_attribute("aria-describedby") is None
        rule = page.locator("[data-rule]")
        assert rule.is_visible()
        assert rule.get_attribute("href") == section_link(
            game, language, engine.action_sections[kind]
        )
        page.screenshot(path=artifacts / f"{name}-chosen.png")

        if number == 0:
            # Both links land on the heading in the reader's language; the tray's opens
            # beside the game, where the move stays chosen.
            with page.context.expect_page() as opened:
                tap(page, rule)
            lands_on_its_heading(opened.value, game, language, engine.action_sections[kind])
            assert confirm.is_enabled()
            with page.expect_navigation():
                tap(page, link)
            lands_on_its_heading(page, game, language, engine.phase_sections[phase])
            page.screenshot(path=artifacts / f"{name}-rules.png")
        context.close()


def test_each_kind_of_move_links_to_its_own_section(live_server, browser_instance, start_match):
    """Richelieu: after a card is taken (by touch), the phase and a marker put on a card by
    touch link to other sections than the first card's."""
    call_command("load_rulebooks", stdout=io.StringIO())
    match = start_match("richelieu", {"ruleset": "multiplayer"}, 3)
    engine = get_game("richelieu").engine
    mover = match.seats.get(is_to_act=True).user
    context, page = open_as(browser_instance, live_server, mover, PHONE, "light")
    url = f"{live_server.url}/it/play/{match.pk}/"
    page.goto(url)
    tap(page, page.locator(".rc-end.is-target").first)
    assert page.locator("[data-rule]").get_attribute("href") == section_link(
        "richelieu", "it", "taking-cards"
    )
    with page.expect_navigation():
        tap(page, page.locator("[data-confirm]"))
    phase = phase_of(match)
    assert phase == "after"
    href = page.locator(".turn-line a.phase").get_attribute("href")
    assert href == section_link("richelieu", "it", engine.phase_sections[phase])
    tap(page, page.locator(".rich-middle .rc.is-target").first)
    assert page.locator("[data-rule]").get_attribute("href") == section_link(
        "richelieu", "it", "markers"
    )
    context.close()
