"""Level 3: level 2's judgement plus look-ahead.

Each candidate move (every legal one: at most five discards, or draw, take and decline) is
played on in many samples of what the seat cannot see (the engine's ``determinize``), both
players then following level 2's judgement to the end of the game (``playout.rollout`` with
``ahead``). The candidates are compared on the same samples and the same playout dice, so the
luck of the deal cancels between them and a few hundred samples tell moves apart that a
search with independent playouts could not. The move with the best mean reward (the win, and a
little of the margin) is played; level 2's own move is listed first and keeps a tie.
"""

from __future__ import annotations

import random
import time

from games.bots.base import Situation
from games.bots.search import Budget, effective
from games.collar.bot.heuristic import greedy
from games.collar.bot.playout import rollout
from games.collar.engine.engine import ENGINE
from games.collar.engine.state import CollarState
from games.engines.base import Action


def candidates(situation: Situation, rng: random.Random) -> list[Action]:
    """The legal moves, level 2's first."""
    first = greedy(situation, rng)
    rest = [dict(action) for action in situation.legal if action != first]
    return [first, *rest]


def sample(situation: Situation, rng: random.Random) -> CollarState:
    """A full state the seat cannot tell from the real one."""
    return ENGINE.determinize(
        situation.view,
        situation.seat,
        rng.getrandbits(62),
        version=situation.version,
        events=situation.events,
    )


def look_ahead(situation: Situation, budget: Budget, rng: random.Random) -> Action:
    """Level 3's move (see the module's docstring)."""
    moves = candidates(situation, rng)
    if len(moves) == 1:
        return moves[0]
    limit = effective(budget)
    start = time.process_time()
    totals = [0.0] * len(moves)
    for _ in range(limit.iterations):
        state = sample(situation, rng)
        dice = rng.getrandbits(62)
        for index, move in enumerate(moves):
            after = ENGINE.apply(state, situation.seat, move)
            totals[index] += rollout(after, random.Random(dice), margin=True, ahead=True)[
                situation.seat
            ]
        if time.process_time() - start >= limit.seconds:
            break
    best = max(range(len(moves)), key=lambda index: (totals[index], -index))
    return moves[best]
