"""A knockout through its actions, its page and the API: seeded by rating, byes to the best
seeds, best of 1 or 3, a time-out loses, the winner and the places at the end."""

from __future__ import annotations

import re

from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from games.accounts.models import User
from games.actions import tournaments
from games.actions.moves import do_resign
from games.play.models import Match, Seat
from games.ratings.models import Rating
from games.tournaments.models import Pairing, Tournament

DUEL = {"mode": "duel"}


def field(count):
    """``count`` players, the first the best rated (seed 1)."""
    return [
        User.objects.create(username=f"seed{n}", email=f"seed{n}@example.com")
        for n in range(1, count + 1)
    ]


def knockout(players, **extra):
    """A full knockout of ``players``, seeded in their order (ratings noted at the start)."""
    settings = {"name": "Cup", "game": "collar", "options": DUEL, "format": "knockout",
                "min_players": len(players), "max_players": len(players)} | extra  # fmt: skip
    tournament = tournaments.do_create_tournament(players[0], **settings)
    for n, user in enumerate(players):
        if n:
            tournaments.do_join_tournament(user, tournament.pk)
    tournament.refresh_from_db()
    return tournament


def current(tournament):
    tournament.refresh_from_db()
    return list(
        Pairing.objects.filter(tournament=tournament, round=tournament.round)
        .select_related("match", "bye")
        .order_by("group", "game")
    )


def players_of(pairing):
    return [s.user for s in pairing.match.seats.order_by("number")]


def win(pairing, winner):
    """The pair's match won by ``winner`` (the other resigns)."""
    loser = next(u for u in players_of(pairing) if u != winner)
    do_resign(pairing.match.pk, loser)


def play_round(tournament, pick=min):
    """Every open match of the round won by the better seed (lower username number)."""
    for pairing in current(tournament):
        if pairing.match and pairing.match.status == Match.Status.ACTIVE:
            win(pairing, pick(players_of(pairing), key=lambda u: int(u.username[4:])))
    tournaments.sweep()


def seed(user):
    return int(user.username[4:])


def places(tournament):
    return {
        User.objects.get(pk=row.player).username: (row.place, row.points)
        for row in tournaments.standings_of(tournament)
    }


def test_eight_players_best_of_one_played_to_the_end(db):
    players = field(8)
    cup = knockout(players)
    assert cup.status == Tournament.Status.RUNNING and cup.round == 1
    first = current(cup)
    assert [p.group for p in first] == [1, 2, 3, 4]
    assert [[seed(u) for u in players_of(p)] for p in first] == [[1, 8], [4, 5], [2, 7], [3, 6]]
    play_round(cup)
    cup.refresh_from_db()
    assert cup.round == 2
    assert [[seed(u) for u in players_of(p)] for p in current(cup)] == [[1, 4], [2, 3]]
    play_round(cup)
    assert [[seed(u) for u in players_of(p)] for p in current(cup)] == [[1, 2]]
    play_round(cup, pick=max)  # seed 2 wins the final
    cup.refresh_from_db()
    assert cup.status == Tournament.Status.FINISHED and cup.round == 3
    table = places(cup)
    assert table["seed2"] == (1, 3.0)
    assert table["seed1"] == (2, 2.0)
    assert table["seed3"][0] == table["seed4"][0] == 3
    assert {table[f"seed{n}"] for n in range(5, 9)} == {(5, 0.0)}
    order = [User.objects.get(pk=r.player).username for r in tournaments.standings_of(cup)]
    assert order[:4] == ["seed2", "seed1", "seed3", "seed4"]


def test_five_players_byes_go_to_the_best_seeds_and_the_two_best_meet_only_in_the_final(db):
    players = field(5)
    # Seeded by rating, not by joining: the last to join is the best rated.
    for n, user in enumerate(players):
        Rating.objects.create(user=user, game="collar", mode="duel", value=1000 - 10 * n)
    Rating.objects.filter(user=players[4]).update(value=2000)
    cup = knockout(players)
    first = current(cup)
    byes = [p.bye.username for p in first if p.bye]
    assert byes == ["seed5", "seed1", "seed2"]  # seeds 1, 2 and 3 by rating
    (match,) = [p for p in first if p.match]
    assert [u.username for u in players_of(match)] == ["seed3", "seed4"]
    assert [p.group for p in first] == [1, 2, 3, 4]
    play_round(cup)  # seed3 (better rated of the two) goes on
    semis = [[u.username for u in players_of(p)] for p in current(cup)]
    assert semis == [["seed5", "seed3"], ["seed1", "seed2"]]
    for pairing in current(cup):
        win(pairing, players_of(pairing)[0])
    tournaments.sweep()
    final = current(cup)
    assert [u.username for u in players_of(final[0])] == ["seed5", "seed1"]


def test_best_of_three_a_level_pair_plays_a_third_game_and_two_nil_ends_it(db):
    players = field(4)
    cup = knockout(players, best_of=3)
    top, bottom = current(cup)  # 1-4 and 2-3
    assert [seed(u) for u in players_of(top)] == [1, 4]
    win(top, players[0])
    win(bottom, players[2])  # seed 3 takes game 1
    tournaments.sweep()
    games = current(cup)
    assert cup.round == 1 and [(p.group, p.game) for p in games] == [(1, 1), (1, 2), (2, 1),
                                                                     (2, 2)]  # fmt: skip
    # Seats swap each game.
    assert [seed(u) for u in players_of(games[1])] == [4, 1]
    win(games[1], players[0])  # 2–0: the pair is over
    win(games[3], players[1])  # 1–1
    tournaments.sweep()
    games = current(cup)
    assert [(p.group, p.game) for p in games][-1] == (2, 3)
    assert len(games) == 5 and [seed(u) for u in players_of(games[-1])] == [2, 3]
    win(games[-1], players[2])  # seed 3 wins 2–1
    tournaments.sweep()
    (final,) = current(cup)
    assert cup.round == 2 and [seed(u) for u in players_of(final)] == [1, 3]


