"""How good a position is for us at the end of our turn, in troops, against the others.

Each army's strength is its troops, a few turns of its income (territories and continents), its
cards, and in the games won by a number of territories their count; ours loses what the enemy
next door can be expected to take from us. The score is our strength against the strongest
other's and the others' average (against the only other's in a two-player game). A game won
or lost outright scores ``WIN`` or ``-WIN``.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.risk.bot.judgement import card_worth
from games.risk.bot.odds import win_chance
from games.risk.bot.position import Position
from games.risk.engine.catalogue import CLASSIC, INTRO, TWO_PLAYER
from games.risk.engine.data import board
from games.risk.engine.state import NEUTRAL_BASE

WIN = 1000.0


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights; ``exposure`` scales what we may lose next turn."""

    income_turns: float
    territory: float
    exposure: float = 1.0
    #: How much of the strongest other's strength counts against us (the rest: their mean).
    leader: float = 0.5


def weights_for(mode: str) -> Weights:
    if mode == CLASSIC:
        return Weights(income_turns=3.0, territory=0.5)
    if mode == INTRO:
        return Weights(income_turns=1.5, territory=4.0)
    return Weights(income_turns=2.0, territory=3.0)


@dataclass
class Tally:
    """Each seat's territories, troops and income, counted once per evaluation."""

    counts: list[int]
    troops: list[int]
    incomes: list[int]
    #: The owner of each continent, or -1 when it is shared.
    continent_owner: list[int]


def tally(pos: Position) -> Tally:
    b = board()
    counts = [0] * pos.players
    troops = [0] * pos.players
    for owner, n in zip(pos.owner, pos.troops, strict=True):
        if 0 <= owner < pos.players:
            counts[owner] += 1
            troops[owner] += n
    incomes = [b.reinforcements_for(n) if n else 0 for n in counts]
    continent_owner = []
    for ci, members in enumerate(b.continent_members):
        first = pos.owner[members[0]]
        whole = all(pos.owner[m] == first for m in members)
        continent_owner.append(first if whole else -1)
        if whole and 0 <= first < pos.players:
            incomes[first] += b.continent_bonus[ci]
    return Tally(counts, troops, incomes, continent_owner)


def strength(pos: Position, seat: int, counts: Tally, weights: Weights) -> float:
    count = counts.counts[seat]
    cards = pos.card_troops(seat)
    if seat == pos.me and pos.conquered:
        cards += card_worth()
    value = counts.troops[seat] + weights.income_turns * counts.incomes[seat] + cards
    value += weights.territory * count
    target = pos.target
    if target is not None and count >= target - 3:
        value += (4 - max(0, target - count)) * 6.0
    return value


def exposure(pos: Position, counts: Tally) -> float:
    """What the strongest enemy next to each of our territories may take from us next turn,
    after placing his reinforcements there: the chance times the territory's worth to us."""
    b = board()
    me = pos.me
    owner = pos.owner
    troops = pos.troops
    worth = 1.0 + weights_for(pos.mode).territory
    total = 0.0
    for t, held in enumerate(owner):
        if held != me:
            continue
        best = 0
        enemy = -1
        for n in b.neighbours[t]:
            o = owner[n]
            if o != me and 0 <= o < NEUTRAL_BASE and troops[n] > best:
                best, enemy = troops[n], o
        if enemy < 0:
            continue
        chance = win_chance(best + counts.incomes[enemy], troops[t])
        ci = b.continent_of[t]
        value = worth + (b.continent_bonus[ci] * 2 if counts.continent_owner[ci] == me else 0)
        total += chance * value
    return total


def evaluate(pos: Position, weights: Weights | None = None, start: bool = False) -> float:
    """The score of ``pos`` for us (``pos.me``) once our turn ends, or (``start``) once the
    next player has replied and our next turn begins."""
    weights = weights or weights_for(pos.mode)
    me = pos.me
    counts = tally(pos)
    others = [s for s in pos.active if s != me and counts.counts[s] > 0]
    if counts.counts[me] == 0:
        return -WIN
    if not others:
        return WIN
    target = pos.target
    if pos.mode == INTRO and target is not None and counts.counts[me] >= target:
        return WIN
    if target is not None and start:
        if pos.mode == TWO_PLAYER and counts.counts[me] >= target:
            return WIN
        if pos.mode == INTRO and any(counts.counts[s] >= target for s in others):
            return -WIN
    if pos.mode == TWO_PLAYER and target is not None and counts.counts[others[0]] >= target:
        return -WIN
    mine = strength(pos, me, counts, weights)
    if not (start and len(others) == 1):
        mine -= weights.exposure * exposure(pos, counts)
    theirs = [strength(pos, s, counts, weights) for s in others]
    rival = max(theirs) * weights.leader + sum(theirs) / len(theirs) * (1 - weights.leader)
    value = mine - rival
    if pos.conquered and pos.mode == INTRO:
        chance = pos.cease_fire_chance()
        if chance > 0:
            mine_key = (counts.counts[me], counts.troops[me])
            ahead = all(mine_key > (counts.counts[s], counts.troops[s]) for s in others)
            value = (1 - chance) * value + chance * (WIN if ahead else -WIN)
    return value
