"""Sending outbox rows, whatever their channel: claim them, send them, record the outcome.

One policy for every row. A row is claimed with a conditional update (pending, due, and
nobody's lease running), so a task delivered twice, or a row queued by the sweep while its
task is still on the way, sends one email, push or webhook notice. The claim is a lease: a
worker killed mid-send leaves a row the sweep queues again once the lease runs out. A failed
send is tried again after an exponential back-off, until the row is given up.

Each channel has a transport (``TRANSPORTS``): it knows how to send one row (an email over the
kept SMTP connection, a push with pywebpush, a signed POST to a webhook), what it re-checks
first, what counts as delivered, and its numbers for the policy (lease, back-off, attempts).
"""

from __future__ import annotations

import logging
import smtplib
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.db.models import Case, F, Q, Value, When
from django.utils import timezone

from games.accounts.verification import verified_addresses
from games.api import webhook_sending
from games.core import outages
from games.notifications import checks, emails, outbox, pushes
from games.notifications.digest import digest_items
from games.notifications.facts import Facts
from games.notifications.models import Channel, Notification
from games.push import sending as push_sending
from games.push.models import PushSubscription

log = logging.getLogger(__name__)
Status = Notification.Status
#: The longest wait between two attempts of an email or a push.
RETRY_CAP_SECONDS = 15 * 60
#: The most rows one delivery task sends: its own, then other queued rows that are due.
BATCH_SIZE = 100
#: Rows claimed, re-checked and sent together: their checks are this many sends old at most.
CHUNK_SIZE = 20
#: A row queued this long ago whose task has not come yet is stuck behind a backlog: the task
#: of another row may take it over (at normal load every row goes with its own task).
BACKLOG_AGE = timedelta(seconds=5)


def lease(channel: str = Channel.EMAIL) -> timedelta:
    """How long a worker holds a claimed row of this channel."""
    return TRANSPORTS[channel].lease()


def leases(now: datetime) -> Case:
    """Each claimed row's lease, by its channel (for one UPDATE of rows of any channels)."""
    return Case(
        *[When(channel=channel, then=Value(now + t.lease())) for channel, t in TRANSPORTS.items()]
    )


def claimable(now: datetime) -> Q:
    return Q(status=Status.PENDING, due_at__lte=now) & (
        Q(lease_until__isnull=True) | Q(lease_until__lte=now)
    )


def claim(notification_id: Any, now: datetime) -> bool:
    claimed = Notification.objects.filter(claimable(now), pk=notification_id).update(
        lease_until=leases(now), attempts=F("attempts") + 1
    )
    return claimed == 1


def queue_due(now: datetime | None = None, limit: int = 2000) -> list[int]:
    """Queue the rows that are due and have no task on the way (the minute sweep), a task
    per batch of rows."""
    now = now or timezone.now()
    lost = Q()
    for channel, transport in TRANSPORTS.items():
        grace = transport.lease()
        lost |= Q(channel=channel, queued_at__lte=now - grace, due_at__lte=now - grace)
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
            outbox.queue_many(ids[start : start + BATCH_SIZE])
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
                lease_until=leases(now), attempts=F("attempts") + 1
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


@dataclass
class Batch:
    """What the re-checks of a batch's email and push rows read, fetched at once for all of
    them just before (``checks.facts_for``, ``verified_addresses``); None without such rows."""

    facts: Facts | None = None
    verified: set[tuple[int, str]] | None = None


def deliver_claimed(ids: list[Any], now: datetime | None) -> dict[Any, float]:
    """Send claimed rows, each by its channel's transport."""
    rows = list(
        Notification.objects.select_related(
            "recipient", "match__created_by", "subscription", "webhook"
        )
        .filter(pk__in=ids)
        .order_by("pk")
    )  # a row missing here was deleted meanwhile (its match or reader was deleted)
    readers = [row for row in rows if row.channel != Channel.WEBHOOK]
    batch = Batch()
    if readers:
        batch.facts = checks.facts_for(readers)
        batch.verified = verified_addresses(row.recipient_id for row in readers)
    # A row is sent well within its lease, or given back: after the lease, the sweep may
    # queue it again and another worker may send it too.
    held = min((lease(row.channel) for row in rows), default=lease())
    deadline = time.monotonic() + held.total_seconds() / 2
    retries = {}
    for index, row in enumerate(rows):
        if time.monotonic() > deadline:
            give_back([r.pk for r in rows[index:]])
            break
        delay = deliver_row(row, now or timezone.now(), batch)
        if delay is not None:
            retries[row.pk] = delay
    return retries


