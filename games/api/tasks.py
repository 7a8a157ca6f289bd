"""The API's beat job. Webhook notices are outbox rows: ``games.notifications.tasks`` sends
them, and its minute sweep queues again those still due."""

from celery import shared_task

from games.api import feed


@shared_task
def prune_feeds() -> int:
    """From beat, daily: remove feed events and finished webhook notices past their days."""
    return feed.prune()
