"""Round-robin groups: the players are dealt into groups by rating (a snake, so that the groups
are as strong as each other), every match of a stage starts at once with its own clock, and
the best ``tournament.advance`` of each group go on to the next stage; a stage of one group is
the final.

A game played in duels has groups of 3 to 4 in which every pair meets once; a field of 6 or
fewer plays one group, the final. A game whose mode seats more (Richelieu's multiplayer 3–4,
Risk's 3–5: the engine's ``player_counts``) plays each group at one table, one match a stage;
a field that fits one table is the final.

A match gives a point for every opponent finished above and ½ for every tie; equal points in
a group are split by Sonneborn-Berger, then by rating.

The tournament's table (``table_of``) ranks the players by the stage they reached, the
furthest first; among those of one stage, by their place in their group there, then by its
points, Sonneborn-Berger and rating. A player's points, Sonneborn-Berger and matches played
are those of the last stage they played: the final group's table comes first, then the
players out at each stage before, so a finished tournament's winner is first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Max

from games.actions.tournament_matches import (
    OVER,
    Table,
    finished_results,
    pair_matches,
    played,
)
from games.notifications import events
from games.play.models import Seat
from games.registry import installed_games
from games.tournaments import brackets
from games.tournaments.models import Entry, Pairing, Tournament
from games.tournaments.standings import Standing, TieBreak, standings

#: A duel's group sizes: 3 to 4, and a final of up to 6 (everyone meets everyone once).
DUEL_GROUP = (3, 4)
DUEL_FINAL = 6


@dataclass(frozen=True)
class Seating:
    """How a game's groups sit: ``table`` 2 for duels (every pair of a group meets once), 0
    for one table of the whole group; groups of ``smallest`` to ``largest`` players, a final
    of up to ``final``, and never fewer than ``least`` at a table."""

    table: int
    smallest: int
    largest: int
    final: int
    least: int


def seating(game: str, options: Mapping[str, Any]) -> Seating | None:
    """How groups of this game and options sit; None when its matches cannot seat a group."""
    found = installed_games().get(game)
    if found is None:
        return None
    counts = sorted(found.engine.player_counts(dict(options)))
    larger = [n for n in counts if n >= 3]
    if larger:
        return Seating(0, larger[0], larger[-1], larger[-1], counts[0])
    if 2 in counts:
        return Seating(2, *DUEL_GROUP, DUEL_FINAL, 2)
    return None


def rated_table_of(seats: Seating) -> int:
    """The number of players at a table whose ratings order the entrants: the largest."""
    return seats.largest if seats.table == 0 else 2


def rated_table(tournament: Tournament) -> int:
    seats = seating(tournament.game, tournament.options)
    return rated_table_of(seats) if seats is not None else 2


@dataclass
class Group:
    number: int
    players: list[int]
    pairings: list[Pairing]
    table: list[Standing] = field(default_factory=list)
    #: The players who went on to the next stage.
    going_on: set[int] = field(default_factory=set)

    @property
    def is_over(self) -> bool:
        return all(p.match is None or p.match.status in OVER for p in self.pairings)

    @property
    def played(self) -> int:
        """How many of the group's matches are over."""
        return played(self.pairings)


@dataclass
class Stage:
    number: int
    groups: list[Group]
    #: How many groups the stage has (``groups`` may be some of them: a page's).
    size: int = 0

    @property
    def is_final(self) -> bool:
        return (self.size or len(self.groups)) == 1


def ranked(entries: Iterable[Entry]) -> list[Entry]:
    """The entrants still in, the best rated first, then by entry."""
    return sorted(
        (e for e in entries if e.withdrawn_at is None),
        key=lambda e: (-e.rating, e.joined_at, e.pk or 0),
    )


def stages_of(
    tournament: Tournament,
    entries: Sequence[Entry],
    pairings: Iterable[Pairing] | None = None,
    sizes: Mapping[int, int] | None = None,
    seated: Mapping[int, set[int]] | None = None,
) -> list[Stage]:
    """Every stage played so far, each group with its table (points, Sonneborn-Berger, rating)
    and who of it went on. ``pairings`` with their matches and seats, or read here.

    Given some groups' pairings only (a page's), ``sizes`` says how many groups each stage has
    and ``seated`` who of their players each later stage seats (``page_of_groups``)."""
    if pairings is None:
        pairings = tournament.pairings.select_related("match").prefetch_related("match__seats")
    ratings = {entry.user_id: entry.rating for entry in entries}
    grouped: dict[int, dict[int, list[Pairing]]] = {}
    for pairing in sorted(pairings, key=lambda p: (p.round, p.group or 0, p.pk or 0)):
        if pairing.match is not None:
            grouped.setdefault(pairing.round, {}).setdefault(pairing.group or 1, []).append(pairing)
    # A stage none of whose groups are read (a later page than its last) is there, empty.
    for number in sizes or {}:
        grouped.setdefault(number, {})
    stages = []
    for number, groups in sorted(grouped.items()):
        stage = Stage(number, [], (sizes or {}).get(number, 0))
        for group_number, group_pairings in sorted(groups.items()):
            players: list[int] = []
            for pairing in group_pairings:
                assert pairing.match is not None
                for seat in pairing.match.seats.all():
                    if seat.user_id is not None and seat.user_id not in players:
                        players.append(seat.user_id)
            table = standings(
                {player: ratings.get(player, 0.0) for player in players},
                finished_results(group_pairings),
                TieBreak.SONNEBORN_BERGER,
            )
            stage.groups.append(Group(group_number, players, group_pairings, table))
        stages.append(stage)
    if seated is None:
        seated = {
            stage.number: {player for group in stage.groups for player in group.players}
            for stage in stages
        }
    for stage in stages:
        later = seated.get(stage.number + 1, set())
        for group in stage.groups:
            group.going_on = later & set(group.players)
    return stages


