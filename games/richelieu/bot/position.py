"""What a Richelieu bot knows of a game, in a form it can change and change back quickly.

A ``Position`` is built from one seat's view (``from_view``): the table, every seat's taken
cards, markers and disc counts, and the seat's own discs. The discs it cannot see (the other
players', the ones on the table, the six out of the game) count as their expectation over the
discs nobody has shown. It keeps, for each of the twelve scored items (nine regions, three
symbols), every seat's count and the table's remainder, and from them an estimate of every
seat's final score (``Estimate``). ``take`` plays a card for a seat and returns what ``undo``
needs to put it back, so that a planner tries hundreds of moves without copying.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.richelieu.engine.data import CARD_IDS, CARDS, COMPONENTS, DISCS, MARKER_BACK, SHIELD

REGIONS = COMPONENTS.regions
SYMBOLS = COMPONENTS.symbols
#: Items 0..8 are the regions, 9..11 the symbols.
ITEMS = len(REGIONS) + len(SYMBOLS)
CARD_INDEX = {card: index for index, card in enumerate(CARD_IDS)}
REGION_OF = tuple(REGIONS.index(CARDS[card].region) for card in CARD_IDS)
SHIELDS_OF = tuple(CARDS[card].shields for card in CARD_IDS)
SYMBOL_ITEM_OF = tuple(
    -1 if CARDS[card].symbol is None else len(REGIONS) + SYMBOLS.index(str(CARDS[card].symbol))
    for card in CARD_IDS
)
FUN_FOR_2 = "fun-for-2"
MISSING = -5.0
PRESENT = 2.0


def disc_item(disc: str) -> int:
    """The item a shield or symbol disc counts for, or -1 for a "marker back" disc."""
    details = DISCS[disc]
    if details.kind == SHIELD:
        return REGIONS.index(str(details.region))
    if details.kind == MARKER_BACK:
        return -1
    return len(REGIONS) + SYMBOLS.index(str(details.symbol))


@dataclass(frozen=True)
class Weights:
    """The knobs of the estimate and of the level-1 planner (tuned by self-play)."""

    #: Spread of a region's final lead per shield still on the table (variance per shield).
    spread: float = 1.0
    #: Chance, per card of an item still on the table, that a seat without one ends without.
    miss_base: float = 0.5
    #: What a marker not in the box is worth while the table is full (less as it empties).
    marker: float = 1.5
    #: What a face-down disc taken from the table is worth, before the end.
    disc: float = 0.8
    #: In games of 3–4, how much the best opponent counts against the mean of the others.
    lead_weight: float = 0.5
    #: How much of the next player's best answer counts against a plan.
    reply: float = 0.8
    #: A marker's worth on a card a row end away from being taken, and the decay per card.
    access: float = 0.6
    place_keep: float = 0.3
    place_deny: float = 1.0


DEFAULT_WEIGHTS = Weights()


def normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x * 0.7071067811865476))


class Position:
    """A mutable estimate of a game from one seat's knowledge; see the module docstring."""

    def __init__(self, players: int, ruleset: str, short: bool, weights: Weights) -> None:
        self.players = players
        self.ruleset = ruleset
        self.short = short
        self.weights = weights
        self.active: list[int] = list(range(players))
        self.rows: list[list[int]] = []
        self.marker: dict[int, int] = {}
        self.disc_on: set[int] = set()
        self.stock = [0] * players
        self.on_cards = [0] * players
        self.boxed = [0] * players
        self.held = [0] * players
        self.marker_backs = [0] * players  # known only for the seat the position is for
        self.disc_bonus = [0.0] * players
        self.cards_taken = [0] * players
        self.count = [[0.0] * ITEMS for _ in range(players)]
        self.present = [[0] * ITEMS for _ in range(players)]
        self.table_amount = [0.0] * ITEMS
        self.table_cards = [0] * ITEMS
        self.row_weight: list[float] = []
        self.points = [[0.0] * players for _ in range(ITEMS)]
        self.total = [0.0] * players
        self.over = False
        self.marker_limit = 3
        self.first_turn = False
        self.turn_cards: list[int] = []
        self.current = 0

    # Building ------------------------------------------------------------------------

    @classmethod
    def from_view(cls, view: Mapping[str, Any], weights: Weights = DEFAULT_WEIGHTS) -> Position:
        """The position as the view's seat knows it."""
        options = view["options"]
        position = cls(
            int(view["players"]), str(options["ruleset"]), bool(options["short"]), weights
        )
        position.rows = [[CARD_INDEX[cell["card"]] for cell in row] for row in view["rows"]]
        for row in view["rows"]:
            for cell in row:
                if cell["marker"] is not None:
                    position.marker[CARD_INDEX[cell["card"]]] = int(cell["marker"])
                if cell["disc"]:
                    position.disc_on.add(CARD_INDEX[cell["card"]])
        seat_views = view["seats"]
        position.active = [s["seat"] for s in seat_views if s["in_game"]]
        for summary in seat_views:
            seat = int(summary["seat"])
            markers = summary["markers"]
            position.stock[seat] = int(markers["stock"])
            position.on_cards[seat] = int(markers["on_cards"])
            position.boxed[seat] = int(markers["boxed"])
            position.held[seat] = int(summary["face_down_discs"])
            for card in summary["cards"]:
                position.add_card(seat, CARD_INDEX[card["card"]])
        viewer = view.get("viewer")
        mine = [disc["id"] for disc in view.get("my_discs", [])]
        shown = [disc["id"] for s in seat_views for disc in s["spent_discs"]]
        position.add_discs(viewer, mine, shown)
        position.marker_limit = int(view["marker_limit"])
        position.first_turn = bool(view["first_turn"])
        position.turn_cards = [CARD_INDEX[card] for card in view["turn_cards"]]
        position.current = int(view["current"]) if view["current"] is not None else 0
        position.over = view["phase"] == "over"
        position.refresh()
        return position

    def add_card(self, seat: int, card: int) -> None:
        self.cards_taken[seat] += 1
        region = REGION_OF[card]
        self.count[seat][region] += SHIELDS_OF[card]
        self.present[seat][region] += 1
        symbol = SYMBOL_ITEM_OF[card]
        if symbol >= 0:
            self.count[seat][symbol] += 1
            self.present[seat][symbol] += 1

    def add_discs(self, viewer: int | None, mine: Sequence[str], shown: Sequence[str]) -> None:
        """Known discs count in full; the unseen ones by their share among the unseen."""
        unseen = [disc for disc in DISCS if disc not in set(mine) | set(shown)]
        if viewer is not None:
            for disc in mine:
                item = disc_item(disc)
                if item >= 0:
                    self.count[viewer][item] += 1
                else:
                    self.marker_backs[viewer] += 1
        if not unseen:
            return
        share = [0.0] * ITEMS
        for disc in unseen:
            item = disc_item(disc)
            if item >= 0:
                share[item] += 1.0 / len(unseen)
        for seat in range(self.players):
            if seat == viewer or self.held[seat] == 0:
                continue
            for item in range(ITEMS):
                self.count[seat][item] += self.held[seat] * share[item]

    def refresh(self) -> None:
        """Recompute the table's remainders and every item's points from scratch."""
        self.row_weight = self.short_row_weights()
        self.table_amount = [0.0] * ITEMS
        self.table_cards = [0] * ITEMS
        for row_index, row in enumerate(self.rows):
            weight = self.row_weight[row_index]
            for card in row:
                self.count_on_table(card, weight, 1)
        for item in range(ITEMS):
            self.score_item(item)

    def short_row_weights(self) -> list[float]:
        """How much of each row is likely to be taken: all of it, except in a short game,
        where the longest row is likely to be left when the other three are empty."""
        weights = [1.0] * len(self.rows)
        if self.short:
            lengths = [len(row) for row in self.rows]
            if sum(1 for length in lengths if length > 0) >= 1:
                weights[lengths.index(max(lengths))] = 0.5
        return weights

    def count_on_table(self, card: int, weight: float, sign: int) -> None:
        region = REGION_OF[card]
        self.table_amount[region] += sign * weight * SHIELDS_OF[card]
        self.table_cards[region] += sign
        symbol = SYMBOL_ITEM_OF[card]
        if symbol >= 0:
            self.table_amount[symbol] += sign * weight
            self.table_cards[symbol] += sign

    # The estimate ----------------------------------------------------------------------

    def score_item(self, item: int) -> None:
        """Every seat's expected points from one region or symbol, and the totals."""
        old = self.points[item]
        new = self.item_points(item)
        for seat in range(self.players):
            self.total[seat] += new[seat] - old[seat]
        self.points[item] = new

    def item_points(self, item: int) -> list[float]:
        active = self.active
        n_active = len(active)
        remaining = 0.0 if self.over else self.table_amount[item]
        left_cards = 0 if self.over else self.table_cards[item]
        sigma = math.sqrt(0.3 + self.weights.spread * remaining)
        strict = self.ruleset == FUN_FOR_2
        offset = -0.5 if strict else 0.5
        share = remaining / n_active
        points = [0.0] * self.players
        counts = [self.count[seat][item] for seat in range(self.players)]
        two_player_rules = strict or self.players == 2
        miss = self.weights.miss_base**left_cards if n_active > 1 else 0.0
        for seat in active:
            mine = counts[seat]
            lead = 1.0
            for other in active:
                if other != seat:
                    lead *= normal_cdf((mine - counts[other] + offset) / sigma)
            value = lead * (mine + share)
            if self.present[seat][item] == 0:
                if two_player_rules:
                    value += MISSING * miss
                elif item < len(REGIONS):
                    value += PRESENT * (1.0 - miss)
            elif not two_player_rules and item < len(REGIONS):
                value += PRESENT
            points[seat] = value
        return points

    def marker_value(self) -> float:
        """What one marker out of the box is worth now: less as the table empties."""
        left = sum(len(row) for row in self.rows)
        return 0.0 if self.over else self.weights.marker * min(1.0, left / 24.0)

    def utility(self, seat: int) -> float:
        """How well ``seat`` stands: its expected score against the others', markers and
        discs taken from the table included."""
        marker = self.marker_value()
        disc = 0.0 if self.over else self.weights.disc

        def worth(s: int) -> float:
            power = self.stock[s] + self.on_cards[s]
            return self.total[s] + marker * power + disc * self.disc_bonus[s]

        others = [worth(s) for s in self.active if s != seat]
        if not others:
            return worth(seat)
        if len(others) == 1:
            return worth(seat) - others[0]
        lead = self.weights.lead_weight
        return worth(seat) - lead * max(others) - (1.0 - lead) * sum(others) / len(others)

    # Moves -----------------------------------------------------------------------------

    def ends(self) -> list[int]:
        """The cards at a row end, each once."""
        found: list[int] = []
        for row in self.rows:
            if row:
                found.append(row[0])
                if len(row) > 1:
                    found.append(row[-1])
        return found

    def where(self, card: int) -> tuple[int, int]:
        for row_index, row in enumerate(self.rows):
            if row and (row[0] == card or row[-1] == card):
                return row_index, 0 if row[0] == card else len(row) - 1
        for row_index, row in enumerate(self.rows):
            if card in row:
                return row_index, row.index(card)
        raise KeyError(card)

    def can_pay(self, seat: int) -> bool:
        return self.stock[seat] > 0 or self.on_cards[seat] > 0

    def take(self, seat: int, card: int, pay: int | None = None) -> list[Any]:
        """``seat`` takes ``card`` (paying from stock, or from the card ``pay``, when another
        seat's marker lies on it); returns the record ``undo`` needs."""
        record: list[Any] = [seat, card, self.over, list(self.stock), list(self.on_cards)]
        record.append(list(self.boxed))
        row_index, index = self.where(card)
        self.rows[row_index].pop(index)
        record.append((row_index, index))
        owner = self.marker.pop(card, None)
        record.append(owner)
        paid_from: int | None = None
        if owner is not None:
            self.on_cards[owner] -= 1
            self.stock[owner] += 1
            if owner != seat:
                if pay is None and self.stock[seat] == 0:
                    pay = next((c for c, s in self.marker.items() if s == seat), None)
                if pay is not None and self.marker.get(pay) == seat:
                    del self.marker[pay]
                    self.on_cards[seat] -= 1
                    paid_from = pay
                else:
                    self.stock[seat] -= 1
                self.boxed[seat] += 1
        record.append(paid_from)
        disc = card in self.disc_on
        if disc:
            self.disc_on.discard(card)
            self.disc_bonus[seat] += 1.0
        record.append(disc)
        self.move_card(seat, card, row_index, 1)
        self.over = self.finished()
        if self.over and not record[2]:
            for item in range(ITEMS):
                self.score_item(item)
        return record

    def undo(self, record: list[Any]) -> None:
        seat, card, was_over, stock, on_cards, boxed, place, owner, paid_from, disc = record
        row_index, index = place
        self.rows[row_index].insert(index, card)
        self.stock, self.on_cards, self.boxed = stock, on_cards, boxed
        if owner is not None:
            self.marker[card] = owner
        if paid_from is not None:
            self.marker[paid_from] = seat
        if disc:
            self.disc_on.add(card)
            self.disc_bonus[seat] -= 1.0
        now_over = self.over
        self.over = was_over
        self.move_card(seat, card, row_index, -1)
        if now_over and not was_over:
            for item in range(ITEMS):
                self.score_item(item)

    def move_card(self, seat: int, card: int, row_index: int, sign: int) -> None:
        """Move a card from the table to ``seat`` (sign 1) or back (sign -1)."""
        self.count_on_table(card, self.row_weight[row_index], -sign)
        region = REGION_OF[card]
        self.count[seat][region] += sign * SHIELDS_OF[card]
        self.present[seat][region] += sign
        self.cards_taken[seat] += sign
        self.score_item(region)
        symbol = SYMBOL_ITEM_OF[card]
        if symbol >= 0:
            self.count[seat][symbol] += sign
            self.present[seat][symbol] += sign
            self.score_item(symbol)

    def finished(self) -> bool:
        empty = sum(1 for row in self.rows if not row)
        return empty == len(self.rows) or (self.short and empty >= len(self.rows) - 1)

    def next_seat(self, seat: int) -> int:
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if candidate in self.active:
                return candidate
        return seat
