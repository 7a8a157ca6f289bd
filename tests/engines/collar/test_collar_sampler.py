"""El collar's sampler (``determinize``): every card of the deck lies in exactly one place, the
cards the seat has seen stay where it saw them, and a card it saw an opponent take from the
discard pile is in that opponent's hand in every sample."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.collar.engine import ENGINE, CollarState
from games.collar.engine.data import deck
from games.engines.base import Event
from tests.engines.test_conformance import play_randomly, witness

OPTIONS = [
    {"mode": "duel", "rainbow": rainbow, "gold": gold, "anti_stall": True}
    for rainbow in (False, True)
    for gold in (False, True)
] + [{"mode": "solo", "rainbow": True, "gold": True, "anti_stall": True}]


def every_card(state: CollarState) -> Counter[str]:
    """Where the cards lie; the solo offer's cards are in the hand or the piles by now, but
    while one is being kept the unseen one lies in the offer only."""
    places = [*state.removed, state.common, *state.pile, *state.discard, *state.set_aside]
    places += [card for hand in state.hands for card in hand]
    if state.phase == "keep":
        places += list(state.offer)
    return Counter(places)


def took_from_discard(events: list[Event], player: int) -> list[str]:
    """The cards ``player`` was seen to take from the discard pile and has kept."""
    holding: list[str] = []
    for event in events:
        params = event["params"]
        if params.get("player") != player:
            continue
        if event["code"] == "collar.took_discard":
            holding.append(params["card"])
        elif event["code"] in ("collar.discarded", "collar.skipped_discard"):
            if params["card"] in holding:
                holding.remove(params["card"])
    return holding


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o['mode']}-{o['rainbow']}{o['gold']}")
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**48), steps=st.integers(0, 120), sample_seed=st.integers(0, 2**48))
def test_a_sample_deals_each_unseen_card_once_and_keeps_what_the_seat_knows(
    options: dict[str, Any], seed: int, steps: int, sample_seed: int
) -> None:
    players = ENGINE.player_counts(options)[0]
    state = ENGINE.setup(players, options, seed)
    seen: list[list[Event]] = [[] for _ in range(players)]
    witness(ENGINE, state, players, seen)
    state = play_randomly(ENGINE, state, random.Random(seed), steps, seen)
    for seat in range(players):
        sample = ENGINE.determinize(ENGINE.view(state, seat), seat, sample_seed, events=seen[seat])
        assert every_card(sample) == Counter(deck(options["rainbow"], options["gold"]))
        assert sample.hands[seat] == state.hands[seat]
        assert sample.discard == state.discard and sample.common == state.common
        for other in range(players):
            if other != seat and not state.over:
                assert set(took_from_discard(seen[seat], other)) <= set(sample.hands[other])


def test_samples_differ_only_where_the_seat_cannot_see() -> None:
    options = {"mode": "duel", "rainbow": False, "gold": False, "anti_stall": True}
    state = ENGINE.setup(2, options, 7)
    view = ENGINE.view(state, 0)
    samples = {ENGINE.determinize(view, 0, seed).hands[1] for seed in range(20)}
    assert len(samples) > 10, "the opponent's hand is dealt at random"
    assert all(ENGINE.determinize(view, 0, 3) == ENGINE.determinize(view, 0, 3) for _ in range(3))
