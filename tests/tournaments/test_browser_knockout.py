"""A reader in Chromium follows a finished knockout's bracket, best of three, on a phone (light)
and a desktop (dark): the rounds by name, the games won, the winner, a game's page (screenshots
in test-results/)."""

import re

import pytest
from playwright.sync_api import expect

from games.accounts.models import User
from games.actions import tournaments
from games.actions.moves import do_resign
from games.play.models import Match
from games.tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def play_to_the_end(cup, seeds):
    """The better seed wins every game, except that the quarter-final of line 2 goes to a third
    game (the lower seed takes game 2)."""
    while Tournament.objects.get(pk=cup.pk).status == Tournament.Status.RUNNING:
        for match in Match.objects.filter(pairing__tournament=cup, status=Match.Status.ACTIVE):
            pairing = match.pairing
            players = [seat.user for seat in match.seats.all()]
            winner = min(players, key=seeds.index)
            if (pairing.round, pairing.group, pairing.game) == (1, 2, 2):
                winner = max(players, key=seeds.index)
            do_resign(match.pk, next(u for u in players if u != winner))
        tournaments.sweep()


def test_a_reader_follows_a_finished_knockouts_bracket(live_server, open_page, artifacts):
    names = ["Alba", "Bruno", "Carla", "Dario", "Elena", "Fabrizio Montecristo-Bellavista"]
    users = [
        User.objects.create(username=n.split()[0].lower(), email=f"{n[:4].lower()}@example.com",
                            display_name=n)
        for n in names
    ]  # fmt: skip
    cup = tournaments.do_create_tournament(
        users[0], "Spring Cup", "collar", {"mode": "duel"}, format="knockout", best_of=3,
        min_players=6, max_players=6,
    )  # fmt: skip
    for user in users[1:]:
        tournaments.do_join_tournament(user, cup.pk)
    play_to_the_end(cup, users)
    for name, (width, height), scheme in (
        ("phone", (390, 844), "light"), ("desktop", (1280, 800), "dark")
    ):  # fmt: skip
        page = open_page(width, height, color_scheme=scheme)
        page.goto(f"{live_server.url}/en/tournaments/{cup.pk}/")
        expect(page.get_by_role("heading", name="Bracket")).to_be_visible()
        final = page.get_by_role("region", name="Final", exact=True)
        expect(final).to_be_visible()
        expect(final.locator(".bracket-player.winner")).to_contain_text("Alba")
        expect(final.locator(".bracket-player.winner .score")).to_have_text("2")
        quarters = page.get_by_role("region", name="Quarter-finals")
        expect(quarters.locator(".bracket-pair.bye")).to_have_count(2)
        expect(quarters.get_by_role("link", name="Game 3")).to_have_count(1)
        expect(page.locator("table.standings tbody tr").first).to_contain_text("Alba")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=artifacts / f"knockout-{name}-{scheme}.png", full_page=True)
        final.get_by_role("link", name="Game 1").click()
        expect(page).to_have_url(re.compile(r"/play/\d+/"))
        page.close()
