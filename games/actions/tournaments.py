"""The life of a tournament: created, joined and left while open, started (at its date, or when
full), each round paired when the last match of the one before is over, finished after its last
round. Each format (``FORMATS``: ``tournament_swiss``, …) pairs its rounds and keeps its table,
from the pure rules of ``games.tournaments``; this module is the life every format shares.

A round is paired by the minute sweep (``sweep``, from beat), one durable transaction per
tournament under its row lock: a match's end waits in the database, not in a task.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.accounts.models import User
from games.actions import (
    lifecycle,
    moves,
    tournament_groups,
    tournament_knockout,
    tournament_ladder,
    tournament_swiss,
)
from games.actions.tournament_matches import lock, round_is_over, start_paired
from games.core.errors import ServiceError
from games.engines.base import EngineError
from games.notifications import events
from games.play.changes import ChangeKind
from games.play.errors import IllegalMove
from games.play.models import DAYS_PER_MOVE, Match, Seat
from games.ratings.models import Rating
from games.registry import installed_games
from games.social import relations
from games.tournaments.models import Entry, Tournament
from games.tournaments.standings import Standing

logger = logging.getLogger(__name__)

NOT_OPEN = _("This tournament no longer takes entries.")
FULL = _("This tournament is full.")
NOT_ENTERED = _("You have not entered this tournament.")
NOT_INVITED = _("Only the players its creator invites may enter this tournament.")
FOLLOWERS_ONLY = _("Only the players who follow its creator may enter this tournament.")
BAD_SIZES = _("The least number of players must be 2 or more, and not above the most.")
#: The most rounds and players a Swiss may have.
MOST_ROUNDS = 15
MOST_PLAYERS = 1000
#: A knockout's games per pair, and the most of a round-robin group who may go on.
BEST_OF = (1, 3)
MOST_ADVANCING = 8
#: Matches lost on time that withdraw a player from the tournament.
FORFEITS_OUT = 2

#: Each format's rounds and table: ``next_round(tournament, entries) -> bool`` pairs and starts
#: the next round (False when the tournament is over) and ``table_of(tournament, entries)``. A
#: ladder has no rounds (its sweep settles its challenges, ``tournament_ladder.settle``): only
#: its table is read here.
FORMATS: dict[str, Any] = {
    Tournament.Format.SWISS: tournament_swiss,
    Tournament.Format.GROUPS: tournament_groups,
    Tournament.Format.LADDER: tournament_ladder,
    Tournament.Format.KNOCKOUT: tournament_knockout,
}
DUELS_ONLY = _("A Swiss or a knockout is played in duels: choose a mode for two players.")
NO_GROUPS = _("The matches of this game cannot seat a group of players.")


def do_create_tournament(
    user: User,
    name: str,
    game: str,
    options: dict[str, Any],
    rounds: int = 5,
    days_per_move: int = 3,
    rated: bool = False,
    min_players: int = 4,
    max_players: int = 64,
    starts_at: datetime | None = None,
    format: str = Tournament.Format.SWISS,
    best_of: int = 1,
    advance: int = 2,
    vacations: bool = True,
    access: str = Tournament.Access.OPEN,
    invite: Sequence[str] = (),
) -> Tournament:
    """A tournament open for entries; its creator enters it. A Swiss or a knockout is played
    in duels; ``best_of`` is a knockout's games per pair, ``advance`` how many of each
    round-robin group go on; without ``vacations``, a vacation does not pause its clocks."""
    found = installed_games().get(game)
    if found is None:
        raise ServiceError("unknown_game", lifecycle.UNKNOWN_GAME, 400)
    try:
        options = found.engine.normalise_options(options)
    except EngineError as error:
        raise IllegalMove(error) from None
    if format not in FORMATS:
        raise ServiceError("bad_format", _("Choose a format from the list."), 400)
    table = 2
    if format == Tournament.Format.GROUPS:
        seats = tournament_groups.seating(game, options)
        if seats is None:
            raise ServiceError("no_groups", NO_GROUPS, 400)
        table = tournament_groups.rated_table_of(seats)
        if min_players < seats.least:
            raise ServiceError("bad_players", least_players(seats.least), 400)
    elif 2 not in found.engine.player_counts(options):
        raise ServiceError("duels_only", DUELS_ONLY, 400)
    if best_of not in BEST_OF or not 1 <= advance <= MOST_ADVANCING:
        raise ServiceError("bad_choice", _("Choose one of the values offered."), 400)
    if access not in Tournament.Access.values:
        raise ServiceError("bad_choice", _("Choose one of the values offered."), 400)
    invited = invited_players(invite)
    if days_per_move not in DAYS_PER_MOVE:
        raise ServiceError("bad_time", _("Choose a time per move from the list."), 400)
    if not 1 <= rounds <= MOST_ROUNDS:
        raise ServiceError("bad_rounds", _("Choose between 1 and 15 rounds."), 400)
    if format == Tournament.Format.LADDER:  # takes any number of players, at any time
        min_players, max_players = 2, MOST_PLAYERS
    if not 2 <= min_players <= max_players <= MOST_PLAYERS:
        raise ServiceError("bad_players", BAD_SIZES, 400)
    if rated and not lifecycle.can_be_rated(game, options, table):
        raise ServiceError("not_ratable", lifecycle.NOT_RATABLE, 409)
    if not (name := name.strip()):
        raise ServiceError("bad_name", _("Give the tournament a name."), 400)
    with transaction.atomic(durable=True):
        tournament = Tournament.objects.create(
            name=name[:80], game=game, options=options, rounds=rounds,
            days_per_move=days_per_move, rated=rated, min_players=min_players,
            max_players=max_players, starts_at=starts_at, created_by=user, format=format,
            best_of=best_of, advance=advance, vacations=bool(vacations), access=access,
        )  # fmt: skip
        tournament.invited.set(invited)
        entry = Entry.objects.create(tournament=tournament, user=user)
        if format == Tournament.Format.LADDER:
            tournament_ladder.opened(tournament, entry, timezone.now())
    return tournament


def least_players(least: int) -> str:
    return ngettext(
        "This game needs at least %(count)s player at a table: let at least as many enter.",
        "This game needs at least %(count)s players at a table: let at least as many enter.",
        least,
    ) % {"count": least}


def invited_players(usernames: Sequence[str]) -> list[User]:
    """The accounts named (a 400 naming the first unknown one)."""
    wanted = list(dict.fromkeys(name.strip() for name in usernames if name.strip()))
    found = {user.username: user for user in User.objects.filter(username__in=wanted)}
    for name in wanted:
        if name not in found or found[name].is_bot:
            message = _("No player is called %(name)s: check the name.") % {"name": name}
            raise ServiceError("unknown_player", message, 400)
    return list(found.values())


def may_enter(user: User | AnonymousUser, tournament: Tournament) -> bool:
    """Whether the tournament's access lets ``user`` in: anyone, its creator's followers, or
    the players its creator invited (the creator always)."""
    if tournament.access == Tournament.Access.OPEN or user.pk == tournament.created_by_id:
        return True
    if tournament.access == Tournament.Access.FOLLOWERS:
        return relations.follows(user, tournament.created_by)
    return tournament.invited.filter(pk=user.pk).exists()


def kept_out(tournament: Tournament) -> str:
    """What a player its access keeps out is told."""
    followers = tournament.access == Tournament.Access.FOLLOWERS
    return str(FOLLOWERS_ONLY if followers else NOT_INVITED)


def do_invite_to_tournament(user: User, tournament_id: Any, usernames: Sequence[str]) -> None:
    """Its creator lets more players into an invitation tournament (or ladder) still open for
    entries."""
    with transaction.atomic(durable=True):
        tournament = lock(tournament_id)
        if user.pk != tournament.created_by_id:
            raise ServiceError("not_creator", _("Only its creator invites players."), 403)
        if tournament.status not in (Tournament.Status.OPEN, Tournament.Status.RUNNING):
            raise ServiceError("not_open", NOT_OPEN, 409)
        tournament.invited.add(*invited_players(usernames))


def do_join_tournament(user: User, tournament_id: Any) -> Entry:
    """Enter an open tournament while it has room; the last place goes to one player only, and
    starts a tournament without a date (the first batch of its matches at once, as
    ``do_advance`` starts them, and the others with the minute sweep)."""
    if user.is_bot:
        raise ServiceError("house_player", _("House players do not enter tournaments."), 409)
    with transaction.atomic(durable=True):
        tournament = lock(tournament_id)
        if not may_enter(user, tournament):
            raise ServiceError("not_invited", kept_out(tournament), 403)
        if tournament.format == Tournament.Format.LADDER:
            return tournament_ladder.join(tournament, user)
        if tournament.status != Tournament.Status.OPEN:
            raise ServiceError("not_open", NOT_OPEN, 409)
        entry = tournament.entries.filter(user=user).first()
        if entry is not None:
            return entry
        if tournament.entries.count() >= tournament.max_players:
            raise ServiceError("full", FULL, 409)
        entry = Entry.objects.create(tournament=tournament, user=user)
        full = tournament.starts_at is None and tournament.entries.count() == tournament.max_players
        if full:
            start(tournament)
    if full:
        # The last player's request starts one batch; the minute sweep starts any others.
        start_paired(tournament_id, batches=1)
    return entry


def do_leave_tournament(user: User, tournament_id: Any) -> None:
    """Leave a tournament that has not started, or a ladder (``tournament_ladder.leave``)."""
    with transaction.atomic(durable=True):
        tournament = lock(tournament_id)
        if tournament.format == Tournament.Format.LADDER:
            if tournament.status != Tournament.Status.RUNNING:
                raise ServiceError("not_open", NOT_OPEN, 409)
            if not tournament_ladder.leave(tournament, user, timezone.now()):
                raise ServiceError("not_entered", NOT_ENTERED, 409)
            return
        if tournament.status != Tournament.Status.OPEN:
            raise ServiceError("not_open", NOT_OPEN, 409)
        deleted, _ = tournament.entries.filter(user=user).delete()
        if not deleted:
            raise ServiceError("not_entered", NOT_ENTERED, 409)


def start(tournament: Tournament, now: datetime | None = None) -> None:
    """Under the tournament's lock: the entrants' ratings noted, round 1 paired and started;
    cancelled instead with fewer than its least number of players."""
    now = now or timezone.now()
    entries = list(tournament.entries.select_related("user"))
    if len(entries) < tournament.min_players:
        tournament.status = Tournament.Status.CANCELLED
        tournament.finished_at = now
        tournament.save(update_fields=["status", "finished_at"])
        return
    table = 2
    if tournament.format == Tournament.Format.GROUPS:
        table = tournament_groups.rated_table(tournament)
    ranking = installed_games()[tournament.game].ranking_for(tournament.options, table)
    values = {}
    if ranking is not None:
        found = Rating.objects.filter(
            game=tournament.game, mode=ranking.slug, user__in=[e.user_id for e in entries]
        )
        values = dict(found.values_list("user_id", "value"))
    for entry in entries:
        entry.rating = float(values.get(entry.user_id, 0))
    Entry.objects.bulk_update(entries, ["rating"])
    tournament.status, tournament.started_at = Tournament.Status.RUNNING, now
    if not FORMATS[tournament.format].next_round(tournament, entries):
        finish(tournament, now)


def standings_of(tournament: Tournament, entries: list[Entry] | None = None) -> list[Standing]:
    """The tournament's table as its format keeps it."""
    entries = entries if entries is not None else list(tournament.entries.all())
    return list(FORMATS[tournament.format].table_of(tournament, entries))


