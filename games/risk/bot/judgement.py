"""What a territory is worth and how exposed it is, in troops, from one seat's point of view.

These are the heuristics every level shares (after Wolf 2005 and the usual advice): hold and
complete continents, deny others theirs, take a territory a turn for a card, eliminate a weak
player for his cards, and keep troops where the strongest enemy faces us.
"""

from __future__ import annotations

from functools import cache

from games.risk.bot.odds import blitz_odds
from games.risk.bot.position import MEAN_STARS, TROOPS_PER_STAR, Position
from games.risk.engine.catalogue import CLASSIC, INTRO
from games.risk.engine.data import board
from games.risk.engine.state import NEUTRAL_BASE

#: How many turns of a continent's bonus completing it is worth, and breaking someone's.
CONTINENT_TURNS = 3.0
DENIAL_TURNS = 2.0


@cache
def entries(ci: int) -> tuple[int, ...]:
    """The territories of continent ``ci`` that border another continent (its doors)."""
    b = board()
    return tuple(
        t for t in b.continent_members[ci] if any(b.continent_of[n] != ci for n in b.neighbours[t])
    )


def territory_worth(pos: Position) -> float:
    """One more territory, in troops: the goal itself in the games won by a number of
    territories, a third of a troop a turn in the classic game."""
    if pos.mode == INTRO:
        return 4.0
    if pos.mode == CLASSIC:
        return 1.0
    return 3.0


def card_worth() -> float:
    return MEAN_STARS * TROOPS_PER_STAR


def owned_share(pos: Position, seat: int, ci: int) -> float:
    members = board().continent_members[ci]
    return sum(1 for t in members if pos.owner[t] == seat) / len(members)


def continent_appeal(pos: Position, seat: int, ci: int) -> float:
    """How much ``seat`` should want continent ``ci``: its bonus per door, more the more of it
    the seat already holds."""
    b = board()
    share = owned_share(pos, seat, ci)
    return b.continent_bonus[ci] / len(entries(ci)) * (0.5 + share * share * 2)


def conquest_value(pos: Position, t: int, seat: int | None = None) -> float:
    """What taking ``t`` brings ``seat`` (default: us), in troops, battle losses aside."""
    b = board()
    seat = pos.me if seat is None else seat
    loser = pos.owner[t]
    ci = b.continent_of[t]
    members = b.continent_members[ci]
    value = territory_worth(pos)
    missing = sum(1 for m in members if pos.owner[m] != seat)
    bonus = b.continent_bonus[ci]
    if missing == 1:
        value += bonus * CONTINENT_TURNS
    else:
        value += bonus * CONTINENT_TURNS / missing * 0.6 * (1 - missing / len(members))
    if all(pos.owner[m] == loser for m in members) and loser < NEUTRAL_BASE:
        value += bonus * DENIAL_TURNS
    if seat == pos.me and not pos.conquered:
        value += card_worth()
    if 0 <= loser < NEUTRAL_BASE and pos.count(loser) == 1:
        value += pos.cards[loser] * card_worth() + 5.0
    return value


def kill_worth(pos: Position, owner: int) -> float:
    """What one enemy troop killed is worth to us: a whole troop against the only opponent,
    half of one among several (the others gain too), little for a neutral's."""
    if owner >= NEUTRAL_BASE or owner < 0:
        return 0.15
    return 1.0 if len(pos.active) == 2 else 0.5


def enemy_stack(pos: Position, t: int) -> int:
    """The largest stack of a player (not a neutral) next to ``t``."""
    return max((pos.troops[n] for n in pos.threats(t)), default=0)


def pressure(pos: Position, t: int) -> float:
    """The enemy troops that can reach ``t`` next turn, the largest stack counted in full and
    the others by a third."""
    stacks = sorted((pos.troops[n] - 1 for n in pos.threats(t)), reverse=True)
    if not stacks:
        return 0.0
    return stacks[0] + sum(stacks[1:]) / 3


def holding_value(pos: Position, t: int) -> float:
    """What losing ``t`` would cost its owner: the territory, and a continent it completes."""
    b = board()
    seat = pos.owner[t]
    ci = b.continent_of[t]
    value = territory_worth(pos)
    if all(pos.owner[m] == seat for m in b.continent_members[ci]):
        value += b.continent_bonus[ci] * DENIAL_TURNS
    return value


def loss_chance(pos: Position, t: int, extra: int = 0) -> float:
    """The chance the strongest neighbouring enemy (with ``extra`` troops more) takes ``t``."""
    stack = enemy_stack(pos, t)
    if stack < 2 and extra == 0:
        return 0.0
    return blitz_odds(stack + extra, pos.troops[t]).win


def attack_gain(pos: Position, source: int, target: int, stop_at: int = 1) -> tuple[float, float]:
    """The chance a blitz from ``source`` takes ``target``, and what it is worth to us in
    troops on average: the conquest's value if it falls, the enemy troops killed, minus our
    troops lost."""
    odds = blitz_odds(pos.troops[source], pos.troops[target], stop_at)
    lost = pos.troops[source] - odds.attackers_left
    killed = pos.troops[target] - odds.defenders_left
    value = odds.win * conquest_value(pos, target)
    value += killed * kill_worth(pos, pos.owner[target]) - lost
    return odds.win, value
