"""Risk's house player: one decision from a ``Situation``, by phase and level."""

from __future__ import annotations

import random

from games.bots.base import Situation
from games.engines.base import Action
from games.risk.bot import actions, greedy
from games.risk.bot import deep as deep_module
from games.risk.bot.cards import wants_trade
from games.risk.bot.legal import Legal
from games.risk.bot.plan import Budget
from games.risk.bot.position import Position
from games.risk.engine.state import SETUP_PLACE


class RiskPolicy:
    """Levels 1-3 (see the package's docstring).

    ``deep`` turns on level 3's exposure by what each enemy can afford (``evaluate``); it is
    off by default because it costs more CPU time per decision than level 3's budget allows.
    """

    def __init__(self, budgets: dict[int, Budget] | None = None, deep: bool = False) -> None:
        self.budgets = budgets or deep_module.BUDGETS
        self.deep = deep

    def choose(self, situation: Situation, level: int, rng: random.Random) -> Action:
        pos = Position.from_view(situation.view, situation.seat)
        pos.deep = level >= 3 and self.deep
        legal = Legal.read(situation.legal)
        if level >= 2 and not legal.claims and pos.phase != SETUP_PLACE:
            return self.look_ahead(pos, legal, level, rng)
        return self.greedy(pos, legal)

    def look_ahead(self, pos: Position, legal: Legal, level: int, rng: random.Random) -> Action:
        """Levels 2 and 3 (see ``deep``)."""
        budget = deep_module.under_limits(self.budgets[min(level, 3)])
        deadline = deep_module.deadline_for(budget)
        if legal.tradable and not legal.places:
            cards = wants_trade(pos)
            if cards:
                return actions.trade(cards)
        if legal.neutral_places:
            if not budget.replies:
                return greedy.choose_neutral(pos, legal)
            return deep_module.choose_neutral(pos, legal, level, budget, rng, deadline)
        if legal.places:
            return deep_module.choose_reinforcement(pos, legal, level, budget, rng, deadline)
        if legal.move_in is not None:
            return deep_module.choose_move_in(pos, legal, budget, rng, deadline)
        if legal.blitzes:
            return deep_module.choose_attack(pos, legal, budget, rng, deadline)
        return deep_module.choose_end(pos, legal, budget, rng, deadline)

    def greedy(self, pos: Position, legal: Legal) -> Action:
        """Level 1, and the classic game's setup at every level."""
        if legal.claims:
            return greedy.choose_claim(pos, legal)
        if pos.phase == SETUP_PLACE:
            return greedy.choose_setup_place(pos, legal)
        if legal.tradable:
            cards = wants_trade(pos)
            if cards:
                return actions.trade(cards)
        if legal.neutral_places:
            return greedy.choose_neutral(pos, legal)
        if legal.places:
            return greedy.choose_reinforcement(pos, legal)
        if legal.move_in is not None:
            return greedy.choose_move_in(pos, legal)
        if legal.blitzes:
            attack = greedy.best_attack(pos, legal)
            if attack is not None:
                return greedy.blitz_action(legal, attack[0], attack[1])
        return greedy.end_of_turn(pos, legal)

    def concrete(self, template: Action, rng: random.Random) -> Action:
        return actions.uniform(template, rng)
