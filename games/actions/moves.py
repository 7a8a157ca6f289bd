"""The one write path for a running match: moves, time-outs, resignations and aborts.

Each service checks before it writes (Zulip's check/do split): access first (a match the user
may not see is a 404, whatever else is wrong), then the match's state, then the user's seat.
Under the match's row lock, ``_record`` applies the engine, appends one Move (unique per match
and number), bumps the version with a compare-and-swap (``select_for_update`` is ignored on
SQLite, the version check is not) and updates the cached state, the seats to act and the
clock. Then ``tell_others`` hands one ``MatchChange`` to each recorder of what the change means
for other people, called here by name and writing in the same transaction:

- ``games.ratings.recorder.record_match_change``: a finished rated match moves its players'
  ratings (once per match), a finished solo match keeps its score;
- ``games.notifications.events.record_match_change``: the emails' outbox rows;
- ``games.api.webhooks.record_match_change``: the bots' webhook notices;
- ``games.api.feed.record_match_change``: the events of each reader's feed (``/api/v1/events/``);
- ``games.house.recorder.record_match_change``: a house player now to act gets its turn queued.

If a recorder fails, the whole change is rolled back and the caller gets a 503 to try again:
a committed move never lacks its emails. Chat messages, draw offers, vacations and invitations
call their recorders the same way, from their own services (the feed, then the webhooks'
``record_feed_events`` with the events it wrote).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Case, Value, When
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.accounts.models import User
from games.api import feed, webhooks
from games.core.errors import ServiceError
from games.engines.base import DRAW_EVENT, LEAVE, SKIP, SYSTEM_ACTIONS, EngineError, Result
from games.engines.records import absent_last
from games.house import recorder as house
from games.notifications import events
from games.play import errors, forced, takeover
from games.play.changes import ChangeKind, MatchChange, recording
from games.play.errors import IllegalMove, StaleVersion
from games.play.models import Match, Move, Seat, seat_outcome
from games.ratings import recorder as ratings

logger = logging.getLogger(__name__)

SKIPS_BEFORE_OUT = 3

#: Who hears of a change, in the order they are told (the ratings first: the emails of a
#: finished match show what it did to them).
RECORDERS = (
    ratings.record_match_change,
    events.record_match_change,
    webhooks.record_match_change,
    feed.record_match_change,
    house.record_match_change,
)


# Checks ---------------------------------------------------------------------------------


def lock_match(match_id: Any, user: User | None = None) -> Match:
    """The match, locked for the rest of the transaction (on PostgreSQL).

    With ``user``, only a match that user may see (the site's one access rule); any other is
    the same 404 as a match that does not exist.
    """
    found = Match.objects.all() if user is None else Match.objects.visible_to(user)
    try:
        return found.select_for_update(of=("self",)).select_related("created_by").get(pk=match_id)
    except (Match.DoesNotExist, ValueError, TypeError):
        raise ServiceError(*errors.NOT_FOUND) from None


def read_seats(match: Match) -> list[Seat]:
    """The match's seats with their users and whether each is on vacation now (one query)."""
    return list(Seat.objects.filter(match=match).with_players())


def check_active(match: Match, seats: Iterable[Seat], user: User) -> None:
    """A match that is not in progress (still waiting for players, or over) is a 409 for
    someone who has a seat in it, whose seat may have no number yet or be out: that is the
    reason they cannot act. Anyone else has no seat, which is the reason (403)."""
    if match.status == Match.Status.ACTIVE:
        return
    user_id = getattr(user, "pk", None)
    if any(s.user_id == user_id for s in seats if s.status != Seat.Status.DECLINED):
        raise ServiceError(*errors.NOT_ACTIVE)
    raise ServiceError(*errors.NOT_A_PLAYER)


def check_seat(
    seats: Iterable[Seat], user: User, number: int | None = None, house: bool = False
) -> Seat:
    """The user's seat among ``seats`` if they still play in the match, else 403.

    ``number``: that seat of the user's (a house player may hold several seats of a match);
    ``house``: the house players' turn asks, and may play a seat taken over from its absent
    player (``games.play.takeover``), which that player no longer may."""
    user_id = getattr(user, "pk", None)
    for seat in seats:
        if user_id is not None and seat.user_id == user_id:
            if number is not None and seat.number != number:
                continue
            if seat.number is None:
                continue
            if seat.status == Seat.Status.JOINED or house and takeover.played_by_house(seat):
                return seat
    raise ServiceError(*errors.NOT_A_PLAYER)


def check_action(action: Any, expected_version: Any) -> int:
    """The expected version as a number, if the action has the shape of a player's action."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise ServiceError(*errors.BAD_ACTION)
    if action["type"] in SYSTEM_ACTIONS:
        raise ServiceError(*errors.BAD_ACTION)
    try:
        return int(expected_version)
    except (TypeError, ValueError):
        raise ServiceError(*errors.BAD_ACTION) from None


# Services -------------------------------------------------------------------------------


def do_submit_move(
    match_id: Any,
    user: User,
    action: Any,
    expected_version: Any,
    seat_number: int | None = None,
    house: bool = False,
) -> MatchChange:
    """Apply ``action`` for ``user`` if the match is still at ``expected_version``.

    ``seat_number``: which of the user's seats acts, and ``house``: a house player plays it
    (``games.actions.house_turns``, see ``check_seat``).
    """
    expected = check_action(action, expected_version)
    with transaction.atomic(durable=True):
        match = lock_match(match_id, user)
        seats = read_seats(match)
        check_active(match, seats, user)
        seat = check_seat(seats, user, seat_number, house=house)
        if expected != match.version:
            raise StaleVersion(match.version)
        try:
            state = match.engine.apply(match.engine_state(), seat.engine_seat, action)
        except EngineError as error:
            raise IllegalMove(error) from None
        return _record(match, seats, seat.engine_seat, user, action, state, ChangeKind.MOVE)


def do_resign(match_id: Any, user: User) -> MatchChange:
    """Leave the match for good: the engine treats the seat as out and ranked last."""
    with transaction.atomic(durable=True):
        match = lock_match(match_id, user)
        seats = read_seats(match)
        check_active(match, seats, user)
        seat = check_seat(seats, user)
        if takeover.applies(match):
            return hand_over(match, seats, seat, "resigned", ChangeKind.RESIGN, user)
        return put_out(match, seats, seat, "resigned", user)


def put_out(
    match: Match, seats: list[Seat], seat: Seat, reason: str, user: User | None = None
) -> MatchChange:
    """Under the match's lock: the seat's player leaves for good ("resigned", or "withdrawn"
    from their tournament); the engine ranks them last."""
    state = match.engine.leave(match.engine_state(), seat.engine_seat)
    seat.status, seat.out_reason = Seat.Status.OUT, reason
    seat.save(update_fields=["status", "out_reason"])
    action = {"type": LEAVE, "reason": reason}
    return _record(match, seats, seat.engine_seat, user, action, state, ChangeKind.RESIGN)


def do_vote_abort(match_id: Any, user: User) -> Match:
    """Ask to abort; when every player still in has asked, the match ends without a result.

    Only possible while some player has not made a move yet.
    """
    with transaction.atomic(durable=True):
        match = lock_match(match_id, user)
        seats = read_seats(match)
        check_active(match, seats, user)
        seat = check_seat(seats, user)
        joined = [s for s in seats if s.status == Seat.Status.JOINED]
        movers = set(match.moves.exclude(user=None).values_list("seat", flat=True))
        if all(s.number in movers for s in joined):
            raise ServiceError(
                "abort_too_late",
                _("A match can only be aborted before every player has moved."),
                409,
            )
        seat.wants_abort = True
        seat.save(update_fields=["wants_abort"])
        if all(s.wants_abort or s.pk == seat.pk for s in joined):
            before = frozenset(s.engine_seat for s in seats if s.is_to_act)
            match.status = Match.Status.ABORTED
            match.deadline = None
            match.finished_at = timezone.now()
            match.save(update_fields=["status", "deadline", "finished_at"])
            _mark_to_act(seats, set())
            change = MatchChange(
                ChangeKind.ABORTED, match, tuple(seats), actor=seat.number, actor_user=user,
                to_act_before=before,
            )  # fmt: skip
            tell_others(change)
    return match


def time_out(match: Match, now: datetime) -> MatchChange | None:
    """The player to move let the deadline pass: skip their turn or put them out (locked)."""
    engine = match.engine
    state = match.engine_state()
    waiting = engine.to_act(state)
    if not waiting:
        return None
    seats = read_seats(match)
    seat = next(s for s in seats if s.number == waiting[0])
    if takeover.applies(match) and seat.bot_from is None:
        return hand_over(match, seats, seat, "timeout", ChangeKind.TIMEOUT, None, now)
    # A seat a house player took over and let time run out (it gave up) leaves the match.
    skip = match.timeout_policy == Match.TimeoutPolicy.SKIP and seat.skips + 1 < SKIPS_BEFORE_OUT
    if skip:
        seat.skips += 1
        seat.save(update_fields=["skips"])
        new_state = engine.skip(state, seat.engine_seat)
        action: dict[str, Any] = {"type": SKIP}
    else:
        seat.status, seat.out_reason = Seat.Status.OUT, "timeout"
        seat.save(update_fields=["status", "out_reason"])
        new_state = engine.leave(state, seat.engine_seat)
        action = {"type": LEAVE, "reason": "timeout"}
    kind = ChangeKind.SKIP if skip else ChangeKind.TIMEOUT
    return _record(match, seats, seat.engine_seat, None, action, new_state, kind, now=now)


def hand_over(
    match: Match,
    seats: list[Seat],
    seat: Seat,
    reason: str,
    kind: ChangeKind,
    user: User | None,
    now: datetime | None = None,
) -> MatchChange:
    """A house player takes the absent player's seat over (``games.play.takeover``): no move
    is made, the clock starts again for whoever is to act, and the recorders hear of it (the
    emails say who left; the house player's turn is queued if the seat is to act)."""
    now = now or timezone.now()
    before = frozenset(s.engine_seat for s in seats if s.is_to_act)
    takeover.take_over(match, seat, reason)
    to_act = set(match.engine.to_act(match.engine_state()))
    if seat.number in to_act:
        # The seat's turn starts again, the house player's now.
        _restart_clock(match, seats, to_act, now)
        match.save(update_fields=["deadline", "paused_remaining"])
    _mark_to_act(seats, to_act)
    change = MatchChange(
        kind, match, tuple(seats), actor=seat.number, actor_user=user,
        to_act_before=before, to_act=frozenset(to_act),
    )  # fmt: skip
    tell_others(change)
    return change


def sweep_deadlines(now: datetime | None = None, limit: int = 200) -> int:
    """Time out every active match whose deadline has passed; returns how many were handled.

    Each match is claimed in its own short transaction with SKIP LOCKED, so two sweepers (or a
    sweeper and a player moving) never block each other or handle a match twice.
    """
    now = now or timezone.now()
    due = Match.objects.filter(status=Match.Status.ACTIVE, deadline__lte=now)
    handled = 0
    for match_id in list(due.order_by("deadline").values_list("id", flat=True)[:limit]):
        with transaction.atomic(durable=True):
            match = (
                Match.objects.select_for_update(skip_locked=True)
                .filter(pk=match_id, status=Match.Status.ACTIVE, deadline__lte=now)
                .first()
            )
            if match is not None:
                time_out(match, now)
                handled += 1
    return handled


# Writing --------------------------------------------------------------------------------


def _record(
    match: Match,
    seats: list[Seat],
    seat: int,
    user: User | None,
    action: dict[str, Any],
    state: Any,
    kind: ChangeKind,
    now: datetime | None = None,
    agreed: Result | None = None,
    played: frozenset[int] | None = None,
    chained_from: MatchChange | None = None,
) -> MatchChange:
    """Append the move, move the match on and tell the recorders; the caller holds the lock.

    Three statements, four when the seats to act change: the move, the match (compare-and-swap
    on the version), the seats' flags; then the recorders' own. ``agreed``: the players agreed
    this result (a draw, ``games.actions.draws``), which finishes the match as it stands. Any other
    change withdraws the draw votes (one more statement when there are some): a proposal does
    not linger through later positions.

    Then a person now to act with a forced move has it played for them, as a change of its own
    in the same transaction (``_play_forced``); ``played``: the seats whose forced move this
    chain played already (``None``: this move is a player's own), which it never plays again;
    ``chained_from``: the change that left the player to act with it.
    """
    engine = match.engine
    now = now or timezone.now()
    previous = match.version
    before = frozenset(s.engine_seat for s in seats if s.is_to_act)
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
            events=[{"code": DRAW_EVENT, "params": {}}] if agreed else engine.events(state),
            created_at=now,
            automatic=played is not None,
        )
    except IntegrityError:
        raise StaleVersion(previous) from None
    to_act = set(engine.to_act(state))
    if agreed is not None or engine.is_over(state):
        result = agreed or engine.result(state)
        match.status = Match.Status.FINISHED
        absent = takeover.taken_over(seats)
        match.result = absent_last(result.as_dict(), absent) if result else None
        match.finished_at = now
        match.deadline = None
        match.paused_remaining = None
        to_act = set()
        kind = ChangeKind.FINISHED
        _mark_outcomes(seats, match.result)
    elif to_act != before or match.deadline is None and match.paused_remaining is None:
        _restart_clock(match, seats, to_act, now)
    updated = Match.objects.filter(pk=match.pk, version=previous).update(
        version=match.version,
        state=match.state,
        status=match.status,
        result=match.result,
        finished_at=match.finished_at,
        deadline=match.deadline,
        paused_remaining=match.paused_remaining,
        moved_at=now,
    )
    match.moved_at = now
    if updated != 1:
        raise StaleVersion(previous)
    _mark_to_act(seats, to_act)
    if agreed is None:
        _withdraw_draw_votes(seats)
    change = MatchChange(
        kind, match, tuple(seats), move=move, actor=seat, actor_user=user,
        to_act_before=before, to_act=frozenset(to_act), chained_from=chained_from,
    )  # fmt: skip
    tell_others(change)
    return _play_forced(change, state, played or frozenset())


def _play_forced(change: MatchChange, state: Any, played: frozenset[int]) -> MatchChange:
    """Play the forced move of a person now to act (``games.play.forced``), if there is one,
    through ``_record`` like any move; the last change of the chain, or ``change``."""
    match, seats = change.match, list(change.seats)
    if match.status != Match.Status.ACTIVE:
        return change
    engine = match.engine
    for seat in forced.candidates(seats, change.to_act, played):
        action = forced.forced_action(engine.legal_actions(state, seat.engine_seat))
        if action is None:
            continue
        new_state = engine.apply(state, seat.engine_seat, action)
        return _record(
            match, seats, seat.engine_seat, seat.user, action, new_state, ChangeKind.MOVE,
            played=played | {seat.engine_seat}, chained_from=change,
        )  # fmt: skip
    return change


def tell_others(change: MatchChange) -> None:
    """Call each recorder of the change's consequences (see ``changes.recording``)."""
    with recording():
        for recorder in RECORDERS:
            recorder(change)


def _restart_clock(match: Match, seats: list[Seat], to_act: Iterable[int], now: datetime) -> None:
    """A fresh deadline for the seat to act, paused if that player is on vacation (and the
    match lets vacations pause it)."""
    numbers = set(to_act)
    if match.vacations_pause and any(s.user_away for s in seats if s.number in numbers):
        match.deadline, match.paused_remaining = None, match.time_per_move()
    else:
        match.deadline, match.paused_remaining = now + match.time_per_move(), None


def _mark_to_act(seats: list[Seat], to_act: set[int]) -> None:
    """Flag the seats to act (joined seats the engine waits for), in one statement at most."""
    changed: dict[int, bool] = {}
    for seat in seats:
        flag = seat.number in to_act and seat.status == Seat.Status.JOINED
        if seat.is_to_act != flag:
            seat.is_to_act = changed[seat.pk] = flag
    if not changed:
        return
    raised = [pk for pk, flag in changed.items() if flag]
    Seat.objects.filter(pk__in=list(changed)).update(
        is_to_act=Case(When(pk__in=raised, then=Value(True)), default=Value(False))
    )


def _withdraw_draw_votes(seats: list[Seat]) -> None:
    """Every draw vote lapses (one statement, none when nobody had voted)."""
    voted = [seat for seat in seats if seat.wants_draw]
    for seat in voted:
        seat.wants_draw = False
    if voted:
        Seat.objects.filter(pk__in=[seat.pk for seat in voted]).update(wants_draw=False)


def _mark_outcomes(seats: list[Seat], result: Any) -> None:
    """Each seat's outcome of the finished match, for profiles and the archive (one statement)."""
    whens = []
    for seat in seats:
        seat.outcome = seat_outcome(seat.number, result)
        if seat.outcome:
            whens.append(When(pk=seat.pk, then=Value(seat.outcome)))
    if whens:
        Seat.objects.filter(pk__in=[s.pk for s in seats]).update(
            outcome=Case(*whens, default=Value(""))
        )


def start(match: Match, now: datetime | None = None) -> MatchChange:
    """Seat 0 … n-1 are numbered: set up the engine, the seats to act and the first deadline."""
    engine = match.engine
    now = now or timezone.now()
    # The rules are those of the engine that starts the match, which it keeps to its end.
    match.engine_version = engine.version
    state = engine.setup(match.players, match.options, match.seed, match.engine_version)
    match.state = engine.to_json(state)
    match.status = Match.Status.ACTIVE
    match.started_at = match.moved_at = now
    seats = read_seats(match)
    to_act = set(engine.to_act(state))
    _restart_clock(match, seats, to_act, now)
    match.save(
        update_fields=[
            "engine_version",
            "state",
            "status",
            "started_at",
            "moved_at",
            "deadline",
            "paused_remaining",
        ]
    )
    _mark_to_act(seats, to_act)
    change = MatchChange(ChangeKind.STARTED, match, tuple(seats), to_act=frozenset(to_act))
    tell_others(change)
    # The first turn begins without a move: its forced move (El collar's opening draw) plays
    # itself here, as it would after one.
    return _play_forced(change, state, frozenset())
