"""Before an email goes out: does its event still hold, and does the reader still want it?"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from games.notifications import rules
from games.notifications.facts import Facts
from games.notifications.models import Channel, Mode, Notification
from games.play.models import ChatMessage, Match, Seat, Vacation
from games.push.subscriptions import enabled as push_enabled
from games.social.models import PlayerMute

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


def facts_for(rows: list[Notification]) -> Facts:
    """What the checks and the emails of these rows read, in a few queries for all of them."""
    return Facts.load(
        [(row.match, row.recipient, row.version) for row in rows],
        addresses=[row.address for row in rows if row.recipient is None],
    )


def verdict(row: Notification, now: datetime, facts: Facts | None = None) -> Verdict:
    """What to do with a claimed row right now (``facts`` loaded for it, or loaded here)."""
    facts = facts or facts_for([row])
    event = event_verdict(row, now, facts)
    if event is not None:
        return event
    if row.recipient is None:
        return suppress("opted out") if row.address.lower() in facts.opted_out else SEND
    return reader_verdict(row, facts, now)


def reader_verdict(row: Notification, facts: Facts, now: datetime) -> Verdict:
    user = row.recipient
    # ``verdict`` answers for a row without an account (to an address) before asking this.
    assert user is not None
    if not user.is_active or not user.email or user.is_bot:
        return suppress("no address")
    pushed = row.channel == Channel.PUSH
    if pushed and row.subscription_id is None:
        return suppress("subscription gone")
    if pushed and not push_enabled():
        return suppress("push off")
    if facts.muted(user, row.match_id):
        return suppress("muted")
    prefs = facts.settings_for(user)
    if row.kind == Kind.DIGEST:
        if prefs.digest_hour is None:
            return suppress("digest off")
    elif pushed:
        if not prefs.push_on(row.category or ""):
            return suppress("off")
    else:
        mode = prefs.mode(row.category or "")
        if mode == Mode.OFF:
            return suppress("off")
        if mode == Mode.DIGEST:
            return Verdict("digest")
    until = rules.quiet_until(prefs, rules.zone_of(user), now)
    return Verdict("hold", "quiet hours", until) if until is not None else SEND


def event_verdict(row: Notification, now: datetime, facts: Facts | None = None) -> Verdict | None:
    """A suppress or hold verdict when the event no longer holds as it did; else None."""
    kind, match = row.kind, row.match
    if kind in (Kind.YOUR_TURN, Kind.REMINDER):
        facts = facts or facts_for([row])
        if not still_to_act(row, facts):
            return suppress("not your turn")
        if kind == Kind.REMINDER:
            return reminder_verdict(row, now, facts)
    if kind == Kind.STARTED:
        # A started row is written for a change of its match (``events``), and goes with it.
        assert match is not None
        if match.status not in (Match.Status.ACTIVE, Match.Status.FINISHED):
            return suppress("match ended")
    if kind == Kind.INVITATION:
        open_seat = Seat.objects.filter(
            pk=row.data.get("seat_id"),
            status=Seat.Status.INVITED,
            match__status=Match.Status.WAITING,
        )
        return None if open_seat.exists() else suppress("invitation closed")
    if kind == Kind.CHAT:
        author = (
            ChatMessage.objects.filter(pk=row.data.get("message_id"))
            .values_list("user_id", flat=True)
            .first()
        )
        if author is None:
            return suppress("message deleted")
        if PlayerMute.objects.filter(muter=row.recipient_id, muted=author).exists():
            return suppress("author muted")
    if kind == Kind.VACATION:
        away = Vacation.objects.filter(pk=row.data.get("vacation_id"), ended_at=None).exists()
        return None if away else suppress("vacation over")
    return None


def still_to_act(row: Notification, facts: Facts) -> bool:
    """Still the reader's turn in the turn the row was written for."""
    match, user = row.match, row.recipient
    # Your-turn and reminder rows are written for a seat's player in its match (``events``).
    assert match is not None and user is not None
    if match.status != Match.Status.ACTIVE:
        return False
    return facts.to_act(user, match) and facts.last_move(user, match) <= row.version


def reminder_verdict(row: Notification, now: datetime, facts: Facts) -> Verdict | None:
    match, user = row.match, row.recipient
    # A reminder row is written for a seat's player in its match (``events.reminder_rows``).
    assert match is not None and user is not None
    hours = int(row.data.get("hours", 0))
    if hours not in facts.settings_for(user).ladder():
        return suppress("ladder changed")
    deadline = match.deadline
    if deadline is None:
        return Verdict("hold", "clock paused", now + PAUSED_RECHECK)
    if deadline <= now:
        return suppress("deadline passed")
    due = deadline - timedelta(hours=hours)
    if due > now + EARLY:
        return Verdict("hold", "deadline moved", due)
    return None
