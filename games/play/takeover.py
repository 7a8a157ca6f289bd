"""Abandoned seats: under the "a house player takes over" policy (``Match.TimeoutPolicy.BOT``)
a seat whose player times out (the deadline sweep) or resigns is played to the end by the
level-2 house player of its game, so that the others can finish.

The player keeps the seat (their name, their rating, the match on their profile) but is out of
it: the seat's status is ``out``, ``bot_level`` says which house player plays it and
``bot_from`` the move number from which it does. The house players' usual path plays it
(``games.house``: queued when it is to act, submitted through the move service). When the
match finishes, the result ranks the absent players last, below everyone who played to the end
(``games.engines.records.absent_last``), which the ratings then follow, and the record says
from which move the house player played (the result's ``extra``, and the player's entry).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import pgettext

from games.play.models import Match, Seat

#: The house player who plays an abandoned seat: steady, not the strongest.
LEVEL = 2


def applies(match: Match) -> bool:
    return match.timeout_policy == Match.TimeoutPolicy.BOT


def take_over(match: Match, seat: Seat, reason: str) -> None:
    """The seat's player is out; a house player plays the seat from the next move on."""
    seat.status, seat.out_reason = Seat.Status.OUT, reason
    seat.bot_level, seat.bot_from = LEVEL, match.version + 1
    seat.save(update_fields=["status", "out_reason", "bot_level", "bot_from"])


def played_by_house(seat: Seat) -> bool:
    """Whether a house player plays the seat: its own, or one it took over."""
    if seat.bot_level is None:
        return False
    return seat.status == Seat.Status.JOINED or seat.bot_from is not None


def taken_over(seats: Any) -> dict[int, int]:
    """Seat number -> the move from which a house player plays it, for the seats taken over."""
    return {s.number: s.bot_from for s in seats if s.bot_from is not None and s.number is not None}


def names_before(seats: Any) -> dict[int, tuple[int, str]]:
    """Seat number -> (the move from which a house player plays it, the name the seat read
    before), for the seats taken over: the log names the player for the moves they made."""
    return {
        s.number: (s.bot_from, s.user.public_name)
        for s in seats
        if s.bot_from is not None and s.number is not None and s.user is not None
    }


def seat_name(seat: Seat) -> str:
    """The name a seat reads: its player's, marked once a house player took it over."""
    name = seat.user.public_name if seat.user is not None else ""
    if seat.bot_from is None:
        return name
    return pgettext("a seat a house player took over", "%(name)s (bot)") % {"name": name}
