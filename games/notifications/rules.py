"""The reader's terms, as pure decisions: which email (if any), and not during quiet hours."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from games.notifications.models import (
    CATEGORY_OF_KIND,
    Mode,
    NotificationSettings,
)


def zone_named(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def zone_of(user: object) -> ZoneInfo:
    return zone_named(str(getattr(user, "timezone", "") or "UTC"))


def choose(prefs: NotificationSettings, candidates: Sequence[str]) -> tuple[str, str] | None:
    """The first candidate kind the reader has not switched off, with its mode.

    Candidates come most important first, so that one event sends one email per reader: a
    resignation that makes it your turn sends the your-turn email, whose recap tells of it.
    """
    for kind in candidates:
        mode = prefs.mode(CATEGORY_OF_KIND[kind])
        if mode != Mode.OFF:
            return kind, mode
    return None


def choose_push(prefs: NotificationSettings, candidates: Sequence[str]) -> str | None:
    """The first candidate kind the reader wants pushed to their browsers (``choose`` for Web
    Push, which is on or off per category)."""
    return next((kind for kind in candidates if prefs.push_on(CATEGORY_OF_KIND[kind])), None)


def quiet_until(prefs: NotificationSettings, zone: ZoneInfo, now: datetime) -> datetime | None:
    """When the reader's quiet hours end, if ``now`` falls inside them; otherwise None."""
    window = prefs.quiet_window()
    if window is None:
        return None
    start, end = window
    local = now.astimezone(zone)
    clock = local.time().replace(tzinfo=None)
    inside = start <= clock < end if start < end else clock >= start or clock < end
    if not inside:
        return None
    day = local.date() if clock < end else local.date() + timedelta(days=1)
    return datetime.combine(day, end, tzinfo=zone)
