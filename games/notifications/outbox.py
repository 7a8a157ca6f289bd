"""Writing to the outbox: one row per recipient and event, queued once it commits."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from email.utils import make_msgid
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.notifications.models import Mode, Notification


def message_domain() -> str:
    return urlsplit(settings.SITE_URL).hostname or "localhost"


def row_key(kind: str, recipient: Any, address: str, match: Any, version: int, ref: str) -> str:
    who = recipient.pk if recipient is not None else address.lower()
    return f"{kind}:{who}:{match.pk if match is not None else '-'}:{version}:{ref}"[:200]


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
) -> Notification | None:
    """Add a row for this event unless one exists (then None); queue it when it is due now.

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
                key=row_key(kind, recipient, address, match, version, ref),
                kind=kind,
                recipient=recipient,
                address=(recipient.email if recipient is not None else address),
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


@dataclass
class Row:
    """One row to write (see ``record``)."""

    kind: str
    recipient: Any
    match: Any = None
    version: int = 0
    ref: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    mode: str = Mode.NOW
    due_at: datetime | None = None


def record_many(rows: list[Row]) -> list[Notification]:
    """Write several rows of one event in one INSERT and queue those due now in one task."""
    if not rows:
        return []
    now = timezone.now()
    domain = message_domain()
    made = []
    for row in rows:
        due_at = row.due_at or now
        digest = row.mode == Mode.DIGEST
        made.append(
            Notification(
                key=row_key(row.kind, row.recipient, "", row.match, row.version, row.ref),
                kind=row.kind,
                recipient=row.recipient,
                address=row.recipient.email,
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


def queue(notification_id: int) -> None:
    queue_many([notification_id])


def queue_many(notification_ids: list[int]) -> None:
    """One delivery task for rows written together, sent once the transaction commits."""
    from games.notifications.tasks import deliver_batch

    if notification_ids:
        deliver_batch.delay_on_commit(list(notification_ids))
