"""Whether a user's email address is verified (allauth's ``EmailAddress`` rows).

Notification emails go only to verified addresses: the outbox re-checks each row with these
before sending (``games.notifications.delivery``). Allauth's own emails (the verification
itself, password resets) and invitations that a player addresses to someone do not ask.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from allauth.account.models import EmailAddress

from games.accounts.models import User


def has_verified_email(user: User, address: str | None = None) -> bool:
    """Whether ``address`` (by default the user's own) is a verified address of ``user``."""
    address = (address if address is not None else user.email or "").strip()
    if not address or user.pk is None:
        return False
    return EmailAddress.objects.filter(user=user, verified=True, email__iexact=address).exists()


def verified_addresses(user_ids: Iterable[int | None]) -> set[tuple[int, str]]:
    """(user id, lower-cased address) of every verified address of these users, in one query
    (a None among the ids, a row without an account, is passed over)."""
    ids = {pk for pk in user_ids if pk is not None}
    if not ids:
        return set()
    rows = EmailAddress.objects.filter(user_id__in=ids, verified=True)
    return {(user_id, email.lower()) for user_id, email in rows.values_list("user_id", "email")}


def mark_verified(user: User) -> EmailAddress:
    """Record the user's address as verified and primary (demo users, existing accounts)."""
    address, _created = EmailAddress.objects.update_or_create(
        user=user, email=user.email.lower(), defaults={"verified": True, "primary": True}
    )
    return address


def trust_address_from_link(request: Any, address: str) -> None:
    """The visitor opened a link that was emailed to ``address`` (an invitation): signing up
    with that address in this session needs no second link to confirm it."""
    from allauth.account.adapter import get_adapter

    if address:
        get_adapter(request).stash_verified_email(request, address)
