"""The tournaments' pages: the list, a new tournament from its form, a tournament with its
standings, rounds and rules, entering and leaving."""

from __future__ import annotations

import re

import pytest

from games.accounts.models import User
from games.actions import tournaments
from games.actions.moves import do_resign
from games.play.models import Match
from games.tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def text(answer):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer.content.decode()))


@pytest.fixture
def players(db):
    return [
        User.objects.create(username=f"p{n}", email=f"p{n}@example.com", display_name=f"Ann{n}")
        for n in range(5)
    ]


def running(players, size=4):
    tournament = tournaments.do_create_tournament(
        players[0], "Autumn Swiss", "collar", {"mode": "duel"}, rounds=3,
        min_players=size, max_players=size,
    )  # fmt: skip
    for user in players[1:size]:
        tournaments.do_join_tournament(user, tournament.pk)
    return tournament


def test_a_player_creates_a_tournament_from_the_form_and_is_its_first_entrant(client, players):
    client.force_login(players[0])
    form = client.get("/en/tournaments/new/")
    assert "El collar de la duquesa: Two players" in text(form)  # a two-player rule set
    assert "Solo" not in text(form)
    answer = client.post("/en/tournaments/new/", {
        "name": "Winter Swiss", "mode": "collar:duel", "rounds": 4, "days_per_move": 3,
        "min_players": 4, "max_players": 8,
    })  # fmt: skip
    tournament = Tournament.objects.get()
    assert answer["Location"].endswith(f"/tournaments/{tournament.pk}/")
    assert (tournament.name, tournament.options["mode"], tournament.rounds) == (
        "Winter Swiss",
        "duel",
        4,
    )
    page = text(client.get(answer["Location"]))
    assert "Swiss, 4 rounds" in page and "Leave the tournament" in page
    listed = text(client.get("/en/tournaments/"))
    assert "Winter Swiss" in listed


def test_a_form_the_rules_refuse_is_answered_with_its_errors(client, players):
    client.force_login(players[0])
    answer = client.post("/en/tournaments/new/", {
        "name": "Too small", "mode": "collar:duel", "rounds": 3, "days_per_move": 3,
        "min_players": 9, "max_players": 8,
    })  # fmt: skip
    assert answer.status_code == 400
    assert "The least number of players must be 2 or more" in text(answer)
    assert client.post("/en/tournaments/new/", {"mode": "chess:x"}).status_code == 400
    assert not Tournament.objects.exists()


def test_entering_and_leaving_from_the_page(client, players):
    tournament = tournaments.do_create_tournament(players[0], "Open", "collar", {"mode": "duel"})
    client.force_login(players[1])
    page = f"/en/tournaments/{tournament.pk}/"
    assert "Enter the tournament" in text(client.get(page))
    client.post(f"{page}join/")
    assert "Leave the tournament" in text(client.get(page))
    assert tournament.entries.filter(user=players[1]).exists()
    client.post(f"{page}leave/")
    assert not tournament.entries.filter(user=players[1]).exists()
    assert client.post("/en/tournaments/999/join/").status_code == 404


def test_a_visitor_must_log_in_to_create_or_enter(client, players):
    tournament = tournaments.do_create_tournament(players[0], "Open", "collar", {"mode": "duel"})
    assert "/accounts/login/" in client.get("/en/tournaments/new/")["Location"]
    assert "/accounts/login/" in client.post(f"/en/tournaments/{tournament.pk}/join/")["Location"]
    assert "Log in to enter" in text(client.get(f"/en/tournaments/{tournament.pk}/"))


def test_a_running_tournament_shows_its_standings_rounds_and_rules(
    client, players, django_assert_max_num_queries
):
    tournament = running(players)
    for match in Match.objects.filter(pairing__tournament=tournament):
        do_resign(match.pk, match.seats.get(number=1).user)
    tournaments.sweep()
    with django_assert_max_num_queries(12):
        answer = client.get(f"/en/tournaments/{tournament.pk}/")
    page = text(answer)
    assert "Standings" in page and "Buchholz" in page and "round 2 of 3" in page
    rounds = re.findall(r'<h2 id="round-(\d)">', answer.content.decode())
    assert rounds == ["2", "1"]
    links = re.findall(r'href="/en/play/(\d+)/"', answer.content.decode())
    assert len(set(links)) == 4  # two matches a round, each linked (in the crosstable too)
    assert len(re.findall(r"Ann\d won", page)) == 2  # round 1's results


def test_an_unknown_tournament_is_a_404(client):
    assert client.get("/en/tournaments/12345/").status_code == 404
    assert client.get("/en/tournaments/99999999999999999999/").status_code == 404  # past bigint


def test_the_dashboard_and_the_leaderboards_lead_to_the_tournaments(client, players):
    client.force_login(players[0])
    assert (
        'href="/en/tournaments/">or enter a tournament' in client.get("/en/play/").content.decode()
    )
    leaderboards = client.get("/es/leaderboards/").content.decode()
    assert 'href="/es/tournaments/">Torneos: sistema suizo por correspondencia' in leaderboards


def test_the_dashboard_and_the_profile_list_a_players_tournaments_with_the_final_place(
    client, players
):
    tournament = running(players)
    waiting = tournaments.do_create_tournament(players[0], "Spring Swiss", "collar", {})
    client.force_login(players[0])
    dashboard = text(client.get("/en/play/"))
    assert "Your tournaments" in dashboard
    assert dashboard.index("Autumn Swiss") < dashboard.index("Spring Swiss")  # running first
    assert "round 1" in dashboard and "Open for entries" in dashboard
    while Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.RUNNING:
        for match in Match.objects.filter(pairing__tournament=tournament, status="active"):
            do_resign(match.pk, match.seats.get(number=1).user)
        tournaments.sweep()
    place = tournament.entries.get(user=players[0]).place
    assert place is not None
    profile = text(client.get(f"/en/play/players/{players[0].username}/"))
    assert f"finished in place {place}" in profile
    assert (
        f'href="/en/tournaments/{waiting.pk}/"'
        in client.get(f"/en/play/players/{players[0].username}/").content.decode()
    )


def test_a_swiss_page_shows_its_crosstable_with_each_result_against_each_opponent(client, players):
    tournament = running(players, size=5)  # five: one sits each round out
    for match in Match.objects.filter(pairing__tournament=tournament):
        do_resign(match.pk, match.seats.get(number=1).user)
    tournaments.sweep()
    answer = client.get(f"/en/tournaments/{tournament.pk}/")
    html = answer.content.decode()
    assert "Crosstable" in text(answer)
    body = html[html.index('class="table crosstable"') :]
    body = body[: body.index("</table>")]
    rows = re.findall(r"<tr>(.*?)</tr>", body, re.S)[1:]
    assert len(rows) == 5
    round_one = [re.findall(r'<td class="number">(.*?)</td>', row, re.S)[1] for row in rows]
    signs = sorted(re.sub(r"<[^>]+>", "", cell)[:1] for cell in round_one)
    assert signs == ["+", "+", "+", "−", "−"]  # two winners, the bye, two losers
    assert sum(">+<" in cell for cell in round_one) == 1  # the bye alone has no opponent
    round_two = [re.findall(r'<td class="number">(.*?)</td>', row, re.S)[2] for row in rows]
    assert sum("·" in cell for cell in round_two) == 4  # round 2 is being played
