"""Knockout brackets, round-robin groups and the ladder's rules (games.tournaments)."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.tournaments import brackets, ladder
from games.tournaments.ladder import Refusal


def test_the_two_best_seeds_can_meet_only_in_the_final():
    assert brackets.seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    pairs = brackets.first_round(list("ABCDEFGH"))
    assert pairs == [("A", "H"), ("D", "E"), ("B", "G"), ("C", "F")]
    # A and B in different halves; the four best in different quarters.
    assert brackets.next_round(["A", "D", "B", "C"]) == [("A", "D"), ("B", "C")]


def test_the_best_seeds_get_the_byes_of_a_field_short_of_a_power_of_two():
    assert brackets.first_round(list("ABCDEF")) == [
        ("A", None), ("D", "E"), ("B", None), ("C", "F")
    ]  # fmt: skip
    assert brackets.first_round(["A", "B"]) == [("A", "B")]


@given(st.integers(2, 64))
def test_every_entrant_is_in_the_first_round_once(size):
    pairs = brackets.first_round(list(range(size)))
    seated = [p for pair in pairs for p in pair if p is not None]
    assert sorted(seated) == list(range(size))
    assert all(top is not None for top, _ in pairs)


@pytest.mark.parametrize(
    "players, smallest, largest, sizes",
    [(12, 3, 4, [4, 4, 4]), (13, 3, 5, [5, 4, 4]), (7, 3, 4, [4, 3]), (5, 3, 4, None),
     (2, 3, 4, None), (9, 2, 2, None), (10, 2, 2, [2] * 5), (1000, 4, 4, [4] * 250)],
)  # fmt: skip
def test_group_sizes_stay_within_the_games_player_counts(players, smallest, largest, sizes):
    assert brackets.group_sizes(players, smallest, largest) == sizes


def test_groups_are_dealt_in_a_snake_so_that_they_are_as_strong_as_each_other():
    groups = brackets.deal_groups(list(range(1, 13)), 3, 4)
    assert groups == [[1, 6, 7, 12], [2, 5, 8, 11], [3, 4, 9, 10]]
    assert brackets.deal_groups(list(range(1, 8)), 3, 4) == [[1, 4, 5, 7], [2, 3, 6]]


@given(st.integers(2, 10))
def test_in_a_duel_group_everyone_meets_everyone_once_with_first_seats_shared(size):
    group = list(range(size))
    tables = brackets.group_tables(group, 2)
    assert sorted(frozenset(t) for t in tables) == sorted(
        frozenset(pair) for pair in combinations(group, 2)
    )
    firsts = Counter(first for first, _ in tables)
    counts = [firsts[player] for player in group]
    assert max(counts) - min(counts) <= 1


def test_a_group_of_a_larger_games_size_plays_at_one_table():
    assert brackets.group_tables([5, 6, 7, 8], 4) == [(5, 6, 7, 8)]


# The ladder -------------------------------------------------------------------------------

LADDER = list(range(101, 121))  # player 101 at the top, 120 at position 20
NOW = datetime(2026, 11, 28, tzinfo=UTC)


def test_a_player_may_challenge_up_to_the_square_root_of_their_position_above():
    assert [ladder.reach(p) for p in (1, 2, 4, 5, 9, 10, 20)] == [1, 2, 2, 3, 3, 4, 5]
    ninth = LADDER[8]
    allowed = [d for d in LADDER if ladder.refusal(LADDER, ninth, d) is None]
    assert allowed == LADDER[5:8]  # positions 6 to 8
    assert ladder.refusal(LADDER, ninth, LADDER[4]) == Refusal.TOO_FAR
    assert ladder.refusal(LADDER, ninth, LADDER[9]) == Refusal.NOT_ABOVE
    assert ladder.refusal(LADDER, LADDER[1], LADDER[0]) is None
    assert ladder.refusal(LADDER, ninth, ninth) == Refusal.SAME_PLAYER
    assert ladder.refusal(LADDER, 999, LADDER[0]) == Refusal.NOT_ON_LADDER


def test_open_challenges_and_a_recent_meeting_refuse_a_challenge():
    me, them = LADDER[3], LADDER[2]
    assert ladder.refusal(LADDER, me, them, open_challenges=3) == Refusal.TOO_MANY_OPEN
    assert ladder.refusal(LADDER, me, them, defender_open=3) == Refusal.TOO_MANY_OPEN
    assert ladder.refusal(LADDER, me, them, open_challenges=2) is None
    recently = NOW - timedelta(days=6, hours=23)
    assert ladder.refusal(LADDER, me, them, last_met=recently, now=NOW) == Refusal.MET_RECENTLY
    a_week = NOW - timedelta(days=7)
    assert ladder.refusal(LADDER, me, them, last_met=a_week, now=NOW) is None


def test_a_winner_from_below_takes_the_losers_place_and_those_between_step_down():
    order = ["a", "b", "c", "d", "e"]
    assert ladder.after_result(order, "e", "c") == ["a", "b", "e", "c", "d"]
    assert ladder.after_result(order, "c", "e") == order
    assert ladder.after_result(order, "b", "a") == ["b", "a", "c", "d", "e"]
    assert ladder.joined(order, "f") == [*order, "f"]
    assert ladder.joined(order, "a") == order
