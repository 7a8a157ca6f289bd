"""The state of a Richelieu game: plain lists and dicts, copied field by field on each move."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.engines.base import Event
from games.richelieu.engine.catalogue import fail
from games.richelieu.engine.data import CARDS, DISCS

#: Phases of a turn. "take": the first card (or a pass if nothing can be taken); "after": a
#: second card, a marker, ending the turn; "over": the game has ended.
TAKE = "take"
AFTER = "after"
OVER = "over"
PHASES = (TAKE, AFTER, OVER)

#: The versions of the rules a game can follow (the engine's ``versions``; the last is current).
RULES_VERSIONS = (1, 2)

#: Why the game ended.
ALL_TAKEN = "all_taken"
THREE_ROWS = "three_rows"
PLAYERS_LEFT = "players_left"
END_REASONS = (ALL_TAKEN, THREE_ROWS, PLAYERS_LEFT)


@dataclass(slots=True)
class State:
    """Everything about one game. Seats are ``0 .. players - 1``; cards and discs by id."""

    players: int
    ruleset: str
    short: bool
    rows: list[list[str]]  # each row from its left end to its right end
    row_starts: list[int]  # per row, the column (from 0) of its left end card
    discs_on: dict[str, str]  # card id -> face-down disc id lying on it
    markers_on: dict[str, int]  # card id -> seat whose marker lies on it
    stock: list[int]  # per seat, markers in hand
    boxed: list[int]  # per seat, markers paid into the box
    hands: list[list[str]]  # per seat, the cards taken, in the order taken
    held: list[list[str]]  # per seat, face-down discs taken and not spent
    spent: list[list[str]]  # per seat, "marker back" discs spent (shown to all)
    unused: list[str]  # the 6 discs out of the game, seen by nobody
    current: int
    phase: str
    turn_cards: list[str]  # the cards taken so far in the current turn
    first_turn: bool  # true until a turn in which a card was taken has ended
    left: list[int]  # seats that left the game, in the order they left
    ended: str | None  # one of END_REASONS once the game is over
    rng: int
    rules: int  # the engine version whose rules this game follows (see the engine docstring)
    events: list[Event] = field(default_factory=list)

    def successor(self) -> State:
        """A copy to build the next state in; shares nothing mutable with ``self``."""
        return State(
            players=self.players,
            ruleset=self.ruleset,
            short=self.short,
            rows=[list(row) for row in self.rows],
            row_starts=list(self.row_starts),
            discs_on=dict(self.discs_on),
            markers_on=dict(self.markers_on),
            stock=list(self.stock),
            boxed=list(self.boxed),
            hands=[list(hand) for hand in self.hands],
            held=[list(discs) for discs in self.held],
            spent=[list(discs) for discs in self.spent],
            unused=list(self.unused),
            current=self.current,
            phase=self.phase,
            turn_cards=list(self.turn_cards),
            first_turn=self.first_turn,
            left=list(self.left),
            ended=self.ended,
            rng=self.rng,
            rules=self.rules,
            events=[],
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "ruleset": self.ruleset,
            "short": self.short,
            "rows": [list(row) for row in self.rows],
            "row_starts": list(self.row_starts),
            "discs_on": dict(self.discs_on),
            "markers_on": dict(self.markers_on),
            "stock": list(self.stock),
            "boxed": list(self.boxed),
            "hands": [list(hand) for hand in self.hands],
            "held": [list(discs) for discs in self.held],
            "spent": [list(discs) for discs in self.spent],
            "unused": list(self.unused),
            "current": self.current,
            "phase": self.phase,
            "turn_cards": list(self.turn_cards),
            "first_turn": self.first_turn,
            "left": list(self.left),
            "ended": self.ended,
            "rng": self.rng,
            "rules": self.rules,
            "events": [copy_event(event) for event in self.events],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        """The state ``to_json`` wrote; raises ``ValueError`` (or ``KeyError``/``TypeError``)
        when the data is not one."""
        players = _int(data["players"])
        state = cls(
            players=players,
            ruleset=_str(data["ruleset"]),
            short=_bool(data["short"]),
            rows=[_strs(row) for row in data["rows"]],
            row_starts=[_int(start) for start in data["row_starts"]],
            discs_on={_str(card): _str(disc) for card, disc in data["discs_on"].items()},
            markers_on={_str(card): _int(seat) for card, seat in data["markers_on"].items()},
            stock=[_int(n) for n in data["stock"]],
            boxed=[_int(n) for n in data["boxed"]],
            hands=[_strs(hand) for hand in data["hands"]],
            held=[_strs(discs) for discs in data["held"]],
            spent=[_strs(discs) for discs in data["spent"]],
            unused=_strs(data["unused"]),
            current=_int(data["current"]),
            phase=_str(data["phase"]),
            turn_cards=_strs(data["turn_cards"]),
            first_turn=_bool(data["first_turn"]),
            left=[_int(seat) for seat in data["left"]],
            ended=None if data["ended"] is None else _str(data["ended"]),
            rng=_int(data["rng"]),
            # States saved before engine version 2 have no "rules": they follow version 1.
            rules=_int(data.get("rules", 1)),
            events=[copy_event(event) for event in data["events"]],
        )
        per_seat = (state.stock, state.boxed, state.hands, state.held, state.spent)
        if len(state.row_starts) != len(state.rows):
            raise ValueError("one start per row")
        if any(len(values) != players for values in per_seat) or not 0 <= state.current < players:
            raise ValueError("per-seat data does not match the number of players")
        if state.phase not in PHASES or (
            state.ended is not None and state.ended not in END_REASONS
        ):
            raise ValueError("unknown phase")
        cards = [*state.turn_cards, *state.markers_on, *state.discs_on]
        cards += [card for group in (*state.rows, *state.hands) for card in group]
        discs = [*state.discs_on.values(), *state.unused]
        discs += [disc for group in (*state.held, *state.spent) for disc in group]
        seats = [*state.markers_on.values(), *state.left]
        if not set(cards) <= CARDS.keys() or not set(discs) <= DISCS.keys():
            raise ValueError("unknown card or disc")
        if any(not 0 <= seat < players for seat in seats):
            raise ValueError("unknown seat")
        return state


def state_to_json(state: State) -> dict[str, Any]:
    return state.to_json()


def state_from_json(data: Mapping[str, Any]) -> State:
    """The state ``state_to_json`` wrote, under rules this engine still plays; anything else
    is the error "richelieu.bad_state"."""
    try:
        state = State.from_json(dict(data))
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise fail("richelieu.bad_state") from error
    if state.rules not in RULES_VERSIONS:
        raise fail("richelieu.bad_state")
    return state


def copy_events(state: State) -> list[Event]:
    """The events of the last move, copied (the engine's ``events``)."""
    return [copy_event(event) for event in state.events]


def copy_event(event: Any) -> Event:
    if not isinstance(event, dict):
        raise ValueError("an event is a dict")
    copied: Event = {"code": _str(event["code"]), "params": dict(event.get("params", {}))}
    secret = event.get("secret")
    if secret is not None:
        copied["secret"] = {
            "seats": [_int(seat) for seat in secret["seats"]],
            "params": dict(secret["params"]),
        }
    return copied


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError("expected an integer")
    return value


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError("expected a string")
    return value


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("expected a boolean")
    return value


def _strs(values: Any) -> list[str]:
    if not isinstance(values, list):
        raise ValueError("expected a list")
    return [_str(value) for value in values]
