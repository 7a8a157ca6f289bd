"""Swiss pairings for two-player games: each round, players of equal score meet, nobody meets
the same opponent twice while that can be avoided, first seats are shared out evenly (as far
as pairings without a rematch allow: the last round of a complete round robin is forced), and one
player at most sits out (the bye), never twice while someone else has not.

The pairing is a maximum-weight matching (networkx's ``max_weight_matching``) over the players
still to pair, each edge weighing, in this order of importance: a repeated pairing (only when no
pairing without one exists), two players who have both had one seat twice more than the other
(one of them would have it a third time), the difference of the two scores, two players both
due the same seat, and how far apart they stand. The weights are whole numbers built so that
any amount of a lesser concern weighs less than one unit of a greater one.

A large field is not matched as one complete graph (256 players would take seconds): each player
is joined to the nearest few players below them in the standings they have not met, and the
band widens only when it leaves someone unpaired.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

import networkx as nx

#: Nobody should have the same seat this many times more than the other: a pair of two players
#: both that far one way is avoided before unequal scores are.
SEAT_LIMIT = 2
#: Each player is first joined to this many players below them that they have not met.
BAND = 8


@dataclass(frozen=True)
class Entrant:
    """A player of the Swiss: who, and the rating that orders players of equal score."""

    id: int
    rating: float = 0.0


@dataclass(frozen=True)
class Played:
    """A pairing of an earlier round: ``first`` had the first seat."""

    first: int
    second: int


@dataclass(frozen=True)
class Pairing:
    """One round: its pairs (first seat, second seat) from the top of the standings down, the
    player who sits out (or None), and how many pairs have met before (0 whenever a pairing
    without a repeat exists)."""

    pairs: tuple[tuple[int, int], ...]
    bye: int | None
    repeats: int


class CannotPair(ValueError):
    """Fewer than two players."""


def pair_round(
    entrants: Sequence[Entrant],
    scores: Mapping[int, float],
    history: Sequence[Played] = (),
    byes: Collection[int] = (),
) -> Pairing:
    """The next round's pairing of ``entrants`` given their ``scores`` (a win 1, a draw ½),
    the pairings of the rounds before (``history``) and who has had a bye (``byes``)."""
    if len(entrants) < 2:
        raise CannotPair(len(entrants))
    order = [e.id for e in sorted(entrants, key=lambda e: (-scores.get(e.id, 0), -e.rating, e.id))]
    table = _Table(order, scores, history)
    if len(order) % 2 == 0:
        return table.pair(order, bye=None)
    best: Pairing | None = None
    for bye in _bye_candidates(order, byes):
        pairing = table.pair([p for p in order if p != bye], bye)
        if pairing.repeats == 0:
            return pairing
        if best is None or pairing.repeats < best.repeats:
            best = pairing
    assert best is not None
    return best


def _bye_candidates(order: list[int], byes: Collection[int]) -> list[int]:
    """Who may sit out, the lowest in the standings first: those who have not yet, or, once
    everyone has, anyone."""
    fresh = [player for player in reversed(order) if player not in byes]
    return fresh or list(reversed(order))


class _Table:
    """What the pairing weighs: scores in half points, seat balances, who met whom."""

    def __init__(
        self, order: list[int], scores: Mapping[int, float], history: Sequence[Played]
    ) -> None:
        self.rank = {player: n for n, player in enumerate(order)}
        self.halves = {player: round(2 * scores.get(player, 0)) for player in order}
        self.balance = dict.fromkeys(order, 0)  # first seats less second seats
        self.last_first: dict[int, bool] = {}
        self.met: set[frozenset[int]] = set()
        for game in history:
            self.met.add(frozenset((game.first, game.second)))
            for player, first in ((game.first, True), (game.second, False)):
                if player in self.balance:
                    self.balance[player] += 1 if first else -1
                    self.last_first[player] = first
        pairs = len(order) // 2
        spread = max(self.halves.values()) - min(self.halves.values())
        # Units, the lesser first: each is more than all lesser concerns of a pairing can add
        # up to (a pair's distance is under the field's size, its seats' under the games played).
        self.unit_seat = pairs * len(order) + 1
        self.unit_score = self.unit_seat * (pairs * len(history) + 1)
        self.unit_seat_limit = self.unit_score * (pairs * spread**2 + 1)
        self.unit_repeat = self.unit_seat_limit * (pairs + 1)
        self.base = self.unit_repeat * (pairs + 1)

    def pair(self, players: list[int], bye: int | None) -> Pairing:
        """The best pairing of ``players`` (an even number), widening the band as needed."""
        band = BAND
        while True:
            whole = band >= len(players)
            matching = self._match(players, band, repeats=False)
            if 2 * len(matching) == len(players):
                break
            if whole:
                matching = self._match(players, len(players), repeats=True)
                break
            band *= 2
        pairs = sorted(
            (self._seated(a, b) for a, b in matching),
            key=lambda pair: min(self.rank[pair[0]], self.rank[pair[1]]),
        )
        repeats = sum(frozenset(pair) in self.met for pair in pairs)
        return Pairing(tuple(pairs), bye, repeats)

    def _match(self, players: list[int], band: int, repeats: bool) -> set[tuple[int, int]]:
        graph: nx.Graph[int] = nx.Graph()
        graph.add_nodes_from(players)
        for i, a in enumerate(players):
            joined = 0
            for b in players[i + 1 :]:
                if joined >= band:
                    break
                met = frozenset((a, b)) in self.met
                if met and not repeats:
                    continue
                graph.add_edge(a, b, weight=self.base - self.penalty(a, b, met))
                joined += 1
        found: set[tuple[int, int]] = nx.max_weight_matching(graph, maxcardinality=True)
        return found

    def penalty(self, a: int, b: int, met: bool) -> int:
        score = (self.halves[a] - self.halves[b]) ** 2
        ba, bb = self.balance[a], self.balance[b]
        seat = min(abs(ba), abs(bb)) if ba * bb > 0 else 0
        return (
            self.unit_repeat * met
            + self.unit_seat_limit * (seat >= SEAT_LIMIT)
            + self.unit_score * score
            + self.unit_seat * seat
            + abs(self.rank[a] - self.rank[b])
        )

    def _seated(self, a: int, b: int) -> tuple[int, int]:
        """The pair with the first seat to the one who has had it less often; on a tie, to the
        one who had the second seat last, then to the higher in the standings."""

        def claim(player: int) -> tuple[int, bool, int]:
            return (self.balance[player], self.last_first.get(player, False), self.rank[player])

        return (a, b) if claim(a) <= claim(b) else (b, a)
