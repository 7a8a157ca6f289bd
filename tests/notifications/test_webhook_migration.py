"""The migration that made webhook notices outbox rows carries the old rows over: a pending
notice stays due (the minute sweep queues it), a delivered one keeps its history, and each
keeps the key that makes it unique (per user and match version, or per user and feed event)."""

from datetime import timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from games.api.models import Webhook
from games.notifications.models import Notification

BEFORE = [("api", "0003_webhook_feed_events"), ("notifications", "0003_push_channel")]
AFTER = [("api", "0004_delete_webhookdelivery"), ("notifications", "0004_webhook_channel")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_the_webhook_deliveries_become_outbox_rows(start_match, player, opponent):
    match = start_match("collar")
    webhook = Webhook.objects.create(user=player, url="http://127.0.0.1:9/hook")
    later = timezone.now() + timedelta(minutes=4)
    try:
        old = migrate(BEFORE).get_model("api", "WebhookDelivery")
        pending = old.objects.create(
            webhook_id=webhook.pk, user_id=player.pk, match_id=match.pk, version=3,
            payload={"event": "your_turn"}, attempts=2, next_attempt_at=later,
            last_status_code=503, last_error="HTTP 503",
        )  # fmt: skip
        delivered = old.objects.create(
            webhook_id=webhook.pk, user_id=player.pk, match_id=match.pk, version=0,
            event="chat", feed_number=7, payload={"event": "chat", "feed_event": 7},
            status="delivered", attempts=1, delivered_at=timezone.now(), last_status_code=200,
        )  # fmt: skip
    finally:
        migrate(AFTER)
    rows = Notification.objects.filter(channel="webhook").order_by("version")
    chat, turn = rows
    assert (turn.key, turn.kind, turn.status, turn.due_at, turn.queued_at) == (
        f"webhook:{player.pk}:{match.pk}:3",
        "your_turn",
        "pending",
        later,
        None,
    )
    assert (turn.attempts, turn.last_status_code, turn.webhook_id) == (2, 503, webhook.pk)
    assert turn.recipient_id == player.pk and turn.data == pending.payload
    assert (chat.key, chat.kind, chat.status) == (f"webhook:{player.pk}:feed:7", "chat", "sent")
    assert chat.sent_at == delivered.delivered_at and list(
        webhook.deliveries.order_by("version")
    ) == [chat, turn]
