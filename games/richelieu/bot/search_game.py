"""Levels 2 and 3: the search (``tree``) over Richelieu positions dealt from one seat's view.

Each iteration deals the discs the seat has not seen (the other players' face-down discs, the
ones on the table, the six out of the game) at random among their places, on an exact
``Position`` (``RichelieuSearch.sample``). The root's moves are the seat's legal actions that
level 1 rates best, with level 1's scores as priors; the rest of the seat's turn, and every
turn below the root, is a whole turn: the card or pair of cards chosen in the tree, then a
"marker back" disc spent and a marker kept on a card as the playouts do. Playouts are
``playout.play_out`` for a few turns, then the estimate.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.bots.search import Budget
from games.engines.base import Action
from games.richelieu.bot.greedy import Planner
from games.richelieu.bot.playout import card_gains, place_marker, play_out, reward
from games.richelieu.bot.position import (
    CARD_INDEX,
    DEFAULT_WEIGHTS,
    REGION_OF,
    SHIELDS_OF,
    Position,
    Weights,
    disc_item,
)
from games.richelieu.bot.tree import Guidance, search
from games.richelieu.engine.data import DISCS

STOCK = "stock"
#: A move of the search: ("turn", card, second card or -1) below the root, ("pass",); at the
#: root ("take", card, card paid from or None), ("place", card), ("move", from, to), ("end_turn",).
Move = tuple[Any, ...]
PASS: Move = ("pass",)


@dataclass(frozen=True)
class SearchLevel:
    """How hard a level searches."""

    budget: Budget
    #: How many of level 1's best actions the root keeps.
    width: int
    #: Whole turns a playout plays before the estimate takes over.
    turns: int
    #: How many points of level 1's score make a prior of 1/e against the best action.
    prior_scale: float = 1.0
    guidance: Guidance = Guidance()
    #: How often a playout plays a card at random rather than the best one.
    explore: float = 0.0


class RichelieuSearch:
    """The ``tree.SearchGame`` of one decision: the seat's knowledge and how to deal the rest."""

    def __init__(
        self, view: Mapping[str, Any], seat: int, level: SearchLevel, weights: Weights
    ) -> None:
        self.seat = seat
        self.level = level
        self.base = Position.from_view(view, weights, expect=False)
        self.base.noise = 0.0
        self.first_of_turn = not self.base.turn_cards
        known = {disc["id"] for disc in view.get("my_discs", [])}
        known |= {disc["id"] for s in view["seats"] for disc in s["spent_discs"]}
        self.unseen = [disc_item(disc) for disc in DISCS if disc not in known]
        self.others_held = [
            (other, self.base.held[other]) for other in self.base.active if other != seat
        ]
        self.table_discs = sorted(self.base.disc_on)
        if sum(n for _, n in self.others_held) + len(self.table_discs) > len(self.unseen):
            raise ValueError("the view shows more face-down discs than there are unseen")

    # Dealing -----------------------------------------------------------------------------

    def sample(self, rng: random.Random) -> Position:
        position = self.base.copy()
        pool = list(self.unseen)
        rng.shuffle(pool)
        start = 0
        for other, count in self.others_held:
            for item in pool[start : start + count]:
                if item < 0:
                    position.marker_backs[other] += 1
                else:
                    position.count[item][other] += 1
            start += count
        for card in self.table_discs:
            position.disc_items[card] = pool[start]
            start += 1
        position.refresh()
        return position

    # Playing -----------------------------------------------------------------------------

    def is_over(self, game: Position) -> bool:
        return game.over

    def mover(self, game: Position) -> int:
        return game.current

    def moves(self, game: Position) -> list[Move]:
        """Whole-turn choices: a card at a row end, or two 1-shield cards of one region."""
        seat = game.current
        moves: list[Move] = []
        pairs = not game.first_turn
        for row in game.rows:
            if not row:
                continue
            for index in {0, len(row) - 1}:
                card = row[index]
                if not payable(game, seat, card):
                    continue
                moves.append(("turn", card, -1))
                if pairs and SHIELDS_OF[card] == 1:
                    follow = seconds(game, seat, row, index)
                    moves.extend(("turn", card, second) for second in follow)
        return moves or [PASS]

    def ranked(self, game: Position, moves: Sequence[Move]) -> list[Move]:
        """Best first for the mover by its estimate right after the cards."""
        seat = game.current
        scored: list[tuple[float, int, Move]] = []
        for index, move in enumerate(moves):
            if move == PASS:
                return [move]
            card, second = int(move[1]), int(move[2])
            if second < 0:
                value = game.peek(seat, card)[0]
            else:
                record = game.take(seat, card)
                value = game.utility(seat) if game.over else game.peek(seat, second)[0]
                game.undo(record)
            scored.append((-value, index, move))
        scored.sort()
        return [move for _, _, move in scored]

    def play(self, game: Position, move: Move) -> None:
        seat = game.current
        spend_marker_back(game, seat)
        if move != PASS:
            card, second = int(move[1]), int(move[2])
            game.take(seat, card)
            if second >= 0 and not game.over:
                game.take(seat, second)
            if not game.over:
                keep_best(game, seat)
        end_turn(game)

    def play_root(self, game: Position, move: Move) -> None:
        """The seat's action at the root, then the rest of its turn as a playout would."""
        seat = self.seat
        kind = move[0]
        if kind == "take":
            card, pay = int(move[1]), move[2]
            game.take(seat, card, pay)
            if game.over:
                return
            if self.first_of_turn and not game.first_turn and SHIELDS_OF[card] == 1:
                take_second(game, seat, card)
                if game.over:
                    return
            keep_best(game, seat)
        elif kind == "place":
            game.marker[int(move[1])] = seat
            game.stock[seat] -= 1
            game.on_cards[seat] += 1
        elif kind == "move":
            del game.marker[int(move[1])]
            game.marker[int(move[2])] = seat
        end_turn(game)

    def play_out(self, game: Position, rng: random.Random) -> list[float]:
        if not game.over:
            play_out(game, self.seat, self.level.turns, rng, self.level.explore)
        return [reward(game, seat) for seat in range(game.players)]


