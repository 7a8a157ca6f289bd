"""The one write path for a running match: moves, time-outs, resignations and aborts.

Every change goes through ``_record``: under the match's row lock it applies the engine,
appends one Move (unique per match and number), bumps the version with a compare-and-swap
(``select_for_update`` is ignored on SQLite, the version check is not), updates the cached
state, the seats to act and the clock, and announces the change once the transaction commits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import (
    BooleanField,
    Case,
    Prefetch,
    QuerySet,
    Value,
    When,
    prefetch_related_objects,
)
from django.db.models.expressions import RawSQL
from django.dispatch import Signal
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.engines.base import LEAVE, SKIP, SYSTEM_ACTIONS, EngineError
from games.play import errors
from games.play.errors import IllegalMove, PlayError, StaleVersion
from games.play.models import Match, Move, Seat, Vacation

#: Sent inside the transaction of every change of a match (kwargs match_id, version, kind), so
#: that what must happen with it (the outbox rows of its emails) commits or rolls back with it.
match_recorded = Signal()
#: Sent after that transaction commits, with the same kwargs.
match_changed = Signal()

SKIPS_BEFORE_OUT = 3


def lock_match(match_id: Any) -> Match:
    """The match, locked for the rest of the transaction (on PostgreSQL)."""
    try:
        locked = Match.objects.select_for_update(of=("self",)).select_related("created_by")
        return locked.get(pk=match_id)
    except (Match.DoesNotExist, ValueError, TypeError):
        raise PlayError(*errors.NOT_FOUND) from None


#: What the write path reads with the seats, in their one query: ``select_related`` paths
#: and annotations (made fresh for each query). Other apps add theirs with ``extend_seats``
#: from their ``AppConfig.ready`` (the readers' email settings and mutes, webhooks), so that a
#: move reads them without a query of its own.
SEAT_RELATED: list[str] = ["user"]
SEAT_ANNOTATIONS: dict[str, Callable[[], Any]] = {}


def extend_seats(*related: str, **annotations: Callable[[], Any]) -> None:
    SEAT_RELATED.extend(path for path in related if path not in SEAT_RELATED)
    SEAT_ANNOTATIONS.update(annotations)


def seat_user_has(model: Any, condition: str = "") -> RawSQL:
    """Whether the seat's user has a row of ``model`` (``condition``: more SQL on its
    columns, ``match_id`` for the seat's match). Written as SQL: the ORM's ``Exists`` costs
    more to compile than the query costs to run, on the busiest path of the site."""
    table = connection.ops.quote_name(model._meta.db_table)
    seat = connection.ops.quote_name(Seat._meta.db_table)
    where = f" AND {condition.format(seat=seat)}" if condition else ""
    sql = f"EXISTS (SELECT 1 FROM {table} x WHERE x.user_id = {seat}.user_id{where})"
    return RawSQL(sql, (), output_field=BooleanField())


def seats_query() -> QuerySet[Seat]:
    made = {name: make() for name, make in SEAT_ANNOTATIONS.items()}
    return Seat.objects.select_related(*SEAT_RELATED).annotate(**made)


extend_seats(user_away=lambda: seat_user_has(Vacation, "x.ended_at IS NULL"))


def seats_of(match: Match) -> list[Seat]:
    """The match's seats with their users, read once (one query) and kept on the match.

    The write path reads them once under the lock and keeps them up to date as it changes
    them, so what comes after (the emails' rows, the API's answer) reads no seat again.
    """
    if "seats" not in getattr(match, "_prefetched_objects_cache", {}):
        prefetch_related_objects([match], Prefetch("seats", queryset=seats_query()))
    return list(match.seats.all())


def away_is_read(match: Match) -> bool:
    """Whether ``away_of`` needs no query: known already, or read with the seats."""
    return "_away" in match.__dict__ or all(hasattr(s, "user_away") for s in match.seats.all())


def away_of(match: Match) -> set[int]:
    """The match's players who are on vacation now, read once per match object (from the
    seats' query when they came from ``seats_of``, else one query)."""
    away = match.__dict__.get("_away")
    if away is None:
        seats = seats_of(match)
        if all(hasattr(s, "user_away") for s in seats):
            away = {s.user_id for s in seats if s.user_away}
        else:
            users = [s.user_id for s in seats if s.user_id]
            found = Vacation.objects.filter(user_id__in=users, ended_at=None)
            away = set(found.values_list("user_id", flat=True)) if users else set()
        match.__dict__["_away"] = away
    return away


def seat_of(match: Match, user: Any) -> Seat:
    user_id = getattr(user, "pk", None)
    seat = next(
        (
            s
            for s in seats_of(match)
            if user_id is not None and s.user_id == user_id and s.status == Seat.Status.JOINED
        ),
        None,
    )
    if seat is None or seat.number is None:
        raise PlayError(*errors.NOT_A_PLAYER)
    return seat


