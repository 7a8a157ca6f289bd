"""Request rates per user (or per address when anonymous), counted in Django's cache.

With ``CACHE_URL`` pointing at Redis every web process counts in the same place; with the
default per-process memory cache each process counts on its own. Scopes and their defaults
are below; ``API_THROTTLE_RATES`` (``"moves=600/min,chat=20/min"``) changes any of them.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from rest_framework.throttling import SimpleRateThrottle

DEFAULT_RATES = {
    "anon": "120/min",
    "user": "1200/min",
    "moves": "600/min",
    "chat": "20/min",
    "tokens": "10/hour",
}
PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def rates() -> dict[str, str]:
    return {**DEFAULT_RATES, **getattr(settings, "API_THROTTLE_RATES", {})}


def check_rates() -> None:
    """Refuse to start with a rate that cannot be read, naming the variable."""
    for scope, rate in rates().items():
        number, _slash, period = str(rate).partition("/")
        if not number.isdigit() or period[:1] not in PERIODS:
            raise ImproperlyConfigured(
                f"API_THROTTLE_RATES: {scope}={rate!r} must look like 600/min (s, min, hour, day)."
            )


class ScopeThrottle(SimpleRateThrottle):
    """One scope's rate, read from the settings at each request (so tests can change it)."""

    scope = "user"

    def __init__(self) -> None:  # DRF reads the rate in __init__; read it here the same way
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)

    def get_rate(self) -> str:
        return rates()[self.scope]

    def get_cache_key(self, request: Any, view: Any) -> str:
        user = getattr(request, "user", None)
        ident = user.pk if user is not None and user.is_authenticated else self.get_ident(request)
        return f"api-throttle:{self.scope}:{ident}"


class UserThrottle(ScopeThrottle):
    """Every request of a logged-in caller."""

    scope = "user"

    def allow_request(self, request: Any, view: Any) -> bool:
        if not request.user.is_authenticated:
            return True
        return super().allow_request(request, view)


class AnonThrottle(ScopeThrottle):
    """Every request without credentials, per client address."""

    scope = "anon"

    def allow_request(self, request: Any, view: Any) -> bool:
        if request.user.is_authenticated:
            return True
        return super().allow_request(request, view)


class UnsafeScopeThrottle(ScopeThrottle):
    """A scope that counts writes only (POST, PUT, PATCH, DELETE); reads pass."""

    def allow_request(self, request: Any, view: Any) -> bool:
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        return super().allow_request(request, view)


class MoveThrottle(UnsafeScopeThrottle):
    scope = "moves"


class ChatThrottle(UnsafeScopeThrottle):
    scope = "chat"


class TokenThrottle(UnsafeScopeThrottle):
    scope = "tokens"
