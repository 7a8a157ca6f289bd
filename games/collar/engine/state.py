"""The state of a match of El collar de la duquesa: an immutable record of tuples.

``apply`` builds a new record with ``dataclasses.replace`` (only the changed fields are new), so
a state is never mutated and nothing is half-applied when an action is refused.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from games.engines.base import Event

DUEL = "duel"
SOLO = "solo"

#: Phases. Duel: TAKE (draw, take the top discard, or decline when the pile is empty) then
#: DISCARD. Solo: KEEP (keep the face-up or the unseen card of the two taken) then DISCARD.
TAKE = "take"
KEEP = "keep"
DISCARD = "discard"
OVER = "over"
PHASES = (TAKE, KEEP, DISCARD, OVER)

#: Where the card taken this turn came from.
FROM_PILE = "pile"
FROM_DISCARD = "discard"
FROM_SHOWN = "shown"
FROM_UNSEEN = "unseen"

#: Why the game ended.
END_DECLINED = "declined"
END_ANTI_STALL = "anti_stall"
END_SOLO = "solo_done"
END_LEFT = "left"

FORMAT = 1


@dataclass(frozen=True, slots=True)
class CollarState:
    mode: str
    rainbow: bool
    gold: bool
    anti_stall: bool
    players: int
    rng: int
    #: The three cards removed unseen at setup; nobody sees them before the end.
    removed: tuple[str, ...]
    common: str
    hands: tuple[tuple[str, ...], ...]
    #: The draw pile, face down; index 0 is the top.
    pile: tuple[str, ...]
    #: The discard pile, face up; the last card is the top.
    discard: tuple[str, ...]
    #: Solo: the unused cards that were never turned face up.
    set_aside: tuple[str, ...]
    #: Solo, phase KEEP and DISCARD: the two cards taken this turn, (face up, unseen).
    offer: tuple[str, ...]
    to_move: int
    phase: str
    turn: int
    taken: str | None
    taken_from: str | None
    #: Duel: whether the current turn began with an empty draw pile (anti-stall count).
    turn_began_empty: bool
    empty_turns: tuple[int, ...]
    left: tuple[int, ...]
    end_reason: str | None
    events: tuple[Event, ...]

    @property
    def over(self) -> bool:
        return self.phase == OVER


_TUPLES = {"removed", "pile", "discard", "set_aside", "offer", "empty_turns", "left"}


def state_to_json(state: CollarState) -> dict[str, Any]:
    data: dict[str, Any] = {"format": FORMAT}
    for field in fields(state):
        value = getattr(state, field.name)
        if field.name == "hands":
            value = [list(hand) for hand in value]
        elif field.name == "events":
            value = copy.deepcopy(list(value))
        elif field.name in _TUPLES:
            value = list(value)
        data[field.name] = value
    return data


def state_from_json(data: Mapping[str, Any]) -> CollarState:
    values: dict[str, Any] = {}
    for field in fields(CollarState):
        value = data[field.name]
        if field.name == "hands":
            value = tuple(tuple(hand) for hand in value)
        elif field.name == "events":
            value = tuple(copy.deepcopy(list(value)))
        elif field.name in _TUPLES:
            value = tuple(value)
        values[field.name] = value
    return CollarState(**values)


def copy_events(state: CollarState) -> list[Event]:
    """The events of the last move, copied (the engine's ``events``)."""
    return copy.deepcopy(list(state.events))
