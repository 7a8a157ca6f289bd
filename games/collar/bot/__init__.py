"""El collar de la duquesa's house player (``POLICY``), pure Python like the engine.

Level 1 looks at the collar it holds now (``heuristic.plain``); level 2 also weighs the next
draw over the cards it has not seen (``heuristic.greedy``); level 3 is level 2's judgement plus
look-ahead: every legal move played on to the end of the game in samples of the cards the seat
cannot see, both players following level 2 (``lookahead``). Hands are valued by the engine's
own best-collar optimiser, through ``worth``'s cache.
"""

from __future__ import annotations

import random

from games.bots.base import Situation
from games.bots.search import Budget
from games.collar.bot.heuristic import greedy, plain
from games.collar.bot.lookahead import look_ahead
from games.engines.base import Action

#: Level 3's budget: samples (each plays every candidate on), capped by CPU seconds.
BUDGET = Budget(iterations=120, seconds=0.8)


class CollarPolicy:
    """El collar's house player at levels 1 to 3."""

    def choose(self, situation: Situation, level: int, rng: random.Random) -> Action:
        if len(situation.legal) == 1:
            return dict(situation.legal[0])
        if level <= 1:
            return plain(situation, rng)
        if level == 2:
            return greedy(situation, rng)
        return look_ahead(situation, BUDGET, rng)

    def concrete(self, template: Action, rng: random.Random) -> Action:
        """El collar's legal actions are concrete already."""
        return dict(template)


POLICY = CollarPolicy()
