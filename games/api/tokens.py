"""Making, listing and revoking personal API tokens (the pages and the API call these)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.accounts.models import User
from games.api.models import SHOWN_CHARACTERS, ApiToken, new_raw_token, token_digest
from games.core.errors import ServiceError

MAX_TOKENS_PER_USER = 20


def create_token(user: User, name: str) -> tuple[ApiToken, str]:
    """A new token for ``user``; the raw token is returned here and never again."""
    name = " ".join((name or "").split())[:60]
    if not name:
        raise ServiceError("token_name_required", _("Give the token a name."), 400)
    with transaction.atomic():
        # Locking the user row serialises two creations, so the limit holds.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        if ApiToken.objects.filter(user=user).count() >= MAX_TOKENS_PER_USER:
            raise ServiceError(
                "too_many_tokens",
                _("You already have %(count)s tokens. Revoke one you no longer use first.")
                % {"count": MAX_TOKENS_PER_USER},
                409,
            )
        raw = new_raw_token()
        token = ApiToken.objects.create(
            user=user, name=name, prefix=raw[:SHOWN_CHARACTERS], digest=token_digest(raw)
        )
    return token, raw


def revoke_token(user: User, token_id: Any) -> None:
    """Delete one of ``user``'s tokens: the next request that uses it is refused."""
    try:
        deleted, _rows = ApiToken.objects.filter(user=user, pk=int(token_id)).delete()
    except (TypeError, ValueError, OverflowError):
        deleted = 0
    if not deleted:
        raise ServiceError("not_found", _("There is no such token."), 404)
