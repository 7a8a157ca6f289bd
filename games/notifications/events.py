"""Who hears about what: turning a match change, an invitation, a chat message or a vacation
into outbox rows, one per reader, on that reader's terms (mode, mute, reminder ladder).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Exists, F, Max, OuterRef
from django.utils import timezone

from games.accounts.models import User
from games.notifications import outbox, rules
from games.notifications.models import (
    AddressOptOut,
    Category,
    Channel,
    MatchMute,
    Mode,
    Notification,
    NotificationSettings,
    settings_for,
)
from games.play.changes import ChangeKind, MatchChange
from games.play.models import ChatMessage, Match, Move, Seat, Vacation
from games.push.models import PushSubscription
from games.push.subscriptions import enabled as push_enabled
from games.social import relations

Kind = Notification.Kind
#: How long the your-turn email waits after a house player that moves at once has moved.
AT_THE_TABLE = timedelta(minutes=10)


def last_move_number(user: User, match: Match) -> int:
    """The number of the user's latest move in the match (0 before their first), computed once
    per match object."""
    cache = match.__dict__.setdefault("_last_moves", {})
    key = getattr(user, "pk", None)
    if key not in cache:
        cache[key] = match.moves.filter(user=user).aggregate(n=Max("number"))["n"] or 0
    return int(cache[key])


def reachable(user: User) -> bool:
    """Whether the account may get notifications at all: an active person with an address
    (a house player never gets any)."""
    return bool(user.is_active and user.email and not user.is_bot)


def muted(user: User, match: Match | None) -> bool:
    return match is not None and MatchMute.objects.filter(user=user, match=match).exists()


def notify(
    user: User,
    candidates: Sequence[str],
    match: Match | None = None,
    version: int = 0,
    ref: str = "",
    data: dict[str, Any] | None = None,
) -> Notification | None:
    """One email for ``user``: the first candidate kind they want, unless the match is muted;
    and a push to each of their browsers of the first kind they want pushed. Returns the
    email's row."""
    if not reachable(user) or muted(user, match):
        return None
    prefs = settings_for(user)
    pushed = rules.choose_push(prefs, candidates)
    if pushed is not None:
        outbox.record_push(pushed, user, match=match, version=version, ref=ref, data=data)
    chosen = rules.choose(prefs, candidates)
    if chosen is None:
        return None
    kind, mode = chosen
    return outbox.record(
        kind, recipient=user, match=match, version=version, ref=ref, data=data, mode=mode
    )


def record_match_change(change: MatchChange) -> None:
    """Rows for a change of a match, written in the transaction that makes the change.

    Called by the move service with the change it has just written. Reads the readers'
    settings and mutes (one query), only when someone is to hear of the change; then one
    INSERT. A your-turn email (and its reminders) goes to a reader who has just become one to
    act; a reader who was to act already has been told of this turn.
    """
    if change.kind in (ChangeKind.ABORTED, ChangeKind.CANCELLED):
        return
    match = change.match
    newly = {seat.pk for seat in change.newly_to_act()}
    wanted: list[tuple[Seat, User, list[str], bool]] = []
    for seat in change.seats:
        user = seat.user
        if seat.status not in Seat.PLAYER_STATUSES or user is None or not reachable(user):
            continue
        new_turn = seat.pk in newly
        candidates = _candidates(seat, change.kind, change.actor, new_turn)
        if candidates or new_turn:
            wanted.append((seat, user, candidates, new_turn))
    if not wanted:
        return
    terms = Terms(match, [user for _, user, _, _ in wanted])
    data = {"seat": change.actor} if change.actor is not None else {}
    later = at_the_table(change)
    rows: list[outbox.Row] = []
    for seat, user, candidates, new_turn in wanted:
        if terms.muted(user):
            continue
        chosen = rules.choose(terms.settings(user), candidates) if candidates else None
        if chosen is not None:
            rows.append(
                outbox.Row(
                    chosen[0], user, match, change.version, data=dict(data), mode=chosen[1],
                    due_at=later if chosen[0] == Kind.YOUR_TURN else None,
                )
            )  # fmt: skip
        pushed = rules.choose_push(terms.settings(user), candidates)
        if pushed is not None and terms.has_browsers(user):
            rows.append(
                outbox.Row(
                    pushed, user, match, change.version, data=dict(data),
                    channel=Channel.PUSH, due_at=later if pushed == Kind.YOUR_TURN else None,
                )
            )  # fmt: skip
        if new_turn:
            rows.extend(reminder_rows(seat, match, change.version, terms))
    outbox.record_many(rows)


def at_the_table(change: MatchChange) -> datetime | None:
    """When the your-turn email of a turn a house player hands over at once is due: a little
    later, since the player is likely at the table; moving before then drops it (``checks``)."""
    # A forced move played for the player counts as the house player's move that led to it.
    actor = change.origin().actor_user
    if actor is None or not actor.is_bot or change.match.bot_pace != Match.BotPace.NOW:
        return None
    return timezone.now() + AT_THE_TABLE


