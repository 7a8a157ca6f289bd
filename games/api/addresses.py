"""Absolute URLs in the API's answers, on the address the caller used.

A site reached under several names (``ALLOWED_HOSTS``) answers each caller with links on the
name, scheme and port it called: ``ApiView`` sets the base for the time of a request, and
outside one (a webhook's payload, an email) ``SITE_URL`` is the base.
"""

from __future__ import annotations

from contextvars import ContextVar, Token
from typing import Any

from django.conf import settings

_base: ContextVar[str | None] = ContextVar("api_base_url", default=None)


def absolute(path: str) -> str:
    return (_base.get() or settings.SITE_URL) + path


def use_request_base(request: Any) -> Token[str | None]:
    """From now on (until ``reset``), links are on ``request``'s own scheme and host."""
    return _base.set(request.build_absolute_uri("/").rstrip("/"))


def reset(token: Token[str | None]) -> None:
    _base.reset(token)
