from celery import shared_task

from games.api import feed, webhooks


@shared_task
def deliver_webhook(delivery_id: int) -> str:
    """Send one webhook notice (a no-op if it was sent already or is not due)."""
    return webhooks.deliver(delivery_id)


@shared_task
def retry_webhooks() -> int:
    """From beat, every minute: queue again every notice that is still due."""
    return webhooks.retry_due()


@shared_task
def prune_feeds() -> int:
    """From beat, daily: remove feed events and finished webhook notices past their days."""
    return feed.prune()
