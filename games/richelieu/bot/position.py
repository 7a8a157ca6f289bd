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
from games.richelieu.engine.state import OVER, State

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
    #: How much the other players' best answers count against a plan.
    reply: float = 0.8
    #: How many of the following players answer a plan, each in turn with the take best for
    #: itself (3: every other player, at up to four players).
    replies: int = 3
    #: Whether the planner puts or moves markers (level 1 does not).
    markers: bool = True
    #: A marker's worth on a card a row end away from being taken, and the decay per card.
    access: float = 0.6
    place_keep: float = 0.3
    place_deny: float = 1.0


DEFAULT_WEIGHTS = Weights()


PER_SEAT = (
    "stock",
    "on_cards",
    "boxed",
    "held",
    "marker_backs",
    "disc_bonus",
    "cards_taken",
    "total",
)
PER_ITEM = ("count", "present", "points")


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
        #: Exact positions (``from_state``) know what each table disc is: card -> item.
        self.disc_items: dict[int, int] = {}
        #: The variance of a lead that no table card can change any more: the unseen discs.
        self.noise = 0.3
        self.cards_taken = [0] * players
        # Per item, per seat (item first: an item's update reads one short list).
        self.count = [[0.0] * players for _ in range(ITEMS)]
        self.present = [[0] * players for _ in range(ITEMS)]
        self.table_size = 0
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
        self.spread = weights.spread
        # Fun-for-2 gives a tied majority to nobody; the multiplayer rules to every leader.
        self.offset = -0.5 if ruleset == FUN_FOR_2 else 0.5
        # The −5 for a missing region or symbol (2 players), else the +2 per region held.
        self.penalise = ruleset == FUN_FOR_2 or players == 2
        self.miss_powers = [weights.miss_base**n for n in range(len(CARD_IDS) + 1)]

    # Building ------------------------------------------------------------------------

    @classmethod
    def from_view(
        cls, view: Mapping[str, Any], weights: Weights = DEFAULT_WEIGHTS, expect: bool = True
    ) -> Position:
        """The position as the view's seat knows it; with ``expect`` false the discs it has
        not seen count for nothing (for a caller that deals them itself)."""
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
        position.add_discs(viewer, mine, shown, expect)
        position.marker_limit = int(view["marker_limit"])
        position.first_turn = bool(view["first_turn"])
        position.turn_cards = [CARD_INDEX[card] for card in view["turn_cards"]]
        position.current = int(view["current"]) if view["current"] is not None else 0
        position.over = view["phase"] == "over"
        position.refresh()
        return position

    @classmethod
    def from_state(cls, state: State, weights: Weights = DEFAULT_WEIGHTS) -> Position:
        """The whole position, every disc known: for playouts in a sampled state."""
        position = cls(state.players, state.ruleset, state.short, weights)
        position.noise = 0.0
        position.rows = [[CARD_INDEX[card] for card in row] for row in state.rows]
        position.marker = {CARD_INDEX[card]: seat for card, seat in state.markers_on.items()}
        position.disc_on = {CARD_INDEX[card] for card in state.discs_on}
        position.disc_items = {CARD_INDEX[c]: disc_item(d) for c, d in state.discs_on.items()}
        position.active = [seat for seat in range(state.players) if seat not in state.left]
        position.stock = list(state.stock)
        position.boxed = list(state.boxed)
        for seat in position.marker.values():
            position.on_cards[seat] += 1
        for seat in range(state.players):
            position.held[seat] = len(state.held[seat])
            for card in state.hands[seat]:
                position.add_card(seat, CARD_INDEX[card])
            for disc in state.held[seat]:
                item = disc_item(disc)
                if item >= 0:
                    position.count[item][seat] += 1
                else:
                    position.marker_backs[seat] += 1
        position.marker_limit = 2 if state.players == 4 else 3
        position.first_turn = state.first_turn
        position.turn_cards = [CARD_INDEX[card] for card in state.turn_cards]
        position.current = state.current
        position.over = state.phase == OVER
        position.refresh()
        return position

    def copy(self) -> Position:
        """An independent copy (the weights and the tables that never change are shared)."""
        other = Position.__new__(Position)
        for name, value in self.__dict__.items():
            setattr(other, name, value)
        other.active = list(self.active)
        other.rows = [list(row) for row in self.rows]
        other.marker = dict(self.marker)
        other.disc_on = set(self.disc_on)
        other.disc_items = dict(self.disc_items)
        for name in PER_SEAT:
            setattr(other, name, list(getattr(self, name)))
        for name in PER_ITEM:
            setattr(other, name, [list(values) for values in getattr(self, name)])
        other.table_amount = list(self.table_amount)
        other.table_cards = list(self.table_cards)
        other.row_weight = list(self.row_weight)
        other.turn_cards = list(self.turn_cards)
        return other

    def add_card(self, seat: int, card: int) -> None:
        self.cards_taken[seat] += 1
        region = REGION_OF[card]
        self.count[region][seat] += SHIELDS_OF[card]
        self.present[region][seat] += 1
        symbol = SYMBOL_ITEM_OF[card]
        if symbol >= 0:
            self.count[symbol][seat] += 1
            self.present[symbol][seat] += 1

    def add_discs(
        self, viewer: int | None, mine: Sequence[str], shown: Sequence[str], expect: bool
    ) -> None:
        """Known discs count in full; with ``expect``, the unseen ones that other seats hold
        count by their share among the unseen."""
        unseen = [disc for disc in DISCS if disc not in set(mine) | set(shown)]
        if viewer is not None:
            for disc in mine:
                item = disc_item(disc)
                if item >= 0:
                    self.count[item][viewer] += 1
                else:
                    self.marker_backs[viewer] += 1
        if not unseen or not expect:
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
                self.count[item][seat] += self.held[seat] * share[item]

    def refresh(self) -> None:
        """Recompute the table's remainders and every item's points from scratch."""
        self.row_weight = self.short_row_weights()
        self.table_amount = [0.0] * ITEMS
        self.table_cards = [0] * ITEMS
        self.table_size = 0
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
        self.table_size += sign
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
        """The expected points of every seat from ``item``: its chance of leading times its
        expected count, and the −5 (or the +2) by its chance of ending without a card."""
        over = self.over
        remaining = 0.0 if over else self.table_amount[item]
        variance = self.noise + self.spread * remaining
        scale = 0.7071067811865476 / math.sqrt(variance) if variance > 0.0 else 0.0
        counts = self.count[item]
        present = self.present[item]
        active = self.active
        offset = self.offset
        share = remaining / len(active)
        miss = self.miss_powers[0 if over else self.table_cards[item]]
        region = item < len(REGIONS)
        points = [0.0] * self.players
        for seat in active:
            mine = counts[seat]
            lead = 1.0
            for other in active:
                if other != seat:
                    gap = mine - counts[other] + offset
                    if scale:
                        lead *= 0.5 * (1.0 + math.erf(gap * scale))
                    elif gap <= 0.0:
                        lead = 0.0
            value = lead * (mine + share)
            if self.penalise:
                if present[seat] == 0:
                    value += MISSING * miss
            elif region:
                value += PRESENT if present[seat] else PRESENT * (1.0 - miss)
            points[seat] = value
        return points

    def marker_value(self) -> float:
        """What one marker out of the box is worth now: less as the table empties."""
        left = self.table_size
        return 0.0 if self.over else self.weights.marker * min(1.0, left / 24.0)

    def utility(self, seat: int) -> float:
        """How well ``seat`` stands: its expected score against the others', markers and
        discs taken from the table included (the hottest function of the look-ahead)."""
        if self.over:
            marker = disc = 0.0
        else:
            marker = self.weights.marker * min(1.0, self.table_size / 24.0)
            disc = self.weights.disc
        total, stock, on_cards, bonus = self.total, self.stock, self.on_cards, self.disc_bonus
        mine = total[seat] + marker * (stock[seat] + on_cards[seat]) + disc * bonus[seat]
        others = [
            total[s] + marker * (stock[s] + on_cards[s]) + disc * bonus[s]
            for s in self.active
            if s != seat
        ]
        if len(others) == 1:
            return mine - others[0]
        if not others:
            return mine
        lead = self.weights.lead_weight
        return mine - lead * max(others) - (1.0 - lead) * sum(others) / len(others)

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
            self.gain_disc(seat, card, 1)
        record.append(disc)
        self.move_card(seat, card, row_index, 1)
        self.over = self.finished()
        if self.over and not record[2]:
            for item in range(ITEMS):
                self.score_item(item)
        return record

    def peek(self, seat: int, card: int, judge: int | None = None) -> tuple[float, float]:
        """``utility(seat)`` and ``utility(judge)`` (``judge`` defaults to ``seat``) if
        ``seat`` took ``card`` now, markers paid, changing nothing.

        The same as ``take``, ``utility`` and ``undo`` but for half the work: only the one or
        two items the card counts for are scored, once. A card that would end the game or
        whose disc the position knows goes through ``take`` instead.
        """
        row_index, _ = self.where(card)
        if card in self.disc_items or self.ends_game(row_index):
            record = self.take(seat, card)
            values = self.utility(seat), self.utility(seat if judge is None else judge)
            self.undo(record)
            return values
        weight = self.row_weight[row_index]
        total = self.total
        saved = list(total)
        region = REGION_OF[card]
        symbol = SYMBOL_ITEM_OF[card]
        for item, amount in ((region, SHIELDS_OF[card] * 1.0), (symbol, 1.0)):
            if item < 0:
                continue
            self.shift(seat, item, amount, weight, 1)
            new = self.item_points(item)
            self.shift(seat, item, amount, weight, -1)
            old = self.points[item]
            for other in self.active:
                total[other] += new[other] - old[other]
        owner = self.marker.get(card)
        paying = owner is not None and owner != seat
        disc = card in self.disc_on
        self.table_size -= 1
        self.stock[seat] -= paying
        self.disc_bonus[seat] += disc
        values = self.utility(seat), self.utility(seat if judge is None else judge)
        self.table_size += 1
        self.stock[seat] += paying
        self.disc_bonus[seat] -= disc
        self.total = saved
        return values

    def shift(self, seat: int, item: int, amount: float, weight: float, sign: int) -> None:
        """Move ``amount`` of ``item`` from the table to ``seat`` (sign 1) or back."""
        self.count[item][seat] += sign * amount
        self.present[item][seat] += sign
        self.table_amount[item] -= sign * weight * amount
        self.table_cards[item] -= sign

    def ends_game(self, row_index: int) -> bool:
        """Whether taking the last card of the row ``row_index`` would end the game."""
        if len(self.rows[row_index]) != 1:
            return False
        empty = sum(1 for row in self.rows if not row) + 1
        return empty == len(self.rows) or (self.short and empty >= len(self.rows) - 1)

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
            self.gain_disc(seat, card, -1)
        now_over = self.over
        self.over = was_over
        self.move_card(seat, card, row_index, -1)
        if now_over and not was_over:
            for item in range(ITEMS):
                self.score_item(item)

    def gain_disc(self, seat: int, card: int, sign: int) -> None:
        """The disc on ``card`` goes to ``seat`` (sign 1) or back (sign -1): its item when
        the position knows it, else its flat worth."""
        item = self.disc_items.get(card)
        if item is None:
            self.disc_bonus[seat] += sign
        elif item < 0:
            self.marker_backs[seat] += sign
        else:
            self.count[item][seat] += sign
            self.score_item(item)

    def move_card(self, seat: int, card: int, row_index: int, sign: int) -> None:
        """Move a card from the table to ``seat`` (sign 1) or back (sign -1)."""
        self.count_on_table(card, self.row_weight[row_index], -sign)
        region = REGION_OF[card]
        self.count[region][seat] += sign * SHIELDS_OF[card]
        self.present[region][seat] += sign
        self.cards_taken[seat] += sign
        self.score_item(region)
        symbol = SYMBOL_ITEM_OF[card]
        if symbol >= 0:
            self.count[symbol][seat] += sign
            self.present[symbol][seat] += sign
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
