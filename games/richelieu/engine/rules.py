"""The rules as small questions about a state. ``apply`` and ``legal_actions`` both ask them,
so that the moves listed and the moves accepted cannot drift apart.

A check returns ``None`` when the move is allowed, else ``(error code, params)``; the params
never name a face-down disc.
"""

from __future__ import annotations

from typing import Any

from games.richelieu.engine.data import CARDS, COMPONENTS, DISCS, MARKER_BACK
from games.richelieu.engine.state import TAKE, State

Problem = tuple[str, dict[str, Any]] | None
STOCK = "stock"


def active(state: State, seat: int) -> bool:
    return seat not in state.left


def next_active(state: State, seat: int) -> int:
    for step in range(1, state.players + 1):
        candidate = (seat + step) % state.players
        if candidate not in state.left:
            return candidate
    return seat


def marker_limit(state: State) -> int:
    """How many of one player's markers may lie on cards at once (2 with four players)."""
    return 2 if state.players == 4 else COMPONENTS.markers_per_player


def markers_on_cards(state: State, seat: int) -> int:
    return sum(1 for owner in state.markers_on.values() if owner == seat)


def table_cards(state: State) -> list[str]:
    return [card for row in state.rows for card in row]


def end_cards(state: State) -> list[str]:
    """The cards at the left or right end of a row, each once, row by row."""
    ends: list[str] = []
    for row in state.rows:
        if row:
            ends.append(row[0])
            if len(row) > 1:
                ends.append(row[-1])
    return ends


def locate(state: State, card: str) -> tuple[int, int] | None:
    """(row, index) of a card on the table, or None."""
    for row_index, row in enumerate(state.rows):
        if card in row:
            return row_index, row.index(card)
    return None


def own_marked_cards(state: State, seat: int) -> list[str]:
    return [card for card in table_cards(state) if state.markers_on.get(card) == seat]


def free_cards(state: State) -> list[str]:
    return [card for card in table_cards(state) if card not in state.markers_on]


def has_marker_back(state: State, seat: int) -> bool:
    return any(DISCS[disc].kind == MARKER_BACK for disc in state.held[seat])


def needs_payment(state: State, seat: int, card: str) -> bool:
    owner = state.markers_on.get(card)
    return owner is not None and owner != seat


def payment_sources(state: State, seat: int) -> list[str]:
    """Where a paid marker may come from: "stock", or a card with one of the seat's markers."""
    sources = [STOCK] if state.stock[seat] > 0 else []
    return sources + own_marked_cards(state, seat)


# Taking cards ---------------------------------------------------------------------------


def take_problem(state: State, seat: int, card: str) -> Problem:
    """Whether ``card`` may be the next card of this turn (payment aside)."""
    place = locate(state, card)
    if place is None:
        return "richelieu.card_not_on_table", {"card": card}
    row_index, index = place
    if index not in (0, len(state.rows[row_index]) - 1):
        return "richelieu.not_at_row_end", {"card": card}
    taken = len(state.turn_cards)
    if taken >= 2:
        return "richelieu.third_card", {}
    if taken == 1:
        if state.first_turn:
            return "richelieu.first_turn_one_card", {}
        first = CARDS[state.turn_cards[0]]
        second = CARDS[card]
        if second.region != first.region:
            return "richelieu.second_card_other_region", {"region": first.region}
        if first.shields > 1 or second.shields > 1:
            return "richelieu.second_card_two_shields", {}
    return None


def payment_problem(state: State, seat: int, card: str, pay: str | None) -> Problem:
    """Whether ``pay`` settles what taking ``card`` costs (one own marker per marked card)."""
    if not needs_payment(state, seat, card):
        if pay is not None:
            return "richelieu.payment_not_needed", {"card": card}
        return None
    if state.stock[seat] == 0 and markers_on_cards(state, seat) == 0:
        return "richelieu.no_marker_to_pay", {}
    if pay is None:
        return "richelieu.payment_required", {"card": card}
    if pay == STOCK:
        return None if state.stock[seat] > 0 else ("richelieu.bad_payment", {})
    if state.markers_on.get(pay) == seat:
        return None
    return "richelieu.bad_payment", {}


def legal_takes(state: State, seat: int) -> list[dict[str, Any]]:
    actions: list[dict[str, Any]] = []
    for card in end_cards(state):
        if take_problem(state, seat, card) is not None:
            continue
        if needs_payment(state, seat, card):
            for source in payment_sources(state, seat):
                actions.append({"type": "take", "card": card, "pay": source})
        else:
            actions.append({"type": "take", "card": card})
    return actions


