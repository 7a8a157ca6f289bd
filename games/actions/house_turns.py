"""A house player's turn, played through the one move service, exactly once.

``do_play_turn(match, version)`` is the body of the ``bots`` queue's task: if the match is
still at ``version`` and a house player is to act, it builds that seat's situation
(``situation_for``), asks ``games.bots.decide`` for an action and submits it with
``moves.do_submit_move`` at that version, in the move's own transaction (a refusal is counted
after it rolled back). A repeated or late task finds the version moved on and does nothing; two
tasks for the same version race to the move service's compare-and-swap, and one of them moves.
A move the engine refuses is logged and counted (``Match.bot_attempts``): the beat sweep asks
again with another seed, then at the ``random`` level, then gives up and lets the match's clock
decide. ``sweep`` (from beat, every minute) queues the turns that are due or whose task was
lost."""

from __future__ import annotations

import logging
from datetime import datetime
from enum import StrEnum
from typing import Any, cast

from django.db.models import Q
from django.utils import timezone

from games.actions import moves
from games.bots import Level, decide
from games.core.errors import ServiceError
from games.house.recorder import lease, queue_turn
from games.house.seeds import bot_seed
from games.house.situation import situation_for
from games.play.errors import IllegalMove, StaleVersion
from games.play.models import Match, Seat

logger = logging.getLogger(__name__)

#: Refused moves at one version before the house player plays at the ``random`` level, and
#: before it gives up (the match's clock then treats the seat as an absent player's).
RANDOM_AFTER = 2
GIVE_UP_AFTER = 5


class Outcome(StrEnum):
    MOVED = "moved"
    MOVED_ON = "moved_on"  # the match is over or at another version: nothing to do
    NO_HOUSE_PLAYER = "no_house_player"  # nobody the house plays is to act
    REFUSED = "refused"


def do_play_turn(match_id: int, version: int) -> Outcome:
    """Play the house player to act in the match at ``version``, if it still is."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != Match.Status.ACTIVE or match.version != version:
        return Outcome.MOVED_ON
    seat = house_seat_to_act(match)
    if seat is None:
        return Outcome.NO_HOUSE_PLAYER
    action = choose(match, seat)
    assert seat.user is not None  # a house player's seat is its user's
    try:
        moves.do_submit_move(
            match.pk, seat.user, action, version, seat_number=seat.number, house=True
        )
    except StaleVersion:
        return Outcome.MOVED_ON
    except IllegalMove as error:
        refused(match, seat, error)
        return Outcome.REFUSED
    except ServiceError:
        # The match ended or the seat left it between the read and the lock.
        return Outcome.MOVED_ON
    return Outcome.MOVED


def house_seat_to_act(match: Match) -> Seat | None:
    """The first seat to act that a house player plays (its user loaded): its own, or one it
    took over from an absent player (out of the match, so never flagged to act)."""
    to_act = match.engine.to_act(match.engine_state())
    seats = (
        Seat.objects.filter(match=match, number__in=to_act, bot_level__isnull=False)
        .filter(Q(status=Seat.Status.JOINED) | Q(bot_from__isnull=False))
        .select_related("user")
        .order_by("number")
    )
    return seats.first()


def choose(match: Match, seat: Seat) -> dict[str, Any]:
    """The action of the house player in ``seat``, from its situation and the turn's seed."""
    situation = situation_for(match, seat.engine_seat)
    seed = bot_seed(match.pk, match.version, match.bot_attempts)
    level: Level = "random" if match.bot_attempts >= RANDOM_AFTER else level_of(seat)
    try:
        return dict(decide(situation, level, seed))
    except LookupError:
        logger.warning("No house player policy for %s: playing at the random level", match.game)
        return dict(decide(situation, "random", seed))


def level_of(seat: Seat) -> Level:
    level = seat.bot_level
    if level == 1 or level == 2 or level == 3:
        return cast(Level, level)
    return "random"


def refused(match: Match, seat: Seat, error: IllegalMove) -> None:
    """Count a move the engine refused; the sweep asks again soon, or never after too many.

    The log names the rule broken, never the action (it may show a hand)."""
    attempts = match.bot_attempts + 1
    due = timezone.now() if attempts < GIVE_UP_AFTER else None
    logger.warning(
        "House player of match %s (seat %s, level %s) made a move the engine refused at "
        "version %s (%s), attempt %s",
        match.pk, seat.number, seat.bot_level, match.version, error.code, attempts,
    )  # fmt: skip
    if due is None:
        logger.error("House player of match %s gave up at version %s", match.pk, match.version)
    Match.objects.filter(pk=match.pk, version=match.version).update(
        bot_attempts=attempts, bot_due_at=due
    )


def sweep(now: datetime | None = None, limit: int = 500) -> int:
    """Queue every house player's turn that is due, or whose task was lost; returns how many.

    Each is claimed with a conditional update of its due time (to one lease from now), so two
    sweeps never queue the same turn twice.
    """
    now = now or timezone.now()
    due = (
        Match.objects.filter(status=Match.Status.ACTIVE, bot_due_at__lte=now)
        .order_by("bot_due_at")
        .values_list("pk", "version", "bot_due_at")[:limit]
    )
    queued = 0
    for match_id, version, due_at in list(due):
        claimed = Match.objects.filter(pk=match_id, version=version, bot_due_at=due_at).update(
            bot_due_at=now + lease()
        )
        if claimed and queue_turn(match_id, version):
            queued += 1
    return queued
