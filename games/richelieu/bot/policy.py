"""The policy the bots' entry point (``games.bots.decide``) finds as ``POLICY``."""

from __future__ import annotations

import random
from collections.abc import Mapping

from games.bots.base import Situation
from games.bots.search import Budget
from games.engines.base import Action
from games.richelieu.bot.greedy import PLAIN_WEIGHTS, choose_greedy
from games.richelieu.bot.search_game import SearchLevel, choose_searching
from games.richelieu.bot.tree import Guidance

GUIDANCE = Guidance(exploration=0.2, bias=0.3, widening=1.0)
#: The searching level (3): CPU seconds per decision (``time.process_time``), how wide and
#: how deep.
SEARCH_LEVELS: Mapping[int, SearchLevel] = {
    3: SearchLevel(
        budget=Budget(iterations=2500, seconds=0.8), width=8, turns=2, guidance=GUIDANCE
    ),
}


class RichelieuPolicy:
    """Level 1 plans the turn on the estimate; level 2 also weighs the next player's best
    answer; level 3 searches (``search_game``) from level 2's best actions.
    Richelieu's actions are concrete already: ``concrete`` returns the template."""

    def __init__(self, levels: Mapping[int, SearchLevel] = SEARCH_LEVELS) -> None:
        self.levels = levels

    def choose(self, situation: Situation, level: int, rng: random.Random) -> Action:
        view = dict(situation.view)
        if level <= 1:
            return choose_greedy(
                view, situation.seat, situation.legal, situation.version, rng, PLAIN_WEIGHTS
            )
        if level == 2:
            return choose_greedy(view, situation.seat, situation.legal, situation.version, rng)
        return choose_searching(
            view, situation.seat, situation.legal, situation.version, rng, self.levels[level]
        )

    def concrete(self, template: Action, rng: random.Random) -> Action:
        return dict(template)


POLICY = RichelieuPolicy()
