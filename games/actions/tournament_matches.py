"""What every tournament format does with matches: start one for a pairing, read a finished
one as its players' places, and tell whether a round's matches are over."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.accounts.models import User
from games.actions import lifecycle
from games.core.errors import ServiceError
from games.play.models import Match, Seat
from games.tournaments.models import Pairing, Tournament
from games.tournaments.standings import Result

#: A match in one of these is over for its tournament (a cancelled or aborted one scores nothing).
OVER = (Match.Status.FINISHED, Match.Status.CANCELLED, Match.Status.ABORTED)
#: The matches ``start_paired`` starts in one transaction (about 50 ms each).
START_BATCH = 50
NOT_FOUND = ("not_found", _("There is no such tournament."), 404)


def lock(tournament_id: Any) -> Tournament:
    """The tournament, locked for the rest of the transaction; a 404 for any other id."""
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except (Tournament.DoesNotExist, ValueError, TypeError):
        raise ServiceError(*NOT_FOUND) from None


@dataclass(frozen=True)
class Table:
    """The players of one match of a round, in seat order; a group's number or a knockout's
    line in the bracket, and a knockout pair's game."""

    players: Sequence[User]
    group: int | None = None
    game: int = 1


def pair_matches(tournament: Tournament, tables: Sequence[Table]) -> list[Pairing]:
    """The matches of the tournament's current round, created and seated in a few statements
    however many they are; ``start_paired`` starts them once this transaction has committed."""
    matches = lifecycle.create_seated_matches(
        [table.players for table in tables], tournament.game, tournament.options,
        days_per_move=tournament.days_per_move, rated=tournament.rated,
        vacations_pause=tournament.vacations,
    )  # fmt: skip
    return Pairing.objects.bulk_create(
        Pairing(
            tournament=tournament, round=tournament.round, match=match, group=table.group,
            game=table.game,
        )
        for match, table in zip(matches, tables, strict=True)
    )  # fmt: skip


def start_match(tournament: Tournament, players: Sequence[User]) -> Pairing:
    """A match of ``players`` (in seat order) for the tournament, started at once with its own
    clock (a ladder's challenge)."""
    (pairing,) = pair_matches(tournament, [Table(players)])
    assert pairing.match is not None  # paired with its new match
    lifecycle.start_seated(pairing.match)
    return pairing


def start_paired(tournament_id: Any, batches: int | None = None) -> int:
    """Start the tournament's paired matches not started yet, each with its own clock and
    ``START_BATCH`` to a transaction, so that a stage of a thousand players neither holds the
    tournament's lock nor one transaction while its matches start; returns how many started.

    ``do_advance`` calls it after pairing a round, and so the minute sweep starts any that a
    stopped process left behind. Each batch holds the tournament's lock: two processes starting
    the same stage take turns (each batch locks its players' API feed counters match by match,
    so two batches at once could each wait for the other's). ``batches``: start at most so many
    batches, and leave the rest to the sweep."""
    started = 0
    while batches is None or started < batches * START_BATCH:
        with transaction.atomic(durable=True):
            lock(tournament_id)
            batch = list(
                Match.objects.filter(
                    pairing__tournament_id=tournament_id, status=Match.Status.WAITING
                ).order_by("pk")[:START_BATCH]
            )
            for match in batch:
                lifecycle.start_seated(match)
        started += len(batch)
        if len(batch) < START_BATCH:
            break
    return started


def result_of(match: Match) -> Result:
    """A finished match as its players' places: a duel's winner first, a draw shared; at a
    larger table the places of the game's ranking (seats tied there share a place). A player
    who ran out of time forfeits (last at the table, whatever their place)."""
    seats = [(seat.user_id, seat) for seat in match.seats.all() if seat.user_id is not None]
    forfeits = frozenset(user for user, seat in seats if seat.out_reason == "timeout")
    ranking = (match.result or {}).get("ranking") if len(seats) > 2 else None
    if ranking:
        place_of: dict[int | None, int] = {}
        for tied in ranking:
            place_of.update(dict.fromkeys(tied, len(place_of) + 1))
        last = len(seats)
        return Result({user: place_of.get(seat.number, last) for user, seat in seats}, forfeits)
    rank = {"won": 1, "drawn": 1, "lost": 2}
    return Result({user: rank.get(seat.outcome, 2) for user, seat in seats}, forfeits)


def seat_orders(matches: Iterable[Match]) -> list[tuple[int, ...]]:
    """Each match's players by seat number."""
    return [
        tuple(
            _player(seat) for seat in sorted(match.seats.all(), key=lambda seat: seat.engine_seat)
        )
        for match in matches
    ]


def finished_results(pairings: Iterable[Pairing]) -> list[Result]:
    """The results of the finished matches among ``pairings``."""
    return [
        result_of(pairing.match)
        for pairing in pairings
        if pairing.match is not None and pairing.match.status == Match.Status.FINISHED
    ]


def played(pairings: Iterable[Pairing]) -> int:
    """How many of the pairings' matches are over (a bye is no match)."""
    return sum(p.match is not None and p.match.status in OVER for p in pairings)


def round_is_over(tournament: Tournament) -> bool:
    """Whether every match of the tournament's current round is over."""
    current = tournament.pairings.filter(round=tournament.round, match__isnull=False)
    return not current.exclude(match__status__in=OVER).exists()


def _player(seat: Seat) -> int:
    """The player of a tournament match's seat (each seat has one)."""
    assert seat.user_id is not None
    return seat.user_id
