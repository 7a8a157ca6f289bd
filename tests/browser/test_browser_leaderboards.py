"""A leaderboard and a finished rated match, photographed on a phone (390x844) and a desktop
(1280x800), light and dark: nothing sticks out sideways, the rating changes are there."""

from __future__ import annotations

import pytest

from games.actions import lifecycle, moves
from games.ratings.models import Rating, display
from tests.browser.test_browser_play import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def photograph(page, artifacts, name, device, part=None):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= VIEWPORTS[device]["width"]
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=artifacts / f"{name}-{device}-{scheme}.png", full_page=True)
        if part:
            page.locator(part).screenshot(path=artifacts / f"{name}-{device}-{scheme}-part.png")
    page.emulate_media(color_scheme="light")


@pytest.mark.parametrize("device", VIEWPORTS)
def test_a_leaderboard_and_a_finished_rated_match(
    live_server, browser_instance, player, opponent, make_user, password, artifacts, device
):
    match = lifecycle.do_create_match(
        player, "collar", {}, 2, invite=[opponent.username], rated=True
    )
    lifecycle.do_accept_invitation(match.seats.get(user=opponent).pk, opponent)
    moves.do_resign(match.pk, opponent)
    names = ["Alessandra Bellini", "Bruno", "Carmen de la Fuente", "Dmitri", "Eun-ji"]
    for n, name in enumerate(names):
        user = make_user(f"player{n}")
        user.display_name = name
        user.save()
        mu, games = 34 - 2 * n, 12 - 2 * n
        Rating.objects.create(user=user, game="collar", mode="duel", mu=mu, sigma=2.5,
                              value=display(mu, 2.5), games=games)  # fmt: skip
    context = browser_instance.new_context(viewport=VIEWPORTS[device])
    page = log_in(context, live_server, player, password)
    page.goto(f"{live_server.url}/en/leaderboards/collar/duel/")
    rows = page.locator("table.leaderboard tbody tr")
    assert rows.count() == 7
    assert rows.first.locator("th").inner_text() == "Alessandra Bellini"
    photograph(page, artifacts, "leaderboard", device)
    page.goto(f"{live_server.url}/en/play/{match.pk}/")
    cells = page.locator(".result td.rating-change")
    assert cells.count() == 2 and "→" in cells.first.inner_text()
    page.locator(".result").scroll_into_view_if_needed()
    photograph(page, artifacts, "finished-rated-match", device, part=".result")
    context.close()
