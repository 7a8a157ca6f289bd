"""Each user's feed of events (``GET /api/v1/events/``): what happened that concerns them.

A recorder, like the webhooks: the actions call it in the transaction of the change, so an
event exists exactly when its change committed. The events are numbered per user in the order
their changes commit (``FeedCounter``), so a reader resumes after the last number it saw and
never passes over one still being written. House players (``is_bot``) have no feed: nothing
reads it.

What each kind tells (``FeedEvent.data``): ``your_turn`` the deadline; ``match_finished`` the
reader's outcome; ``invited`` who invited them; ``draw_offered`` who offered; ``chat`` who wrote
and the message's id. The match and its version are on every event.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from games.api.models import FeedCounter, FeedEvent
from games.notifications.models import Channel, Notification
from games.play.changes import TURN_KINDS, ChangeKind, MatchChange
from games.play.models import ChatMessage, Match, Seat
from games.social import relations

Kind = FeedEvent.Kind


def record_match_change(change: MatchChange) -> None:
    """``match_started`` for every player, ``your_turn`` for each seat newly to act,
    ``match_finished`` (with the outcome) or ``match_cancelled`` for every player."""
    match = change.match
    events: list[tuple[Seat, str, dict[str, Any]]] = []
    if change.kind == ChangeKind.STARTED:
        events += [(seat, Kind.MATCH_STARTED, {}) for seat in _players(change.seats)]
    if change.kind in TURN_KINDS:
        deadline = match.deadline.isoformat() if match.deadline else None
        events += [(seat, Kind.YOUR_TURN, {"deadline": deadline}) for seat in _new_turns(change)]
    elif change.kind == ChangeKind.FINISHED:
        events += [(seat, Kind.MATCH_FINISHED, {"outcome": seat.outcome})
                   for seat in _players(change.seats)]  # fmt: skip
    elif change.kind in (ChangeKind.ABORTED, ChangeKind.CANCELLED):
        events += [(seat, Kind.MATCH_CANCELLED, {}) for seat in _players(change.seats)
                   if seat.number != change.actor]  # fmt: skip
    append(match, events)


def invited(seat: Seat, by: Any) -> list[FeedEvent]:
    """An invitation to a seat of an account."""
    if seat.user is None:
        return []
    return append(seat.match, [(seat, Kind.INVITED, {"by": by.username})])


def draw_offered(match: Match, voter: Seat, others: Iterable[Seat]) -> list[FeedEvent]:
    """A player voted for a draw: each other player still in the game may agree."""
    assert voter.user is not None  # a seat that votes is a player's
    return append(match, [(seat, Kind.DRAW_OFFERED, {"by": voter.user.username}) for seat in others
                   if seat.number != voter.number])  # fmt: skip


def chat_posted(message: ChatMessage) -> list[FeedEvent]:
    """A chat message, for the match's other players who have not muted its author."""
    data = {"by": message.user.username, "message_id": message.pk}
    readers = relations.chat_readers(message)
    return append(message.match, [(seat, Kind.CHAT, dict(data)) for seat in readers])


def cancelled(match: Match, by: Any) -> None:
    """A match called off before it started, for everyone seated or invited but ``by``."""
    seated = (*Seat.PLAYER_STATUSES, Seat.Status.INVITED)
    seats = Seat.objects.filter(match=match, status__in=seated)
    append(match, [(seat, Kind.MATCH_CANCELLED, {})
                   for seat in seats.exclude(user=by.pk).select_related("user")])  # fmt: skip


def append(match: Match, events: Sequence[tuple[Seat, str, dict[str, Any]]]) -> list[FeedEvent]:
    """Number and write the events under their readers' counters (``_counters``); returns them
    (the webhooks repeat some, ``webhooks.record_feed_events``)."""
    events = [event for event in events if event[0].user is not None and not event[0].user.is_bot]
    if not events:
        return []
    counters = _counters(match, {seat.user_id for seat, _kind, _data in events})
    rows = []
    for seat, kind, data in events:
        assert seat.user_id is not None  # the seats without a user were left out above
        counter = counters[seat.user_id]
        counter.last += 1
        rows.append(FeedEvent(user_id=seat.user_id, number=counter.last, kind=kind,
                              match=match, version=match.version, data=data))  # fmt: skip
    FeedCounter.objects.bulk_update(counters.values(), ["last"])
    return FeedEvent.objects.bulk_create(rows)


def prune(now: datetime | None = None) -> int:
    """Remove the feed events older than ``API_EVENTS_KEEP_DAYS``, and the webhook notices of
    that age that were sent or given up; returns how many events went. The counters stay, so
    numbers are never reused."""
    before = (now or timezone.now()) - timedelta(days=settings.API_EVENTS_KEEP_DAYS)
    Notification.objects.filter(channel=Channel.WEBHOOK, created_at__lt=before).exclude(
        status=Notification.Status.PENDING
    ).delete()
    removed, _kinds = FeedEvent.objects.filter(created_at__lt=before).delete()
    return removed


def _counters(match: Match, readers: set[Any]) -> dict[Any, FeedCounter]:
    """The readers' counters, locked with those of everyone seated at the match, in the order
    of their ids. A transaction that tells the match's players twice (a move, then the forced
    move the site plays next) so takes no new counter the second time, and two changes never
    wait for each other's counters the other way round."""
    seated = Seat.objects.filter(match=match, user__isnull=False).values("user")
    locked = FeedCounter.objects.filter(Q(user__in=seated) | Q(user__in=readers))

    def lock() -> dict[Any, FeedCounter]:
        return {c.user_id: c for c in locked.order_by("user_id").select_for_update()}

    counters = lock()
    if not readers <= counters.keys():  # someone's first event: their counter first
        new = [FeedCounter(user_id=user_id) for user_id in readers - counters.keys()]
        FeedCounter.objects.bulk_create(new, ignore_conflicts=True)
        counters = lock()
    return {user_id: counters[user_id] for user_id in readers}


def _new_turns(change: MatchChange) -> list[Seat]:
    """The seats newly to act, but not again after a forced move the site played for a player
    it had just told (the email tells that turn again, at its new version; the feed already
    holds it)."""
    told = change.chained_from.to_act if change.chained_from is not None else frozenset()
    return [seat for seat in change.newly_to_act() if seat.number not in told]


def _players(seats: Iterable[Seat]) -> list[Seat]:
    return [seat for seat in seats if seat.status in Seat.PLAYER_STATUSES and seat.user_id]
