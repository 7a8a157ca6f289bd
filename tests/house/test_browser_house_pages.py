"""The pages that show house players, photographed on a phone (390x844) and a desktop
(1280x800), light and dark: the home page's Play now, a bot's profile, a leaderboard with a
bot and without, the lobby with a seek waiting for house players, the new-match form's house
players. Nothing sticks out sideways, and the badge sits on the name's line."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games.actions import lifecycle, moves
from games.play.models import Match
from tests.browser.test_browser_play import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def photograph(page, artifacts, name, device):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= VIEWPORTS[device]["width"], f"{name} scrolls sideways"
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=artifacts / f"{name}-{device}-{scheme}.png", full_page=True)
    page.emulate_media(color_scheme="light")


def badge_beside_name(page, holder, name):
    """The bot badge and the name it follows share a line (the badge never wraps alone)."""
    found = page.locator(holder).first
    name = found.locator(name).first.bounding_box()
    badge = found.locator(".bot-badge").bounding_box()
    assert abs((badge["y"] + badge["height"] / 2) - (name["y"] + name["height"] / 2)) < 12


def badge_in_cell(page, cell):
    """The bot badge stays inside its name's cell (on a phone, on the line below the name)."""
    found = page.locator(cell).first
    box, badge = found.bounding_box(), found.locator(".bot-badge").bounding_box()
    assert box["x"] <= badge["x"] and badge["x"] + badge["width"] <= box["x"] + box["width"]
    assert box["y"] <= badge["y"] and badge["y"] + badge["height"] <= box["y"] + box["height"]


@pytest.mark.parametrize("device", VIEWPORTS)
def test_the_pages_that_show_house_players(
    live_server, browser_instance, player, opponent, password, artifacts, device
):
    for level in (1, 3):
        rated = lifecycle.do_create_match(player, "collar", {}, 2, bots=[level], rated=True)
        moves.do_resign(rated.pk, player)
    lifecycle.do_create_match(
        opponent, "risk", {"mode": "intro"}, 4, visibility=Match.Visibility.OPEN,
        bots_fill_after=timedelta(hours=6), bots_fill_level=2,
    )  # fmt: skip
    context = browser_instance.new_context(viewport=VIEWPORTS[device])
    page = log_in(context, live_server, player, password)
    site = live_server.url

    page.goto(f"{site}/en/")
    assert page.locator(".play-now-card button").count() == 3
    photograph(page, artifacts, "home", device)

    page.goto(f"{site}/en/play/players/bot-collar-3/")
    assert "at level 3 of 3" in page.locator(".house-player").inner_text()
    photograph(page, artifacts, "bot-profile", device)

    page.goto(f"{site}/en/leaderboards/collar/duel/")
    assert page.locator("table.leaderboard .bot-badge").count() == 2
    photograph(page, artifacts, "leaderboard", device)
    badge_in_cell(page, "table.leaderboard th:has(.bot-badge)")
    page.get_by_role("link", name="Hide the house players (bots)").click()
    page.wait_for_url("**/leaderboards/collar/duel/?bots=0")
    assert page.locator("table.leaderboard tbody tr").count() == 1
    photograph(page, artifacts, "leaderboard-people", device)

    page.goto(f"{site}/en/play/lobby/")
    assert "House players take the free seats in 5" in page.locator("table").inner_text()
    photograph(page, artifacts, "lobby", device)

    page.goto(f"{site}/en/play/archive/")
    photograph(page, artifacts, "archive", device)
    badge_beside_name(page, ".archive-seat:has(.bot-badge)", "a.player-link")

    page.goto(f"{site}/en/play/new/risk/")
    assert page.get_by_label("Seats they take now").is_visible()
    photograph(page, artifacts, "new-match", device)
    context.close()
