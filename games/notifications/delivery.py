"""Sending one outbox row: claim it, re-check it, send it, record the outcome.

A row is claimed with a conditional update (pending, due, and nobody's lease running), so a
task delivered twice, or a row queued by the sweep while its task is still on the way, sends
one email. The claim is a lease: a worker killed mid-send leaves a row the sweep queues again
once the lease runs out.
"""

from __future__ import annotations

import logging
import smtplib
import threading
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from games.notifications import checks, emails
from games.notifications.models import Notification

log = logging.getLogger(__name__)
Status = Notification.Status
#: The longest wait between two attempts; Redis redelivers a task held longer than its
#: visibility timeout, so the back-off stays well below it.
RETRY_CAP_SECONDS = 15 * 60


def lease() -> timedelta:
    return timedelta(seconds=settings.NOTIFICATIONS_LEASE_SECONDS)


def claimable(now: datetime) -> Q:
    return Q(status=Status.PENDING, due_at__lte=now) & (
        Q(lease_until__isnull=True) | Q(lease_until__lte=now)
    )


def claim(notification_id: Any, now: datetime) -> bool:
    claimed = Notification.objects.filter(claimable(now), pk=notification_id).update(
        lease_until=now + lease(), attempts=F("attempts") + 1
    )
    return claimed == 1


def queue_due(now: datetime | None = None, limit: int = 2000) -> list[int]:
    """Queue the rows that are due and have no task on the way (the minute sweep)."""
    from games.notifications.tasks import deliver as deliver_task

    now = now or timezone.now()
    grace = lease()
    lost = Q(queued_at__lte=now - grace, due_at__lte=now - grace)
    due = Notification.objects.filter(
        claimable(now), Q(queued_at__isnull=True) | lost, delivery=Notification.Delivery.NOW
    )
    with transaction.atomic():
        ids = list(
            due.select_for_update(skip_locked=True)
            .order_by("due_at")
            .values_list("pk", flat=True)[:limit]
        )
        Notification.objects.filter(pk__in=ids).update(queued_at=now)
        for notification_id in ids:
            deliver_task.delay_on_commit(notification_id)
    return ids


def deliver(notification_id: Any, now: datetime | None = None) -> float | None:
    """Deliver one row if it is ours to deliver; returns the delay before a retry, if any."""
    now = now or timezone.now()
    if not claim(notification_id, now):
        return None
    row = (
        Notification.objects.select_related("recipient", "match__created_by")
        .filter(pk=notification_id)
        .first()
    )
    if row is None:  # deleted meanwhile (its match or reader was deleted)
        return None
    if row.kind == Notification.Kind.DIGEST:
        from games.notifications.digest import digest_items

        items = digest_items(row, now)
    else:
        items = None
    decision = checks.verdict(row, now)
    if decision.action != "send" or (items is not None and items.empty):
        return release(row, decision if decision.action != "send" else checks.suppress("empty"))
    try:
        message = emails.build(row, items.context if items is not None else None)
        send(message)
    except Exception as error:
        return failed(row, error, now)
    sent = Notification.objects.filter(pk=row.pk, status=Status.PENDING).update(
        status=Status.SENT, sent_at=timezone.now(), lease_until=None, reason=""
    )
    if sent and items is not None:
        items.mark_sent(row, now)
    return None


def release(row: Notification, decision: checks.Verdict) -> None:
    """Give the row up without sending: suppressed, held until later, or moved to the digest."""
    update: dict[str, Any] = {
        "lease_until": None,
        "attempts": F("attempts") - 1,
        "reason": decision.reason,
    }
    if decision.action == "suppress":
        update["status"] = Status.SUPPRESSED
    elif decision.action == "hold":
        update |= {"due_at": decision.until, "queued_at": None}
    else:
        update["delivery"] = Notification.Delivery.DIGEST
    Notification.objects.filter(pk=row.pk, status=Status.PENDING).update(**update)
    return None


def failed(row: Notification, error: Exception, now: datetime) -> float | None:
    """Record a failed attempt; retry later unless it is permanent or the last one allowed."""
    permanent = is_permanent(error)
    if not isinstance(error, smtplib.SMTPException | OSError):
        log.exception("Could not build or send notification %s", row.pk)
    note = f"{now:%Y-%m-%d %H:%M:%S} attempt {row.attempts}: {type(error).__name__}: {error}"
    errors = f"{row.last_error}\n{note}".strip()[-2000:]
    update: dict[str, Any] = {"lease_until": None, "last_error": errors}
    delay = None
    if permanent or row.attempts >= settings.NOTIFICATIONS_MAX_ATTEMPTS:
        update |= {"status": Status.FAILED, "reason": "permanent" if permanent else "gave up"}
    else:
        delay = backoff(row.attempts)
        update |= {"due_at": now + timedelta(seconds=delay), "queued_at": now}
    Notification.objects.filter(pk=row.pk, status=Status.PENDING).update(**update)
    return delay


def backoff(attempts: int) -> float:
    """Exponential: the base after the first failure, doubling, capped below the broker's
    visibility timeout (a countdown longer than that would be delivered twice)."""
    visibility = settings.CELERY_BROKER_TRANSPORT_OPTIONS.get("visibility_timeout", 3600)
    cap = min(RETRY_CAP_SECONDS, visibility / 2)
    return float(min(settings.NOTIFICATIONS_RETRY_SECONDS * 2 ** (attempts - 1), cap))


def is_permanent(error: Exception) -> bool:
    """A 5xx answer: the server refused this message for good (a bad address, say)."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        codes = [code for code, _ in error.recipients.values()]
        return bool(codes) and all(code >= 500 for code in codes)
    code = getattr(error, "smtp_code", 0)
    return isinstance(error, smtplib.SMTPResponseException) and code >= 500


_local = threading.local()


def send(message: EmailMessage) -> None:
    """Send over a connection kept open between tasks; one fresh try if the server hung up."""
    key = (
        settings.EMAIL_BACKEND,
        getattr(settings, "EMAIL_HOST", ""),
        getattr(settings, "EMAIL_PORT", 0),
    )
    cached = getattr(_local, "connection", None)
    if cached is None or cached[0] != key:
        cached = _local.connection = (key, get_connection())
    connection = cached[1]
    try:
        connection.open()
        connection.send_messages([message])
    except smtplib.SMTPServerDisconnected:
        close()
        connection = get_connection()
        _local.connection = (key, connection)
        connection.open()
        connection.send_messages([message])
    except BaseException:
        close()
        raise


def close() -> None:
    cached = getattr(_local, "connection", None)
    _local.connection = None
    if cached is not None:
        try:
            cached[1].close()
        except Exception:  # closing a broken connection may fail again; it is gone either way
            pass
