"""Try a worked example: its table, where the reader plays the moves the rules allow, for every
seat in turn, with no account and nothing stored.

The moves made so far travel in the address (``?moves=3.0.12``: each the index of the chosen
action among the engine's legal actions at that step), so the page replays them from the
example's position on each visit; a list that does not replay is refused with a 400.
"""

from __future__ import annotations

from typing import Any

from games.engines.base import BaseEngine
from games.registry import DrawnPosition

#: At most this many moves are replayed (an example is a few turns, not a whole game).
MOST_MOVES = 200


class BadMoves(ValueError):
    """The moves of the address cannot be replayed from the example's position."""


def parse_moves(text: str) -> list[int]:
    """``"3.0.12"`` as ``[3, 0, 12]``; ``BadMoves`` for anything else."""
    if not text:
        return []
    parts = text.split(".")
    if len(parts) > MOST_MOVES or not all(part.isdecimal() and len(part) <= 4 for part in parts):
        raise BadMoves(text[:40])
    return [int(part) for part in parts]


def replay(engine: BaseEngine[Any], position: DrawnPosition, moves: list[int]) -> Any:
    """The example's state after ``moves``; ``BadMoves`` if one is not a legal action's index
    (or the game is over)."""
    state = position.state()
    for index in moves:
        seat = next(iter(engine.to_act(state)), None)
        legal = engine.legal_actions(state, seat) if seat is not None else []
        if not 0 <= index < len(legal):
            raise BadMoves(str(index))
        state = engine.apply(state, seat, legal[index])
    return state
