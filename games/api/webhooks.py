"""Webhooks for bots: a signed POST when it becomes the owner's turn, a match of theirs is
over, or they are invited, offered a draw or written to in a match's chat; through an outbox.

``record_match_change`` is one of the write path's recorders (``games.actions.moves``): one
``WebhookDelivery`` row per user who now has to act, or who played in the match that just
finished, and has a webhook (unique per user, match and version; bodies: ``notices``);
``record_feed_events`` one per invitation, draw offer or chat event of a feed. A
Celery task sends each row; a row that could not be sent stays due and the beat sweep
(``retry_due``) sends it again with a growing wait.

Each POST carries ``X-Partida-Signature: t=<unix time>,v1=<hex>``, where ``<hex>`` is the
HMAC-SHA256 of ``"<t>.<body>"`` under the webhook's secret, ``X-Partida-Event`` and
``X-Partida-Delivery`` (the same id on every retry of one notice, for deduplication).
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import logging
import time
from collections.abc import Sequence
from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.accounts.models import User
from games.api import notices
from games.api.models import FeedEvent, Webhook, WebhookDelivery, new_webhook_secret
from games.core import outages, outbound
from games.core.errors import ServiceError
from games.play.changes import TURN_KINDS, ChangeKind, MatchChange
from games.play.models import Seat

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 8
TIMEOUT_SECONDS = 10
SIGNATURE_TOLERANCE = 300


def lease() -> timedelta:
    """While one worker sends a row, no other picks it up (longer than the HTTP time-out)."""
    return timedelta(seconds=settings.WEBHOOKS_LEASE_SECONDS)


def backoff(attempts: int) -> timedelta:
    """The wait before the next try: 1, 2, 4 … minutes, at most 4 hours."""
    return timedelta(minutes=min(2 ** max(attempts - 1, 0), 240))


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
        WebhookDelivery(webhook_id=webhook_id, user_id=user_id, match_id=match.pk,
                        version=change.version, event=event,
                        payload=notice(match, seats[user_id]))
        for webhook_id, user_id in hooks.values_list("id", "user_id")
    ]  # fmt: skip
    WebhookDelivery.objects.bulk_create(rows)
    for row in rows:
        transaction.on_commit(lambda pk=row.pk: _nudge(pk))


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
        rows.append(WebhookDelivery(
            webhook_id=hooks[event.user_id], user_id=event.user_id, match_id=event.match_id,
            version=event.version, event=event.kind, feed_number=event.number,
            payload=notices.feed_event(seat.match, seat, event),
        ))  # fmt: skip
    WebhookDelivery.objects.bulk_create(rows)
    for row in rows:
        transaction.on_commit(lambda pk=row.pk: _nudge(pk))


def _nudge(delivery_id: int) -> None:
    """Ask a worker to send the row now; if the broker is down, the beat sweep will."""
    # Imported here: the tasks module, in this same layer, imports this one to run it.
    from games.api.tasks import deliver_webhook

    outages.enqueue(deliver_webhook, delivery_id)


def retry_due(now: datetime | None = None, limit: int = 500) -> int:
    """From beat: nudge every row still due (never sent, failed to send, or lease lost)."""
    now = now or timezone.now()
    due = WebhookDelivery.objects.filter(
        status=WebhookDelivery.Status.PENDING, next_attempt_at__lte=now
    ).order_by("next_attempt_at")
    ids = list(due.values_list("id", flat=True)[:limit])
    for delivery_id in ids:
        _nudge(delivery_id)
    return len(ids)


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


def deliver(delivery_id: int, now: datetime | None = None) -> str:
    """Send one due row once; returns its status after this try."""
    now = now or timezone.now()
    claimed = WebhookDelivery.objects.filter(
        pk=delivery_id, status=WebhookDelivery.Status.PENDING, next_attempt_at__lte=now
    ).update(next_attempt_at=now + lease(), attempts=F("attempts") + 1)
    if not claimed:
        return "skipped"  # sent already, not due yet, or another worker has it
    delivery = WebhookDelivery.objects.select_related("webhook").get(pk=delivery_id)
    if not delivery.webhook.active:
        return _finish(delivery, WebhookDelivery.Status.FAILED, error="webhook disabled")
    status_code, error = _post(delivery)
    if status_code is not None and 200 <= status_code < 300:
        # Recorded through a short database outage too, while the lease lasts: unrecorded,
        # the notice would be sent again.
        return str(
            outages.recorded(
                lambda: _finish(delivery, WebhookDelivery.Status.DELIVERED, status_code),
                until=delivery.next_attempt_at,
            )
        )
    if delivery.attempts >= MAX_ATTEMPTS:
        return _finish(delivery, WebhookDelivery.Status.FAILED, status_code, error)
    WebhookDelivery.objects.filter(pk=delivery.pk).update(
        next_attempt_at=now + backoff(delivery.attempts),
        last_status_code=status_code, last_error=error[:200],
    )  # fmt: skip
    return WebhookDelivery.Status.PENDING


def _post(delivery: WebhookDelivery) -> tuple[int | None, str]:
    """One POST to the webhook, on the address its check approved (redirects not followed)."""
    body = json.dumps(
        {**delivery.payload, "delivery": delivery.pk, "sent_at": timezone.now().isoformat()},
        separators=(",", ":"),
    ).encode()
    url = delivery.webhook.url
    try:
        address = checked_address(url)
    except ServiceError as refused:
        return None, str(refused.message)
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "Partida-Webhooks/1",
        "X-Partida-Event": delivery.event,
        "X-Partida-Delivery": str(delivery.pk),
        "X-Partida-Signature": sign(delivery.webhook.secret, body, int(time.time())),
    }
    try:
        status = outbound.post(url, address, body, headers, TIMEOUT_SECONDS).status_code
    except (OSError, ValueError, http.client.HTTPException) as failure:
        return None, f"{type(failure).__name__}: {failure}"
    return status, "" if 200 <= status < 300 else f"HTTP {status}"


def _finish(
    delivery: WebhookDelivery, status: str, status_code: int | None = None, error: str = ""
) -> str:
    WebhookDelivery.objects.filter(pk=delivery.pk).update(
        status=status, last_status_code=status_code, last_error=error[:200],
        delivered_at=timezone.now() if status == WebhookDelivery.Status.DELIVERED else None,
    )  # fmt: skip
    return status
