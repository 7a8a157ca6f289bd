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
import time
from collections import OrderedDict
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from games.accounts.verification import verified_addresses
from games.core import outages
from games.notifications import checks, emails, pushes
from games.notifications.digest import digest_items
from games.notifications.facts import Facts
from games.notifications.models import Channel, Notification
from games.push import sending as push_sending
from games.push.models import PushSubscription

log = logging.getLogger(__name__)
Status = Notification.Status
#: The longest wait between two attempts; Redis redelivers a task held longer than its
#: visibility timeout, so the back-off stays well below it.
RETRY_CAP_SECONDS = 15 * 60
#: The most rows one delivery task sends: its own, then other queued rows that are due.
BATCH_SIZE = 100
#: Rows claimed, re-checked and sent together: their checks are this many sends old at most.
CHUNK_SIZE = 20
#: A row queued this long ago whose task has not come yet is stuck behind a backlog: the task
#: of another row may take it over (at normal load every row goes with its own task).
BACKLOG_AGE = timedelta(seconds=5)


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
    """Queue the rows that are due and have no task on the way (the minute sweep), a task
    per batch of rows."""
    # Imported here: the tasks module, in this same layer, imports this one to run it.
    from games.notifications.tasks import deliver_batch

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
        for start in range(0, len(ids), BATCH_SIZE):
            batch = ids[start : start + BATCH_SIZE]
            transaction.on_commit(lambda batch=batch: outages.enqueue(deliver_batch, batch))
    return ids


def deliver(notification_id: Any, now: datetime | None = None) -> float | None:
    """Deliver one row if it is ours to deliver; returns the delay before a retry, if any."""
    return deliver_many([notification_id], now).get(notification_id)


def deliver_many(
    ids: list[Any], now: datetime | None = None, limit: int = 0, stale_tasks: bool = False
) -> dict[Any, float]:
    """Deliver the rows among ``ids`` that are ours to deliver, then rows of a backlog, up to
    ``limit`` rows in all; returns the retry delay of each row that failed.

    Taking on rows whose task is late drains a backlog in batches whatever tasks it was
    queued with (one per commit): the tasks of the rows taken here find nothing to claim.
    With ``stale_tasks`` (a worker's tasks), such a task costs no query when this process
    sent its rows and found no backlog a moment ago.
    """
    ids = list(dict.fromkeys(ids))
    if stale_tasks:
        ids = recent.unfinished(ids)
    room = max(limit, len(ids))
    retries: dict[Any, float] = {}
    while room > 0:
        mine, ids = ids[:CHUNK_SIZE], ids[CHUNK_SIZE:]
        extra = max(0, min(CHUNK_SIZE, room) - len(mine))
        if stale_tasks and not recent.may_have_backlog():
            extra = 0
        if not mine and not extra:
            break
        claimed = claim_some(mine, now or timezone.now(), extra)
        room -= len(claimed)
        if claimed:
            retries |= deliver_claimed(claimed, now)
        backlog_left = extra > 0 and len(set(claimed) - set(mine)) == extra
        if extra > 0:
            recent.backlog_checked(empty=not backlog_left)
        if not ids and not backlog_left:
            break
    return retries


def claim_some(ids: list[Any], now: datetime, extra: int = 0) -> list[Any]:
    """Claim the claimable rows among ``ids``, then up to ``extra`` rows of a backlog (queued
    a while ago, due, oldest first), in one short transaction; rows another worker is
    claiming are skipped."""
    due = Notification.objects.filter(claimable(now)).select_for_update(skip_locked=True)
    with transaction.atomic():
        claimed = list(due.filter(pk__in=ids).values_list("pk", flat=True)) if ids else []
        if extra > 0:
            late = Q(queued_at__lte=now - BACKLOG_AGE, delivery=Notification.Delivery.NOW)
            backlog = due.filter(late).exclude(pk__in=ids).order_by("due_at")
            claimed += list(backlog.values_list("pk", flat=True)[:extra])
        if claimed:
            Notification.objects.filter(pk__in=claimed).update(
                lease_until=now + lease(), attempts=F("attempts") + 1
            )
    return claimed


class Recent:
    """What this process did lately: the rows it finished (sent or suppressed, states a row
    never leaves) and when it last found no backlog."""

    def __init__(self, size: int = 100_000, quiet: float = 1.0) -> None:
        self.finished: OrderedDict[Any, None] = OrderedDict()
        self.size = size
        self.quiet = quiet
        self.no_backlog_until = 0.0

    def finish(self, notification_id: Any) -> None:
        self.finished[notification_id] = None
        if len(self.finished) > self.size:
            self.finished.popitem(last=False)

    def unfinished(self, ids: list[Any]) -> list[Any]:
        return [pk for pk in ids if pk not in self.finished]

    def backlog_checked(self, empty: bool) -> None:
        self.no_backlog_until = time.monotonic() + self.quiet if empty else 0.0

    def may_have_backlog(self) -> bool:
        return time.monotonic() >= self.no_backlog_until


recent = Recent()


