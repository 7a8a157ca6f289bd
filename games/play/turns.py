"""Where a player goes next: the match where it is their move with the nearest deadline, as
lichess and OGS send a correspondence player on after each move."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.db.models import F

from games.accounts.models import User
from games.play.models import Match, Seat

#: The most urgent first: the nearest deadline, then paused clocks (a vacation), oldest match
#: first among equals. The dashboard lists the player's turns in the same order.
MOST_URGENT_FIRST = (F("match__deadline").asc(nulls_last=True), "match_id")


def next_turn(user: User | AnonymousUser, leaving: int | None = None) -> Seat | None:
    """The user's seat in the most urgent match that waits for their move, other than the
    match ``leaving`` (the one on screen); ``None`` when none waits (one indexed query)."""
    if not user.is_authenticated:
        return None
    seats = Seat.objects.filter(
        user=user,
        outcome="",
        status=Seat.Status.JOINED,
        is_to_act=True,
        match__status=Match.Status.ACTIVE,
    )
    if leaving is not None:
        seats = seats.exclude(match_id=leaving)
    return seats.select_related("match").order_by(*MOST_URGENT_FIRST).first()
