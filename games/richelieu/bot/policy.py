"""The policy the bots' entry point (``games.bots.decide``) finds as ``POLICY``."""

from __future__ import annotations

import random
from collections.abc import Mapping

from games.bots.base import Situation
from games.bots.search import Budget
from games.engines.base import Action
from games.richelieu.bot.greedy import ANSWER_WEIGHTS, PLAIN_WEIGHTS, choose_greedy
from games.richelieu.bot.lookahead import LookAhead, choose_looking_ahead

#: The looking-ahead level (3): samples and CPU seconds per decision (``time.process_time``),
#: how many cards it compares and how many turns its playouts plan as level 2 does.
LOOK_AHEAD_LEVELS: Mapping[int, LookAhead] = {
    3: LookAhead(budget=Budget(iterations=60, seconds=0.3), width=4, spread=3.0, planned=2),
}


class RichelieuPolicy:
    """Level 1 plans the turn on the estimate; level 2 also weighs the other players' best
    answers, and puts its markers where they cut those answers most; level 3 also weighs what
    each marker's place is worth, and plays its best cards on to the end of the game in
    samples of the unseen discs (``lookahead``).
    Richelieu's actions are concrete already: ``concrete`` returns the template."""

    def __init__(self, levels: Mapping[int, LookAhead] = LOOK_AHEAD_LEVELS) -> None:
        self.levels = levels

    def choose(self, situation: Situation, level: int, rng: random.Random) -> Action:
        view = dict(situation.view)
        if level <= 1:
            return choose_greedy(
                view, situation.seat, situation.legal, situation.version, rng, PLAIN_WEIGHTS
            )
        if level == 2:
            return choose_greedy(
                view, situation.seat, situation.legal, situation.version, rng, ANSWER_WEIGHTS
            )
        return choose_looking_ahead(
            view, situation.seat, situation.legal, situation.version, rng, self.levels[level]
        )

    def concrete(self, template: Action, rng: random.Random) -> Action:
        return dict(template)


POLICY = RichelieuPolicy()
