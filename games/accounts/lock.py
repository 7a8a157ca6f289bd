"""What the login lock (django-axes) counts failures against: the account, not the typed text.

A login names an account by its username or by an email address, in any case and with spaces
around it. Were the lock keyed on the text as typed, five wrong passwords for ``claire`` would
leave ``Claire``, `` claire`` and ``Claire@Example.com`` open. So every spelling that reaches
an account shares one key, ``account:<id>``; a text that reaches no account is keyed on its
normalised self (trimmed, case-folded), so that guessing at unknown names is counted too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import Q

from games.accounts.models import User

#: Where a login's text may arrive: our credentials (allauth), Django's admin form, the POST.
CREDENTIAL_KEYS = ("email", "username", "login")


def typed_login(request: Any, credentials: Mapping[str, Any] | None) -> str:
    """The text the client gave to name the account."""
    for source in (credentials or {}, getattr(request, "POST", None) or {}):
        for key in CREDENTIAL_KEYS:
            value = source.get(key)
            if isinstance(value, str) and value.strip():
                return value
    return ""


def account_for(text: str) -> Any:
    """The account ``text`` reaches by username or by email address (any case), or None."""
    from allauth.account.models import EmailAddress

    value = text.strip()
    if not value:
        return None
    match = Q(username__iexact=value) | Q(email__iexact=value)
    if "@" in value:
        addresses = EmailAddress.objects.filter(email__iexact=value).values("user_id")
        match |= Q(pk__in=addresses)
    return User.objects.filter(match).order_by("pk").first()


def lock_key(request: Any, credentials: Mapping[str, Any] | None = None) -> str:
    """``AXES_USERNAME_CALLABLE``: one key per account, whatever spelling reached it."""
    text = typed_login(request, credentials)
    user = account_for(text)
    if user is not None:
        return f"account:{user.pk}"
    return "login:" + " ".join(text.split()).casefold()[:200]
