"""A ladder: the players stand on rungs (1 at the top) and challenge those a little above them
(``games.tournaments.ladder``): up to ⌈√position⌉ places, with at most ``ladder.MOST_OPEN``
open challenges each and not the same two again within ``ladder.REST``.

It has no rounds: it runs from its creation and never finishes by itself. Players join at any
time at the bottom (``join``) and may leave once none of their challenges is open (``leave``:
the players below step up one). A challenge's match starts at once, the defender moving first
(the higher place's small edge); its result is settled by the minute sweep (``settle``)
under the tournament's row lock, once per match: a winner from below takes the loser's place
and the players from there down step down one; a win from above and a draw change nothing, and
a time-out loses. A cancelled or aborted match changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import F, Prefetch, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.accounts.models import User
from games.actions.tournament_matches import OVER, lock, result_of, start_match
from games.core.errors import ServiceError
from games.play.models import Match, Seat
from games.tournaments import ladder
from games.tournaments.ladder import Refusal
from games.tournaments.models import Entry, Pairing, Tournament
from games.tournaments.standings import Standing

#: What each refusal tells the challenger.
REFUSALS = {
    Refusal.NOT_ON_LADDER: _("Both players must be on this ladder."),
    Refusal.SAME_PLAYER: _("You cannot challenge yourself."),
    Refusal.NOT_ABOVE: _("You can only challenge a player above you on the ladder."),
    Refusal.TOO_FAR: _(
        "That player is too far above you: you may challenge up to the square "
        "root of your position, rounded up, places above."
    ),
    Refusal.TOO_MANY_OPEN: _("One of you already has 3 open challenges: finish one first."),
    Refusal.MET_RECENTLY: _("You two have met on this ladder within the last 7 days."),
}
NOT_RUNNING = _("This ladder no longer takes challenges.")
NO_SUCH_PLAYER = _("There is no such player on this ladder.")
STILL_OPEN = _("Finish or resign your open challenges before you leave the ladder.")


def rungs(tournament: Tournament) -> list[Entry]:
    """The players on the ladder, top first."""
    on = tournament.entries.filter(position__isnull=False).select_related("user")
    return list(on.order_by("position"))


def challenges(tournament: Tournament) -> Any:
    """The ladder's challenges with their matches and seats, newest first."""
    seats = Prefetch("match__seats", queryset=Seat.objects.select_related("user"))
    return (
        tournament.pairings.filter(challenger__isnull=False)
        .select_related("match", "challenger")
        .prefetch_related(seats)
        .order_by("-match__created_at", "-pk")
    )


def is_open(pairing: Pairing) -> bool:
    return pairing.match is not None and pairing.match.status not in OVER


def players_of(pairing: Pairing) -> list[int]:
    assert pairing.match is not None
    return [seat.user_id for seat in pairing.match.seats.all() if seat.user_id is not None]


@dataclass(frozen=True)
class Counts:
    """What a challenge's refusal depends on beyond the rungs."""

    open: dict[int, int]
    last_met: dict[frozenset[int], datetime]

    @classmethod
    def of(cls, pairings: Iterable[Pairing]) -> Counts:
        open_: dict[int, int] = {}
        last_met: dict[frozenset[int], datetime] = {}
        for pairing in pairings:
            if pairing.match is None or pairing.match.status in (
                Match.Status.CANCELLED, Match.Status.ABORTED,
            ):  # fmt: skip
                continue
            players = players_of(pairing)
            for player in players if is_open(pairing) else ():
                open_[player] = open_.get(player, 0) + 1
            pair, when = frozenset(players), pairing.match.created_at
            if pair not in last_met or last_met[pair] < when:
                last_met[pair] = when
        return cls(open_, last_met)

    def refusal(
        self, order: Sequence[int], challenger: int, defender: int, now: datetime
    ) -> Refusal | None:
        return ladder.refusal(
            order, challenger, defender,
            open_challenges=self.open.get(challenger, 0), defender_open=self.open.get(defender, 0),
            last_met=self.last_met.get(frozenset((challenger, defender))), now=now,
        )  # fmt: skip


def settle(tournament: Tournament, now: datetime) -> int:
    """Under the tournament's lock: apply each challenge's result that is over and not yet
    settled, oldest first; returns how many were settled."""
    waiting = list(
        challenges(tournament)
        .filter(settled_at__isnull=True, match__status__in=OVER)
        .order_by("match__finished_at", "pk")
    )
    if not waiting:
        return 0
    entries = rungs(tournament)
    order = [entry.user_id for entry in entries]
    for pairing in waiting:
        assert pairing.match is not None
        if pairing.match.status != Match.Status.FINISHED:
            continue
        result = result_of(pairing.match)
        players = list(result.places)
        if len(players) != 2 or any(player not in order for player in players):
            continue
        first, second = players
        scored = result.against(first, second)
        if scored != 0.5:
            winner, loser = (first, second) if scored == 1.0 else (second, first)
            order = ladder.after_result(order, winner, loser)
    moved = []
    for entry in entries:
        if entry.position != (position := order.index(entry.user_id) + 1):
            entry.position = position
            moved.append(entry)
    Entry.objects.bulk_update(moved, ["position"])
    Pairing.objects.filter(pk__in=[p.pk for p in waiting]).update(settled_at=now)
    return len(waiting)


