"""Posting one encrypted message to a browser's push service, with pywebpush."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from pywebpush import WebPushException, webpush

from games.core import outbound
from games.push.models import PushSubscription
from games.push.subscriptions import checked_endpoint

#: How long the push service keeps a message for a browser that is offline: a day (a turn
#: lasts days; a reminder after that is stale anyway, and the next one will come).
TTL_SECONDS = 24 * 60 * 60
#: The push service's answers that say the subscription is gone for good.
GONE = (404, 410)


class SubscriptionGone(Exception):
    """The push service no longer knows this browser (404 or 410): forget it."""


def send(subscription: PushSubscription, payload: dict[str, Any]) -> None:
    """Encrypt ``payload`` for the browser and post it; raise on any refusal (the outbox
    retries), ``SubscriptionGone`` when the browser is gone."""
    address = checked_endpoint(subscription.endpoint)
    if address is None:
        raise WebPushException("The push endpoint no longer points to an allowed address.")
    try:
        webpush(
            subscription.info(),
            data=json.dumps(payload, ensure_ascii=False),
            vapid_private_key=settings.VAPID_PRIVATE_KEY,
            # A new dict each time: pywebpush writes the audience and expiry into it.
            vapid_claims={"sub": settings.VAPID_SUBJECT},
            ttl=TTL_SECONDS,
            timeout=settings.PUSH_TIMEOUT_SECONDS,
            # Posted to the address just checked, never resolved again (DNS rebinding).
            requests_session=outbound.PinnedSession(address),
        )
    except WebPushException as error:
        if getattr(error.response, "status_code", None) in GONE:
            raise SubscriptionGone(str(error)) from error
        raise