def page_of_groups(
    tournament: Tournament, first: int, last: int, sizes: Mapping[int, int]
) -> list[Stage]:
    """Every stage (``sizes``: its number of groups, ``group_counts``), with only its groups
    ``first`` to ``last`` (numbered from 1) read: a page of a large field's groups reads those
    groups' matches, not the stage's hundreds."""
    found = (
        tournament.pairings.filter(match__isnull=False, group__gte=first, group__lte=last)
        .select_related("match")
        .defer("match__state")  # a game's position: the page shows none
        .prefetch_related("match__seats__user")
    )
    pairings = list(found)
    shown = {seat.user_id for p in pairings if p.match for seat in p.match.seats.all()}
    seated: dict[int, set[int]] = {}
    later = Seat.objects.filter(
        match__pairing__tournament=tournament, match__pairing__round__gt=1, user__in=shown
    ).values_list("match__pairing__round", "user_id")
    for stage, player in later:
        seated.setdefault(stage, set()).add(player)
    entries = list(tournament.entries.filter(user__in=shown))
    return stages_of(tournament, entries, pairings, sizes, seated)


def group_counts(tournament: Tournament) -> dict[int, int]:
    """How many groups each stage has."""
    counts = (
        tournament.pairings.filter(match__isnull=False)
        .values("round")
        .annotate(groups=Max("group"))
        .values_list("round", "groups")
    )
    return {stage: groups or 1 for stage, groups in counts}


def group_of(tournament: Tournament, stage: int, player: Any) -> int | None:
    """The group a player plays in at a stage (None: they play in none)."""
    return (
        tournament.pairings.filter(round=stage, match__seats__user=player)
        .values_list("group", flat=True)
        .first()
    )


def next_round(tournament: Tournament, entries: list[Entry]) -> bool:
    """Deal and start the next stage; False after the final (or when too few go on to seat)."""
    seats = seating(tournament.game, tournament.options)
    if seats is None:
        return False
    players = ranked(entries)
    if tournament.round:
        stages = stages_of(tournament, entries)
        last = stages[-1] if stages else None
        if last is None or last.is_final:
            return False
        still_in = {entry.user_id for entry in players}
        going_on: list[tuple[int, float, float, float, int]] = []
        for group in last.groups:
            # Never all of a group: each stage is smaller than the one before.
            most = min(tournament.advance, len(group.players) - 1)
            best = [row for row in group.table if row.player in still_in][:most]
            going_on += [(n, -row.points, -row.tie_break, -row.rating, row.player)
                         for n, row in enumerate(best)]  # fmt: skip
        order = [player for *_, player in sorted(going_on)]
        by_user = {entry.user_id: entry for entry in players}
        players = [by_user[player] for player in order]
    if len(players) < seats.least:
        return False
    groups = deal(seats, [entry.user_id for entry in players])
    tournament.round += 1
    tournament.save(update_fields=["status", "started_at", "round"])
    users = {entry.user_id: entry.user for entry in players}
    pair_matches(tournament, [
        Table([users[player] for player in table], group=number)
        for number, group in enumerate(groups, start=1)
        for table in brackets.group_tables(group, seats.table)
    ])  # fmt: skip
    if tournament.round > 1:
        for user in users.values():
            events.tournament_news(tournament, user, "stage")
    return True


def deal(seats: Seating, field: list[int]) -> list[list[int]]:
    """The field (best first) in groups: one, the final, when it fits; else groups within the
    game's sizes, or with fewer at a table where no split keeps to them (5 at tables of 3–4)."""
    if len(field) <= seats.final:
        return [field]
    return (
        brackets.deal_groups(field, seats.smallest, seats.largest)
        or brackets.deal_groups(field, seats.least, seats.largest)
        or [field]
    )


def table_of(tournament: Tournament, entries: list[Entry]) -> list[Standing]:
    """The final group's table (or the groups' of the stage being played, place by place),
    then the players out at each stage before, the latest first (see the module's text)."""
    stages = stages_of(tournament, entries)
    if not stages:
        ratings = {entry.user_id: entry.rating for entry in entries}
        return standings(ratings, [], TieBreak.SONNEBORN_BERGER)
    reached: dict[int, tuple[int, Standing]] = {}
    for stage in stages:
        for group in stage.groups:
            for row in group.table:
                reached[row.player] = (stage.number, row)
    keys = {
        player: (-stage, row.place, -row.points, -row.tie_break, -row.rating)
        for player, (stage, row) in reached.items()
    }
    table: list[Standing] = []
    for n, player in enumerate(sorted(reached, key=lambda p: (keys[p], p))):
        row = reached[player][1]
        place = n + 1
        if table and keys[table[-1].player] == keys[player]:
            place = table[-1].place
        table.append(
            Standing(player, place, row.points, row.tie_break, row.rating, row.played,
                     row.forfeits)
        )  # fmt: skip
    return table