def table_of(tournament: Tournament, entries: list[Entry]) -> list[Standing]:
    """The rungs as a table (place = position), with each player's settled challenges."""
    played: dict[int, int] = {}
    won: dict[int, int] = {}
    forfeits: dict[int, int] = {}
    for pairing in challenges(tournament).filter(
        settled_at__isnull=False, match__status=Match.Status.FINISHED
    ):
        assert pairing.match is not None
        result = result_of(pairing.match)
        for player in result.places:
            played[player] = played.get(player, 0) + 1
            won[player] = won.get(player, 0) + int(
                all(result.against(player, other) == 1.0 for other in result.places
                    if other != player)
            )  # fmt: skip
            forfeits[player] = forfeits.get(player, 0) + (player in result.forfeits)
    on = sorted((e for e in entries if e.position is not None), key=lambda e: e.position or 0)
    return [
        Standing(e.user_id, e.position or 0, float(won.get(e.user_id, 0)), 0.0, e.rating,
                 played.get(e.user_id, 0), forfeits.get(e.user_id, 0))
        for e in on
    ]  # fmt: skip


def opened(tournament: Tournament, creator: Entry, now: datetime) -> None:
    """A new ladder (under creation's transaction): running at once, its creator on top."""
    tournament.status, tournament.started_at, tournament.round = (
        Tournament.Status.RUNNING, now, 1,
    )  # fmt: skip
    tournament.save(update_fields=["status", "started_at", "round"])
    creator.position = 1
    creator.save(update_fields=["position"])


def join(tournament: Tournament, user: User) -> Entry:
    """Under the tournament's lock: the player steps on at the bottom (again, after leaving)."""
    if tournament.status != Tournament.Status.RUNNING:
        raise ServiceError("not_open", NOT_RUNNING, 409)
    entry = tournament.entries.filter(user=user).first()
    if entry is not None and entry.position is not None:
        return entry
    bottom = tournament.entries.filter(position__isnull=False).count() + 1
    if entry is None:
        return Entry.objects.create(tournament=tournament, user=user, position=bottom)
    entry.position, entry.withdrawn_at = bottom, None
    entry.save(update_fields=["position", "withdrawn_at"])
    return entry


def leave(tournament: Tournament, user: User, now: datetime) -> bool:
    """Under the tournament's lock: the player steps off (the players below step up one);
    refused while one of their challenges is open. False if they were not on the ladder."""
    entry = tournament.entries.filter(user=user, position__isnull=False).first()
    if entry is None:
        return False
    mine = challenges(tournament).filter(match__seats__user=user)
    if mine.exclude(match__status__in=OVER).exists():
        raise ServiceError("open_challenges", STILL_OPEN, 409)
    settle(tournament, now)
    entry.refresh_from_db(fields=["position"])
    below = tournament.entries.filter(position__gt=entry.position)
    entry.position, entry.withdrawn_at = None, now
    entry.save(update_fields=["position", "withdrawn_at"])
    below.update(position=F("position") - 1)
    return True


def do_challenge(user: User, tournament_id: Any, opponent: Any) -> Pairing:
    """``user`` challenges ``opponent`` (a username, or a user id) on a ladder: their match
    starts at once, the defender moving first."""
    now = timezone.now()
    with transaction.atomic(durable=True):
        tournament = lock(tournament_id)
        if tournament.format != Tournament.Format.LADDER:
            raise ServiceError("not_a_ladder", _("This tournament is not a ladder."), 409)
        if tournament.status != Tournament.Status.RUNNING:
            raise ServiceError("not_running", NOT_RUNNING, 409)
        settle(tournament, now)
        entries = rungs(tournament)
        named = Q(user__username__iexact=str(opponent))
        if isinstance(opponent, int) or str(opponent).isdigit():
            named |= Q(user_id=int(opponent))
        defender = tournament.entries.filter(named).select_related("user").first()
        if defender is None:
            raise ServiceError("no_such_player", NO_SUCH_PLAYER, 404)
        order = [entry.user_id for entry in entries]
        counts = Counts.of(challenges(tournament))
        refused = counts.refusal(order, user.pk, defender.user_id, now)
        if refused is not None:
            raise ServiceError(refused.value, REFUSALS[refused], 409)
        pairing = start_match(tournament, [defender.user, user])
        pairing.challenger = user
        pairing.save(update_fields=["challenger"])
    return pairing


@dataclass(frozen=True)
class Rung:
    entry: Entry
    can_challenge: bool


def board(tournament: Tournament, viewer: Any, recent: int = 10) -> dict[str, Any]:
    """What the ladder's page shows: the rungs (and whom ``viewer`` may challenge), the open
    challenges and the latest results."""
    now = timezone.now()
    entries = rungs(tournament)
    order = [entry.user_id for entry in entries]
    pairings = list(challenges(tournament))
    counts = Counts.of(pairings)
    me = getattr(viewer, "pk", None) if getattr(viewer, "is_authenticated", False) else None
    running = tournament.status == Tournament.Status.RUNNING
    return {
        "rungs": [
            Rung(
                entry,
                running and me in order and counts.refusal(order, me, entry.user_id, now) is None,
            )
            for entry in entries
        ],  # fmt: skip
        "open_challenges": [p for p in pairings if is_open(p)],
        "results": [p for p in pairings if not is_open(p)][:recent],
        "on_ladder": me in order,
        "open_count": counts.open.get(me, 0) if me else 0,
    }
