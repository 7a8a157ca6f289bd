"""The policy the bots' entry point (``games.bots.decide``) finds as ``POLICY``."""

from __future__ import annotations

import random

from games.bots.base import Situation
from games.engines.base import Action
from games.richelieu.bot.greedy import choose_greedy


class RichelieuPolicy:
    """Richelieu's actions are concrete already: ``concrete`` returns the template."""

    def choose(self, situation: Situation, level: int, rng: random.Random) -> Action:
        return choose_greedy(
            dict(situation.view), situation.seat, situation.legal, situation.version, rng
        )

    def concrete(self, template: Action, rng: random.Random) -> Action:
        return dict(template)


POLICY = RichelieuPolicy()
