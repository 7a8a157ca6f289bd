"""Before an email goes out: does its event still hold, and does the reader still want it?"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from games.notifications import events, rules
from games.notifications.models import (
    AddressOptOut,
    MatchMute,
    Mode,
    Notification,
    NotificationSettings,
    settings_for,
)
from games.play.models import ChatMessage, Match, Seat, Vacation

Kind = Notification.Kind
#: While a clock is paused (vacation), a reminder looks again this often.
PAUSED_RECHECK = timedelta(hours=1)
#: A reminder a little early is fine; more than this and it waits for its time again.
EARLY = timedelta(minutes=2)


@dataclass(frozen=True)
class Verdict:
    action: str  # "send", "suppress", "hold" or "digest"
    reason: str = ""
    until: datetime | None = None


SEND = Verdict("send")


def suppress(reason: str) -> Verdict:
    return Verdict("suppress", reason)


def verdict(row: Notification, now: datetime) -> Verdict:
    """What to do with a claimed row right now."""
    event = event_verdict(row, now)
    if event is not None:
        return event
    if row.recipient is None:
        opted_out = AddressOptOut.objects.filter(address=row.address.lower()).exists()
        return suppress("opted out") if opted_out else SEND
    return reader_verdict(row, settings_for(row.recipient), now)


def reader_verdict(row: Notification, prefs: NotificationSettings, now: datetime) -> Verdict:
    user = row.recipient
    if not user.is_active or not user.email:
        return suppress("no address")
    if (
        row.match_id is not None
        and MatchMute.objects.filter(user=user, match=row.match_id).exists()
    ):
        return suppress("muted")
    if row.kind == Kind.DIGEST:
        if prefs.digest_hour is None:
            return suppress("digest off")
    else:
        mode = prefs.mode(row.category or "")
        if mode == Mode.OFF:
            return suppress("off")
        if mode == Mode.DIGEST:
            return Verdict("digest")
    until = rules.quiet_until(prefs, rules.zone_of(user), now)
    return Verdict("hold", "quiet hours", until) if until is not None else SEND


def event_verdict(row: Notification, now: datetime) -> Verdict | None:
    """A suppress or hold verdict when the event no longer holds as it did; else None."""
    kind, match = row.kind, row.match
    if kind in (Kind.YOUR_TURN, Kind.REMINDER) and not still_to_act(row):
        return suppress("not your turn")
    if kind == Kind.REMINDER:
        return reminder_verdict(row, now)
    if kind == Kind.STARTED and match.status not in (Match.Status.ACTIVE, Match.Status.FINISHED):
        return suppress("match ended")
    if kind == Kind.INVITATION:
        open_seat = Seat.objects.filter(
            pk=row.data.get("seat_id"),
            status=Seat.Status.INVITED,
            match__status=Match.Status.WAITING,
        )
        return None if open_seat.exists() else suppress("invitation closed")
    if kind == Kind.CHAT and not ChatMessage.objects.filter(pk=row.data.get("message_id")).exists():
        return suppress("message deleted")
    if kind == Kind.VACATION:
        away = Vacation.objects.filter(pk=row.data.get("vacation_id"), ended_at=None).exists()
        return None if away else suppress("vacation over")
    return None


def still_to_act(row: Notification) -> bool:
    """Still the reader's turn in the turn the row was written for."""
    match = row.match
    if match.status != Match.Status.ACTIVE:
        return False
    seat = match.seats.filter(user=row.recipient, status=Seat.Status.JOINED, is_to_act=True)
    return seat.exists() and events.last_move_number(row.recipient, match) <= row.version


def reminder_verdict(row: Notification, now: datetime) -> Verdict | None:
    hours = int(row.data.get("hours", 0))
    if hours not in settings_for(row.recipient).ladder():
        return suppress("ladder changed")
    deadline = row.match.deadline
    if deadline is None:
        return Verdict("hold", "clock paused", now + PAUSED_RECHECK)
    if deadline <= now:
        return suppress("deadline passed")
    due = deadline - timedelta(hours=hours)
    if due > now + EARLY:
        return Verdict("hold", "deadline moved", due)
    return None
