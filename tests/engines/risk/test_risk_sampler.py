"""Risk's sampler (``determinize``): the 42 territory cards (and the cease-fire card) each lie
in one place, the board and the seat's own cards are as they were, the cards traded since the
last reshuffle stay in the discard pile, and the cease-fire card stays inside its band."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.base import Event
from games.risk.engine import ENGINE
from games.risk.engine.data import CEASE_FIRE, board
from games.risk.engine.state import RiskState
from tests.engines.test_conformance import play_randomly, witness

GAMES = [("intro", 3), ("intro", 5), ("classic", 4), ("two-player", 2)]


def every_card(state: RiskState) -> Counter[int]:
    places = [*state.deck, *state.discard, *state.removed]
    places += [card for cards in (*state.hands, *state.neutral_cards) for card in cards]
    return Counter(places)


def traded_since_reshuffle(events: list[Event]) -> set[int]:
    traded: set[int] = set()
    for event in events:
        if event["code"] == "risk.deck_reshuffled":
            traded = set()
        elif event["code"] == "risk.traded":
            traded |= {board().index[name] for name in event["params"]["cards"]}
    return traded


@pytest.mark.parametrize(("mode", "players"), GAMES)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**48), steps=st.integers(0, 700), sample_seed=st.integers(0, 2**48))
def test_a_sample_deals_each_card_once_and_keeps_what_the_seat_knows(
    mode: str, players: int, seed: int, steps: int, sample_seed: int
) -> None:
    options: dict[str, Any] = {"mode": mode}
    state = ENGINE.setup(players, options, seed)
    seen: list[list[Event]] = [[] for _ in range(players)]
    witness(ENGINE, state, players, seen)
    state = play_randomly(ENGINE, state, random.Random(seed), steps, seen)
    for seat in range(players):
        sample = ENGINE.determinize(ENGINE.view(state, seat), seat, sample_seed, events=seen[seat])
        assert every_card(sample) == every_card(state)
        assert sample.owner == state.owner and sample.troops == state.troops
        assert sample.hands[seat] == state.hands[seat]
        assert traded_since_reshuffle(seen[seat]) <= set(sample.discard)
        assert sample.out_order == state.out_order
        if CEASE_FIRE in state.deck:
            low, high = state.cease_fire_band
            drawn = 43 - len(sample.deck)
            assert low <= sample.deck.index(CEASE_FIRE) + 1 + drawn <= high