def deliver_row(row: Notification, now: datetime, batch: Batch) -> float | None:
    """Send one claimed row by its transport, unless its re-checks say otherwise; mark it sent
    as soon as the other end accepted it. Returns the delay before a retry by a task, if any."""
    if not still_ours(row):
        return None
    transport = TRANSPORTS[row.channel]
    try:
        outcome = transport.send(row, now, batch)
    except Exception as error:
        return failed(row, error, now)
    if isinstance(outcome, checks.Verdict):
        release(row, outcome)
        return None
    sent = mark_sent(row, outcome.fields)
    if sent:
        recent.finish(row.pk)
        if outcome.then is not None:
            outcome.then()
    return None


def mark_sent(row: Notification, fields: dict[str, Any] | None = None) -> int:
    """Record that the other end accepted the row, through a short database outage too (while
    the row's lease lasts): unrecorded, it would be sent again."""
    return int(
        outages.recorded(
            lambda: Notification.objects.filter(pk=row.pk, status=Status.PENDING).update(
                status=Status.SENT,
                sent_at=timezone.now(),
                lease_until=None,
                reason="",
                **(fields or {}),
            ),
            until=row.lease_until,
        )
    )


def still_ours(row: Notification) -> bool:
    """Renew the row's lease just before it is sent, if the lease is still the one this
    worker took. A worker slowed past its lease (a stalled process, a long batch) may find
    the row claimed again by another worker, or already sent: it leaves the row alone, so
    that only a single send can outlast a lease, and each transport's time-out is shorter
    than one."""
    renewed = timezone.now() + lease(row.channel)
    kept = Notification.objects.filter(
        pk=row.pk, status=Status.PENDING, lease_until=row.lease_until
    ).update(lease_until=renewed)
    if kept:
        row.lease_until = renewed
    return kept == 1


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
    """Record a failed attempt; retry later unless it is permanent or the last one allowed.

    Returns the delay when a task should retry the row; a longer wait than a task may be held
    for (see ``backoff``) is left to the minute sweep, which queues the row when it is due.
    """
    transport = TRANSPORTS[row.channel]
    permanent = transport.is_permanent(error)
    if not isinstance(error, transport.expected_errors):
        log.exception("Could not build or send notification %s", row.pk)
    note = f"{now:%Y-%m-%d %H:%M:%S} attempt {row.attempts}: {type(error).__name__}: {error}"
    errors = f"{row.last_error}\n{note}".strip()[-2000:]
    update: dict[str, Any] = {"lease_until": None, "last_error": errors}
    update |= transport.failure_fields(error)
    delay = None
    if permanent or row.attempts >= transport.max_attempts():
        update |= {"status": Status.FAILED, "reason": "permanent" if permanent else "gave up"}
    else:
        wait = backoff(row.attempts, row.channel)
        by_task = wait <= countdown_cap()
        delay = wait if by_task else None
        update |= {"due_at": now + timedelta(seconds=wait), "queued_at": now if by_task else None}
    Notification.objects.filter(pk=row.pk, status=Status.PENDING).update(**update)
    return delay


def countdown_cap() -> float:
    """The longest countdown a retry task may have: Redis redelivers a task held longer than
    its visibility timeout (a countdown longer than that would be delivered twice)."""
    visibility = settings.CELERY_BROKER_TRANSPORT_OPTIONS.get("visibility_timeout", 3600)
    return float(visibility / 2)


def backoff(attempts: int, channel: str = Channel.EMAIL) -> float:
    """Exponential: the channel's base after the first failure, doubling, up to its cap (an
    email's and a push's also below the broker's visibility timeout: their retries are tasks)."""
    transport = TRANSPORTS[channel]
    return float(min(transport.retry_seconds() * 2 ** (attempts - 1), transport.retry_cap()))


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


# Transports ----------------------------------------------------------------------------------


@dataclass
class Sent:
    """A row the other end accepted: ``fields`` to record with its status, and what to do
    once it is recorded."""

    fields: dict[str, Any] = field(default_factory=dict)
    then: Callable[[], Any] | None = None


