"""Richelieu's sampler (``determinize``): every disc lies in one place, the seat's own discs,
the spent ones and the table are as they were, and the others' discs are dealt at random."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.base import Event
from games.richelieu.engine import ENGINE
from games.richelieu.engine.data import DISC_IDS
from games.richelieu.engine.state import State
from tests.engines.test_conformance import play_randomly, witness


def every_disc(state: State) -> Counter[str]:
    places = [*state.discs_on.values(), *state.unused]
    places += [disc for discs in (*state.held, *state.spent) for disc in discs]
    return Counter(places)


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**48), steps=st.integers(0, 120), sample_seed=st.integers(0, 2**48))
def test_a_sample_deals_each_disc_once_and_keeps_what_the_seat_knows(
    players: int, seed: int, steps: int, sample_seed: int
) -> None:
    options = {"ruleset": "multiplayer", "short": False}
    state = ENGINE.setup(players, options, seed)
    seen: list[list[Event]] = [[] for _ in range(players)]
    witness(ENGINE, state, players, seen)
    state = play_randomly(ENGINE, state, random.Random(seed), steps, seen)
    for seat in range(players):
        view = ENGINE.view(state, seat)
        sample = ENGINE.determinize(view, seat, sample_seed, events=seen[seat])
        assert every_disc(sample) == Counter(DISC_IDS)
        assert sample.held[seat] == state.held[seat] and sample.spent == state.spent
        assert set(sample.discs_on) == set(state.discs_on)
        assert sample.rows == state.rows and sample.markers_on == state.markers_on
        assert sample.left == state.left and sample.rules == state.rules


def test_the_sample_follows_the_rules_version_it_is_given() -> None:
    state = ENGINE.setup(3, {}, 11, version=1)
    view = ENGINE.view(state, 0)
    assert ENGINE.determinize(view, 0, 5, version=1).rules == 1
    assert ENGINE.determinize(view, 0, 5).rules == ENGINE.version
