"""A private iCalendar feed of one user's current deadlines, and the start of the tournaments
they entered (RFC 5545, written by hand: it is a dozen lines of text, and the tests parse it
with a real iCalendar library)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext

from games.accounts.models import User
from games.notifications.outbox import message_domain
from games.play.models import Match, Seat
from games.tournaments.models import Tournament

STAMP = "%Y%m%dT%H%M%SZ"


def deadlines(user: User) -> list[Seat]:
    """The seats where the user has to move before a deadline, soonest first."""
    return list(
        Seat.objects.filter(
            user=user,
            status=Seat.Status.JOINED,
            is_to_act=True,
            match__status=Match.Status.ACTIVE,
            match__deadline__isnull=False,
        )
        .select_related("match")
        .prefetch_related("match__seats__user")
        .order_by("match__deadline")
    )


def tournament_starts(user: User) -> list[Tournament]:
    """The tournaments the user entered that start at a set time still to come."""
    return list(
        Tournament.objects.filter(
            entries__user=user, status=Tournament.Status.OPEN, starts_at__gt=timezone.now()
        ).order_by("starts_at")
    )


def escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def fold(line: str) -> Iterable[str]:
    """Lines longer than 75 octets continue on the next line after a space."""
    data = line.encode()
    while len(data) > 75:
        cut = 75
        while (data[cut] & 0xC0) == 0x80:  # never split a UTF-8 character
            cut -= 1
        yield data[:cut].decode()
        data = b" " + data[cut:]
    yield data.decode()


def event_lines(seat: Seat, now: datetime) -> list[str]:
    match = seat.match
    opponents = ", ".join(
        s.user.public_name
        for s in match.seats.all()
        if s.user is not None and s.pk != seat.pk and s.number is not None
    )
    if opponents:
        summary = gettext("Your move: %(game)s against %(opponents)s") % {
            "game": match.engine.name,
            "opponents": opponents,
        }
    else:  # a solo match
        summary = gettext("Your move: %(game)s") % {"game": match.engine.name}
    url = settings.SITE_URL + reverse("play:match", args=[match.pk])
    assert match.deadline is not None  # ``deadlines`` takes only matches with one
    end = match.deadline.astimezone(UTC)
    return [
        "BEGIN:VEVENT",
        f"UID:match-{match.pk}-deadline@{message_domain()}",
        f"DTSTAMP:{now:{STAMP}}",
        f"DTSTART:{(end - timedelta(minutes=30)):{STAMP}}",
        f"DTEND:{end:{STAMP}}",
        f"SUMMARY:{escape(summary)}",
        f"DESCRIPTION:{escape(url)}",
        f"URL:{url}",
        "BEGIN:VALARM",
        "ACTION:DISPLAY",
        "TRIGGER:-PT2H",
        f"DESCRIPTION:{escape(summary)}",
        "END:VALARM",
        "END:VEVENT",
    ]


def start_lines(tournament: Tournament, now: datetime) -> list[str]:
    summary = gettext("Tournament starts: %(tournament)s") % {"tournament": tournament.name}
    url = settings.SITE_URL + reverse("tournaments:detail", args=[tournament.pk])
    start = tournament.starts_at.astimezone(UTC) if tournament.starts_at else now
    return [
        "BEGIN:VEVENT",
        f"UID:tournament-{tournament.pk}-start@{message_domain()}",
        f"DTSTAMP:{now:{STAMP}}",
        f"DTSTART:{start:{STAMP}}",
        f"DTEND:{(start + timedelta(minutes=30)):{STAMP}}",
        f"SUMMARY:{escape(summary)}",
        f"DESCRIPTION:{escape(url)}",
        f"URL:{url}",
        "END:VEVENT",
    ]


def feed(user: User) -> str:
    now = timezone.now().astimezone(UTC)
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Partida//Deadlines//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{escape('Partida')}",
    ]
    with translation.override(user.language):
        for seat in deadlines(user):
            lines += event_lines(seat, now)
        for tournament in tournament_starts(user):
            lines += start_lines(tournament, now)
    lines.append("END:VCALENDAR")
    return "".join(part + "\r\n" for line in lines for part in fold(line))
