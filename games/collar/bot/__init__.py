"""El collar de la duquesa's house player (``POLICY``), pure Python like the engine.

Level 1 is greedy on the view (``heuristic``). Levels 2 and 3 search: information-set MCTS
(``games.bots.search``) over samples of the cards the seat cannot see, with a greedy playout
(``playout``); level 3 has the larger budget and a reward that also counts a win's margin.
Hands are valued by the engine's own best-collar optimiser, through ``worth``'s cache.
"""

from __future__ import annotations

import random

from games.bots.base import Situation
from games.bots.search import Budget, Playbook, run
from games.collar.bot.heuristic import greedy
from games.collar.bot.playout import (
    margin_reward,
    margin_rollout,
    playout_action,
    win_reward,
    win_rollout,
)
from games.collar.engine.engine import ENGINE
from games.collar.engine.state import CollarState
from games.engines.base import Action

PLAYBOOKS: dict[int, Playbook[CollarState]] = {
    2: Playbook(ENGINE, playout_action, win_reward, rollout=win_rollout),
    3: Playbook(ENGINE, playout_action, margin_reward, rollout=margin_rollout),
}
#: Each searching level's budget: iterations, capped by CPU seconds.
BUDGETS = {2: Budget(iterations=300, seconds=0.3), 3: Budget(iterations=2500, seconds=0.8)}


class CollarPolicy:
    """El collar's house player at levels 1 to 3."""

    def choose(self, situation: Situation, level: int, rng: random.Random) -> Action:
        if len(situation.legal) == 1:
            return dict(situation.legal[0])
        if level <= 1:
            return greedy(situation, rng)
        searching = min(level, 3)
        return run(PLAYBOOKS[searching], situation, BUDGETS[searching], rng).action

    def concrete(self, template: Action, rng: random.Random) -> Action:
        """El collar's legal actions are concrete already."""
        return dict(template)


POLICY = CollarPolicy()
