"""Subscribing and unsubscribing browsers, for the settings page and the API alike."""

from __future__ import annotations

import base64
import re
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.accounts.models import User
from games.core import outbound
from games.core.errors import ServiceError
from games.push.models import PushSubscription

#: The most browsers one user may subscribe; the oldest goes when a new one comes.
MAX_DEVICES = 20


def enabled() -> bool:
    """Whether the site has its VAPID keys, without which no push is recorded or sent."""
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY and settings.VAPID_SUBJECT)


def unavailable() -> ServiceError:
    return ServiceError("push_unavailable", _("Web Push is not available on this site."), 409)


def endpoint_allowed(url: str) -> bool:
    """An https URL whose host resolves to public addresses only (with PUSH_ALLOW_PRIVATE,
    any http or https URL with a host): the site posts there, so it must not be a way into
    the site's own network (``games.core.outbound``; each send checks it again)."""
    if settings.PUSH_ALLOW_PRIVATE:
        try:
            outbound.checked_shape(url, ("http", "https"))
        except outbound.RefusedAddress:
            return False
        return True
    return checked_endpoint(url) is not None


def checked_endpoint(url: str) -> str | None:
    """The address to post to, resolved once and checked; ``None`` if the URL is refused."""
    allow_private = settings.PUSH_ALLOW_PRIVATE
    schemes = ("http", "https") if allow_private else ("https",)
    try:
        return outbound.checked_address(url, schemes, allow_private)
    except outbound.RefusedAddress:
        return None


def key_bytes(value: str) -> bytes | None:
    try:
        return base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (ValueError, TypeError):
        return None


def check_keys(p256dh: str, auth: str) -> None:
    """The browser's key is an uncompressed P-256 point (65 bytes) and its secret 16 bytes."""
    point, secret = key_bytes(p256dh), key_bytes(auth)
    if point is None or len(point) != 65 or point[0] != 4 or secret is None or len(secret) != 16:
        raise ServiceError(
            "bad_push_keys", _("These are not the keys of a push subscription."), 400
        )


def subscribe(user: User, endpoint: str, p256dh: str, auth: str, user_agent: str = "") -> Any:
    """Record (or take over) the browser's subscription for ``user``; returns it."""
    if not enabled():
        raise unavailable()
    if not endpoint_allowed(endpoint):
        message = _("The push endpoint must be an https address of the internet.")
        raise ServiceError("bad_push_endpoint", message, 400)
    check_keys(p256dh, auth)
    fields = {"user": user, "p256dh": p256dh, "auth": auth, "user_agent": device_label(user_agent)}
    with transaction.atomic():
        # A browser handed to someone else (or re-subscribed) keeps one row: the newest owner's.
        subscription, _new = PushSubscription.objects.update_or_create(
            endpoint=endpoint, defaults=fields
        )
        kept = PushSubscription.objects.filter(user=user).order_by("-created_at", "-pk")
        stale = list(kept.values_list("pk", flat=True)[MAX_DEVICES:])
        if stale:
            PushSubscription.objects.filter(pk__in=stale).delete()
    return subscription


def unsubscribe(user: User, subscription_id: int) -> bool:
    """Forget one of ``user``'s browsers; whether there was one."""
    deleted, _rows = PushSubscription.objects.filter(user=user, pk=subscription_id).delete()
    return bool(deleted)


BROWSERS = [("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"),
            ("Chrome/", "Chrome"), ("Safari/", "Safari")]  # fmt: skip
SYSTEMS = [("Android", "Android"), ("iPhone", "iOS"), ("iPad", "iPadOS"), ("Windows", "Windows"),
           ("Mac OS X", "macOS"), ("CrOS", "ChromeOS"), ("Linux", "Linux")]  # fmt: skip


def device_label(user_agent: str) -> str:
    """ "Firefox · Linux" from a user agent string: enough to tell one's devices apart."""
    browser = next((name for mark, name in BROWSERS if mark in user_agent), "")
    system = next((name for mark, name in SYSTEMS if mark in user_agent), "")
    label = " · ".join(part for part in (browser, system) if part)
    return label or re.sub(r"[^\w .;/()-]", "", user_agent)[:60]
