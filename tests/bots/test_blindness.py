"""A bot decides blind: for every installed game with a house player and every level, dealing
again everything its seat cannot see (``hidden_variant``) never changes its choice for a given
seed. Searches run to their iteration caps (scaled down here), not to a CPU-time cap, so that
only what the bot is given could make the two choices differ."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.bots import LEVELS, search
from games.bots.base import policy_for
from games.bots.fairness import blind_pair, seen_by
from games.engines.base import BaseEngine, Event
from games.registry import installed_games

#: The random player needs no house player; the other levels need the game's.
CASES = [
    pytest.param(slug, level, id=f"{slug}-{level}")
    for slug in installed_games()
    for level in LEVELS
    if level == "random" or policy_for(slug) is not None
]
#: How far into a game the states come from (random legal play), and how many per game.
STEPS = (0, 9, 30, 80, 200)


def states(engine: BaseEngine[Any], players: int, seed: int) -> list[tuple[Any, list[Event]]]:
    """States from random legal play, each with the log's events so far."""
    rnd = random.Random(seed)
    state = engine.setup(players, {}, seed)
    events, found, step = engine.events(state), [], 0
    for target in STEPS:
        while step < target and not engine.is_over(state):
            seat = engine.to_act(state)[0]
            state = engine.apply(state, seat, concrete(rnd, engine.legal_actions(state, seat)))
            events += engine.events(state)
            step += 1
        if not engine.is_over(state):
            found.append((state, list(events)))
    return found


def concrete(rnd: random.Random, legal: list[Any]) -> Any:
    from tests.engines.test_conformance import concrete as inside

    return inside(rnd.choice(legal), rnd)


@pytest.mark.parametrize(("slug", "level"), CASES)
def test_the_hidden_parts_never_change_a_bots_choice(slug, level):
    engine = installed_games()[slug].engine
    options = engine.normalise_options({})
    players = engine.player_counts(options)[0]
    checked = 0
    with search.limits(scale=0.1):
        for state, events in states(engine, players, seed=len(slug) * 101):
            seat = engine.to_act(state)[0]
            for variant_seed in (1, 2):
                original, variant = blind_pair(
                    engine,
                    state,
                    seat,
                    level,
                    seed=variant_seed * 7,
                    variant_seed=variant_seed,
                    players=players,
                    options=options,
                    version=engine.version,
                    events=seen_by(events, seat),
                )
                assert original == variant, (slug, level, seat)
                checked += 1
    assert checked >= 4
