"""Standings of a tournament stage: points, then a tie-break, then rating.

A match gives each player a point for every opponent they finished above and half a point for
every one they tied with: a win 1, a draw ½, a loss 0 in a duel, and 3, 2, 1, 0 from first to
last at a four-player table. A time-out loses: its player is last at that table, with no point
(``forfeits``). A Swiss bye is worth a win and counts for no opponent.

The tie-breaks, written on the tournament's page:

- **Buchholz** (Swiss): the sum of the points of every opponent met.
- **Sonneborn-Berger** (groups): for every opponent met, their points times what was scored
  against them at that table (1 above them, ½ tied, 0 below), summed.

Players equal in points, tie-break and rating share a place (1, 2, 2, 4).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum


class TieBreak(StrEnum):
    BUCHHOLZ = "buchholz"
    SONNEBORN_BERGER = "sonneborn_berger"


@dataclass(frozen=True)
class Result:
    """One finished match: each player's place (1 for the first; equal places are ties), and
    who lost on time (last, whatever their place)."""

    places: Mapping[int, int]
    forfeits: frozenset[int] = field(default_factory=frozenset)

    def against(self, player: int, opponent: int) -> float:
        """What ``player`` scored against ``opponent`` at this table: 1, ½ or 0 (a player who
        lost on time is below everyone who did not; two who did score nothing)."""
        out, out_too = player in self.forfeits, opponent in self.forfeits
        if out or out_too:
            return 0.0 if out else 1.0
        mine, theirs = self.places[player], self.places[opponent]
        return 0.5 if mine == theirs else float(mine < theirs)

    def points(self, player: int) -> float:
        return sum(self.against(player, other) for other in self.places if other != player)


@dataclass(frozen=True)
class Standing:
    player: int
    place: int
    points: float
    tie_break: float
    rating: float
    played: int
    forfeits: int


def standings(
    ratings: Mapping[int, float],
    results: Sequence[Result],
    tie_break: TieBreak,
    byes: Mapping[int, int] | None = None,
) -> list[Standing]:
    """The table of the players of ``ratings`` after ``results`` (and ``byes``, a win each)."""
    byes = byes or {}
    points: dict[int, float] = {p: float(byes.get(p, 0)) for p in ratings}
    played: dict[int, int] = defaultdict(int)
    forfeited: dict[int, int] = defaultdict(int)
    for result in results:
        for player in result.places:
            points[player] = points.get(player, 0.0) + result.points(player)
            played[player] += 1
            forfeited[player] += player in result.forfeits
    breaks: dict[int, float] = defaultdict(float)
    for result in results:
        for player in result.places:
            for other in result.places:
                if other == player:
                    continue
                weight = 1.0
                if tie_break is TieBreak.SONNEBORN_BERGER:
                    weight = result.against(player, other)
                breaks[player] += weight * points[other]
    ranked = sorted(ratings, key=lambda p: (-points[p], -breaks[p], -ratings[p], p))
    table: list[Standing] = []
    for n, player in enumerate(ranked):
        key = (points[player], breaks[player], ratings[player])
        place = n + 1
        if table and (table[-1].points, table[-1].tie_break, table[-1].rating) == key:
            place = table[-1].place
        table.append(
            Standing(player, place, points[player], breaks[player], ratings[player],
                     played[player], forfeited[player])
        )  # fmt: skip
    return table
