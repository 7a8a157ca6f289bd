"""Who hears about what: turning a match change, an invitation, a chat message or a vacation
into outbox rows, one per reader, on that reader's terms (mode, mute, reminder ladder).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.db.models import F, Max
from django.utils import timezone

from games.notifications import outbox, rules
from games.notifications.models import (
    AddressOptOut,
    MatchMute,
    Mode,
    Notification,
    settings_for,
)
from games.play.models import ChatMessage, Match, Move, Seat, Vacation

Kind = Notification.Kind
PLAYING = (Seat.Status.JOINED, Seat.Status.OUT)


def last_move_number(user: Any, match: Match) -> int:
    """The number of the user's latest move in the match (0 before their first), computed once
    per match object."""
    cache = match.__dict__.setdefault("_last_moves", {})
    key = getattr(user, "pk", None)
    if key not in cache:
        cache[key] = match.moves.filter(user=user).aggregate(n=Max("number"))["n"] or 0
    return int(cache[key])


def already_told(user: Any, match: Match, kind: str, **data: Any) -> bool:
    """Whether this reader already has such an email since their own last move."""
    rows = Notification.objects.filter(
        recipient=user,
        match=match,
        kind=kind,
        version__gte=last_move_number(user, match),
        **{f"data__{key}": value for key, value in data.items()},
    )
    return rows.exclude(status=Notification.Status.SUPPRESSED).exists()


def muted(user: Any, match: Match | None) -> bool:
    return match is not None and MatchMute.objects.filter(user=user, match=match).exists()


def notify(
    user: Any,
    candidates: Sequence[str],
    match: Match | None = None,
    version: int = 0,
    ref: str = "",
    data: dict[str, Any] | None = None,
) -> Notification | None:
    """One row for ``user``: the first candidate kind they want, unless the match is muted."""
    if not user.is_active or not user.email or muted(user, match):
        return None
    chosen = rules.choose(settings_for(user), candidates)
    if chosen is None:
        return None
    kind, mode = chosen
    return outbox.record(
        kind, recipient=user, match=match, version=version, ref=ref, data=data, mode=mode
    )


def match_changed(match_id: Any, version: int, kind: str) -> None:
    """Rows for a committed change of a match (the play layer's ``match_changed`` signal)."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or kind in ("aborted", "cancelled"):
        return
    move = match.moves.filter(number=version).first() if version else None
    actor = move.seat if move is not None else None
    for seat in match.seats.filter(status__in=PLAYING, user__isnull=False).select_related("user"):
        candidates = _candidates(match, seat, kind, actor)
        data = {"seat": actor} if actor is not None else {}
        if candidates:
            notify(seat.user, candidates, match, version, data=data)
        if seat.is_to_act and seat.number != actor and match.status == Match.Status.ACTIVE:
            schedule_reminders(seat, match, version)


def _candidates(match: Match, seat: Seat, kind: str, actor: int | None) -> list[str]:
    """The kinds of email this seat may get for the change, most important first."""
    to_act = seat.is_to_act and seat.status == Seat.Status.JOINED
    if kind == "started":
        return [Kind.STARTED, Kind.YOUR_TURN] if to_act else [Kind.STARTED]
    if kind == "finished":
        return [Kind.FINISHED]
    if seat.number == actor:
        return [Kind.TIMED_OUT] if kind in ("timeout", "skip") else []
    candidates = []
    if to_act and not already_told(seat.user, match, Kind.YOUR_TURN):
        candidates.append(Kind.YOUR_TURN)
    if kind in ("timeout", "skip"):
        candidates.append(Kind.TIMED_OUT)
    elif kind == "resign":
        candidates.append(Kind.RESIGNED)
    return candidates


def schedule_reminders(seat: Seat, match: Match, version: int) -> None:
    """A row per rung of the reader's ladder, due that many hours before the deadline.

    Rungs that would fall before now (less time left than the rung) are left out. The sweep
    sends them when due and re-checks the deadline then (a vacation may have moved it).
    """
    user = seat.user
    if match.deadline is None or user is None or muted(user, match):
        return
    prefs = settings_for(user)
    if prefs.mode("reminder") == Mode.OFF:
        return
    now = timezone.now()
    for hours in prefs.ladder():
        due = match.deadline - timedelta(hours=hours)
        if due <= now or already_told(user, match, Kind.REMINDER, hours=hours):
            continue
        outbox.record(
            Kind.REMINDER,
            recipient=user,
            match=match,
            version=version,
            ref=str(hours),
            data={"hours": hours},
            due_at=due,
        )


def invited(seat: Seat) -> Notification | None:
    """The invitation email for a new seat (an account, or an address without one)."""
    match = seat.match
    if seat.user is not None:
        return notify(
            seat.user, [Kind.INVITATION], match, ref=str(seat.pk), data={"seat_id": seat.pk}
        )
    address = seat.invited_email.lower()
    if not address or AddressOptOut.objects.filter(address=address).exists():
        return None
    return outbox.record(
        Kind.INVITATION, address=address, match=match, ref=str(seat.pk), data={"seat_id": seat.pk}
    )


def chat_posted(message: ChatMessage) -> None:
    match = message.match
    readers = (
        match.seats.filter(status__in=PLAYING, user__isnull=False)
        .exclude(user=message.user_id)
        .select_related("user")
    )
    for seat in readers:
        notify(
            seat.user,
            [Kind.CHAT],
            match,
            match.version,
            ref=str(message.pk),
            data={"message_id": message.pk},
        )


def vacation_started(vacation: Vacation) -> None:
    """One email to each opponent of the traveller in a running match they have not muted."""
    shared = Match.objects.filter(status=Match.Status.ACTIVE, seats__user=vacation.user_id)
    opponents = (
        Seat.objects.filter(match__in=shared, status=Seat.Status.JOINED, user__isnull=False)
        .exclude(user=vacation.user_id)
        .exclude(match__matchmute__user=F("user"))
        .select_related("user")
    )
    for user in {seat.user for seat in opponents}:
        notify(
            user,
            [Kind.VACATION],
            ref=str(vacation.pk),
            data={"vacation_id": vacation.pk, "traveller_id": vacation.user_id},
        )


def recap_moves(match: Match, user: Any, version: int) -> list[Move]:
    """The moves since the reader's own last move, up to the event's version."""
    since = last_move_number(user, match) if user is not None else 0
    return list(match.moves.filter(number__gt=since, number__lte=version).order_by("number"))