def finish(tournament: Tournament, now: datetime) -> None:
    """The tournament is over: each entrant hears of their final place."""
    tournament.status, tournament.finished_at = Tournament.Status.FINISHED, now
    tournament.save(update_fields=["status", "finished_at"])
    entries = list(tournament.entries.select_related("user"))
    by_player = {entry.user_id: entry for entry in entries}
    for row in standings_of(tournament, entries):
        entry = by_player[row.player]
        entry.place = row.place
        events.tournament_news(
            tournament, entry.user, "ended", place=row.place, entrants=len(entries)
        )
    Entry.objects.bulk_update(entries, ["place"])


def do_advance(tournament_id: Any, now: datetime | None = None) -> bool:
    """Start a tournament whose date has come, or pair the next round (or finish) once every
    match of the round is over; then start the round's matches, a batch to a transaction
    (``start_paired``). Returns whether anything changed."""
    with transaction.atomic(durable=True):
        changed = advance(lock(tournament_id), now or timezone.now())
    return bool(start_paired(tournament_id)) or changed


def advance(tournament: Tournament, now: datetime) -> bool:
    """``do_advance`` under the tournament's lock, up to pairing the round."""
    if tournament.status == Tournament.Status.OPEN:
        if tournament.starts_at is None or tournament.starts_at > now:
            return False
        start(tournament, now)
        return True
    if tournament.status != Tournament.Status.RUNNING:
        return False
    if tournament.format == Tournament.Format.LADDER:  # no rounds, and nobody withdrawn
        return bool(tournament_ladder.settle(tournament, now))
    changed = withdraw_forfeiters(tournament, now)
    if not round_is_over(tournament):
        return changed
    entries = list(tournament.entries.select_related("user"))
    if not FORMATS[tournament.format].next_round(tournament, entries):
        finish(tournament, now)
    return True