def refuse_unless_active(match: Match, user: Any) -> None:
    """A player of a match that is not in progress (still waiting for players, or over) is
    told so (409), not that they have no seat: their seat has no number yet, or is out."""
    user_id = getattr(user, "pk", None)
    mine = any(s.user_id == user_id for s in seats_of(match) if s.status != Seat.Status.DECLINED)
    if mine and match.status != Match.Status.ACTIVE:
        raise PlayError(*errors.NOT_ACTIVE)


def submit_move(match_id: Any, user: Any, action: Any, expected_version: Any) -> Match:
    """Apply ``action`` for ``user`` if the match is still at ``expected_version``."""
    if not isinstance(action, dict) or action.get("type") in SYSTEM_ACTIONS:
        raise PlayError(*errors.BAD_ACTION)
    try:
        expected = int(expected_version)
    except (TypeError, ValueError):
        raise PlayError(*errors.BAD_ACTION) from None
    with transaction.atomic():
        match = lock_match(match_id)
        refuse_unless_active(match, user)
        seat = seat_of(match, user)
        if match.status != Match.Status.ACTIVE:
            raise PlayError(*errors.NOT_ACTIVE)
        if expected != match.version:
            raise StaleVersion(match.version)
        engine = match.engine
        try:
            state = engine.apply(match.engine_state(), seat.number, action)
        except EngineError as error:
            raise IllegalMove(error) from None
        _record(match, seat.number, user, action, state, kind="move")
    return match


def resign(match_id: Any, user: Any) -> Match:
    """Leave the match for good: the engine treats the seat as out and ranked last."""
    with transaction.atomic():
        match = lock_match(match_id)
        refuse_unless_active(match, user)
        seat = seat_of(match, user)
        if match.status != Match.Status.ACTIVE:
            raise PlayError(*errors.NOT_ACTIVE)
        state = match.engine.leave(match.engine_state(), seat.number)
        seat.status, seat.out_reason = Seat.Status.OUT, "resigned"
        seat.save(update_fields=["status", "out_reason"])
        _record(match, seat.number, user, {"type": LEAVE, "reason": "resigned"}, state, "resign")
    return match


def time_out(match: Match, now: datetime) -> None:
    """The player to move let the deadline pass: skip their turn or put them out (locked)."""
    engine = match.engine
    state = match.engine_state()
    waiting = engine.to_act(state)
    if not waiting:
        return
    seat = next(s for s in seats_of(match) if s.number == waiting[0])
    skip = match.timeout_policy == Match.TimeoutPolicy.SKIP and seat.skips + 1 < SKIPS_BEFORE_OUT
    if skip:
        seat.skips += 1
        seat.save(update_fields=["skips"])
        new_state = engine.skip(state, seat.number)
        action = {"type": SKIP}
    else:
        seat.status, seat.out_reason = Seat.Status.OUT, "timeout"
        seat.save(update_fields=["status", "out_reason"])
        new_state = engine.leave(state, seat.number)
        action = {"type": LEAVE, "reason": "timeout"}
    _record(match, seat.number, None, action, new_state, "skip" if skip else "timeout", now=now)


def sweep_deadlines(now: datetime | None = None, limit: int = 200) -> int:
    """Time out every active match whose deadline has passed; returns how many were handled.

    Each match is claimed in its own short transaction with SKIP LOCKED, so two sweepers (or a
    sweeper and a player moving) never block each other or handle a match twice.
    """
    now = now or timezone.now()
    due = Match.objects.filter(status=Match.Status.ACTIVE, deadline__lte=now)
    handled = 0
    for match_id in list(due.order_by("deadline").values_list("id", flat=True)[:limit]):
        with transaction.atomic():
            match = (
                Match.objects.select_for_update(skip_locked=True)
                .filter(pk=match_id, status=Match.Status.ACTIVE, deadline__lte=now)
                .first()
            )
            if match is not None:
                time_out(match, now)
                handled += 1
    return handled


def vote_abort(match_id: Any, user: Any) -> Match:
    """Ask to abort; when every player still in has asked, the match ends without a result.

    Only possible while some player has not made a move yet.
    """
    with transaction.atomic():
        match = lock_match(match_id)
        refuse_unless_active(match, user)
        seat = seat_of(match, user)
        if match.status != Match.Status.ACTIVE:
            raise PlayError(*errors.NOT_ACTIVE)
        seats = [s for s in seats_of(match) if s.status == Seat.Status.JOINED]
        movers = set(match.moves.exclude(user=None).values_list("seat", flat=True))
        if all(s.number in movers for s in seats):
            raise PlayError(
                "abort_too_late",
                _("A match can only be aborted before every player has moved."),
                409,
            )
        seat.wants_abort = True
        seat.save(update_fields=["wants_abort"])
        if all(s.wants_abort or s.pk == seat.pk for s in seats):
            match.status = Match.Status.ABORTED
            match.deadline = None
            match.finished_at = timezone.now()
            match.save(update_fields=["status", "deadline", "finished_at"])
            _mark_to_act(match, set())
            _announce(match, "aborted")
    return match


