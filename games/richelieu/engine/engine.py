"""The Richelieu engine: 2–4 players take cards from the row ends to win regions and symbols.

A turn is a short sequence of moves (``apply`` calls) by the seat to act:

* phase "take": ``take`` a card at a row end (``pay`` names the marker paid when the card
  carries another player's marker); a seat that can take nothing may only ``pass``;
* phase "after" (entered only while something may still follow): ``take`` a second card,
  ``place_marker`` or ``move_marker`` (either ends the turn), or ``end_turn``.

``marker_back`` (spend a "marker back" disc) is allowed in either phase. The turn ends by
itself when nothing may follow a card; that decision looks only at public facts, so it never
betrays which discs a seat holds.

Versions of the rules (``state.rules``; a match keeps the version it started with):

* 1: a seat could move a marker whenever it could not place one (with four players, also
  while its third marker lay in stock), and could pass whenever it could not take a card at
  once, even when spending a "marker back" disc would have paid for one.
* 2 (the rulebooks): a marker may be moved only with no marker in stock, so a four-player seat
  with two markers on cards and one in stock may neither place nor move; and ``pass`` is legal
  only when no sequence of the turn, spending a "marker back" disc first included, takes a
  card.

Version 2 removes choices that a version 1 log may have made (a stored record does), so the
version 1 rules stay selectable: ``setup(..., version=1)``, and a saved state without
``rules`` (saved before version 2 existed) is read as version 1. Such a match plays on under
version 1 to its end and its log replays exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines.base import Action, BaseEngine, Event, Result, Rng, View
from games.richelieu.engine import rules
from games.richelieu.engine.catalogue import ERRORS, EVENTS, FUN_FOR_2, OPTIONS, SECTIONS
from games.richelieu.engine.data import CARD_IDS, CARDS, COMPONENTS, DISC_IDS, DISCS, MARKER_BACK
from games.richelieu.engine.scoring import build_result
from games.richelieu.engine.state import (
    AFTER,
    ALL_TAKEN,
    OVER,
    PLAYERS_LEFT,
    RULES_VERSIONS,
    TAKE,
    THREE_ROWS,
    State,
    copy_event,
)
from games.richelieu.engine.view import build_view, hidden_variant

#: The keys each action type takes (the first set is required, the second optional).
ACTION_KEYS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "take": (frozenset({"type", "card"}), frozenset({"pay"})),
    "place_marker": (frozenset({"type", "card"}), frozenset()),
    "move_marker": (frozenset({"type", "from", "to"}), frozenset()),
    "marker_back": (frozenset({"type"}), frozenset()),
    "pass": (frozenset({"type"}), frozenset()),
    "end_turn": (frozenset({"type"}), frozenset()),
}


class RichelieuEngine(BaseEngine[State]):
    slug = "richelieu"
    name = "Richelieu"
    version = RULES_VERSIONS[-1]
    versions = RULES_VERSIONS
    options_schema = OPTIONS
    errors = ERRORS
    event_messages = EVENTS
    sections = SECTIONS

    # Players and options -------------------------------------------------------------

    def player_counts(self, options: Mapping[str, Any]) -> tuple[int, ...]:
        return (2,) if options.get("ruleset") == FUN_FOR_2 else (2, 3, 4)

    def setup(
        self, players: int, options: Mapping[str, Any], seed: int, version: int | None = None
    ) -> State:
        rules_version = self.rules_version(version)
        chosen = self.normalise_options(options)
        self.check_players(players, chosen)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise self.fail("richelieu.bad_setup")
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
            ruleset=chosen["ruleset"],
            short=chosen["short"],
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
            rules=rules_version,
        )

    # Reading a state ----------------------------------------------------------------

    def to_act(self, state: State) -> list[int]:
        return [] if state.phase == OVER else [state.current]

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def events(self, state: State) -> list[Event]:
        return [copy_event(event) for event in state.events]

    def result(self, state: State) -> Result | None:
        if state.phase != OVER:
            return None
        return build_result(
            state.ruleset,
            state.players,
            state.hands,
            state.held,
            state.left,
            {
                "ended": state.ended,
                "discs": {str(seat): list(state.held[seat]) for seat in range(state.players)},
            },
        )

    def view(self, state: State, seat: int | None) -> View:
        result = self.result(state)
        return build_view(state, seat, None if result is None else result.as_dict())

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state.phase == OVER or not self._is_seat(state, seat) or seat != state.current:
            return []
        actions: list[Action] = rules.legal_takes(state, seat)
        if rules.pass_problem(state, seat) is None:
            actions.append({"type": "pass"})
        if state.phase == AFTER:
            actions.extend(rules.legal_marker_moves(state, seat))
        if rules.marker_back_problem(state, seat) is None:
            actions.append({"type": "marker_back"})
        if state.phase == AFTER:
            actions.append({"type": "end_turn"})
        return actions

    # Moves ---------------------------------------------------------------------------

    def apply(self, state: State, seat: int, action: Action) -> State:
        self._check_to_act(state, seat)
        kind = self._action_type(action)
        if kind == "take":
            return self._take(state, seat, action)
        if kind == "place_marker":
            return self._place(state, seat, action)
        if kind == "move_marker":
            return self._move(state, seat, action)
        if kind == "marker_back":
            return self._marker_back(state, seat)
        if kind == "pass":
            return self._pass(state, seat)
        return self._end_turn(state, seat)

    def _take(self, state: State, seat: int, action: Action) -> State:
        card = self._card(action["card"])
        pay = action.get("pay")
        if "pay" in action and (
            not isinstance(pay, str) or (pay != rules.STOCK and pay not in CARDS)
        ):
            raise self.fail("richelieu.bad_action")
        self._raise(rules.take_problem(state, seat, card))
        self._raise(rules.payment_problem(state, seat, card, pay))
        new = state.successor()
        row_index, index = rules.locate(new, card) or (0, 0)
        new.rows[row_index].pop(index)
        if index == 0:
            new.row_starts[row_index] += 1
        new.hands[seat].append(card)
        new.turn_cards.append(card)
        details = CARDS[card]
        self._event(
            new,
            "richelieu.took_card",
            player=seat,
            card=card,
            region=details.region,
            shields=details.shields,
            symbol=details.symbol,
            row=row_index,
        )
        self._settle_marker(new, seat, card, pay)
        self._take_disc(new, seat, card)
        ended = self._end_reason(new)
        if ended is not None:
            self._finish(new, ended)
        elif rules.follow_up_possible(new, seat):
            new.phase = AFTER
        else:
            self._next_turn(new)
        return new

    def _settle_marker(self, new: State, seat: int, card: str, pay: str | None) -> None:
        """A marker on the taken card: one's own comes back to stock; another player's goes
        back to its owner, and the taker pays one of their own markers into the box."""
        owner = new.markers_on.pop(card, None)
        if owner == seat:
            new.stock[seat] += 1
            self._event(new, "richelieu.own_marker_back", player=seat, card=card)
        elif owner is not None and pay is not None:
            if pay == rules.STOCK:
                new.stock[seat] -= 1
                self._event(new, "richelieu.paid_from_stock", player=seat, owner=owner, card=card)
            else:
                del new.markers_on[pay]
                self._event(
                    new, "richelieu.paid_from_card", player=seat, owner=owner, card=card, source=pay
                )
            new.boxed[seat] += 1
            new.stock[owner] += 1

    def _take_disc(self, new: State, seat: int, card: str) -> None:
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
            {
                "code": "richelieu.took_disc",
                "params": {"player": seat, "card": card},
                "secret": secret,
            }
        )

    def _place(self, state: State, seat: int, action: Action) -> State:
        card = self._card(action["card"])
        if state.phase == TAKE:
            raise self.fail("richelieu.take_first")
        self._raise(rules.place_problem(state, seat, card))
        new = state.successor()
        new.markers_on[card] = seat
        new.stock[seat] -= 1
        self._event(new, "richelieu.placed_marker", player=seat, card=card)
        self._next_turn(new)
        return new

    def _move(self, state: State, seat: int, action: Action) -> State:
        source = self._card(action["from"])
        target = self._card(action["to"])
        if state.phase == TAKE:
            raise self.fail("richelieu.take_first")
        self._raise(rules.move_problem(state, seat, source, target))
        new = state.successor()
        del new.markers_on[source]
        new.markers_on[target] = seat
        self._event(new, "richelieu.moved_marker", player=seat, source=source, target=target)
        self._next_turn(new)
        return new

    def _marker_back(self, state: State, seat: int) -> State:
        self._raise(rules.marker_back_problem(state, seat))
        new = state.successor()
        disc = next(d for d in new.held[seat] if DISCS[d].kind == MARKER_BACK)
        new.held[seat].remove(disc)
        new.spent[seat].append(disc)
        new.boxed[seat] -= 1
        new.stock[seat] += 1
        self._event(new, "richelieu.spent_marker_back", player=seat, disc=disc)
        return new

    def _pass(self, state: State, seat: int) -> State:
        self._raise(rules.pass_problem(state, seat))
        new = state.successor()
        self._event(new, "richelieu.passed", player=seat)
        self._next_turn(new)
        return new

    def _end_turn(self, state: State, seat: int) -> State:
        if state.phase == TAKE:
            raise self.fail("richelieu.must_take")
        new = state.successor()
        self._event(new, "richelieu.ended_turn", player=seat)
        self._next_turn(new)
        return new

    # Leaving and timeouts ----------------------------------------------------------------

    def leave(self, state: State, seat: int) -> State:
        """``seat`` is out: its markers leave the cards, its cards and discs stay with it and
        count for nothing. With one player left the game ends and that player wins."""
        if state.phase == OVER:
            raise self.fail("richelieu.game_over")
        if not self._is_seat(state, seat) or seat in state.left:
            raise self.fail("richelieu.not_in_game", seat=seat if isinstance(seat, int) else None)
        new = state.successor()
        new.left.append(seat)
        for card in [card for card, owner in new.markers_on.items() if owner == seat]:
            del new.markers_on[card]
            new.stock[seat] += 1
        self._event(new, "richelieu.left", player=seat)
        remaining = [other for other in range(new.players) if other not in new.left]
        if len(remaining) == 1:
            self._finish(new, PLAYERS_LEFT, player=remaining[0])
        elif new.current == seat:
            self._next_turn(new)
        return new

    def skip(self, state: State, seat: int) -> State:
        """The turn of ``seat`` passes as it stands: with no card taken yet, nothing is taken
        (the only case where a turn passes without a card while one could be taken); after a
        card, the turn ends as with "end turn" (no second card, no marker). Markers and discs
        are untouched."""
        self._check_to_act(state, seat)
        new = state.successor()
        self._event(new, "richelieu.skipped", player=seat)
        self._next_turn(new)
        return new

    # JSON ----------------------------------------------------------------------------

    def hidden_variant(self, state: State, seat: int | None, seed: int) -> State:
        return hidden_variant(state, seat, seed)

    def to_json(self, state: State) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> State:
        try:
            state = State.from_json(dict(data))
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise self.fail("richelieu.bad_state") from error
        if state.rules not in self.versions:
            raise self.fail("richelieu.bad_state")
        return state

    # Helpers -------------------------------------------------------------------------

    def _is_seat(self, state: State, seat: Any) -> bool:
        return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.players

    def _check_to_act(self, state: State, seat: Any) -> None:
        if state.phase == OVER:
            raise self.fail("richelieu.game_over")
        if not self._is_seat(state, seat) or seat != state.current:
            raise self.fail("richelieu.not_your_turn")

    def _action_type(self, action: Any) -> str:
        if not isinstance(action, dict):
            raise self.fail("richelieu.bad_action")
        kind = action.get("type")
        if not isinstance(kind, str) or kind not in ACTION_KEYS:
            raise self.fail("richelieu.bad_action")
        required, optional = ACTION_KEYS[kind]
        keys = set(action)
        if not required <= keys or not keys <= required | optional:
            raise self.fail("richelieu.bad_action")
        return kind

    def _card(self, value: Any) -> str:
        if not isinstance(value, str) or value not in CARDS:
            raise self.fail("richelieu.bad_action")
        return value

    def _raise(self, problem: rules.Problem) -> None:
        if problem is not None:
            code, params = problem
            raise self.fail(code, **params)

    def _event(self, state: State, code: str, **params: Any) -> None:
        state.events.append({"code": code, "params": params})

    def _next_turn(self, state: State) -> None:
        if state.turn_cards:
            state.first_turn = False
        state.turn_cards = []
        state.phase = TAKE
        state.current = rules.next_active(state, state.current)

    def _end_reason(self, state: State) -> str | None:
        empty = sum(1 for row in state.rows if not row)
        if empty == len(state.rows):
            return ALL_TAKEN
        if state.short and empty >= len(state.rows) - 1:
            return THREE_ROWS
        return None

    def _finish(self, state: State, reason: str, **params: Any) -> None:
        if state.turn_cards:
            state.first_turn = False
        state.turn_cards = []
        state.phase = OVER
        state.ended = reason
        self._event(state, f"richelieu.game_over_{reason}", **params)


#: The one instance the registry serves.
ENGINE = RichelieuEngine()
