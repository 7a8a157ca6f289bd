"""Forced moves: what "nothing to choose" means, in one place.

When a person is to act and the engine leaves them exactly one legal action with nothing to
choose in it, the move service plays it for them at once (``moves._play_forced``), marks it
``Move.automatic`` and the move log says "played automatically". Nothing to choose means the
action is its type alone: no number in a range (troops, dice, where to stop), no card (a card
to take, cards to trade), no target (a territory, a region, ``to_choices``), no payment. A
single action that names any of these still waits for its player, who may want to look first.

What that leaves in each game today:

- Richelieu: ``end_turn``, ``pass`` and ``marker_back`` when each is the only move;
- Risk: ``end_turn`` when nothing else is allowed (no attack, maneuver or card trade);
- El collar de la duquesa: ``draw`` when it is the only move.

A person switches it off in their profile (``User.auto_forced_moves``, on by default); house
players are never played for (they move through ``games.house`` anyway). A chain of forced
moves plays each seat's at most once per change (the next forced move of the same person then
waits for them), so a chain always ends.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.play.models import Seat


def forced_action(legal: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
    """The action to play for the seat, if it has exactly one and nothing to choose in it."""
    if len(legal) != 1:
        return None
    (action,) = legal
    if set(action) != {"type"}:
        return None
    return dict(action)


def plays_for(seat: Seat) -> bool:
    """Whether the site may play this seat's forced moves: a person still in who wants it."""
    user = seat.user
    return (
        user is not None
        and seat.status == Seat.Status.JOINED
        and seat.bot_level is None
        and not user.is_bot
        and bool(user.auto_forced_moves)
    )


def candidates(seats: Iterable[Seat], to_act: Iterable[int], played: frozenset[int]) -> list[Seat]:
    """The seats to act whose forced move may be played, none twice in one chain."""
    numbers = set(to_act)
    return [s for s in seats if s.number in numbers and s.number not in played and plays_for(s)]
