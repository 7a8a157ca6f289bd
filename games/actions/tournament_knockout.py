"""A knockout of duels, seeded by rating: the winner of each pair goes on, the loser is out,
until one player is left (``games.tournaments.brackets`` seeds it so that the two best can meet
only in the final; the best seeds get the byes of a field short of a power of two).

The rules, written on the tournament's page:

- A pair plays ``best_of`` games (1 or 3): the first to win ``best_of // 2 + 1`` goes on. Each
  game of a pair swaps who moves first; a pair's next game starts when every match of the
  round is over (``next_round`` returns True without a new round).
- A time-out loses the game. A draw, or a match cancelled or aborted, wins nobody anything: the
  pair plays another game, up to ``MOST_GAMES``; after those the player with more wins goes on,
  and when even the better seed does.
- A withdrawn player loses their pair; a pair whose player has withdrawn before it starts is a
  walkover (a bye for the other).
- The table: players out in the same round share a place (the winner 1st, the finalist 2nd,
  both semi-final losers 3rd, …), ordered within it by rating; ``points`` are games won.

A pair is the pairings of one round with one ``group`` (its line in the bracket, from 1), in
``game`` order; a bye or a walkover is one pairing with ``bye`` set.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from games.accounts.models import User
from games.actions.tournament_matches import OVER, Table, pair_matches, result_of, seat_orders
from games.play.models import Match
from games.tournaments import brackets
from games.tournaments.models import Entry, Pairing, Tournament
from games.tournaments.standings import Standing

#: The most games a pair plays (draws and cancelled matches are played again up to this).
MOST_GAMES = 3


def ranked(entries: Iterable[Entry]) -> list[Entry]:
    """The entrants by seed: the best rating first, then the first to join."""
    return sorted(entries, key=lambda e: (-e.rating, e.joined_at, e.pk))


def rounds_for(players: int) -> int:
    """How many rounds a knockout of ``players`` has (the final is the last)."""
    return max(1, math.ceil(math.log2(max(players, 2))))


@dataclass
class Pair:
    """One pair of a round: its players top line first, each one's wins, its games (pairings
    with a match, in order), and who went on once it is decided."""

    line: int
    players: list[int]
    games: list[Pairing] = field(default_factory=list)
    wins: dict[int, int] = field(default_factory=dict)
    winner: int | None = None
    #: The player went on without playing (a bye, or the other withdrew).
    bye: bool = False


def pairs_of(
    tournament: Tournament,
    pairings: Iterable[Pairing],
    seeds: Mapping[int, int],
    withdrawn: frozenset[int],
) -> dict[int, list[Pair]]:
    """Every round's pairs in bracket order, each decided when its games say so."""
    grouped: dict[tuple[int, int], list[Pairing]] = defaultdict(list)
    for pairing in pairings:
        grouped[(pairing.round, pairing.group or 0)].append(pairing)
    rounds: dict[int, list[Pair]] = defaultdict(list)
    for (number, line), games in sorted(grouped.items()):
        games.sort(key=lambda p: (p.game, p.pk))
        rounds[number].append(decide(tournament, line, games, seeds, withdrawn))
    return dict(rounds)


def decide(
    tournament: Tournament,
    line: int,
    games: Sequence[Pairing],
    seeds: Mapping[int, int],
    withdrawn: frozenset[int],
) -> Pair:
    """A pair from its pairings, with its winner once it has one."""
    first = games[0]
    if first.bye_id is not None:
        return Pair(line, [first.bye_id], winner=first.bye_id, bye=True)
    assert first.match is not None
    players = list(seat_orders([first.match])[0])
    pair = Pair(line, players, list(games), dict.fromkeys(players, 0))
    top, bottom = players
    for game in games:
        if game.match is not None and game.match.status == Match.Status.FINISHED:
            scored = result_of(game.match).against(top, bottom)
            if scored != 0.5:
                pair.wins[top if scored == 1 else bottom] += 1
    if any(game.match is None or game.match.status not in OVER for game in games):
        return pair
    better = min(players, key=lambda p: seeds.get(p, len(seeds)))
    needed = tournament.best_of // 2 + 1
    if {top, bottom} <= withdrawn:
        pair.winner = better
    elif top in withdrawn or bottom in withdrawn:
        pair.winner = bottom if top in withdrawn else top
    elif max(pair.wins.values()) >= needed:
        pair.winner = max(players, key=lambda p: pair.wins[p])
    elif len(games) >= MOST_GAMES:
        most = max(pair.wins.values())
        leaders = [p for p in players if pair.wins[p] == most]
        pair.winner = better if len(leaders) > 1 else leaders[0]
    return pair


