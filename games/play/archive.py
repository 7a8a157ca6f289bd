"""The archive of finished matches: filters, and pages by keyset on (finished_at, id).

The page and the API build the same ``ArchiveFilters`` and call ``archive_page``. A page is
found by the last row of the one before (``finished_at < x OR (finished_at = x AND id < y)``,
newest first) and never by an offset, so page 20,000 costs what page 1 does; the indexes
are in ``Match.Meta`` and ``Seat.Meta``. Only matches the reader may see are listed
(``Match.objects.visible_to``); rows show names, results and dates, never a state.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db.models import Prefetch, Q, QuerySet
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext_lazy as _

from games.accounts.models import User
from games.core.errors import ServiceError
from games.play.models import Match, Outcome, Seat
from games.registry import installed_games

#: Rows per archive page, unless the API caller asks for another size.
PAGE_SIZE = 25
BAD_CURSOR = ("bad_cursor", _("This cursor names no page: use `next` or `previous`."), 404)


@dataclass(frozen=True)
class ArchiveFilters:
    """What the reader narrows the archive to; ``result`` is the ``player``'s outcome."""

    game: str = ""
    #: ``<game>:<mode>``, as ``mode_choices`` lists them (it names the game too).
    mode: str = ""
    player: Any = None
    opponent: Any = None
    result: str = ""
    since: date | None = None
    until: date | None = None
    #: Only rated matches (True), only unrated ones (False), or both (None).
    rated: bool | None = None


@dataclass(frozen=True)
class Key:
    """Where a page starts or ends: a row's (finished_at, id)."""

    finished_at: datetime
    id: int


@dataclass
class ArchivePage:
    rows: list[Match] = field(default_factory=list)
    #: Cursors of the older and the newer page, or ``None`` at either end.
    next: str | None = None
    previous: str | None = None


def mode_choices() -> list[tuple[str, str]]:
    """Every mode of every installed game, as (``<game>:<mode>``, "Game: mode label")."""
    return [
        (f"{slug}:{value}", f"{game.name}: {label}")
        for slug, game in installed_games().items()
        for value, label in game.modes()
    ]


def mode_label(match: Match) -> str:
    """The match's mode in the reader's language (empty for a game with one mode)."""
    game = installed_games().get(match.game)
    if game is None:
        return ""
    value = game.mode_of(match.options or {})
    return dict(game.modes()).get(value, value)


def played_by(user: User, outcome: str = "") -> QuerySet[Seat]:
    """The seats ``user`` played in (had a number), with that outcome if given."""
    seats = Seat.objects.filter(user=user, number__isnull=False)
    return seats.filter(outcome=outcome) if outcome else seats


def day_start(day: date) -> datetime | None:
    """The first instant of ``day`` in the reader's time zone, in UTC; ``None`` for a day so
    near the ends of the calendar (year 1, year 9999) that it has no such instant."""
    try:
        return timezone.make_aware(datetime.combine(day, time.min)).astimezone(UTC)
    except (OverflowError, ValueError):
        return None


def finished_matches(reader: Any, filters: ArchiveFilters) -> QuerySet[Match]:
    """The finished matches the reader may see that pass the filters, newest first."""
    found = Match.objects.visible_to(reader).filter(
        status=Match.Status.FINISHED, finished_at__isnull=False
    )
    if filters.game:
        found = found.filter(game=filters.game)
    if filters.mode:
        slug, _sep, value = filters.mode.partition(":")
        game = installed_games().get(slug)
        if game is None or game.mode_option is None:
            return found.none()
        found = found.filter(game=slug, **{f"options__{game.mode_option}": value})
    if filters.rated is not None:
        found = found.filter(rated=filters.rated)
    if filters.player is not None:
        seats = played_by(filters.player, filters.result)
        found = found.filter(pk__in=seats.values("match_id"))
    if filters.opponent is not None:
        found = found.filter(pk__in=played_by(filters.opponent).values("match_id"))
    start = day_start(filters.since) if filters.since else None
    if start is not None:
        found = found.filter(finished_at__gte=start)
    if filters.until and filters.until < date.max:
        end = day_start(filters.until + timedelta(days=1))
        if end is not None:
            found = found.filter(finished_at__lt=end)
    return found.order_by("-finished_at", "-id")


def encode_cursor(direction: str, key: Key) -> str:
    text = f"{direction}|{key.finished_at.isoformat()}|{key.id}"
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[str, Key]:
    """``("after" | "before", key)``; a cursor that cannot be read is a 404 ``bad_cursor``."""
    try:
        text = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        direction, moment, number = text.split("|")
        when = parse_datetime(moment)
        if direction not in ("after", "before") or when is None or when.tzinfo is None:
            raise ValueError(text)
        return direction, Key(when, int(number))
    except (ValueError, UnicodeDecodeError, binascii.Error):
        raise ServiceError(*BAD_CURSOR) from None


def key_of(match: Match) -> Key:
    return Key(match.finished_at, match.pk)  # type: ignore[arg-type]


def archive_page(
    reader: Any, filters: ArchiveFilters, cursor: str = "", size: int = PAGE_SIZE
) -> ArchivePage:
    """One page of the archive: ``size`` rows (with their seats and users) and the cursors of
    the pages on either side. Two queries."""
    # A row shows no state and no score breakdown: they are the largest columns by far.
    found = (
        finished_matches(reader, filters)
        .defer("state", "result")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.with_names()))
    )
    if not cursor:
        rows = list(found[: size + 1])
        return ArchivePage(rows[:size], _next(rows, size), None)
    direction, key = decode_cursor(cursor)
    if direction == "after":
        older = found.filter(finished_at__lte=key.finished_at).filter(
            Q(finished_at__lt=key.finished_at) | Q(id__lt=key.id)
        )
        rows = list(older[: size + 1])
        previous = encode_cursor("before", key_of(rows[0])) if rows else None
        return ArchivePage(rows[:size], _next(rows, size), previous)
    newer = (
        found.filter(finished_at__gte=key.finished_at)
        .filter(Q(finished_at__gt=key.finished_at) | Q(id__gt=key.id))
        .order_by("finished_at", "id")
    )
    rows = list(newer[: size + 1])
    more = len(rows) > size
    rows = rows[:size][::-1]
    previous = encode_cursor("before", key_of(rows[0])) if more else None
    following = encode_cursor("after", key_of(rows[-1])) if rows else None
    return ArchivePage(rows, following, previous)


def _next(rows: list[Match], size: int) -> str | None:
    return encode_cursor("after", key_of(rows[size - 1])) if len(rows) > size else None


def outcome_of(match: Match, user: User | AnonymousUser) -> str:
    """The outcome of ``user``'s seat in a match whose seats are loaded (empty if none)."""
    user_id = getattr(user, "pk", None)
    seat = next((s for s in match.seats.all() if s.user_id == user_id), None)
    return seat.outcome if seat else ""


RESULT_CHOICES = Outcome.choices
