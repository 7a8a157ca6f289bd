"""How one webhook notice is sent: its address checked, its body signed, one POST.

The outbox (``games.notifications.delivery``, its webhook transport) sends each row the
recorders of ``games.api.webhooks`` wrote, with the same claim, lease and back-off as emails and
pushes and the numbers below; a 2xx answer is a delivery.

Each POST carries ``X-Partida-Signature: t=<unix time>,v1=<hex>``, where ``<hex>`` is the
HMAC-SHA256 of ``"<t>.<body>"`` under the webhook's secret, ``X-Partida-Event`` and
``X-Partida-Delivery`` (the row's id: the same on every retry of one notice, for
deduplication).
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import time

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.core import outbound
from games.core.errors import ServiceError
from games.notifications.models import Notification

#: The outbox's numbers for a webhook notice (its lease: ``WEBHOOKS_LEASE_SECONDS``, longer
#: than the HTTP time-out): tries before it is given up, and the wait before the next try,
#: 1, 2, 4 … minutes, at most 4 hours.
MAX_ATTEMPTS = 8
RETRY_SECONDS = 60
RETRY_CAP_SECONDS = 4 * 60 * 60
TIMEOUT_SECONDS = 10
SIGNATURE_TOLERANCE = 300


#: What the webhook check says of each reason a URL is refused.
REFUSALS = {
    outbound.Refusal.SCHEME: _("The URL must start with http:// or https://."),
    outbound.Refusal.HOST: _("The URL must start with http:// or https://."),
    outbound.Refusal.UNRESOLVED: _("This host name does not resolve."),
    outbound.Refusal.PRIVATE: _("The URL must point to a public address of the internet."),
}


def checked_address(url: str) -> str:
    """Resolve the URL's host once and check every address it gives: the one to connect to
    (``games.core.outbound``: the send connects to this very address, never resolving the
    name again)."""
    allow_private = getattr(settings, "API_WEBHOOK_ALLOW_PRIVATE", False)
    try:
        return outbound.checked_address(url, ("http", "https"), allow_private)
    except outbound.RefusedAddress as refused:
        raise ServiceError("bad_webhook_url", REFUSALS[refused.reason], 400) from None


def sign(secret: str, body: bytes, timestamp: int) -> str:
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={mac.hexdigest()}"


def verify(secret: str, body: bytes, header: str, now: float | None = None) -> bool:
    """What a receiver does: check the HMAC and that the timestamp is recent."""
    try:
        fields = dict(part.split("=", 1) for part in header.split(","))
        timestamp = int(fields["t"])
    except (ValueError, KeyError):
        return False
    if abs((now or time.time()) - timestamp) > SIGNATURE_TOLERANCE:
        return False
    return hmac.compare_digest(sign(secret, body, timestamp), f"t={timestamp},v1={fields['v1']}")


class NotDelivered(Exception):
    """A POST that did not get a 2xx answer: refused, unreachable or answered otherwise."""

    def __init__(self, message: str, status_code: int | None = None) -> None:
        super().__init__(message)
        self.status_code = status_code


def post(row: Notification) -> int:
    """POST one notice to its webhook, on the address its check approved (redirects not
    followed); returns the 2xx status, else raises ``NotDelivered``."""
    assert row.webhook is not None
    body = json.dumps(
        {**row.data, "delivery": row.pk, "sent_at": timezone.now().isoformat()},
        separators=(",", ":"),
    ).encode()
    url = row.webhook.url
    try:
        address = checked_address(url)
    except ServiceError as refused:
        raise NotDelivered(str(refused.message)) from None
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "Partida-Webhooks/1",
        "X-Partida-Event": row.kind,
        "X-Partida-Delivery": str(row.pk),
        "X-Partida-Signature": sign(row.webhook.secret, body, int(time.time())),
    }
    try:
        status = outbound.post(url, address, body, headers, TIMEOUT_SECONDS).status_code
    except (OSError, ValueError, http.client.HTTPException) as failure:
        raise NotDelivered(f"{type(failure).__name__}: {failure}") from None
    if not 200 <= status < 300:
        raise NotDelivered(f"HTTP {status}", status)
    return status
