"""The rules of Richelieu: the setup, the legal actions, one function per action type that
applies it (named after the action: ``take``, ``place_marker``, ``move_marker``,
``marker_back``, ``pass_``, ``end_turn``; ``leave`` and ``skip`` for the play layer's entries),
and the small questions about a state they share. ``apply`` and ``legal_actions`` both ask
those questions, so that the moves listed and the moves accepted cannot drift apart.

A check returns ``None`` when the move is allowed, else ``(error code, params)``; the params
never name a face-down disc. An action function never changes the state it is given: it
builds the next state in ``state.successor()``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.engines.base import Action, Rng
from games.richelieu.engine.catalogue import FUN_FOR_2, fail
from games.richelieu.engine.data import CARD_IDS, CARDS, COMPONENTS, DISC_IDS, DISCS, MARKER_BACK
from games.richelieu.engine.state import (
    AFTER,
    ALL_TAKEN,
    OVER,
    PLAYERS_LEFT,
    TAKE,
    THREE_ROWS,
    State,
)

Problem = tuple[str, dict[str, Any]] | None
STOCK = "stock"

#: The keys each action type takes (the first set is required, the second optional).
ACTION_KEYS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "take": (frozenset({"type", "card"}), frozenset({"pay"})),
    "place_marker": (frozenset({"type", "card"}), frozenset()),
    "move_marker": (frozenset({"type", "from", "to"}), frozenset()),
    "marker_back": (frozenset({"type"}), frozenset()),
    "pass": (frozenset({"type"}), frozenset()),
    "end_turn": (frozenset({"type"}), frozenset()),
}


# Players and setup ----------------------------------------------------------------------


def player_counts(options: Mapping[str, Any]) -> tuple[int, ...]:
    return (2,) if options.get("ruleset") == FUN_FOR_2 else (2, 3, 4)


def setup(players: int, options: Mapping[str, Any], seed: int, version: int) -> State:
    """The table dealt from ``seed``: four rows of twelve cards, the discs on their cells."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise fail("richelieu.bad_setup")
    rng = Rng(seed)
    cards = list(CARD_IDS)
    rng.shuffle(cards)
    width = COMPONENTS.columns
    rows = [cards[row * width : (row + 1) * width] for row in range(COMPONENTS.rows)]
    discs = list(DISC_IDS)
    rng.shuffle(discs)
    cells = COMPONENTS.disc_cells
    per_seat = COMPONENTS.markers_per_player
    return State(
        players=players,
        ruleset=options["ruleset"],
        short=options["short"],
        rows=rows,
        row_starts=[0] * len(rows),
        discs_on={rows[row][column]: discs[i] for i, (row, column) in enumerate(cells)},
        markers_on={},
        stock=[per_seat] * players,
        boxed=[0] * players,
        hands=[[] for _ in range(players)],
        held=[[] for _ in range(players)],
        spent=[[] for _ in range(players)],
        unused=discs[len(cells) :],
        current=0,
        phase=TAKE,
        turn_cards=[],
        first_turn=True,
        left=[],
        ended=None,
        rng=rng.state,
        rules=version,
    )


# Reading a state ------------------------------------------------------------------------


def to_act(state: State) -> list[int]:
    return [] if state.phase == OVER else [state.current]


def is_over(state: State) -> bool:
    return state.phase == OVER


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


# Legal actions and applying one ---------------------------------------------------------


def legal_actions(state: State, seat: int) -> list[Action]:
    if state.phase == OVER or not is_seat(state, seat) or seat != state.current:
        return []
    actions: list[Action] = legal_takes(state, seat)
    if pass_problem(state, seat) is None:
        actions.append({"type": "pass"})
    if state.phase == AFTER:
        actions.extend(legal_marker_moves(state, seat))
    if marker_back_problem(state, seat) is None:
        actions.append({"type": "marker_back"})
    if state.phase == AFTER:
        actions.append({"type": "end_turn"})
    return actions


def apply(state: State, seat: int, action: Action) -> State:
    """The state after ``seat``'s ``action``: the function of its type (see ``ACTIONS``)."""
    check_to_act(state, seat)
    return ACTIONS[action_type(action)](state, seat, action)