def _record(
    match: Match,
    seat: int,
    user: Any,
    action: dict[str, Any],
    state: Any,
    kind: str,
    now: datetime | None = None,
) -> None:
    """Append the move and move the match on; the caller holds the lock.

    Two statements, three when the seats to act change: the move, the match (compare-and-swap
    on the version), the seats' flags. The seats were read with the lock (``seats_of``), with
    who is away and what the receivers of ``match_recorded`` need, so those read nothing more.
    """
    engine = match.engine
    now = now or timezone.now()
    previous = match.version
    waiting_before = {s.number for s in seats_of(match) if s.is_to_act}
    match.version = previous + 1
    match.state = engine.to_json(state)
    try:
        # No savepoint: a clash on (match, number) means another writer got there first,
        # and the whole transaction is rolled back with the StaleVersion that follows.
        move = Move.objects.create(
            match=match,
            number=match.version,
            seat=seat,
            user=user,
            action=action,
            events=engine.events(state),
            created_at=now,
        )
    except IntegrityError:
        raise StaleVersion(previous) from None
    to_act = set(engine.to_act(state))
    if engine.is_over(state):
        result = engine.result(state)
        match.status = Match.Status.FINISHED
        match.result = result.as_dict() if result else None
        match.finished_at = now
        match.deadline = None
        match.paused_remaining = None
        to_act = set()
    elif to_act != waiting_before or match.deadline is None and match.paused_remaining is None:
        _restart_clock(match, to_act, now)
    updated = Match.objects.filter(pk=match.pk, version=previous).update(
        version=match.version,
        state=match.state,
        status=match.status,
        result=match.result,
        finished_at=match.finished_at,
        deadline=match.deadline,
        paused_remaining=match.paused_remaining,
    )
    if updated != 1:
        raise StaleVersion(previous)
    _mark_to_act(match, to_act)
    kind = "finished" if match.status == Match.Status.FINISHED else kind
    _announce(match, kind, move, waiting_before)


def _restart_clock(match: Match, to_act: Iterable[int], now: datetime) -> None:
    """A fresh deadline for the seat to act, paused if that player is on vacation."""
    numbers = set(to_act)
    away = away_of(match)
    if any(s.user_id in away for s in seats_of(match) if s.number in numbers):
        match.deadline, match.paused_remaining = None, match.time_per_move()
    else:
        match.deadline, match.paused_remaining = now + match.time_per_move(), None


def _mark_to_act(match: Match, to_act: set[int]) -> None:
    """Flag the seats to act (joined seats the engine waits for), in one statement at most."""
    changed: dict[int, bool] = {}
    for seat in seats_of(match):
        flag = seat.number in to_act and seat.status == Seat.Status.JOINED
        if seat.is_to_act != flag:
            seat.is_to_act = changed[seat.pk] = flag
    if not changed:
        return
    raised = [pk for pk, flag in changed.items() if flag]
    Seat.objects.filter(pk__in=list(changed)).update(
        is_to_act=Case(When(pk__in=raised, then=Value(True)), default=Value(False))
    )


def _announce(
    match: Match, kind: str, move: Move | None = None, to_act_before: set[int] | None = None
) -> None:
    """Tell the receivers: ``match_recorded`` now, in the transaction, with what is known
    already (``match`` with its seats, the ``move``, the seat numbers that were to act before
    the change) so that they need not read it again; ``match_changed`` once it commits."""
    match_id, version = match.pk, match.version
    match_recorded.send(
        Match,
        match_id=match_id,
        version=version,
        kind=kind,
        match=match,
        move=move,
        to_act_before=to_act_before or set(),
    )
    transaction.on_commit(
        lambda: match_changed.send(Match, match_id=match_id, version=version, kind=kind)
    )


def start_clock(match: Match, now: datetime | None = None) -> None:
    """Set the seats to act and the first deadline of a match that has just started."""
    engine = match.engine
    getattr(match, "_prefetched_objects_cache", {}).pop("seats", None)  # numbers just given
    to_act = set(engine.to_act(match.engine_state()))
    _restart_clock(match, to_act, now or timezone.now())
    match.save(update_fields=["deadline", "paused_remaining"])
    _mark_to_act(match, to_act)
