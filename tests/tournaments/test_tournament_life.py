"""A Swiss tournament's life through its actions (games.actions.tournaments): entries, the
start, each round paired when the last one is over, the bye, the end, and the table."""

from __future__ import annotations

from datetime import timedelta
from itertools import combinations

import pytest
from django.utils import timezone

from games.accounts.models import User
from games.actions import tournaments
from games.actions.moves import do_resign
from games.actions.vacation import do_start_vacation
from games.core.errors import ServiceError
from games.play.models import Match
from games.tournaments.models import Tournament

DUEL = {"mode": "duel"}


@pytest.fixture
def field(db):
    """Six players (with no password: hashing one costs more than the rest of a test)."""
    return [
        User.objects.create(username=f"entrant{n}", email=f"entrant{n}@example.com")
        for n in range(6)
    ]


def create(user, **extra):
    settings = {"name": "Winter Swiss", "game": "collar", "options": DUEL, "rounds": 3,
                "min_players": 4, "max_players": 4} | extra  # fmt: skip
    return tournaments.do_create_tournament(user, **settings)


def round_matches(tournament):
    return list(
        Match.objects.filter(pairing__tournament=tournament, pairing__round=tournament.round)
    )


def second_seats_resign(tournament):
    """Every match of the current round: the player in the second seat resigns."""
    for match in round_matches(tournament):
        do_resign(match.pk, match.seats.get(number=1).user)


def test_entries_while_open_and_a_full_tournament_starts_with_its_first_round(field):
    tournament = create(field[0])
    for user in field[1:3]:
        tournaments.do_join_tournament(user, tournament.pk)
    tournaments.do_leave_tournament(field[2], tournament.pk)
    assert tournament.entries.count() == 2
    tournaments.do_join_tournament(field[3], tournament.pk)
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.OPEN
    tournaments.do_join_tournament(field[4], tournament.pk)  # the fourth: full
    tournament.refresh_from_db()
    assert (tournament.status, tournament.round) == (Tournament.Status.RUNNING, 1)
    matches = round_matches(tournament)
    assert len(matches) == 2
    assert all(m.status == Match.Status.ACTIVE for m in matches)
    seated = {seat.user for m in matches for seat in m.seats.all()}
    assert seated == {field[0], field[1], field[3], field[4]}
    with pytest.raises(ServiceError) as refused:
        tournaments.do_join_tournament(field[5], tournament.pk)
    assert refused.value.code == "not_open"
    with pytest.raises(ServiceError) as refused:
        tournaments.do_leave_tournament(field[0], tournament.pk)
    assert refused.value.code == "not_open"


def test_the_last_place_goes_to_one_player(field):
    tournament = create(field[0], max_players=2, min_players=2, starts_at=timezone.now())
    tournaments.do_join_tournament(field[1], tournament.pk)
    with pytest.raises(ServiceError) as refused:
        tournaments.do_join_tournament(field[2], tournament.pk)
    assert refused.value.code == "full"


def test_a_swiss_is_played_to_its_end_round_by_round_with_no_rematch(field):
    tournament = create(field[0])
    for user in field[1:4]:
        tournaments.do_join_tournament(user, tournament.pk)
    pairs = []
    for number in (1, 2, 3):
        tournament.refresh_from_db()
        assert tournament.round == number
        pairs += [frozenset(s.user_id for s in m.seats.all()) for m in round_matches(tournament)]
        assert tournaments.sweep() == 0  # the round is not over
        second_seats_resign(tournament)
        assert tournaments.sweep() == 1
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    # Four players, three rounds: everyone met everyone once.
    assert sorted(pairs, key=sorted) == sorted(
        (frozenset(p) for p in combinations([u.pk for u in field[:4]], 2)), key=sorted
    )
    table = tournaments.standings_of(tournament)
    assert sum(row.points for row in table) == 6
    assert [row.place for row in table] == sorted(row.place for row in table)
    assert tournaments.sweep() == 0


def test_in_an_odd_field_one_player_sits_out_each_round_with_a_win(field):
    tournament = create(field[0], max_players=5, min_players=5)
    for user in field[1:5]:
        tournaments.do_join_tournament(user, tournament.pk)
    byes = []
    for _ in range(3):
        tournament.refresh_from_db()
        byes += list(tournament.pairings.filter(round=tournament.round, bye__isnull=False)
                     .values_list("bye_id", flat=True))  # fmt: skip
        second_seats_resign(tournament)
        tournaments.sweep()
    assert len(byes) == len(set(byes)) == 3
    table = {row.player: row for row in tournaments.standings_of(tournament)}
    assert all(table[bye].points >= 1 for bye in byes)
    assert sum(row.points for row in table.values()) == 3 * 2 + 3


def test_a_dated_tournament_starts_at_its_time_or_is_cancelled_if_too_few_joined(field):
    soon = timezone.now() + timedelta(hours=1)
    enough = create(field[0], starts_at=soon, max_players=8)
    for user in field[1:4]:
        tournaments.do_join_tournament(user, enough.pk)
    too_few = create(field[4], starts_at=soon)
    assert tournaments.sweep() == 0
    assert tournaments.sweep(now=soon + timedelta(minutes=1)) == 2
    enough.refresh_from_db()
    too_few.refresh_from_db()
    assert (enough.status, enough.round) == (Tournament.Status.RUNNING, 1)
    assert too_few.status == Tournament.Status.CANCELLED


@pytest.mark.parametrize(
    "change, code",
    [({"rounds": 0}, "bad_rounds"), ({"game": "chess"}, "unknown_game"),
     ({"min_players": 5, "max_players": 4}, "bad_players"), ({"name": "  "}, "bad_name"),
     ({"days_per_move": 99}, "bad_time"),
     ({"options": {"mode": "solo"}}, "duels_only")],
)  # fmt: skip
def test_a_tournament_that_cannot_be_played_is_refused_with_a_code(field, change, code):
    with pytest.raises(ServiceError) as refused:
        create(field[0], **change)
    assert refused.value.code == code
    assert not Tournament.objects.exists()


def test_an_unknown_tournament_is_not_found(field):
    with pytest.raises(ServiceError) as refused:
        tournaments.do_join_tournament(field[0], 999)
    assert refused.value.status == 404


@pytest.mark.parametrize("vacations", [True, False])
def test_a_vacation_pauses_tournament_clocks_only_where_the_tournament_allows_it(field, vacations):
    tournament = create(field[0], vacations=vacations)
    for user in field[1:4]:
        tournaments.do_join_tournament(user, tournament.pk)
    match = round_matches(Tournament.objects.get(pk=tournament.pk))[0]
    away = match.seats.get(is_to_act=True).user
    do_start_vacation(away)
    match.refresh_from_db()
    assert (match.deadline is None) == vacations
    later = round_matches(Tournament.objects.get(pk=tournament.pk))
    assert all(m.vacations_pause == vacations for m in later)