def take(state: State, seat: int, action: Action) -> State:
    """Take a card at a row end, paying for another player's marker on it; a disc on it goes
    face down to the taker. The turn stays open if a second card or a marker may follow."""
    card = card_of(action["card"])
    pay = action.get("pay")
    if "pay" in action and (not isinstance(pay, str) or (pay != STOCK and pay not in CARDS)):
        raise fail("richelieu.bad_action")
    raise_problem(take_problem(state, seat, card))
    raise_problem(payment_problem(state, seat, card, pay))
    new = state.successor()
    row_index, index = locate(new, card) or (0, 0)
    new.rows[row_index].pop(index)
    if index == 0:
        new.row_starts[row_index] += 1
    new.hands[seat].append(card)
    new.turn_cards.append(card)
    details = CARDS[card]
    event(
        new,
        "richelieu.took_card",
        player=seat,
        card=card,
        region=details.region,
        shields=details.shields,
        symbol=details.symbol,
        row=row_index,
    )
    settle_marker(new, seat, card, pay)
    take_disc(new, seat, card)
    ended = end_reason(new)
    if ended is not None:
        finish(new, ended)
    elif follow_up_possible(new, seat):
        new.phase = AFTER
    else:
        next_turn(new)
    return new


def settle_marker(new: State, seat: int, card: str, pay: str | None) -> None:
    """A marker on the taken card: one's own comes back to stock; another player's goes
    back to its owner, and the taker pays one of their own markers into the box."""
    owner = new.markers_on.pop(card, None)
    if owner == seat:
        new.stock[seat] += 1
        event(new, "richelieu.own_marker_back", player=seat, card=card)
    elif owner is not None and pay is not None:
        if pay == STOCK:
            new.stock[seat] -= 1
            event(new, "richelieu.paid_from_stock", player=seat, owner=owner, card=card)
        else:
            del new.markers_on[pay]
            event(new, "richelieu.paid_from_card", player=seat, owner=owner, card=card, source=pay)
        new.boxed[seat] += 1
        new.stock[owner] += 1


def take_disc(new: State, seat: int, card: str) -> None:
    """A disc on the taken card goes face down to the taker: only they learn what it is."""
    disc = new.discs_on.pop(card, None)
    if disc is None:
        return
    new.held[seat].append(disc)
    details = DISCS[disc]
    secret = {
        "seats": [seat],
        "params": {
            "disc": disc,
            "kind": details.kind,
            "region": details.region,
            "symbol": details.symbol,
        },
    }
    new.events.append(
        {"code": "richelieu.took_disc", "params": {"player": seat, "card": card}, "secret": secret}
    )


def place_marker(state: State, seat: int, action: Action) -> State:
    """Place a marker from stock on a free card; the turn ends."""
    card = card_of(action["card"])
    if state.phase == TAKE:
        raise fail("richelieu.take_first")
    raise_problem(place_problem(state, seat, card))
    new = state.successor()
    new.markers_on[card] = seat
    new.stock[seat] -= 1
    event(new, "richelieu.placed_marker", player=seat, card=card)
    next_turn(new)
    return new


def move_marker(state: State, seat: int, action: Action) -> State:
    """Move one of one's markers to a free card; the turn ends."""
    source = card_of(action["from"])
    target = card_of(action["to"])
    if state.phase == TAKE:
        raise fail("richelieu.take_first")
    raise_problem(move_problem(state, seat, source, target))
    new = state.successor()
    del new.markers_on[source]
    new.markers_on[target] = seat
    event(new, "richelieu.moved_marker", player=seat, source=source, target=target)
    next_turn(new)
    return new


def marker_back(state: State, seat: int, action: Action) -> State:
    """Spend a "marker back" disc: a marker comes out of the box into stock."""
    raise_problem(marker_back_problem(state, seat))
    new = state.successor()
    disc = next(d for d in new.held[seat] if DISCS[d].kind == MARKER_BACK)
    new.held[seat].remove(disc)
    new.spent[seat].append(disc)
    new.boxed[seat] -= 1
    new.stock[seat] += 1
    event(new, "richelieu.spent_marker_back", player=seat, disc=disc)
    return new


