"""A reader in Chromium looks at the tournaments: the list and a running Swiss, on a phone and
a desktop, light and dark (screenshots in test-results/)."""

import re

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from games.accounts.models import User
from games.actions import tournaments
from games.actions.moves import do_resign
from games.actions.tournament_ladder import do_challenge
from games.play.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_reader_follows_a_running_swiss_from_the_list(live_server, open_page, artifacts, scheme):
    names = ["Alba", "Bruno", "Carla", "Dario", "Elena"]
    users = [
        User.objects.create(username=n.lower(), email=f"{n.lower()}@example.com", display_name=n)
        for n in names
    ]
    swiss = tournaments.do_create_tournament(
        users[0], "Autumn Swiss", "collar", {"mode": "duel"}, rounds=3,
        min_players=5, max_players=5,
    )  # fmt: skip
    for user in users[1:]:
        tournaments.do_join_tournament(user, swiss.pk)
    for match in Match.objects.filter(pairing__tournament=swiss):
        do_resign(match.pk, match.seats.get(number=1).user)
    tournaments.sweep()
    closed = tournaments.do_create_tournament(
        users[0], "Winter Swiss", "richelieu", {}, access="invitation", invite=["bruno"]
    )
    client = Client()
    client.force_login(users[0])  # Alba: an entrant of the first, the creator of the second
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    for name, (width, height) in (("phone", (390, 844)), ("desktop", (1280, 800))):
        page = open_page(width, height, color_scheme=scheme, cookies=[
            {"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}
        ])  # fmt: skip
        page.goto(f"{live_server.url}/en/tournaments/")
        expect(page.get_by_role("heading", name="Running")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=artifacts / f"tournaments-{name}-{scheme}.png", full_page=True)
        page.get_by_role("link", name="Autumn Swiss").click()
        expect(page.get_by_role("heading", name="Standings")).to_be_visible()
        expect(page.locator("table.standings tbody tr")).to_have_count(5)
        expect(page.locator("table.crosstable tbody tr")).to_have_count(5)
        # Round 2 is being played, its matches open; round 1's are folded under what is played.
        expect(page.locator("#round-2 ~ details.group-matches")).to_have_attribute("open", "")
        round_1 = page.locator("#round-1 ~ details.group-matches")
        expect(round_1).not_to_have_attribute("open", "")
        expect(round_1.locator("summary")).to_have_text("Matches: 2 of 2 played")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=artifacts / f"swiss-{name}-{scheme}.png", full_page=True)
        page.goto(f"{live_server.url}/en/tournaments/{closed.pk}/")
        expect(page.get_by_role("heading", name="Players invited")).to_be_visible()
        expect(page.get_by_text("Players its creator invites")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=artifacts / f"invitation-{name}-{scheme}.png", full_page=True)
        page.close()


def test_a_player_challenges_someone_above_on_a_ladder(live_server, open_page, artifacts):
    names = ["Alba", "Bruno", "Carla", "Dario", "Elena", "Fabio"]
    users = [
        User.objects.create(username=n.lower(), email=f"{n.lower()}@example.com", display_name=n)
        for n in names
    ]
    ladder = tournaments.do_create_tournament(
        users[0], "Club ladder", "collar", {"mode": "duel"}, format="ladder"
    )
    for user in users[1:]:
        tournaments.do_join_tournament(user, ladder.pk)
    done = do_challenge(users[2], ladder.pk, "bruno")
    do_resign(done.match_id, users[1])  # Carla beat Bruno: she climbs to 2nd
    tournaments.sweep()
    client = Client()
    client.force_login(users[5])  # Fabio, 6th: may challenge the 3rd to the 5th
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    for name, (width, height), scheme, opponent in (
        ("phone", (390, 844), "light", "Dario"),
        ("desktop", (1280, 800), "dark", "Elena"),
    ):
        page = open_page(width, height, color_scheme=scheme, cookies=[
            {"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}
        ])  # fmt: skip
        page.goto(f"{live_server.url}/en/tournaments/{ladder.pk}/")
        expect(page.get_by_role("heading", name="The ladder")).to_be_visible()
        expect(page.locator("table.ladder tbody tr")).to_have_count(6)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=artifacts / f"ladder-{name}-{scheme}.png", full_page=True)
        page.get_by_role("button", name=f"Challenge {opponent}").click()
        expect(page).to_have_url(re.compile(r"/play/|/match"))
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.goto(f"{live_server.url}/en/tournaments/{ladder.pk}/")
        expect(page.get_by_text(f"{opponent} – Fabio")).to_be_visible()
        page.screenshot(path=artifacts / f"ladder-challenged-{name}-{scheme}.png", full_page=True)
        page.close()


@pytest.mark.parametrize(("width", "height", "scheme"), [(390, 844, "light"), (1280, 800, "dark")])
def test_the_new_tournament_form_shows_the_chosen_formats_own_fields(
    live_server, open_page, artifacts, width, height, scheme
):
    creator = User.objects.create(username="alba", email="alba@example.com")
    client = Client()
    client.force_login(creator)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page = open_page(width, height, color_scheme=scheme, cookies=[
        {"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}
    ])  # fmt: skip
    page.goto(f"{live_server.url}/en/tournaments/new/")
    own = {
        "swiss": ["Rounds"],
        "knockout": ["Games per pair"],
        "groups": ["Going on from each group"],
        "ladder": [],
    }
    labels = [label for fields in own.values() for label in fields] + ["Least number of players"]
    for format_, shown in own.items():
        page.get_by_label("Format", exact=True).select_option(format_)
        if format_ != "ladder":
            shown = [*shown, "Least number of players"]
        for label in labels:
            field = page.get_by_label(label, exact=True)
            (expect(field).to_be_visible if label in shown else expect(field).to_be_hidden)()
        expect(page.get_by_label("Most players", exact=True)).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=artifacts / f"new-{format_}-{width}-{scheme}.png", full_page=True)
    expect(page.get_by_label("Players invited", exact=True)).to_be_hidden()
    page.get_by_label("Who may enter", exact=True).select_option("invitation")
    expect(page.get_by_label("Players invited", exact=True)).to_be_visible()
    page.screenshot(path=artifacts / f"new-invitation-{width}-{scheme}.png", full_page=True)
    # A field with an error stays in sight, whatever the format.
    page.get_by_label("Format", exact=True).select_option("swiss")
    page.get_by_label("Rounds", exact=True).fill("0")
    page.get_by_label("Format", exact=True).select_option("knockout")
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.get_by_label("Rounds", exact=True)).to_be_visible()
    page.close()