def test_a_time_out_loses_and_a_draw_is_played_again(db):
    players = field(2)
    cup = knockout(players, min_players=2)
    (game,) = current(cup)
    match = game.match
    for seat in match.seats.all():
        seat.outcome = "drawn"
        seat.save()
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    tournaments.sweep()
    games = current(cup)
    assert [p.game for p in games] == [1, 2]  # a draw wins nobody anything
    replay = games[1].match
    seats = {s.user_id: s for s in replay.seats.all()}
    Seat.objects.filter(pk=seats[players[0].pk].pk).update(outcome="lost", out_reason="timeout")
    Seat.objects.filter(pk=seats[players[1].pk].pk).update(outcome="won")
    Match.objects.filter(pk=replay.pk).update(status=Match.Status.FINISHED)
    tournaments.sweep()
    cup.refresh_from_db()
    assert cup.status == Tournament.Status.FINISHED
    table = places(cup)
    assert table["seed2"][0] == 1 and table["seed1"][0] == 2


def text(answer):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer.content.decode()))


def test_the_page_shows_the_bracket_with_its_links_the_winner_and_the_rules(
    client, db, django_assert_max_num_queries
):
    players = field(5)
    cup = knockout(players, best_of=3)
    play_round(cup)  # seed 4 beats seed 5 in game 1; game 2 starts
    play_round(cup)  # 2–0: seed 4 joins the semi-finals
    cup.refresh_from_db()
    assert cup.round == 2
    with django_assert_max_num_queries(14):
        answer = client.get(reverse("tournaments:detail", args=[cup.pk]))
    page = answer.content.decode()
    words = text(answer)
    assert "Knockout, best of 3" in words
    assert "round 2 of 3" in words
    for title in ("Bracket", "Quarter-finals", "Semi-finals"):  # five players: three rounds
        assert title in words
    assert words.count("goes on without playing (a bye)") == 3
    assert "Buchholz" not in words and "Games won" in page
    for pairing in Pairing.objects.filter(tournament=cup, match__isnull=False):
        assert reverse("play:match", args=[pairing.match_id]) in page
    assert re.search(r'class="bracket-player winner">\s*<span class="name">seed4', page)
    assert "Game 2" in words
    assert "the first to win two goes on" in words
    assert "Running out of time loses the game." in words
    assert "the Rounds setting is not used" in words
    listed = text(client.get(reverse("tournaments:index")))
    assert "Knockout, best of 3" in listed and "Swiss, " not in listed


def test_the_api_creates_a_best_of_three_knockout_and_reads_its_standings(db):
    players = field(4)
    caller = APIClient()
    caller.force_authenticate(players[0])
    made = caller.post(
        "/api/v1/tournaments/",
        {"name": "Cup", "game": "collar", "options": {"mode": "duel"}, "format": "knockout",
         "best_of": 3, "min_players": 4, "max_players": 4},
        format="json",
    )  # fmt: skip
    assert made.status_code == 201, made.content
    made = made.json()
    assert (made["format"], made["best_of"]) == ("knockout", 3)
    for user in players[1:]:
        caller.force_authenticate(user)
        assert caller.post(f"/api/v1/tournaments/{made['id']}/join/").status_code == 200
    cup = Tournament.objects.get(pk=made["id"])
    play_round(cup)
    body = APIClient().get(f"/api/v1/tournaments/{made['id']}/standings/").json()
    assert body["tie_break"] == "none"
    (first,) = body["rounds"]
    assert [(p["group"], p["game"]) for p in first["pairings"]] == [(1, 1), (1, 2), (2, 1),
                                                                    (2, 2)]  # fmt: skip
    assert first["pairings"][0]["players"] == ["seed1", "seed4"]
    assert first["pairings"][1]["players"] == ["seed4", "seed1"]
    assert first["byes"] == [] and first["bye"] is None
    rows = {row["username"]: (row["place"], row["points"]) for row in body["standings"]}
    assert rows == {"seed1": (1, 1.0), "seed2": (1, 1.0), "seed3": (1, 0.0), "seed4": (1, 0.0)}


def test_a_withdrawn_player_loses_their_pair(db):
    players = field(4)
    cup = knockout(players)
    top, bottom = current(cup)
    cup.entries.filter(user=players[3]).update(withdrawn_at=timezone.now())
    win(top, players[3])  # seed 4 won the game, but has withdrawn
    win(bottom, players[1])
    tournaments.sweep()
    (final,) = current(cup)
    assert [seed(u) for u in players_of(final)] == [1, 2]


def test_the_bracket_shows_the_rounds_to_come_with_the_winners_known_in_their_places(client, db):
    players = field(8)
    cup = knockout(players)
    first = current(cup)
    win(first[0], min(players_of(first[0]), key=seed))  # one quarter-final decided
    page = client.get(reverse("tournaments:detail", args=[cup.pk])).content.decode()
    bracket = page[page.index('id="bracket-title"') :]
    assert [t for t in re.findall(r"<h3[^>]*>([^<]+)</h3>", bracket)] == [
        "Quarter-finals", "Semi-finals", "Final",
    ]  # fmt: skip
    to_come = re.findall(r'<li class="bracket-pair to-come">(.*?)</ul>', bracket, re.S)
    assert len(to_come) == 2 + 1  # two semi-finals, the final
    winner = min(players_of(first[0]), key=seed).public_name
    assert re.search(rf'<span class="name">{winner}</span>.*to be decided', to_come[0], re.S)
    assert to_come[1].count("to be decided") == 2 and to_come[2].count("to be decided") == 2
