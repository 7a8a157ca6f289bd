"""Signed links that act without logging in: unsubscribing from a category, muting a match."""

from __future__ import annotations

from typing import Any

from django.core import signing

UNSUBSCRIBE_SALT = "notifications.unsubscribe"
MUTE_SALT = "notifications.mute"


def unsubscribe_token(category: str, recipient: Any = None, address: str = "") -> str:
    who = {"u": recipient.pk} if recipient is not None else {"a": address.lower()}
    return signing.dumps({**who, "c": category}, salt=UNSUBSCRIBE_SALT, compress=True)


def mute_token(recipient: Any, match: Any) -> str:
    return signing.dumps({"u": recipient.pk, "m": match.pk}, salt=MUTE_SALT)


def read(token: str, salt: str) -> dict[str, Any] | None:
    """The token's data, or None when it was not signed by us. These links never expire."""
    try:
        data = signing.loads(token, salt=salt)
    except signing.BadSignature:
        return None
    return data if isinstance(data, dict) else None
