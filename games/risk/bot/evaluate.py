"""How good a position is for us at the end of our turn, in troops, against the others.

Each army's strength is its troops, a few turns of its income (territories and continents), its
cards, and in the games won by a number of territories their count; ours loses what the enemy
next door can be expected to take from us. The score is our strength against the strongest
other's and the others' average (against the only other's in a two-player game). A game won
or lost outright scores ``decisive(pos)`` or its opposite: ``WIN``, or more once the armies are
so large that a position's troops alone could reach it (long classic games, where the card sets
keep growing; a won game must always score more than one still being played).
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


def decisive(pos: Position) -> float:
    """The score of a game won at once: ``WIN``, or above twice the troops on the board plus
    the most the other terms of ``evaluate`` add up to, when that is more."""
    return max(WIN, 2.0 * sum(pos.troops) + 500.0)


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights; ``exposure`` scales what we may lose next turn."""

    income_turns: float
    territory: float
    exposure: float = 1.0
    #: How much of the strongest other's strength counts against us (the rest: their mean).
    leader: float = 0.5
    #: The share of the cards' worth that counts (the introductory game may end before a
    #: large set can be traded).
    cards: float = 1.0


def weights_for(mode: str) -> Weights:
    if mode == CLASSIC:
        return Weights(income_turns=3.0, territory=0.5)
    if mode == INTRO:
        return Weights(income_turns=1.5, territory=4.0, cards=0.6)
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
    value = counts.troops[seat] + weights.income_turns * counts.incomes[seat]
    value += cards * weights.cards
    value += weights.territory * count
    target = pos.target
    if target is not None and count >= target - 3:
        value += (4 - max(0, target - count)) * 6.0
    return value


def exposure(pos: Position, counts: Tally) -> float:
    """What the enemies may take from us before our next turn (level 3: by what each can
    afford; below: by his likeliest attacks)."""
    if pos.deep:
        return exposure_affordable(pos, counts)
    return exposure_nearby(pos, counts)


def exposure_nearby(pos: Position, counts: Tally) -> float:
    """What the enemies next to us may take from us next turn: for each of our territories and
    each enemy next to it, the chance his largest stack there, with his reinforcements, takes
    it, times its worth to us. An enemy makes only a few such attacks in a turn: his three
    likeliest count in full, the others by a quarter."""
    b = board()
    me = pos.me
    owner = pos.owner
    troops = pos.troops
    worth = 1.0 + weights_for(pos.mode).territory
    risks: dict[int, list[float]] = {}
    for t, held in enumerate(owner):
        if held != me:
            continue
        stacks: dict[int, int] = {}
        for n in b.neighbours[t]:
            o = owner[n]
            if o != me and 0 <= o < NEUTRAL_BASE and troops[n] > stacks.get(o, 0):
                stacks[o] = troops[n]
        if not stacks:
            continue
        ci = b.continent_of[t]
        value = worth + (b.continent_bonus[ci] * 2 if counts.continent_owner[ci] == me else 0)
        for enemy, stack in stacks.items():
            chance = win_chance(stack + counts.incomes[enemy], troops[t])
            risks.setdefault(enemy, []).append(chance * value)
    total = 0.0
    for values in risks.values():
        values.sort(reverse=True)
        total += sum(values[:3]) + sum(values[3:]) / 4
    return total


#: What a conquest costs the attacker on average: the troop left in it, and about one troop
#: lost for each defender.
CONQUEST_COST = (1.0, 0.9)


def exposure_affordable(pos: Position, counts: Tally) -> float:
    """Each enemy next to us can afford a few conquests: his reinforcements and the troops
    his territories next to ours can spare, each conquest costing a troop left behind plus
    about one for each defender. He takes what is worth most for its cost (the continents
    we hold first), each territory once among all enemies, the strongest enemy first."""
    b = board()
    me = pos.me
    owner = pos.owner
    troops = pos.troops
    worth = 1.0 + weights_for(pos.mode).territory
    spare: dict[int, int] = {}
    targets: dict[int, set[int]] = {}
    for t, held in enumerate(owner):
        if held != me:
            continue
        for n in b.neighbours[t]:
            o = owner[n]
            if o != me and 0 <= o < NEUTRAL_BASE:
                targets.setdefault(o, set()).add(t)
    for enemy, ours in targets.items():
        fronts = {n for t in ours for n in b.neighbours[t] if owner[n] == enemy}
        spare[enemy] = counts.incomes[enemy] + sum(troops[n] - 1 for n in fronts)
    taken: set[int] = set()
    total = 0.0
    for enemy in sorted(spare, key=lambda e: (-spare[e], e)):
        budget = float(spare[enemy])
        offers = []
        for t in targets[enemy] - taken:
            ci = b.continent_of[t]
            value = worth + (b.continent_bonus[ci] * 2 if counts.continent_owner[ci] == me else 0)
            cost = CONQUEST_COST[0] + CONQUEST_COST[1] * troops[t]
            offers.append((value / cost, t, value, cost))
        offers.sort(reverse=True)
        for _, t, value, cost in offers:
            if budget <= 0:
                break
            share = min(1.0, budget / cost)
            total += value * share
            budget -= cost
            taken.add(t)
    return total


def evaluate(pos: Position, weights: Weights | None = None, start: bool = False) -> float:
    """The score of ``pos`` for us (``pos.me``) once our turn ends, or (``start``) once the
    next player has replied and our next turn begins."""
    weights = weights or weights_for(pos.mode)
    win = decisive(pos)
    me = pos.me
    counts = tally(pos)
    others = [s for s in pos.active if s != me and counts.counts[s] > 0]
    if counts.counts[me] == 0:
        return -win
    if not others:
        return win
    target = pos.target
    if pos.mode == INTRO and target is not None and counts.counts[me] >= target:
        return win
    if target is not None and start:
        if pos.mode == TWO_PLAYER and counts.counts[me] >= target:
            return win
        if pos.mode == INTRO and any(counts.counts[s] >= target for s in others):
            return -win
    if pos.mode == TWO_PLAYER and target is not None and counts.counts[others[0]] >= target:
        return -win
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
            value = (1 - chance) * value + chance * (win if ahead else -win)
    return value