def withdraw_forfeiters(tournament: Tournament, now: datetime) -> bool:
    """Under the tournament's lock: a player who has lost ``FORFEITS_OUT`` matches on time is
    withdrawn. They are paired no more; in their running matches a duel ends as their loss,
    and a house player takes a larger table's seat over so that the others play on as before.
    Returns whether anyone was withdrawn."""
    forfeits = (
        Seat.objects.filter(match__pairing__tournament=tournament, out_reason="timeout")
        .values("user")
        .annotate(times=Count("pk"))
        .filter(times__gte=FORFEITS_OUT)
        .values_list("user", flat=True)
    )
    entries = list(
        tournament.entries.filter(withdrawn_at=None, user__in=forfeits).select_related("user")
    )
    for entry in entries:
        entry.withdrawn_at = now
        entry.save(update_fields=["withdrawn_at"])
        running = Match.objects.select_for_update().filter(
            pairing__tournament=tournament, status=Match.Status.ACTIVE,
            seats__user=entry.user, seats__status=Seat.Status.JOINED,
        )  # fmt: skip
        for match in running:
            seats = moves.read_seats(match)
            seat = next(s for s in seats if s.user_id == entry.user_id)
            if len(seats) == 2:
                moves.put_out(match, seats, seat, "withdrawn")
            else:
                moves.hand_over(match, seats, seat, "withdrawn", ChangeKind.RESIGN, None, now)
        events.tournament_news(tournament, entry.user, "withdrawn")
    return bool(entries)


def due() -> list[int]:
    """The tournaments the sweep may have to move on: open with a date, or running."""
    waiting = Q(status=Tournament.Status.OPEN, starts_at__isnull=False)
    return list(
        Tournament.objects.filter(waiting | Q(status=Tournament.Status.RUNNING))
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def sweep(now: datetime | None = None) -> int:
    """From beat: move on every tournament that can; returns how many did."""
    moved = 0
    for tournament_id in due():
        try:
            moved += do_advance(tournament_id, now)
        except ServiceError:
            logger.exception("tournament %s could not move on", tournament_id)
    return moved