def deliver_claimed(ids: list[Any], now: datetime | None) -> dict[Any, float]:
    """Re-check and send claimed rows: what they all read is fetched at once, just before."""
    rows = list(
        Notification.objects.select_related("recipient", "match__created_by", "subscription")
        .filter(pk__in=ids)
        .order_by("pk")
    )  # a row missing here was deleted meanwhile (its match or reader was deleted)
    facts = checks.facts_for(rows)
    verified = verified_addresses(row.recipient_id for row in rows)
    # A row is sent well within its lease, or given back: after the lease, the sweep may
    # queue it again and another worker may send it too.
    deadline = time.monotonic() + lease().total_seconds() / 2
    retries = {}
    for index, row in enumerate(rows):
        if time.monotonic() > deadline:
            give_back([r.pk for r in rows[index:]])
            break
        delay = deliver_row(row, now or timezone.now(), facts, verified)
        if delay is not None:
            retries[row.pk] = delay
    return retries


def deliver_row(
    row: Notification, now: datetime, facts: Facts, verified: set[tuple[int, str]] | None = None
) -> float | None:
    """Send one claimed row unless its checks say otherwise; mark it sent as soon as the
    server accepted it."""
    if not still_ours(row):
        return None
    if row.channel == Channel.PUSH:
        return push_row(row, now, facts)
    if not to_verified_address(row, verified):
        return release(row, checks.suppress("unverified address"))
    if row.kind == Notification.Kind.DIGEST:
        items = digest_items(row, now)
    else:
        items = None
    decision = checks.verdict(row, now, facts)
    if decision.action != "send" or (items is not None and items.empty):
        return release(row, decision if decision.action != "send" else checks.suppress("empty"))
    try:
        message = emails.build(row, items.context if items is not None else None, facts)
        send(message)
    except Exception as error:
        return failed(row, error, now)
    sent = mark_sent(row)
    if sent:
        recent.finish(row.pk)
    if sent and items is not None:
        items.mark_sent(row, now)
    return None


def mark_sent(row: Notification) -> int:
    """Record that the server accepted the row, through a short database outage too (while
    the row's lease lasts): unrecorded, it would be sent again."""
    return int(
        outages.recorded(
            lambda: Notification.objects.filter(pk=row.pk, status=Status.PENDING).update(
                status=Status.SENT, sent_at=timezone.now(), lease_until=None, reason=""
            ),
            until=row.lease_until,
        )
    )


def still_ours(row: Notification) -> bool:
    """Renew the row's lease just before it is sent, if the lease is still the one this
    worker took. A worker slowed past its lease (a stalled process, a long batch) may find
    the row claimed again by another worker, or already sent: it leaves the row alone, so
    that only a single send can outlast a lease, and the SMTP time-out is shorter than one."""
    renewed = timezone.now() + lease()
    kept = Notification.objects.filter(
        pk=row.pk, status=Status.PENDING, lease_until=row.lease_until
    ).update(lease_until=renewed)
    if kept:
        row.lease_until = renewed
    return kept == 1


def push_row(row: Notification, now: datetime, facts: Facts) -> float | None:
    """The Web Push half of ``deliver_row``: the same checks and outcomes, sent to the row's
    browser; a browser its push service says is gone is forgotten, and the row suppressed."""
    decision = checks.verdict(row, now, facts)
    if decision.action != "send":
        return release(row, decision)
    try:
        push_sending.send(row.subscription, pushes.payload(row, facts))
    except push_sending.SubscriptionGone:
        PushSubscription.objects.filter(pk=row.subscription_id).delete()
        return release(row, checks.suppress("subscription gone"))
    except Exception as error:
        return failed(row, error, now)
    sent = mark_sent(row)
    if sent:
        recent.finish(row.pk)
        PushSubscription.objects.filter(pk=row.subscription_id).update(last_success_at=now)
    return None


def to_verified_address(row: Notification, verified: set[tuple[int, str]] | None) -> bool:
    """Whether the row may go to its address: a verified address of its reader (``verified``:
    those of the batch, from ``verified_addresses``). An invitation that a player addressed
    to someone is the one kind that goes to any address."""
    if row.kind == Notification.Kind.INVITATION:
        return True
    if row.recipient_id is None:
        return False
    if verified is None:
        verified = verified_addresses([row.recipient_id])
    return (row.recipient_id, row.address.strip().lower()) in verified


def give_back(ids: list[Any]) -> None:
    """Release claimed rows untouched (not an attempt), for the sweep to queue again."""
    Notification.objects.filter(pk__in=ids, status=Status.PENDING).update(
        lease_until=None, attempts=F("attempts") - 1
    )


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
    released = Notification.objects.filter(pk=row.pk, status=Status.PENDING).update(**update)
    if released and decision.action == "suppress":
        recent.finish(row.pk)
    return None


def failed(row: Notification, error: Exception, now: datetime) -> float | None:
    """Record a failed attempt; retry later unless it is permanent or the last one allowed."""
    permanent = is_permanent(error)
    if not isinstance(error, smtplib.SMTPException | OSError | push_sending.WebPushException):
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
