"""A ladder's rules: who may challenge whom, and how a result moves the rungs.

Positions count from 1 at the top. A player may challenge anyone up to ⌈√position⌉ places
above (from 9th, the 6th to the 8th; from 2nd, only the 1st); a winner from below takes the
loser's place, and everyone from that place down to the winner's old one steps down one. A
player has a few open challenges at most, and the same two players do not meet again within a
week.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime, timedelta
from enum import StrEnum

#: Open challenges a player may have at once (made or received).
MOST_OPEN = 3
#: How long before the same two players may meet again on the ladder.
REST = timedelta(days=7)


class Refusal(StrEnum):
    """Why a challenge is refused (the API's error codes)."""

    NOT_ON_LADDER = "not_on_ladder"
    SAME_PLAYER = "same_player"
    NOT_ABOVE = "not_above"
    TOO_FAR = "too_far"
    TOO_MANY_OPEN = "too_many_open"
    MET_RECENTLY = "met_recently"


def reach(position: int) -> int:
    """How many places above ``position`` a player may challenge."""
    return math.ceil(math.sqrt(position))


def refusal(
    ladder: Sequence[int],
    challenger: int,
    defender: int,
    *,
    open_challenges: int = 0,
    defender_open: int = 0,
    last_met: datetime | None = None,
    now: datetime | None = None,
) -> Refusal | None:
    """Why ``challenger`` may not challenge ``defender`` on ``ladder`` (player ids, top first),
    or None if they may; ``open_challenges`` and ``defender_open`` count each one's open
    challenges, ``last_met`` is when the two last met on this ladder."""
    if challenger == defender:
        return Refusal.SAME_PLAYER
    if challenger not in ladder or defender not in ladder:
        return Refusal.NOT_ON_LADDER
    mine, theirs = ladder.index(challenger) + 1, ladder.index(defender) + 1
    if theirs >= mine:
        return Refusal.NOT_ABOVE
    if mine - theirs > reach(mine):
        return Refusal.TOO_FAR
    if open_challenges >= MOST_OPEN or defender_open >= MOST_OPEN:
        return Refusal.TOO_MANY_OPEN
    if last_met is not None and now is not None and now - last_met < REST:
        return Refusal.MET_RECENTLY
    return None


def after_result(ladder: Sequence[int], winner: int, loser: int) -> list[int]:
    """The ladder after ``winner`` beat ``loser``: a winner from below takes the loser's place
    and the players from there down to the winner's old place step down one; a winner from
    above keeps things as they are."""
    order = list(ladder)
    if order.index(winner) < order.index(loser):
        return order
    order.remove(winner)
    order.insert(order.index(loser), winner)
    return order


def joined(ladder: Sequence[int], player: int) -> list[int]:
    """A newcomer starts at the bottom."""
    return [*ladder, player] if player not in ladder else list(ladder)