def pass_(state: State, seat: int, action: Action) -> State:
    """Pass (the action "pass"): only a seat that can take no card this turn."""
    raise_problem(pass_problem(state, seat))
    new = state.successor()
    event(new, "richelieu.passed", player=seat)
    next_turn(new)
    return new


def end_turn(state: State, seat: int, action: Action) -> State:
    """End the turn after taking a card, without a second card or a marker."""
    if state.phase == TAKE:
        raise fail("richelieu.must_take")
    new = state.successor()
    event(new, "richelieu.ended_turn", player=seat)
    next_turn(new)
    return new


#: The function that applies each action type a player may send.
ACTIONS: dict[str, Callable[[State, int, Action], State]] = {
    "take": take,
    "place_marker": place_marker,
    "move_marker": move_marker,
    "marker_back": marker_back,
    "pass": pass_,
    "end_turn": end_turn,
}


# Leaving and timeouts -------------------------------------------------------------------


def leave(state: State, seat: int) -> State:
    """``seat`` is out: its markers leave the cards, its cards and discs stay with it and
    count for nothing. With one player left the game ends and that player wins."""
    if state.phase == OVER:
        raise fail("richelieu.game_over")
    if not is_seat(state, seat) or seat in state.left:
        raise fail("richelieu.not_in_game", seat=seat if isinstance(seat, int) else None)
    new = state.successor()
    new.left.append(seat)
    for card in [card for card, owner in new.markers_on.items() if owner == seat]:
        del new.markers_on[card]
        new.stock[seat] += 1
    event(new, "richelieu.left", player=seat)
    remaining = [other for other in range(new.players) if other not in new.left]
    if len(remaining) == 1:
        finish(new, PLAYERS_LEFT, player=remaining[0])
    elif new.current == seat:
        next_turn(new)
    return new


def skip(state: State, seat: int) -> State:
    """The turn of ``seat`` passes as it stands: with no card taken yet, nothing is taken
    (the only case where a turn passes without a card while one could be taken); after a
    card, the turn ends as with "end turn" (no second card, no marker). Markers and discs
    are untouched."""
    check_to_act(state, seat)
    new = state.successor()
    event(new, "richelieu.skipped", player=seat)
    next_turn(new)
    return new


# Reading the input ----------------------------------------------------------------------


def is_seat(state: State, seat: Any) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.players


def check_to_act(state: State, seat: Any) -> None:
    if state.phase == OVER:
        raise fail("richelieu.game_over")
    if not is_seat(state, seat) or seat != state.current:
        raise fail("richelieu.not_your_turn")


def action_type(action: Any) -> str:
    """The type of a well-formed action: a known type with exactly its keys."""
    if not isinstance(action, dict):
        raise fail("richelieu.bad_action")
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in ACTION_KEYS:
        raise fail("richelieu.bad_action")
    required, optional = ACTION_KEYS[kind]
    keys = set(action)
    if not required <= keys or not keys <= required | optional:
        raise fail("richelieu.bad_action")
    return kind


def card_of(value: Any) -> str:
    if not isinstance(value, str) or value not in CARDS:
        raise fail("richelieu.bad_action")
    return value


def raise_problem(problem: Problem) -> None:
    if problem is not None:
        code, params = problem
        raise fail(code, **params)


# The turn and the end -------------------------------------------------------------------


def event(state: State, code: str, **params: Any) -> None:
    state.events.append({"code": code, "params": params})


def next_turn(state: State) -> None:
    if state.turn_cards:
        state.first_turn = False
    state.turn_cards = []
    state.phase = TAKE
    state.current = next_active(state, state.current)


def end_reason(state: State) -> str | None:
    empty = sum(1 for row in state.rows if not row)
    if empty == len(state.rows):
        return ALL_TAKEN
    if state.short and empty >= len(state.rows) - 1:
        return THREE_ROWS
    return None


def finish(state: State, reason: str, **params: Any) -> None:
    if state.turn_cards:
        state.first_turn = False
    state.turn_cards = []
    state.phase = OVER
    state.ended = reason
    event(state, f"richelieu.game_over_{reason}", **params)