# Moves ---------------------------------------------------------------------------------


def payable(game: Position, seat: int, card: int) -> bool:
    owner = game.marker.get(card)
    return owner is None or owner == seat or game.can_pay(seat)


def seconds(game: Position, seat: int, row: list[int], index: int) -> list[int]:
    """The cards that may follow ``row[index]`` in the same turn: 1-shield cards of its
    region at a row end once it is gone (the card it uncovers included)."""
    first = row[index]
    region = REGION_OF[first]
    rest = row[1:] if index == 0 else row[:-1]
    ends = [c for r in game.rows if r is not row and r for c in {r[0], r[-1]}]
    if rest:
        ends.extend({rest[0], rest[-1]})
    return sorted(
        card
        for card in ends
        if SHIELDS_OF[card] == 1 and REGION_OF[card] == region and payable(game, seat, card)
    )


def take_second(game: Position, seat: int, first: int) -> None:
    region = REGION_OF[first]
    pairs = [c for c in game.ends() if SHIELDS_OF[c] == 1 and REGION_OF[c] == region]
    gains = card_gains(game, seat, pairs)
    if gains:
        gain, card = max(gains)
        if gain > 0.0:
            game.take(seat, card)


def keep_best(game: Position, seat: int) -> None:
    gains = card_gains(game, seat, game.ends())
    place_marker(game, seat, [card for _, card in sorted(gains, reverse=True)])


def spend_marker_back(game: Position, seat: int) -> None:
    if game.marker_backs[seat] > 0 and game.boxed[seat] > 0:
        game.marker_backs[seat] -= 1
        game.boxed[seat] -= 1
        game.stock[seat] += 1


def end_turn(game: Position) -> None:
    game.first_turn = False
    game.turn_cards = []
    game.current = game.next_seat(game.current)


# The decision --------------------------------------------------------------------------


def move_of(action: Action) -> Move:
    kind = action["type"]
    if kind == "take":
        pay = action.get("pay")
        source = None if pay in (None, STOCK) else CARD_INDEX[pay]
        return ("take", CARD_INDEX[action["card"]], source)
    if kind == "place_marker":
        return ("place", CARD_INDEX[action["card"]])
    if kind == "move_marker":
        return ("move", CARD_INDEX[action["from"]], CARD_INDEX[action["to"]])
    return (kind,)


def choose_searching(
    view: Mapping[str, Any],
    seat: int,
    legal: Sequence[Action],
    rules: int,
    rng: random.Random,
    level: SearchLevel,
    weights: Weights = DEFAULT_WEIGHTS,
) -> Action:
    """The action the search picks among ``legal`` (a "marker back" disc is spent first)."""
    if len(legal) == 1:
        return dict(legal[0])
    for action in legal:
        if action["type"] == "marker_back":
            return dict(action)
    planner = Planner(Position.from_view(view, weights), seat, rules)
    scored = sorted(
        ((planner.score(action), index) for index, action in enumerate(legal)),
        key=lambda pair: (-pair[0], pair[1]),
    )
    # The search chooses the cards; where a marker goes (or whether one goes at all) is level
    # 1's choice, whose estimate of a marker's worth reaches further than a short playout.
    takes = [pair for pair in scored if legal[pair[1]]["type"] == "take"][: level.width]
    rest = [pair for pair in scored if legal[pair[1]]["type"] != "take"][:1]
    if not takes:
        return dict(legal[scored[0][1]])
    scored = sorted(takes + rest, key=lambda pair: (-pair[0], pair[1]))
    if len(scored) == 1:
        return dict(legal[scored[0][1]])
    top = scored[0][0]
    moves = [move_of(legal[index]) for _, index in scored]
    priors = [math.exp((value - top) / level.prior_scale) for value, _ in scored]
    game = RichelieuSearch(view, seat, level, weights)
    result = search(game, seat, moves, priors, level.budget, rng, level.guidance)
    chosen = moves.index(result.move)
    return dict(legal[scored[chosen][1]])
