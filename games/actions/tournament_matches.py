"""What every tournament format does with matches: start one for a pairing, read a finished
one as its players' places, and tell whether a round's matches are over."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.utils.translation import gettext_lazy as _

from games.accounts.models import User
from games.actions import lifecycle
from games.core.errors import ServiceError
from games.play.models import Match
from games.tournaments.models import Pairing, Tournament
from games.tournaments.standings import Result

#: A match in one of these is over for its tournament (a cancelled or aborted one scores nothing).
OVER = (Match.Status.FINISHED, Match.Status.CANCELLED, Match.Status.ABORTED)
NOT_FOUND = ("not_found", _("There is no such tournament."), 404)


def lock(tournament_id: Any) -> Tournament:
    """The tournament, locked for the rest of the transaction; a 404 for any other id."""
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except (Tournament.DoesNotExist, ValueError, TypeError):
        raise ServiceError(*NOT_FOUND) from None


def start_match(
    tournament: Tournament, players: Sequence[User], group: int | None = None, game: int = 1
) -> Pairing:
    """A match of ``players`` (in seat order) for the tournament's current round, started at
    once with its own clock."""
    match = lifecycle.create_seated_match(
        players[0], players, tournament.game, tournament.options,
        days_per_move=tournament.days_per_move, rated=tournament.rated,
        vacations_pause=tournament.vacations,
    )  # fmt: skip
    return Pairing.objects.create(
        tournament=tournament, round=tournament.round, match=match, group=group, game=game
    )


def result_of(match: Match) -> Result:
    """A finished match as its players' places: a duel's winner first, a draw shared; at a
    larger table the places of the game's ranking (seats tied there share a place). A player
    who ran out of time forfeits (last at the table, whatever their place)."""
    seats = [seat for seat in match.seats.all() if seat.user_id is not None]
    forfeits = frozenset(seat.user_id for seat in seats if seat.out_reason == "timeout")
    ranking = (match.result or {}).get("ranking") if len(seats) > 2 else None
    if ranking:
        place_of: dict[int, int] = {}
        for tied in ranking:
            place_of.update(dict.fromkeys(tied, len(place_of) + 1))
        last = len(seats)
        return Result({seat.user_id: place_of.get(seat.number, last) for seat in seats}, forfeits)
    rank = {"won": 1, "drawn": 1, "lost": 2}
    return Result({seat.user_id: rank.get(seat.outcome, 2) for seat in seats}, forfeits)


def seat_orders(matches: Iterable[Match]) -> list[tuple[int, ...]]:
    """Each match's players by seat number."""
    return [
        tuple(seat.user_id for seat in sorted(match.seats.all(), key=lambda seat: seat.number))
        for match in matches
    ]


def finished_results(pairings: Iterable[Pairing]) -> list[Result]:
    """The results of the finished matches among ``pairings``."""
    return [
        result_of(pairing.match)
        for pairing in pairings
        if pairing.match is not None and pairing.match.status == Match.Status.FINISHED
    ]


def round_is_over(tournament: Tournament) -> bool:
    """Whether every match of the tournament's current round is over."""
    current = tournament.pairings.filter(round=tournament.round, match__isnull=False)
    return not current.exclude(match__status__in=OVER).exists()
