"""How API requests say who they are: a personal token here, or (DRF's own
``SessionAuthentication``) the logged-in browser of the site's pages, with CSRF on writes.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from games.api.models import TOKEN_SHAPE, ApiToken, token_digest
from games.api.throttling import BadTokenThrottle

#: ``last_used_at`` is written at most this often per token, so reads stay reads.
LAST_USED_RESOLUTION = timedelta(minutes=5)
KEYWORDS = ("bearer", "token")


class TokenAuthentication(authentication.BaseAuthentication):
    """``Authorization: Bearer <token>``; a revoked (deleted) token fails at its next use."""

    def authenticate(self, request: Request) -> tuple[Any, ApiToken] | None:
        """The token's user. A valid token is always let through, whatever other requests from
        its address did (the ``bad_tokens`` rate holds back only requests whose token fails);
        a token that cannot be one of ours (wrong shape) costs no query."""
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].lower().decode("latin-1") not in KEYWORDS:
            return None
        raw = header[1].decode("ascii", errors="replace") if len(header) == 2 else ""
        token = None
        if TOKEN_SHAPE.fullmatch(raw):
            found = ApiToken.objects.select_related("user").filter(digest=token_digest(raw))
            token = found.first()
        if token is not None and token.user.is_active:
            self._touch(token)
            return token.user, token
        guard = BadTokenThrottle()
        wait = guard.blocked(request)
        if wait is not None:
            raise exceptions.Throttled(wait)
        guard.record(request)
        if len(header) != 2:
            raise exceptions.AuthenticationFailed(
                _("The Authorization header must be “Bearer” followed by one token.")
            )
        raise exceptions.AuthenticationFailed(_("This token is not valid."))

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="api"'

    @staticmethod
    def _touch(token: ApiToken) -> None:
        now = timezone.now()
        if token.last_used_at is None or now - token.last_used_at > LAST_USED_RESOLUTION:
            ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)


class TokenScheme(OpenApiAuthenticationExtension):
    target_class = "games.api.authentication.TokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": str(
                _("A personal API token, made on your profile page: “Bearer pt_…”.")
            ),
        }
