"""Learn by playing in Chromium: "Learn to play" on a rulebook page (and on the home page's
games) starts a match whose hints say what the phase means and link its rulebook section, and
say why a refused move was refused with its rule; on a phone the board stays on the first
screen. Photographed on a phone and a laptop, light and dark."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from playwright.sync_api import Error as PlaywrightError

from games.play.models import Match
from games.rulebooks.anchors import section_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}
#: Where each game's "Learn to play" is tapped: its rulebook, or the home page's game card.
STARTS = {"collar": "home", "richelieu": "rules", "risk": "rules"}


def session_cookie(user: Any, site: str) -> list[dict[str, Any]]:
    client = Client()
    client.force_login(user)
    value = client.cookies[settings.SESSION_COOKIE_NAME].value
    return [{"name": settings.SESSION_COOKIE_NAME, "value": value, "url": site}]


def shoot(page: Any, artifacts: Any, name: str) -> None:
    """Photographs in both colour schemes; the page never scrolls sideways."""
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=artifacts / f"{name}-{scheme}.png", full_page=True)


def start_learning(page: Any, site: str, game: str) -> Match:
    if STARTS[game] == "home":
        page.goto(f"{site}/en/")
    else:
        page.goto(f"{site}/en/rules/{game}/")
    button = page.locator(f'form[action="/en/play/learn/{game}/"] button')
    button.scroll_into_view_if_needed()
    with page.expect_navigation():
        button.click()
    match = Match.objects.filter(game=game).latest("pk")
    assert page.url == f"{site}/en/play/{match.pk}/"
    return match


def tap_unlit_piece(page: Any, match: Match, artifacts: Any, name: str) -> None:
    """Tap pieces that are not lit until one says why (a piece that fits no move says
    nothing): the hints show the engine's reason, its code and its rule, in sight."""
    keys = page.evaluate(
        """() => Array.from(document.querySelectorAll("[data-table] [data-pick]"))
          .filter(n => !n.classList.contains("is-target") && n.getBoundingClientRect().width)
          .map(n => n.getAttribute("data-pick"))"""
    )
    for key in list(dict.fromkeys(keys))[:12]:
        node = page.locator(f'[data-table] [data-pick="{key}"]').first
        with page.expect_response(lambda r: "/why-not/" in r.url) as answer:
            try:
                node.click(timeout=3000)
            except PlaywrightError:  # under the tray: the tap reaches the board all the same
                node.dispatch_event("click")
        if answer.value.status == 200:
            break
    else:
        raise AssertionError(f"{name}: no piece that is not lit says why")
    why = page.locator("#learn-why .learn-refusal")
    why.wait_for()
    code = why.locator("code").inner_text()
    rule = section_url(match.game, match.engine.errors[code].section)
    assert why.locator("a").get_attribute("href") == rule
    box = why.bounding_box()
    # In sight, above the tray, which stays at the bottom of the screen.
    low = min(page.locator(".tray").bounding_box()["y"], page.viewport_size["height"])
    assert -1 <= box["y"] and box["y"] + box["height"] <= low + 1, f"{name}: the reason is hidden"
    page.screenshot(path=artifacts / f"{name}-tapped.png")
    shoot(page, artifacts, f"{name}-tapped")


@pytest.mark.parametrize("size", SIZES)
def test_the_learn_modes_hints_show_and_link_the_right_sections(
    live_server, browser_instance, player, artifacts, size
):
    call_command("load_rulebooks", stdout=io.StringIO())
    site = live_server.url
    phone = size == "phone"
    context = browser_instance.new_context(viewport=SIZES[size], has_touch=phone, is_mobile=phone)
    context.add_cookies(session_cookie(player, site))
    page = context.new_page()
    for game in STARTS:
        match = start_learning(page, site, game)
        assert match.learning and not match.rated
        hints = page.locator(".learn-hints")
        # On arrival the page may scroll to the board (the Risk map), never past the hints;
        # beside the big Risk map they may fold to their summary, which names the phase.
        top = hints.locator("summary").bounding_box()
        assert 0 <= top["y"] < SIZES[size]["height"] / 2, f"{game}: the hints are out of sight"
        board = page.locator(".board").bounding_box()
        assert board["y"] < SIZES[size]["height"] * 0.65, f"{game}: the board starts too low"
        box = hints.bounding_box()
        assert box["y"] + box["height"] <= board["y"], f"{game}: the hints overlap the board"
        page.screenshot(path=artifacts / f"{game}-{size}-arrival.png")
        if not page.evaluate("document.querySelector('.learn-hints').open"):
            assert game == "risk", f"{game}: the hints fold though the board is small"
            hints.locator("summary").click()
        assert page.locator(".learn-phase").is_visible()
        seat = match.seats.get(user=player).number
        match.refresh_from_db()
        phase = match.engine.view(match.engine_state(), seat)["phase"]
        url = section_url(game, match.engine.phase_sections[phase])
        assert page.locator(".learn-phase a").get_attribute("href") == url
        shoot(page, artifacts, f"{game}-{size}")
        tap_unlit_piece(page, match, artifacts, f"{game}-{size}")

    # A refused move (sent from the list under the board) is explained with its rule.
    refused = {"type": "end_turn"}
    page.locator(".move-list summary").click()
    page.evaluate(
        "value => { document.querySelector('#fallback-action').options[0].value = value; }",
        json.dumps(refused),
    )
    with page.expect_navigation():
        page.get_by_role("button", name="Play this move").click()
    refusal = page.locator(".learn-refusal")
    assert refusal.is_visible() and "risk.wrong_phase" in refusal.inner_text()
    rule = refusal.locator("a")
    anchor = match.engine.errors["risk.wrong_phase"].section
    assert rule.get_attribute("href") == section_url("risk", anchor)
    shoot(page, artifacts, f"risk-{size}-refused")
    with page.expect_navigation():
        rule.click()
    assert page.url.endswith(f"#rule-{anchor}")
    context.close()
