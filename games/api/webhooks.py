"""Webhooks for bots: a signed POST when it becomes the owner's turn, a match of theirs is
over, or they are invited, offered a draw or written to in a match's chat; through the outbox.

``record_match_change`` is one of the write path's recorders (``games.actions.moves``): one
outbox row (``games.notifications``, channel ``webhook``) per user who now has to act, or who
played in the match that just finished, and has a webhook (unique per user, match and version;
bodies: ``notices``); ``record_feed_events`` one per invitation, draw offer or chat event of a
feed (unique per user and feed event). The outbox sends them as it sends emails and pushes
(``games.notifications.delivery``: the same claim, lease and back-off, with the webhook's own
numbers below); this module knows how to POST one row (``post``) and that a 2xx answer is a
delivery.

Each POST carries ``X-Partida-Signature: t=<unix time>,v1=<hex>``, where ``<hex>`` is the
HMAC-SHA256 of ``"<t>.<body>"`` under the webhook's secret, ``X-Partida-Event`` and
``X-Partida-Delivery`` (the row's id: the same on every retry of one notice, for
deduplication).
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import logging
import time
from collections.abc import Sequence
from functools import partial
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.accounts.models import User
from games.api import notices
from games.api.models import FeedEvent, Webhook, new_webhook_secret
from games.core import outbound
from games.core.errors import ServiceError
from games.notifications import outbox
from games.notifications.models import Notification
from games.play.changes import TURN_KINDS, ChangeKind, MatchChange
from games.play.models import Seat

logger = logging.getLogger(__name__)

#: The outbox's numbers for a webhook notice (its lease: ``WEBHOOKS_LEASE_SECONDS``, longer
#: than the HTTP time-out): tries before it is given up, and the wait before the next try,
#: 1, 2, 4 … minutes, at most 4 hours.
MAX_ATTEMPTS = 8
RETRY_SECONDS = 60
RETRY_CAP_SECONDS = 4 * 60 * 60
TIMEOUT_SECONDS = 10
SIGNATURE_TOLERANCE = 300


# Registering -----------------------------------------------------------------------------


#: What the API takes as a webhook's URL (the schema shows its pattern).
validate_webhook_url = outbound.validate_http_url


#: What the webhook check says of each reason a URL is refused.
REFUSALS = {
    outbound.Refusal.SCHEME: _("The URL must start with http:// or https://."),
    outbound.Refusal.HOST: _("The URL must start with http:// or https://."),
    outbound.Refusal.UNRESOLVED: _("This host name does not resolve."),
    outbound.Refusal.PRIVATE: _("The URL must point to a public address of the internet."),
}


def checked_address(url: str) -> str:
    """Resolve the URL's host once and check every address it gives: the one to connect to
    (``games.core.outbound``: the send connects to this very address, never resolving the
    name again)."""
    allow_private = getattr(settings, "API_WEBHOOK_ALLOW_PRIVATE", False)
    try:
        return outbound.checked_address(url, ("http", "https"), allow_private)
    except outbound.RefusedAddress as refused:
        raise ServiceError("bad_webhook_url", REFUSALS[refused.reason], 400) from None


def check_url(url: str) -> None:
    """Refuse URLs a webhook may not call: other schemes, and private addresses unless allowed."""
    checked_address(url)


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
    if change.kind == ChangeKind.FINISHED:
        event, notice = "match_finished", partial(notices.match_finished, seats=change.seats)
        seats = {s.user_id: s for s in change.seats if s.user_id is not None and s.outcome}
    elif change.kind in TURN_KINDS:
        event, notice = "your_turn", notices.your_turn
        seats = {seat.user_id: seat for seat in change.newly_to_act()}
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


# Sending -----------------------------------------------------------------------------------


def sign(secret: str, body: bytes, timestamp: int) -> str:
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={mac.hexdigest()}"


def verify(secret: str, body: bytes, header: str, now: float | None = None) -> bool:
    """What a receiver does: check the HMAC and that the timestamp is recent."""
    try:
        fields = dict(part.split("=", 1) for part in header.split(","))
        timestamp = int(fields["t"])
    except (ValueError, KeyError):
        return False
    if abs((now or time.time()) - timestamp) > SIGNATURE_TOLERANCE:
        return False
    return hmac.compare_digest(sign(secret, body, timestamp), f"t={timestamp},v1={fields['v1']}")


class NotDelivered(Exception):
    """A POST that did not get a 2xx answer: refused, unreachable or answered otherwise."""

    def __init__(self, message: str, status_code: int | None = None) -> None:
        super().__init__(message)
        self.status_code = status_code


def post(row: Notification) -> int:
    """POST one notice to its webhook, on the address its check approved (redirects not
    followed); returns the 2xx status, else raises ``NotDelivered``."""
    assert row.webhook is not None
    body = json.dumps(
        {**row.data, "delivery": row.pk, "sent_at": timezone.now().isoformat()},
        separators=(",", ":"),
    ).encode()
    url = row.webhook.url
    try:
        address = checked_address(url)
    except ServiceError as refused:
        raise NotDelivered(str(refused.message)) from None
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "Partida-Webhooks/1",
        "X-Partida-Event": row.kind,
        "X-Partida-Delivery": str(row.pk),
        "X-Partida-Signature": sign(row.webhook.secret, body, int(time.time())),
    }
    try:
        status = outbound.post(url, address, body, headers, TIMEOUT_SECONDS).status_code
    except (OSError, ValueError, http.client.HTTPException) as failure:
        raise NotDelivered(f"{type(failure).__name__}: {failure}") from None
    if not 200 <= status < 300:
        raise NotDelivered(f"HTTP {status}", status)
    return status
