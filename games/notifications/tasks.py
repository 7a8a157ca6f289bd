"""Celery tasks: deliver one row or a batch, and the two beat jobs (the sweep, the digests)."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from games.notifications import delivery, digest


@shared_task(
    bind=True, acks_late=True, reject_on_worker_lost=True, max_retries=None, ignore_result=True
)
def deliver(self: Any, notification_id: int) -> None:
    """Send one outbox row; a failed attempt comes back after an exponential back-off."""
    retry_in = delivery.deliver(notification_id)
    if retry_in is not None and not self.request.is_eager:
        raise self.retry(countdown=retry_in)


@shared_task(bind=True, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def deliver_batch(self: Any, notification_ids: list[int]) -> None:
    """Send the rows one commit wrote, then rows of a backlog, up to a batch (a backlog drains
    in batches); a row that fails comes back alone, with its own retries."""
    retries = delivery.deliver_many(
        notification_ids, limit=delivery.BATCH_SIZE, stale_tasks=not self.request.is_eager
    )
    for notification_id, retry_in in retries.items():
        deliver.apply_async((notification_id,), countdown=retry_in)


@shared_task(acks_late=True, ignore_result=True)
def sweep(limit: int = 2000) -> int:
    """Every minute from beat: queue the rows that are due and have no task on the way.

    That is reminders and mail held through quiet hours as they fall due, and rows whose
    task was lost (a worker killed mid-send: its lease has run out and nothing came back).
    """
    return len(delivery.queue_due(limit=limit))


@shared_task(acks_late=True, ignore_result=True)
def send_digests() -> int:
    """Every few minutes from beat: start the digests whose local hour has come."""
    return digest.start_due_digests()
