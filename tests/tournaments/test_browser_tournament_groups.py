"""A reader in Chromium follows round-robin groups: stage 1's two groups over, the final group
playing; on a phone in light and a desktop in dark (screenshots in test-results/)."""

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from games.accounts.models import User
from games.actions import tournaments
from games.actions.moves import do_resign
from games.play.models import Match
from games.tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Alba", "Bruno", "Carla", "Dario", "Maximiliano Fernández", "Francesca", "Gino", "Ilaria"]


def test_a_reader_follows_groups_to_the_final_on_a_phone_and_a_desktop(
    live_server, open_page, artifacts
):
    users = [
        User.objects.create(username=f"r{n}", email=f"r{n}@example.com", display_name=name)
        for n, name in enumerate(NAMES)
    ]
    groups = tournaments.do_create_tournament(
        users[0], "Spring groups", "collar", {"mode": "duel"}, format=Tournament.Format.GROUPS,
        min_players=8, max_players=8,
    )  # fmt: skip
    for user in users[1:]:
        tournaments.do_join_tournament(user, groups.pk)
    for match in Match.objects.filter(pairing__tournament=groups):
        seated = sorted((seat.user for seat in match.seats.all()), key=lambda u: u.username)
        do_resign(match.pk, seated[1])  # the first entered wins
    tournaments.sweep()
    for name, (width, height), scheme in (
        ("phone", (390, 844), "light"),
        ("desktop", (1280, 800), "dark"),
    ):
        page = open_page(width, height, color_scheme=scheme)
        page.goto(f"{live_server.url}/en/tournaments/{groups.pk}/")
        expect(page.get_by_role("heading", name="Stage 2: the final group")).to_be_visible()
        expect(page.get_by_role("heading", name="Group 2")).to_be_visible()
        expect(page.locator("table.group-table")).to_have_count(3)
        expect(page.locator("tr.goes-on")).to_have_count(4)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # The final's matches are open; stage 1's groups fold theirs under what is played.
        folded = page.locator("details.group-matches:not([open])")
        expect(folded).to_have_count(2)
        expect(page.locator("details.group-matches[open] a.match-title")).to_have_count(6)
        expect(folded.first.locator("summary")).to_have_text("Matches: 6 of 6 played")
        expect(folded.first.locator("a.match-title").first).to_be_hidden()
        page.screenshot(path=artifacts / f"groups-{name}-{scheme}.png", full_page=True)
        folded.first.locator("summary").click()
        expect(page.locator("#stage-1-group-1 a.match-title")).to_have_count(6)
        expect(page.locator("#stage-1-group-1 a.match-title").first).to_be_visible()
        page.get_by_role("heading", name="Group 1").scroll_into_view_if_needed()
        page.screenshot(path=artifacts / f"groups-{name}-{scheme}-group.png")
        page.close()
    # Bruno, of stage 1's group 2, finds his own group's matches open.
    client = Client()
    client.force_login(users[1])
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page = open_page(390, 844, color_scheme="dark", cookies=[
        {"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}
    ])  # fmt: skip
    page.goto(f"{live_server.url}/en/tournaments/{groups.pk}/")
    expect(page.locator("#stage-1-group-2 details.group-matches")).to_have_attribute("open", "")
    expect(page.locator("#stage-1-group-1 details.group-matches")).not_to_have_attribute("open", "")
    page.get_by_role("heading", name="Group 2").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "groups-phone-dark-own-group.png")
    page.close()
