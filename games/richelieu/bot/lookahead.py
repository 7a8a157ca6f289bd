"""Level 3: the full judgement plus look-ahead to the end of the game.

The full judgement (``greedy.Planner`` with every weight: level 2's, and the worth of each
marker's place) scores every legal action. When its best is a card, its best
cards (up to ``width``, within ``spread`` points of the best) are each played on to the end
of the game in many samples of the discs the seat has not seen (the engine's
``determinize``): the rest of the bot's turn, then ``planned`` whole turns for every seat
chosen as level 2 chooses its cards (the best card or pair of cards against the next
player's best answer, markers aside), then level 1's quick turns (``playout.play_turn``) to
the end. Every candidate is played on the same samples, so that the luck of the discs cancels
between them. The card with the best mean (the win, and a little of the final margin) is
played; the judgement's own card is listed first and keeps a tie. Where it puts or moves a
marker, ends its turn or spends a "marker back" disc, level 3 does the same. The look-ahead
stops at its CPU-time cap (``time.process_time``) or its number of samples, whichever comes
first.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.bots.search import Budget, effective
from games.engines.base import Action
from games.richelieu.bot.greedy import Planner
from games.richelieu.bot.playout import (
    end_turn,
    keep_best,
    payable,
    play_turn,
    share_of_win,
    spend_marker_back,
)
from games.richelieu.bot.position import (
    CARD_INDEX,
    DEFAULT_WEIGHTS,
    REGION_OF,
    SHIELDS_OF,
    Position,
    Weights,
)
from games.richelieu.engine.engine import ENGINE

STOCK = "stock"
#: How much a point of final margin adds to a win (1) in a playout's reward.
MARGIN_WEIGHT = 0.01


@dataclass(frozen=True)
class LookAhead:
    """How far level 3 looks."""

    #: Samples of the unseen discs (``iterations``) and the CPU-time cap (``seconds``).
    budget: Budget
    #: How many of the judgement's best cards are played on.
    width: int = 4
    #: How many points below the judgement's best card a candidate may score.
    spread: float = 3.0
    #: Whole turns after the bot's own played as level 2 chooses its cards, before level 1's.
    planned: int = 2


def choose_looking_ahead(
    view: Mapping[str, Any],
    seat: int,
    legal: Sequence[Action],
    rules: int,
    rng: random.Random,
    level: LookAhead,
    weights: Weights = DEFAULT_WEIGHTS,
) -> Action:
    """Level 3's action among ``legal`` (see the module's docstring)."""
    if len(legal) == 1:
        return dict(legal[0])
    for action in legal:
        if action["type"] == "marker_back":
            return dict(action)
    candidates = candidate_takes(view, seat, legal, rules, weights, level)
    if len(candidates) == 1:
        return dict(legal[candidates[0]])
    moves = [take_of(legal[index]) for index in candidates]
    totals = judge(dict(view), seat, rules, moves, rng, level, weights)
    best = max(range(len(moves)), key=lambda index: (totals[index], -index))
    return dict(legal[candidates[best]])


def candidate_takes(
    view: Mapping[str, Any],
    seat: int,
    legal: Sequence[Action],
    rules: int,
    weights: Weights,
    level: LookAhead,
) -> list[int]:
    """The indices in ``legal`` of the actions to play on, the judgement's choice first: only it
    when it is not a card."""
    planner = Planner(Position.from_view(view, weights), seat, rules)
    scored = sorted(
        ((planner.score(action), index) for index, action in enumerate(legal)),
        key=lambda pair: (-pair[0], pair[1]),
    )
    top, first = scored[0]
    if legal[first]["type"] != "take":
        return [first]
    takes = [
        index
        for value, index in scored
        if legal[index]["type"] == "take" and value >= top - level.spread
    ]
    return takes[: level.width]


def take_of(action: Action) -> tuple[int, int | None]:
    pay = action.get("pay")
    return CARD_INDEX[action["card"]], None if pay in (None, STOCK) else CARD_INDEX[pay]


def judge(
    view: dict[str, Any],
    seat: int,
    rules: int,
    moves: Sequence[tuple[int, int | None]],
    rng: random.Random,
    level: LookAhead,
    weights: Weights,
) -> list[float]:
    """Each move's total reward over the samples, every move on the same samples."""
    limit = effective(level.budget)
    start = time.process_time()
    totals = [0.0] * len(moves)
    plain = replace(weights, markers=False)
    for _ in range(limit.iterations):
        state = ENGINE.determinize(view, seat, rng.getrandbits(62), version=rules)
        base = Position.from_state(state, plain)
        dice = rng.getrandbits(62)
        for index, (card, pay) in enumerate(moves):
            game = base.copy()
            play_root(game, seat, card, pay, rules)
            totals[index] += play_on(game, seat, rules, random.Random(dice), level.planned)
        if time.process_time() - start >= limit.seconds:
            break
    return totals


def play_root(game: Position, seat: int, card: int, pay: int | None, rules: int) -> None:
    """The bot takes ``card``, then ends its turn as level 2 would choose its cards."""
    first = not game.turn_cards
    game.take(seat, card, pay)
    game.turn_cards = [*game.turn_cards, card]
    if game.over:
        return
    if first and not game.first_turn and SHIELDS_OF[card] == 1:
        second = best_second(game, seat, card, rules)
        if second is not None:
            game.take(seat, second)
            if game.over:
                return
    keep_best(game, seat)
    end_turn(game)


def play_on(game: Position, seat: int, rules: int, rng: random.Random, planned: int) -> float:
    """Play the game to its end from the start of a turn; ``seat``'s reward."""
    played = 0
    while not game.over:
        current = game.current
        if played < planned:
            planned_turn(game, current, rules)
        else:
            play_turn(game, current, rng, 0.0)
            end_turn(game)
        played += 1
    return reward(game, seat)


def planned_turn(game: Position, seat: int, rules: int) -> None:
    """A whole turn whose cards level 2's judgement chooses (the next player's best answer
    weighed), whose marker is kept as level 1's playouts keep it."""
    spend_marker_back(game, seat)
    planner = Planner(game, seat, rules, places={})
    best = -math.inf
    chosen: int | None = None
    for card in game.ends():
        if not payable(game, seat, card):
            continue
        record = game.take(seat, card)
        value = planner.after_take(card, first=True)
        game.undo(record)
        if value > best:
            best, chosen = value, card
    if chosen is None:
        end_turn(game)
        return
    game.take(seat, chosen)
    if not game.over and not game.first_turn and SHIELDS_OF[chosen] == 1:
        second = best_second(game, seat, chosen, rules)
        if second is not None:
            game.take(seat, second)
    if not game.over:
        keep_best(game, seat)
        end_turn(game)


def best_second(game: Position, seat: int, first: int, rules: int) -> int | None:
    """The second card level 2's judgement takes after ``first``, or none."""
    planner = Planner(game, seat, rules, places={})
    best = planner.finish()
    chosen: int | None = None
    for card in game.ends():
        if SHIELDS_OF[card] != 1 or REGION_OF[card] != REGION_OF[first]:
            continue
        if not payable(game, seat, card):
            continue
        record = game.take(seat, card)
        value = game.utility(seat) if game.over else planner.finish()
        game.undo(record)
        if value > best:
            best, chosen = value, card
    return chosen


def reward(game: Position, seat: int) -> float:
    """A sole win 1, a shared one its share, a loss 0; plus a little of the final margin."""
    others = [game.total[s] for s in game.active if s != seat]
    margin = game.total[seat] - max(others) if others else 0.0
    return share_of_win(game, seat) + MARGIN_WEIGHT * margin
