"""Request rates per user (or per address when anonymous), counted in Django's cache.

With ``CACHE_URL`` pointing at Redis every web process counts in the same place; with the
default per-process memory cache each process counts on its own. Scopes and their defaults
are below; ``API_THROTTLE_RATES`` (``"moves=600/min,chat=20/min"``) changes any of them.

Every request counts against ``user`` (or ``anon``); a view's ``write_scope`` (``moves``,
``chat``, ``tokens``) also counts its writes. Each scope keeps two small counters, this
window's and the previous one's, and estimates the last full period as the current count plus
the previous count weighted by how much of the previous window still falls inside it, rounded
up (a sliding-window counter that never lets a burst at the end of one window be followed by
another at the start of the next: two requests of a 2/min rate at 11:59:59.9 leave no room at
12:00:00.1). All the scopes of a request are read in one cache round trip and
written in one more, whatever the rate, where DRF's own throttle stores (and reads, and
rewrites) the time of every request of the last period.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured
from rest_framework.throttling import BaseThrottle

DEFAULT_RATES = {
    "anon": "120/min",
    "user": "1200/min",
    "moves": "600/min",
    "chat": "20/min",
    "tokens": "10/hour",
    "bad_tokens": "30/min",
}
PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def rates() -> dict[str, str]:
    return {**DEFAULT_RATES, **getattr(settings, "API_THROTTLE_RATES", {})}


def parse_rate(rate: str) -> tuple[int, int]:
    """``"600/min"`` → (600 requests, 60 seconds); ValueError if it cannot be read."""
    number, _slash, period = str(rate).partition("/")
    if not number.isdigit() or period[:1] not in PERIODS:
        raise ValueError(rate)
    return int(number), PERIODS[period[:1]]


def check_rates() -> None:
    """Refuse to start with a rate that cannot be read, naming the variable."""
    for scope, rate in rates().items():
        try:
            parse_rate(rate)
        except ValueError:
            raise ImproperlyConfigured(
                f"API_THROTTLE_RATES: {scope}={rate!r} must look like 600/min (s, min, hour, day)."
            ) from None


@dataclass(frozen=True)
class Window:
    """One scope's counters around ``now``: this window's key and the previous one's."""

    limit: int
    period: int
    started: int
    current: str
    previous: str

    @classmethod
    def at(cls, scope: str, ident: str, limit: int, period: int, now: float) -> Window:
        index = int(now // period)
        base = f"api-throttle:{scope}:{ident}:{period}"
        return cls(limit, period, index * period, f"{base}:{index}", f"{base}:{index - 1}")

    def wait(self, now: float, counts: dict[str, int]) -> float | None:
        """None if one more request fits the last period; else the seconds until it does."""
        here, before = counts.get(self.current, 0), counts.get(self.previous, 0)
        carried = math.ceil(before * (1 - (now - self.started) / self.period))
        if here + carried < self.limit:
            return None
        if here >= self.limit or before == 0:
            return self.started + self.period - now  # only the next window has room
        # The previous window's weight w falls linearly: room once here + ceil(before * w) <
        # limit, that is once before * w <= limit - here - 1.
        needed = 1 - (self.limit - here - 1) / before
        return max(0.0, self.started + self.period * needed - now) + 0.001


class RateThrottle(BaseThrottle):
    """The API's one throttle: ``user`` or ``anon`` for every request, plus the view's
    ``write_scope`` (or this class's) for POST, PUT, PATCH and DELETE."""

    write_scope: str | None = None
    #: False for a throttle that counts only its write scope (the site's token page).
    counts_every_request = True
    timer: Callable[[], float] = time.time

    def __init__(self) -> None:
        self._wait: float | None = None

    def scopes(self, request: Any, view: Any) -> list[str]:
        found = []
        if self.counts_every_request:
            user = getattr(request, "user", None)
            found.append("user" if user is not None and user.is_authenticated else "anon")
        extra = self.write_scope or getattr(view, "write_scope", None)
        if extra and request.method not in SAFE_METHODS:
            found.append(extra)
        return found

    def ident_of(self, request: Any) -> str:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            return str(user.pk)
        return str(self.get_ident(request))

    def allow_request(self, request: Any, view: Any) -> bool:
        scopes = self.scopes(request, view)
        if not scopes:
            return True
        now = self.timer()
        windows = self.windows(scopes, self.ident_of(request), now)
        counts = cache.get_many([key for w in windows for key in (w.current, w.previous)])
        waits = [wait for w in windows if (wait := w.wait(now, counts)) is not None]
        if waits:
            self._wait = max(waits)
            return False
        self.count(windows, counts)
        return True

    @staticmethod
    def windows(scopes: list[str], ident: str, now: float) -> list[Window]:
        table = rates()
        return [Window.at(scope, ident, *parse_rate(table[scope]), now) for scope in scopes]

    @staticmethod
    def count(windows: list[Window], counts: dict[str, int]) -> None:
        for period in {w.period for w in windows}:  # a counter is read for two periods at most
            fresh = {w.current: counts.get(w.current, 0) + 1 for w in windows if w.period == period}
            cache.set_many(fresh, timeout=period * 2)

    def wait(self) -> float | None:
        return None if self._wait is None else math.ceil(self._wait * 1000) / 1000


class TokenThrottle(RateThrottle):
    """Tokens made on the site's profile page (the API's own token view uses ``write_scope``)."""

    write_scope = "tokens"
    counts_every_request = False


class BadTokenThrottle(RateThrottle):
    """Requests whose token is not valid, per client address (``bad_tokens``). Past the rate,
    every request with a token from that address is refused with 429 before the token is
    looked up: guessing tokens, or flooding with them, costs no query."""

    scope = "bad_tokens"

    def _window(self, request: Any) -> tuple[Window, float]:
        now = self.timer()
        return self.windows([self.scope], str(self.get_ident(request)), now)[0], now

    def blocked(self, request: Any) -> float | None:
        """Seconds to wait if the address is past its rate, else None (reads only)."""
        window, now = self._window(request)
        return window.wait(now, cache.get_many([window.current, window.previous]))

    def record(self, request: Any) -> None:
        window, _now = self._window(request)
        self.count([window], cache.get_many([window.current]))