def played(tournament: Tournament) -> list[Pairing]:
    return list(tournament.pairings.select_related("match", "bye").prefetch_related("match__seats"))


def next_round(tournament: Tournament, entries: list[Entry]) -> bool:
    """Start the first round; or the next game of each pair still undecided; or, every pair
    decided, the round of their winners. False once one player is left."""
    seeds = {entry.user_id: n for n, entry in enumerate(ranked(entries), start=1)}
    withdrawn = frozenset(e.user_id for e in entries if e.withdrawn_at is not None)
    users = {entry.user_id: entry.user for entry in entries}
    if tournament.round == 0:
        field_ = [e.user_id for e in ranked(entries) if e.user_id not in withdrawn]
        if len(field_) < 2:
            return False
        tournament.round = 1
        tournament.save(update_fields=["status", "started_at", "round"])
        tables = [
            open_pair(tournament, line, top, bottom, users, withdrawn)
            for line, (top, bottom) in enumerate(brackets.first_round(field_), start=1)
        ]
        pair_matches(tournament, [table for table in tables if table is not None])
        return True
    pairs = pairs_of(tournament, played(tournament), seeds, withdrawn).get(tournament.round, [])
    undecided = [two for two in pairs if two.winner is None]
    if undecided:
        pair_matches(tournament, [next_game(two, users) for two in undecided])
        return True
    winners = [two.winner for two in pairs if two.winner is not None]
    if len(winners) < 2:
        return False
    tournament.round += 1
    tournament.save(update_fields=["round"])
    tables = [
        open_pair(tournament, line, top, bottom, users, withdrawn)
        for line, (top, bottom) in enumerate(brackets.next_round(winners), start=1)
    ]
    pair_matches(tournament, [table for table in tables if table is not None])
    return True


def open_pair(
    tournament: Tournament,
    line: int,
    top: int,
    bottom: int | None,
    users: Mapping[int, User],
    withdrawn: frozenset[int],
) -> Table | None:
    """A pair's first game (to pair with the round's others); or None, with the pair's bye
    written, when it has one player, or a walkover when one has withdrawn."""
    if bottom is None or bottom in withdrawn or top in withdrawn:
        going_on = top if bottom is None or bottom in withdrawn else bottom
        Pairing.objects.create(
            tournament=tournament, round=tournament.round, bye_id=going_on, group=line
        )
        return None
    return Table([users[top], users[bottom]], group=line)


def next_game(two: Pair, users: Mapping[int, User]) -> Table:
    """The next game of an undecided pair, the players' seats swapped from game to game."""
    number = len(two.games) + 1
    top, bottom = two.players
    order = [top, bottom] if number % 2 else [bottom, top]
    return Table([users[p] for p in order], group=two.line, game=number)


def table_of(tournament: Tournament, entries: list[Entry]) -> list[Standing]:
    """The order of the knockout so far: who went further first; players out in the same
    round (or still in it) share a place, by rating within it. Points are games won."""
    seeds = {entry.user_id: n for n, entry in enumerate(ranked(entries), start=1)}
    withdrawn = frozenset(e.user_id for e in entries if e.withdrawn_at is not None)
    pairings = played(tournament)
    reached: dict[int, tuple[int, int]] = {e.user_id: (0, 0) for e in entries}
    won: dict[int, int] = defaultdict(int)
    games: dict[int, int] = defaultdict(int)
    forfeits: dict[int, int] = defaultdict(int)
    for number, pairs in sorted(pairs_of(tournament, pairings, seeds, withdrawn).items()):
        for pair in pairs:
            for player in pair.players:
                # still in (or through) this round: 1; out in it: 0
                reached[player] = (number, int(pair.winner in (None, player)))
                won[player] += pair.wins.get(player, 0)
    for pairing in pairings:
        if pairing.match is not None and pairing.match.status == Match.Status.FINISHED:
            result = result_of(pairing.match)
            for player in result.places:
                games[player] += 1
                forfeits[player] += player in result.forfeits
    order = sorted(
        reached, key=lambda p: (-reached[p][0], -reached[p][1], seeds.get(p, len(seeds) + 1))
    )
    ratings = {entry.user_id: entry.rating for entry in entries}
    table: list[Standing] = []
    for n, player in enumerate(order, start=1):
        place = n
        if table and reached[order[n - 2]] == reached[player]:
            place = table[-1].place
        table.append(
            Standing(player, place, float(won[player]), 0.0, ratings[player], games[player],
                     forfeits[player])
        )  # fmt: skip
    return table
