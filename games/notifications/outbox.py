"""Writing to the outbox: one row per recipient, channel and event, queued once it commits.

Emails and pushes are written by ``record``, ``record_push`` and ``record_many``; webhook
notices by ``record_webhooks`` (rows made by ``webhook_row``, for ``games.api.webhooks``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from email.utils import make_msgid
from typing import Any
from urllib.parse import urlsplit

from celery import signature
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.core import outages
from games.notifications.models import Channel, Mode, Notification
from games.push.models import PushSubscription
from games.push.subscriptions import enabled as push_enabled

#: The delivery task (``games.notifications.tasks``), named rather than imported: the task runs
#: the delivery, which records through this module. A process that has not loaded the task
#: sends it by name to the broker; one that has (a worker, the suite) runs it as the task.
DELIVER_BATCH = "games.notifications.tasks.deliver_batch"


def message_domain() -> str:
    return urlsplit(settings.SITE_URL).hostname or "localhost"


def row_key(
    kind: str,
    recipient: Any,
    address: str,
    match: Any,
    version: int,
    ref: str,
    subscription: Any = None,
) -> str:
    """The event and its reader, and for a push row the browser: one row per key."""
    who = recipient.pk if recipient is not None else address.lower()
    device = f"push{subscription.pk}:" if subscription is not None else ""
    return f"{device}{kind}:{who}:{match.pk if match is not None else '-'}:{version}:{ref}"[:200]


def record(
    kind: str,
    *,
    recipient: Any = None,
    address: str = "",
    match: Any = None,
    version: int = 0,
    ref: str = "",
    data: dict[str, Any] | None = None,
    mode: str = Mode.NOW,
    due_at: datetime | None = None,
    subscription: Any = None,
) -> Notification | None:
    """Add a row for this event unless one exists (then None); queue it when it is due now.

    With a ``subscription``, the row is pushed to that browser of ``recipient`` instead.

    Rows to send at once get their delivery task on commit; later ones (reminders) wait in
    the table for the minute sweep, never in the broker with a long countdown.
    """
    now = timezone.now()
    due_at = due_at or now
    delivery = Notification.Delivery.DIGEST if mode == Mode.DIGEST else Notification.Delivery.NOW
    send_now = delivery == Notification.Delivery.NOW and due_at <= now
    try:
        with transaction.atomic():
            row = Notification.objects.create(
                key=row_key(kind, recipient, address, match, version, ref, subscription),
                kind=kind,
                recipient=recipient,
                address=(recipient.email if recipient is not None else address),
                channel=Channel.PUSH if subscription is not None else Channel.EMAIL,
                subscription=subscription,
                match=match,
                version=version,
                data=data or {},
                delivery=delivery,
                due_at=due_at,
                queued_at=now if send_now else None,
                created_at=now,
                message_id=make_msgid("partida", domain=message_domain()),
            )
    except IntegrityError:
        return None
    if send_now:
        queue(row.pk)
    return row


def record_push(
    kind: str,
    recipient: Any,
    *,
    match: Any = None,
    version: int = 0,
    ref: str = "",
    data: dict[str, Any] | None = None,
) -> list[Notification]:
    """A push row for this event to each of the reader's browsers (none while Web Push is
    off on the site)."""
    if not push_enabled():
        return []
    made = []
    for subscription in PushSubscription.objects.filter(user=recipient).order_by("pk"):
        row = record(
            kind, recipient=recipient, match=match, version=version, ref=ref, data=data,
            subscription=subscription,
        )  # fmt: skip
        if row is not None:
            made.append(row)
    return made


@dataclass
class Row:
    """One row to write (see ``record``); a ``PUSH`` row stands for one per browser of its
    reader (see ``record_many``)."""

    kind: str
    recipient: Any
    match: Any = None
    version: int = 0
    ref: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    mode: str = Mode.NOW
    due_at: datetime | None = None
    channel: str = Channel.EMAIL


def record_many(rows: list[Row]) -> list[Notification]:
    """Write several rows of one event in one INSERT and queue those due now in one task.

    Each push row becomes a row per browser of its reader (one query finds them all), or
    none while Web Push is off on the site.
    """
    expanded = with_browsers(rows)
    if not expanded:
        return []
    now = timezone.now()
    domain = message_domain()
    made = []
    for row, subscription in expanded:
        due_at = row.due_at or now
        digest = row.mode == Mode.DIGEST
        made.append(
            Notification(
                key=row_key(
                    row.kind, row.recipient, "", row.match, row.version, row.ref, subscription
                ),
                kind=row.kind,
                recipient=row.recipient,
                address=row.recipient.email,
                channel=row.channel,
                subscription=subscription,
                match=row.match,
                version=row.version,
                data=row.data,
                delivery=Notification.Delivery.DIGEST if digest else Notification.Delivery.NOW,
                due_at=due_at,
                queued_at=now if not digest and due_at <= now else None,
                created_at=now,
                message_id=make_msgid("partida", domain=domain),
            )
        )
    Notification.objects.bulk_create(made)
    queue_many([row.pk for row in made if row.queued_at is not None])
    return made


def with_browsers(rows: list[Row]) -> list[tuple[Row, PushSubscription | None]]:
    """Each email row as it is, each push row once per browser of its reader."""
    pushed = [row for row in rows if row.channel == Channel.PUSH]
    browsers: dict[Any, list[PushSubscription]] = {}
    if pushed and push_enabled():
        readers = {row.recipient.pk for row in pushed}
        for subscription in PushSubscription.objects.filter(user__in=readers).order_by("pk"):
            browsers.setdefault(subscription.user_id, []).append(subscription)
    expanded: list[tuple[Row, PushSubscription | None]] = []
    for row in rows:
        if row.channel == Channel.PUSH:
            expanded += [(row, browser) for browser in browsers.get(row.recipient.pk, ())]
        else:
            expanded.append((row, None))
    return expanded


def webhook_key(user_id: Any, match_id: Any, version: int, feed_number: int | None) -> str:
    """One webhook notice per user and match version (a turn, a match's end), or per user and
    event of their feed (an invitation, a draw offer, a chat message)."""
    if feed_number is not None:
        return f"webhook:{user_id}:feed:{feed_number}"
    return f"webhook:{user_id}:{match_id}:{version}"


def webhook_row(
    *,
    webhook_id: Any,
    user_id: Any,
    match_id: Any,
    version: int,
    event: str,
    payload: dict[str, Any],
    feed_number: int | None = None,
    now: datetime | None = None,
) -> Notification:
    """An unsaved webhook notice: ``event`` is its kind, ``payload`` its body (``data``)."""
    now = now or timezone.now()
    return Notification(
        key=webhook_key(user_id, match_id, version, feed_number),
        kind=event,
        recipient_id=user_id,
        channel=Channel.WEBHOOK,
        webhook_id=webhook_id,
        match_id=match_id,
        version=version,
        data=payload,
        due_at=now,
        queued_at=now,
        created_at=now,
    )


def record_webhooks(rows: list[Notification]) -> list[Notification]:
    """Write webhook notices in one INSERT (their keys are new: the recorders make each once);
    the caller queues them (``queue_many``)."""
    if rows:
        Notification.objects.bulk_create(rows)
    return rows


def queue(notification_id: int) -> None:
    queue_many([notification_id])


def queue_many(notification_ids: list[int]) -> None:
    """One delivery task for rows written together, sent once the transaction commits."""
    if notification_ids:
        ids = list(notification_ids)
        transaction.on_commit(lambda: outages.enqueue(signature(DELIVER_BATCH), ids))