def pass_problem(state: State, seat: int) -> Problem:
    """A seat passes only when no sequence open to it this turn takes a card.

    Spending a "marker back" disc is such a sequence: it puts a marker in stock, which pays for
    any end card (rules version 2; version 1 let the seat pass instead).
    """
    if state.phase != TAKE or can_take(state, seat):
        return "richelieu.cannot_pass", {}
    if state.rules > 1 and marker_back_problem(state, seat) is None and end_cards(state):
        return "richelieu.cannot_pass_marker_back", {}
    return None


def can_take(state: State, seat: int) -> bool:
    for card in end_cards(state):
        if take_problem(state, seat, card) is not None:
            continue
        if not needs_payment(state, seat, card) or payment_sources(state, seat):
            return True
    return False


# Markers --------------------------------------------------------------------------------


def can_place(state: State, seat: int) -> bool:
    """A marker may come from stock: there is one, and (with four players) room on cards."""
    return state.stock[seat] > 0 and markers_on_cards(state, seat) < marker_limit(state)


def place_problem(state: State, seat: int, card: str) -> Problem:
    if locate(state, card) is None:
        return "richelieu.marker_card_not_on_table", {}
    if card in state.markers_on:
        return "richelieu.card_has_marker", {"card": card}
    if state.stock[seat] == 0:
        return "richelieu.no_marker_in_stock", {}
    if markers_on_cards(state, seat) >= marker_limit(state):
        return "richelieu.marker_limit", {"limit": marker_limit(state)}
    return None


def may_move(state: State, seat: int) -> bool:
    """Whether the seat's marker option is moving one of its markers rather than placing one.

    The rulebooks allow a move only to a player with no marker left in stock (rules version 2).
    Version 1 allowed it whenever no marker could be placed, which with four players included a
    seat whose third marker must stay in stock.
    """
    if state.rules == 1:
        return not can_place(state, seat)
    return state.stock[seat] == 0


def move_problem(state: State, seat: int, source: str, target: str) -> Problem:
    if locate(state, source) is None or state.markers_on.get(source) != seat:
        return "richelieu.not_your_marker", {"card": source}
    if locate(state, target) is None:
        return "richelieu.marker_card_not_on_table", {}
    if target in state.markers_on:
        return "richelieu.card_has_marker", {"card": target}
    if not may_move(state, seat):
        if can_place(state, seat):
            return "richelieu.move_not_allowed", {}
        return "richelieu.third_marker_in_stock", {"limit": marker_limit(state)}
    return None


def legal_marker_moves(state: State, seat: int) -> list[dict[str, Any]]:
    free = free_cards(state)
    if can_place(state, seat):
        return [{"type": "place_marker", "card": card} for card in free]
    if not may_move(state, seat):
        return []
    return [
        {"type": "move_marker", "from": source, "to": target}
        for source in own_marked_cards(state, seat)
        for target in free
    ]


def marker_back_problem(state: State, seat: int) -> Problem:
    if not has_marker_back(state, seat):
        return "richelieu.no_marker_back_disc", {}
    if state.boxed[seat] == 0:
        return "richelieu.no_boxed_marker", {}
    return None


# Ending a turn --------------------------------------------------------------------------


def follow_up_possible(state: State, seat: int) -> bool:
    """Whether the turn should stay open after a card was taken: a second card or a marker
    might follow. Only public facts are used (the number of face-down discs, never which
    ones), so that whether a turn stays open reveals nothing about a seat's discs."""
    might_unbox = state.boxed[seat] > 0 and len(state.held[seat]) > 0
    on_cards = markers_on_cards(state, seat)
    if free_cards(state):
        if can_place(state, seat) or (on_cards > 0 and may_move(state, seat)):
            return True
        if might_unbox and on_cards < marker_limit(state):
            return True
    if len(state.turn_cards) != 1 or state.first_turn:
        return False
    if CARDS[state.turn_cards[0]].shields != 1:
        return False
    can_pay = state.stock[seat] > 0 or on_cards > 0 or might_unbox
    for card in end_cards(state):
        if take_problem(state, seat, card) is None:
            if not needs_payment(state, seat, card) or can_pay:
                return True
    return False
