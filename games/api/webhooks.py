"""Webhooks for bots: a signed POST when it becomes the owner's turn, a match of theirs is
over, or they are invited, offered a draw or written to in a match's chat; through the outbox.

``record_match_change`` is one of the write path's recorders (``games.actions.moves``): one
outbox row (``games.notifications``, channel ``webhook``) per user who now has to act, or who
played in the match that just finished, and has a webhook (unique per user, match and version;
bodies: ``notices``); ``record_feed_events`` one per invitation, draw offer or chat event of a
feed (unique per user and feed event). The outbox sends them as it sends emails and pushes;
``webhook_sending`` signs and POSTs one row.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from django.db import transaction

from games.accounts.models import User
from games.api import notices, webhook_sending
from games.api.models import FeedEvent, Webhook, new_webhook_secret
from games.core import outbound
from games.notifications import outbox
from games.play.changes import TURN_KINDS, ChangeKind, MatchChange
from games.play.models import Match, Seat

# Registering -----------------------------------------------------------------------------


#: What the API takes as a webhook's URL (the schema shows its pattern).
validate_webhook_url = outbound.validate_http_url


def check_url(url: str) -> None:
    """Refuse URLs a webhook may not call: other schemes, and private addresses unless allowed."""
    webhook_sending.checked_address(url)


def save_webhook(user: User, url: str, rotate_secret: bool = False) -> tuple[Webhook, bool]:
    """Create or change ``user``'s webhook; returns it and whether its secret is new."""
    check_url(url)
    with transaction.atomic():
        webhook = Webhook.objects.select_for_update().filter(user=user).first()
        if webhook is None:
            return Webhook.objects.create(user=user, url=url), True
        webhook.url, webhook.active = url, True
        if rotate_secret:
            webhook.secret = new_webhook_secret()
        webhook.save()
    return webhook, rotate_secret


# Queueing (the outbox) -------------------------------------------------------------------


def record_match_change(change: MatchChange) -> None:
    """A notice row for each webhook owner whose turn it has just become, or, when the change
    ended the match, for each of its players; written in the transaction of the change (called
    by the move service), sent once it commits."""
    match = change.match
    notice: Callable[[Match, Seat], dict[str, Any]]
    seats: dict[int, Seat]
    if change.kind == ChangeKind.FINISHED:
        event, notice = "match_finished", partial(notices.match_finished, seats=change.seats)
        seats = {s.user_id: s for s in change.seats if s.user_id is not None and s.outcome}
    elif change.kind in TURN_KINDS:
        event, notice = "your_turn", notices.your_turn
        seats = {s.user_id: s for s in change.newly_to_act() if s.user_id is not None}
    else:
        return
    if not seats:
        return
    hooks = Webhook.objects.filter(user_id__in=list(seats), active=True)
    rows = [
        outbox.webhook_row(webhook_id=webhook_id, user_id=user_id, match_id=match.pk,
                           version=change.version, event=event,
                           payload=notice(match, seats[user_id]))
        for webhook_id, user_id in hooks.values_list("id", "user_id")
    ]  # fmt: skip
    _nudge([row.pk for row in outbox.record_webhooks(rows)])


def record_feed_events(events: Sequence[FeedEvent]) -> None:
    """A notice row repeating each invitation, draw offer or chat event just written to a feed
    whose owner has a webhook (unique per owner and feed event); in the transaction of the
    change, sent once it commits."""
    events = [event for event in events if event.kind in notices.FEED_NOTICES]
    if not events:
        return
    hooks = dict(
        Webhook.objects.filter(user_id__in={e.user_id for e in events}, active=True)
        .values_list("user_id", "id")
    )  # fmt: skip
    events = [event for event in events if event.user_id in hooks]
    if not events:
        return
    seats = {
        (seat.match_id, seat.user_id): seat
        for seat in Seat.objects.filter(
            match__in={event.match_id for event in events}, user_id__in=hooks
        ).select_related("user", "match")
    }  # fmt: skip
    rows = []
    for event in events:
        seat = seats[event.match_id, event.user_id]
        rows.append(outbox.webhook_row(
            webhook_id=hooks[event.user_id], user_id=event.user_id, match_id=event.match_id,
            version=event.version, event=event.kind, feed_number=event.number,
            payload=notices.feed_event(seat.match, seat, event),
        ))  # fmt: skip
    _nudge([row.pk for row in outbox.record_webhooks(rows)])


def _nudge(ids: list[Any]) -> None:
    """One delivery task for the rows, once the change commits (if the broker is down, the
    outbox's minute sweep queues them)."""
    outbox.queue_many(ids)
