"""The house players' recorder of match changes: when a house player is to act, its turn is due.

``record_match_change`` is one of the write path's recorders (``games.actions.moves``). When a
house player is now to act, the match gets a due time (``Match.bot_due_at``) by its pace: at
once, the turn's task is queued on the ``bots`` queue once the change commits, and the due time
is how long that task may take before the beat sweep counts it as lost and queues it again; at a
person's pace, the due time is when the sweep queues it (never a long countdown in the broker).
When no house player is to act any more, the due time is cleared. Nothing is written for a match
without house players.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from functools import partial

from celery import signature
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.core import outages
from games.house.seeds import pace_delay
from games.play import takeover
from games.play.changes import MatchChange
from games.play.models import Match, Seat

#: The house player's turn, a task of ``games.house.tasks`` on the ``bots`` queue.
PLAY_TURN = "games.house.tasks.play_turn"


def record_match_change(change: MatchChange) -> None:
    match = change.match
    waiting = match.status == Match.Status.ACTIVE and bool(bots_to_act(change.seats, change.to_act))
    if not waiting and match.bot_due_at is None:
        return
    now = timezone.now()
    delay = pace_delay(match) if waiting else timedelta(0)
    due = None
    if waiting:
        due = now + (delay if delay > timedelta(0) else lease())
    Match.objects.filter(pk=match.pk).update(bot_due_at=due, bot_attempts=0)
    match.bot_due_at, match.bot_attempts = due, 0
    if waiting and delay <= timedelta(0):
        transaction.on_commit(partial(queue_turn, match.pk, match.version))


def bots_to_act(seats: Iterable[Seat], to_act: Iterable[int]) -> list[Seat]:
    """The seats among ``to_act`` that a house player plays (its own, or one it took over
    from an absent player, ``games.play.takeover``)."""
    numbers = set(to_act)
    return [seat for seat in seats if seat.number in numbers and takeover.played_by_house(seat)]


def lease() -> timedelta:
    """How long a queued turn may take before the sweep queues it again."""
    return timedelta(seconds=settings.BOTS_LEASE_SECONDS)


def queue_turn(match_id: int, version: int) -> bool:
    """Queue the turn of the house player to act at ``version``; if the broker cannot take it,
    say so in the log: the due time stays, and the beat sweep queues it again."""
    return queue(match_id, version)


def queue(match_id: int, version: int) -> bool:
    """Send one turn to the ``bots`` queue. A broker that cannot take it is logged once per
    outage (``games.core.outages``): the turn stays due in its match, and beat's sweep queues it
    again after its lease. Whether the broker took it."""
    # The task is named, not imported (a Celery signature): it plays through the actions layer,
    # which calls this recorder. A process that has not loaded the task sends it by name.
    outages.enqueue(signature(PLAY_TURN), match_id, version)
    return not outages.is_down(outages.BROKER)
