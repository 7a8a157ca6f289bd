"""Agreeing a draw: every player still in the game votes, and the match ends with all of them
sharing first place.

A vote is a flag on the seat (``Seat.wants_draw``). The last vote finishes the match through
the move service's one write path (``moves._record`` with the engine's ``agreed_draw``
result): an ``agreed_draw`` entry closes the log, the seats get their outcomes, the ratings
move as a tie among the players still in (those out rank below) and the "finished" emails
and webhooks go out. Any move withdraws every vote (``moves._record`` again), a player may
withdraw their own, and one who has not voted may decline the proposal, which withdraws them
all.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.accounts.models import User
from games.actions.moves import _record, check_active, check_seat, lock_match, read_seats
from games.api import feed, webhooks
from games.core.errors import ServiceError
from games.engines.base import DRAW
from games.play import errors
from games.play.changes import ChangeKind, MatchChange, recording
from games.play.errors import StaleVersion
from games.play.models import Match, Seat

NOT_IN_GAME = (
    "not_in_game",
    _("You are out of the game: only the players still in it can agree a draw."),
    409,
)
DRAW_ALONE = ("draw_alone", _("A draw needs at least two players still in the game."), 409)
NO_OFFER = ("no_draw_offer", _("Nobody has offered a draw."), 409)


def still_in(match: Match, state: Any, seats: Sequence[Seat]) -> list[Seat]:
    """The seats still in the game: joined, and not out by the rules (a conquered Risk army)."""
    return remaining(seats, match.engine.seats_out(state))


def remaining(seats: Sequence[Seat], out: Iterable[int]) -> list[Seat]:
    """The joined seats whose numbers are not among ``out`` (the seats the rules put out)."""
    gone = set(out)
    return [
        seat
        for seat in seats
        if seat.status == Seat.Status.JOINED and seat.number is not None and seat.number not in gone
    ]


def do_vote_draw(match_id: Any, user: User, expected_version: Any = None) -> MatchChange | None:
    """Vote for a draw; the change that finishes the match when this was the last vote.

    ``expected_version``: the position the player agreed to draw (409 if the match moved on).
    Voting again changes nothing.
    """
    with transaction.atomic(durable=True):
        match = lock_match(match_id, user)
        seats = read_seats(match)
        check_active(match, seats, user)
        seat = check_seat(seats, user)
        if expected_version not in (None, "") and _number(expected_version) != match.version:
            raise StaleVersion(match.version)
        state = match.engine_state()
        voters = still_in(match, state, seats)
        if seat not in voters:
            raise ServiceError(*NOT_IN_GAME)
        if len(voters) < 2:
            raise ServiceError(*DRAW_ALONE)
        voted_now = not seat.wants_draw
        if voted_now:
            seat.wants_draw = True
            Seat.objects.filter(pk=seat.pk).update(wants_draw=True)
        undecided = [voter for voter in voters if not voter.wants_draw]
        if undecided:
            if voted_now:
                with recording():
                    webhooks.record_feed_events(feed.draw_offered(match, seat, undecided))
            return None
        agreed = match.engine.agreed_draw(state, match.players)
        action = {"type": DRAW, "seats": list(agreed.winners)}
        return _record(
            match, seats, seat.engine_seat, user, action, state, ChangeKind.FINISHED, agreed=agreed
        )  # fmt: skip


def _number(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ServiceError(*errors.BAD_ACTION) from None


def do_withdraw_draw(match_id: Any, user: User) -> Match:
    """Withdraw one's own vote; from a player who has not voted, decline the proposal (every
    vote is withdrawn)."""
    with transaction.atomic(durable=True):
        match = lock_match(match_id, user)
        seats = read_seats(match)
        check_active(match, seats, user)
        seat = check_seat(seats, user)
        voted = [s for s in seats if s.wants_draw]
        if not voted:
            raise ServiceError(*NO_OFFER)
        withdrawn = [seat] if seat.wants_draw else voted
        Seat.objects.filter(pk__in=[s.pk for s in withdrawn]).update(wants_draw=False)
    return match


def voters_of(seats: Sequence[Seat]) -> list[Seat]:
    """The seats that voted for a draw (in seat order)."""
    return [seat for seat in seats if seat.wants_draw and seat.number is not None]
