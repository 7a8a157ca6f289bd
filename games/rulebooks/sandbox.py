"""Try a worked example: its table, where the reader plays the moves the rules allow, for every
seat in turn, with no account and nothing stored.

The moves made so far travel in the address, so the page replays them from the example's
position on each visit; a list that does not replay is refused with a 400. A move that is a
whole legal action travels as its index among the engine's legal actions at that step
(``?moves=3.0.12``); once a move is one the table filled in (a Risk template with the troops
chosen), the list travels as compact JSON, each move an index or the concrete action
(``?moves=[0,{"type":"place","territory":"peru","troops":4}]``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from games.core import safejson
from games.engines.base import BaseEngine
from games.registry import DrawnPosition

#: At most this many moves are replayed (an example is a few turns, not a whole game).
MOST_MOVES = 200
#: The longest list of moves the address may carry, in characters.
LONGEST = 20_000
#: The largest index of a legal action, in digits.
INDEX_DIGITS = 4

#: One move: the index of a legal action, or the concrete action itself.
Move = int | dict[str, Any]


class BadMoves(ValueError):
    """The moves of the address cannot be replayed from the example's position."""


def parse_moves(text: str) -> list[Move]:
    """``"3.0.12"`` as ``[3, 0, 12]``, or a JSON list of indices and actions as that list;
    ``BadMoves`` for anything else."""
    if len(text) > LONGEST:
        raise BadMoves(text[:40])
    if text.startswith("["):
        return _json_moves(text)
    if not text:
        return []
    parts = text.split(".")
    if len(parts) > MOST_MOVES or not all(_is_index_text(part) for part in parts):
        raise BadMoves(text[:40])
    return [int(part) for part in parts]


def _is_index_text(part: str) -> bool:
    return part.isdecimal() and part.isascii() and len(part) <= INDEX_DIGITS


def _json_moves(text: str) -> list[Move]:
    """The moves of a JSON list: each a small non-negative integer or an action (an object
    with a ``type``)."""
    try:
        moves = safejson.loads(text)
    except ValueError:
        raise BadMoves(text[:40]) from None
    if not isinstance(moves, list) or len(moves) > MOST_MOVES:
        raise BadMoves(text[:40])
    for move in moves:
        is_index = type(move) is int and 0 <= move < 10**INDEX_DIGITS
        is_action = isinstance(move, dict) and isinstance(move.get("type"), str)
        if not is_index and not is_action:
            raise BadMoves(text[:40])
    return moves


def encode_moves(moves: Sequence[Move]) -> str:
    """The address's form of ``moves``: dotted indices while every move is one, else JSON."""
    if all(isinstance(move, int) for move in moves):
        return ".".join(str(move) for move in moves)
    return json.dumps(list(moves), separators=(",", ":"), ensure_ascii=False)


def as_move(legal: Sequence[Mapping[str, Any]], action: Mapping[str, Any]) -> Move:
    """``action`` as it travels: its index when it is a whole legal action, else itself."""
    for index, template in enumerate(legal):
        if template == action:
            return index
    return dict(action)


def replay(engine: BaseEngine[Any], position: DrawnPosition, moves: Sequence[Move]) -> Any:
    """The example's state after ``moves``; ``BadMoves`` if an index is not a legal action's
    (or the game is over), the engine's ``EngineError`` if it refuses an action."""
    state = position.state()
    for move in moves:
        state = play(engine, state, move)
    return state


def play(engine: BaseEngine[Any], state: Any, move: Move) -> Any:
    """The state after the seat to act plays ``move``; errors as ``replay``."""
    seat = next(iter(engine.to_act(state)), None)
    if seat is None:
        raise BadMoves("the game is over")
    if isinstance(move, dict):
        return engine.apply(state, seat, move)
    legal = engine.legal_actions(state, seat)
    if not 0 <= move < len(legal):
        raise BadMoves(str(move))
    return engine.apply(state, seat, legal[move])
