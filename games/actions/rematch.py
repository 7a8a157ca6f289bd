"""A rematch: the same game, options and players again, seats rotated.

Any player of a finished match may offer one. It is an ordinary match waiting for players
(``lifecycle.create_match``): the one who offers it is seated, the others get the usual
invitation, and it starts when all of them have accepted, each one seat further on
(``lifecycle.rematch_seat_numbers``); house players take their seats again at once. One who
declines calls it off. A match has at most one
rematch under way: offering again leads to it.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.accounts.models import User
from games.actions import lifecycle
from games.actions.moves import lock_match
from games.core.errors import ServiceError
from games.play import errors
from games.play.models import Match, Seat

NOT_FINISHED = (
    "match_not_finished",
    _("A rematch can be offered once the match is finished."),
    409,
)
#: A rematch in these states is over and done with: another may be offered.
CALLED_OFF = (Match.Status.CANCELLED, Match.Status.ABORTED)


def current_rematch(match: Match) -> Match | None:
    """The rematch of ``match`` that is waiting, running or played (not one called off)."""
    found = Match.objects.filter(rematch_of=match).exclude(status__in=CALLED_OFF)
    return found.order_by("-pk").first()


def do_offer_rematch(match_id: Any, user: User) -> tuple[Match, bool]:
    """The rematch of a finished match, offered by one of its players; ``True`` when it is
    new, ``False`` when one was offered already (it is returned as it is)."""
    with transaction.atomic(durable=True):
        match = lock_match(match_id, user)
        seats = list(
            Seat.objects.filter(match=match, number__isnull=False, user__isnull=False)
            .select_related("user")
            .order_by("number")
        )
        if not any(seat.user_id == user.pk for seat in seats):
            raise ServiceError(*errors.NOT_A_PLAYER)
        if match.status != Match.Status.FINISHED:
            raise ServiceError(*NOT_FINISHED)
        existing = current_rematch(match)
        if existing is not None:
            return existing, False
        rated = match.rated and lifecycle.can_be_rated(match.game, match.options, match.players)
        # House players take their seats again at once; the people are invited.
        house = [s for s in seats if s.bot_level is not None and s.user and s.user.is_bot]
        people = [s for s in seats if s.user_id != user.pk and s not in house]
        rematch = lifecycle.create_match(
            user,
            match.game,
            match.options,
            match.players,
            days_per_move=match.days_per_move,
            timeout_policy=match.timeout_policy,
            invite=[seat.user.username for seat in people if seat.user],
            rated=rated,
            rematch_of=match,
            bots=[seat.bot_level for seat in house if seat.bot_level is not None],
            bot_pace=match.bot_pace,
        )
    return rematch, True