class Terms:
    """What some readers of one match want: their settings, whether they muted it and whether
    they have browsers subscribed to Web Push (one query for all of them)."""

    def __init__(self, match: Match, users: Sequence[Any]) -> None:
        mute = MatchMute.objects.filter(match=match, user=OuterRef("pk"))
        found = (
            User.objects.filter(pk__in=[user.pk for user in users])
            .select_related("notification_settings")
            .annotate(muted=Exists(mute))
            .only("pk", "notification_settings")
        )
        if push_enabled():
            browsers = PushSubscription.objects.filter(user=OuterRef("pk"))
            found = found.annotate(browsers=Exists(browsers))
        self._settings: dict[Any, NotificationSettings] = {}
        self._muted: set[Any] = set()
        self._browsers: set[Any] = set()
        for reader in found:
            prefs = getattr(reader, "notification_settings", None)
            if prefs is not None:
                self._settings[reader.pk] = prefs
            if reader.muted:
                self._muted.add(reader.pk)
            if getattr(reader, "browsers", False):
                self._browsers.add(reader.pk)

    def settings(self, user: User) -> NotificationSettings:
        prefs = self._settings.get(user.pk)
        if prefs is None:
            prefs = self._settings[user.pk] = NotificationSettings(user=user)
        return prefs

    def muted(self, user: User) -> bool:
        return user.pk in self._muted

    def has_browsers(self, user: User) -> bool:
        return user.pk in self._browsers


def _candidates(seat: Seat, kind: ChangeKind, actor: int | None, new_turn: bool) -> list[str]:
    """The kinds of email this seat may get for the change, most important first."""
    timed_out = kind in (ChangeKind.TIMEOUT, ChangeKind.SKIP)
    if kind == ChangeKind.STARTED:
        return [Kind.STARTED, Kind.YOUR_TURN] if new_turn else [Kind.STARTED]
    if kind == ChangeKind.FINISHED:
        return [Kind.FINISHED]
    if seat.number == actor:
        # A forced move played for them left them a new turn (``MatchChange.newly_to_act``).
        return [Kind.TIMED_OUT] if timed_out else [Kind.YOUR_TURN] if new_turn else []
    candidates: list[str] = [Kind.YOUR_TURN] if new_turn else []
    if timed_out:
        candidates.append(Kind.TIMED_OUT)
    elif kind == ChangeKind.RESIGN:
        candidates.append(Kind.RESIGNED)
    return candidates


def reminder_rows(seat: Seat, match: Match, version: int, terms: Terms) -> list[outbox.Row]:
    """A row per rung of the reader's ladder, due that many hours before the deadline, by
    email and by Web Push as the reader chose.

    Rungs that would fall before now (less time left than the rung) are left out. The sweep
    sends them when due and re-checks the deadline then (a vacation may have moved it).
    """
    user = seat.user
    if match.deadline is None or user is None:
        return []
    prefs = terms.settings(user)
    channels = [Channel.EMAIL] if prefs.mode(Category.REMINDER) != Mode.OFF else []
    if prefs.push_on(Category.REMINDER) and terms.has_browsers(user):
        channels.append(Channel.PUSH)
    now = timezone.now()
    rows = []
    for hours in prefs.ladder():
        due = match.deadline - timedelta(hours=hours)
        if due <= now:
            continue
        rows += [
            outbox.Row(
                Kind.REMINDER,
                user,
                match,
                version,
                ref=str(hours),
                data={"hours": hours},
                due_at=due,
                channel=channel,
            )
            for channel in channels
        ]
    return rows


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
    # A player who muted the author reads nothing of them (checked again when sending).
    for seat in relations.chat_readers(message):
        # ``chat_readers`` keeps only seats with a player (``user__isnull=False``).
        assert seat.user is not None
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
        # ``opponents`` holds only seats with a player (``user__isnull=False``).
        assert user is not None
        notify(
            user,
            [Kind.VACATION],
            ref=str(vacation.pk),
            data={"vacation_id": vacation.pk, "traveller_id": vacation.user_id},
        )


def tournament_news(tournament: Any, user: User, event: str, **data: Any) -> None:
    """One email (and push) to an entrant about their tournament, once per event and round:
    ``event`` is "bye" (they sit the round out), "stage" (they go on to the next stage),
    "ended" (with their ``place`` of ``entrants``) or "withdrawn" (two matches lost on time)."""
    notify(
        user, [Kind.TOURNAMENT], ref=f"tournament-{tournament.pk}-{event}-{tournament.round}",
        data={"tournament_id": tournament.pk, "event": event, "round": tournament.round, **data},
    )  # fmt: skip


def recap_moves(match: Match, user: User | None, version: int) -> list[Move]:
    """The moves since the reader's own last move, up to the event's version."""
    since = last_move_number(user, match) if user is not None else 0
    return list(match.moves.filter(number__gt=since, number__lte=version).order_by("number"))