class Transport:
    """One channel: how a row is sent, and the channel's numbers for the shared policy.

    ``send`` re-checks a claimed row and sends it: it returns ``Sent``, or a ``checks.Verdict``
    to give the row up without sending (suppressed, held, moved to the digest); an exception
    is a failed attempt (``failed``), retried unless ``is_permanent``.
    """

    #: The settings that hold the lease, the first retry's delay and the attempts allowed.
    lease_setting = "NOTIFICATIONS_LEASE_SECONDS"
    retry_setting = "NOTIFICATIONS_RETRY_SECONDS"
    attempts_setting = "NOTIFICATIONS_MAX_ATTEMPTS"
    #: Failures that are the other end's doing, logged without a traceback.
    expected_errors: tuple[type[Exception], ...] = (smtplib.SMTPException, OSError)

    def lease(self) -> timedelta:
        return timedelta(seconds=getattr(settings, self.lease_setting))

    def retry_seconds(self) -> float:
        return float(getattr(settings, self.retry_setting))

    def retry_cap(self) -> float:
        """The longest wait between two attempts: a task retries the row, so it stays below
        the broker's visibility timeout too."""
        return min(RETRY_CAP_SECONDS, countdown_cap())

    def max_attempts(self) -> int:
        return int(getattr(settings, self.attempts_setting))

    def send(self, row: Notification, now: datetime, batch: Batch) -> Sent | checks.Verdict:
        # Abstract: each channel's transport (email, push, webhook) says how it sends a row;
        # ``TRANSPORTS`` holds only those subclasses, never this base.
        raise NotImplementedError

    def is_permanent(self, error: Exception) -> bool:
        return False

    def failure_fields(self, error: Exception) -> dict[str, Any]:
        return {}


class EmailTransport(Transport):
    """An email to the reader's verified address (an invitation: to the address a player
    gave), over the connection kept open between tasks; delivered once the SMTP server took
    it; a 5xx answer is permanent."""

    def send(self, row: Notification, now: datetime, batch: Batch) -> Sent | checks.Verdict:
        if not to_verified_address(row, batch.verified):
            return checks.suppress("unverified address")
        items = digest_items(row, now) if row.kind == Notification.Kind.DIGEST else None
        decision = checks.verdict(row, now, batch.facts)
        if decision.action != "send":
            return decision
        if items is not None and items.empty:
            return checks.suppress("empty")
        send(emails.build(row, items.context if items is not None else None, batch.facts))
        if items is None:
            return Sent()
        return Sent(then=lambda: items.mark_sent(row, now))

    def is_permanent(self, error: Exception) -> bool:
        return is_permanent(error)


class PushTransport(Transport):
    """A Web Push to one browser of the reader (the same checks as an email); delivered once
    the push service took it. A browser its push service says is gone is forgotten, and the
    row suppressed."""

    expected_errors = (OSError, push_sending.WebPushException)

    def send(self, row: Notification, now: datetime, batch: Batch) -> Sent | checks.Verdict:
        decision = checks.verdict(row, now, batch.facts)
        if decision.action != "send":
            return decision
        subscription = row.subscription
        # ``checks.verdict`` suppresses a push row whose browser is gone (no subscription).
        assert subscription is not None
        try:
            push_sending.send(subscription, pushes.payload(row, batch.facts))
        except push_sending.SubscriptionGone:
            PushSubscription.objects.filter(pk=subscription.pk).delete()
            return checks.suppress("subscription gone")
        browser = PushSubscription.objects.filter(pk=subscription.pk)
        return Sent(then=lambda: browser.update(last_success_at=now))


class WebhookTransport(Transport):
    """A signed POST of the notice to the reader's webhook (``games.api.webhook_sending.post``);
    delivered on a 2xx answer, anything else is tried again (1 minute, doubling, up to 4
    hours: longer waits than a task may be held for are the sweep's)."""

    lease_setting = "WEBHOOKS_LEASE_SECONDS"
    expected_errors = (webhook_sending.NotDelivered,)

    def retry_seconds(self) -> float:
        return float(webhook_sending.RETRY_SECONDS)

    def retry_cap(self) -> float:
        return float(webhook_sending.RETRY_CAP_SECONDS)

    def max_attempts(self) -> int:
        return webhook_sending.MAX_ATTEMPTS

    def send(self, row: Notification, now: datetime, batch: Batch) -> Sent | checks.Verdict:
        if row.webhook is None or not row.webhook.active:
            return checks.suppress("webhook disabled")
        return Sent({"last_status_code": webhook_sending.post(row)})

    def failure_fields(self, error: Exception) -> dict[str, Any]:
        return {"last_status_code": getattr(error, "status_code", None)}


TRANSPORTS: dict[str, Transport] = {
    Channel.EMAIL: EmailTransport(),
    Channel.PUSH: PushTransport(),
    Channel.WEBHOOK: WebhookTransport(),
}


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
