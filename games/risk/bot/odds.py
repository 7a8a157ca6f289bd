"""Exact battle odds under our rules, by dynamic programming, and a sampler for simulations.

One roll: the attacker rolls ``min(3, troops - 1)`` dice (one troop stays behind), the defender
the most dice allowed (2 once it has 2 troops), highest against highest, ties to the defender.
A blitz from a territory of ``source`` troops against ``defenders`` rolls until the target falls
or the source is down to ``stop_at`` troops (the engine's ``blitz``). The tables of each
``stop_at`` grow on demand up to ``TABLE_LIMIT`` troops a side and are kept for the life of
the process (a few hundred kB each, a few ``stop_at`` at most). Larger battles, which only
long classic games with escalating card sets reach, are scaled down to that size: the chance
is then an approximation (a little less certain than the real one), the troops left are
scaled back up. Without the limit a stack of 2,500 troops cost one decision minutes of CPU and
gigabytes of memory (the soak's worker, issue 29).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import product

from games.risk.engine.battle import MAX_DEFENCE_DICE, MAX_DICE, compare_dice

#: The largest source and defence the exact tables cover; beyond it, battles are scaled down.
TABLE_LIMIT = 128
#: How many ``stop_at`` tables a process keeps.
TABLES_KEPT = 8

#: (attacker losses, defender losses, probability) of one roll.
Outcome = tuple[int, int, float]


@cache
def roll_outcomes(attack_dice: int, defence_dice: int) -> tuple[Outcome, ...]:
    """Every result of one roll of ``attack_dice`` against ``defence_dice``, with its chance,
    counted over all 6 ** (attack_dice + defence_dice) equally likely throws."""
    counts: dict[tuple[int, int], int] = {}
    for throw in product(range(1, 7), repeat=attack_dice + defence_dice):
        attacker = sorted(throw[:attack_dice], reverse=True)
        defender = sorted(throw[attack_dice:], reverse=True)
        losses = compare_dice(attacker, defender)
        counts[losses] = counts.get(losses, 0) + 1
    total = 6 ** (attack_dice + defence_dice)
    return tuple((a, d, n / total) for (a, d), n in sorted(counts.items()))


def dice_for(source: int, defenders: int) -> tuple[int, int]:
    """The dice each side rolls when ``source`` troops attack ``defenders``."""
    return min(MAX_DICE, source - 1), min(MAX_DEFENCE_DICE, defenders)


@dataclass(frozen=True)
class Odds:
    """What a blitz leads to: the chance the target falls, the attacking troops expected to be
    left in both territories together, and the defenders expected to be left."""

    win: float
    attackers_left: float
    defenders_left: float


class BlitzTable:
    """The odds of every (source, defenders) up to a size, for one ``stop_at``."""

    def __init__(self, stop_at: int) -> None:
        self.stop_at = stop_at
        self.sources = 0
        self.defenders = 0
        self.win: list[list[float]] = []
        self.left: list[list[float]] = []
        self.held: list[list[float]] = []

    def odds(self, source: int, defenders: int) -> Odds:
        if source > self.sources or defenders > self.defenders:
            self.grow(
                min(TABLE_LIMIT, max(source, 2 * self.sources, 32)),
                min(TABLE_LIMIT, max(defenders, 2 * self.defenders, 32)),
            )
        return Odds(
            self.win[source][defenders],
            self.left[source][defenders],
            self.held[source][defenders],
        )

    def grow(self, sources: int, defenders: int) -> None:
        """Fill the tables up to ``sources`` x ``defenders``; each cell needs only cells with
        fewer troops on one side or both, filled before it."""
        win = [[0.0] * (defenders + 1) for _ in range(sources + 1)]
        left = [[0.0] * (defenders + 1) for _ in range(sources + 1)]
        held = [[0.0] * (defenders + 1) for _ in range(sources + 1)]
        for s in range(sources + 1):
            win[s][0], left[s][0] = 1.0, float(s)
            for d in range(1, defenders + 1):
                if s <= self.stop_at or s < 2:
                    left[s][d], held[s][d] = float(s), float(d)
                    continue
                w = a = h = 0.0
                for lost, killed, p in roll_outcomes(*dice_for(s, d)):
                    w += p * win[s - lost][d - killed]
                    a += p * left[s - lost][d - killed]
                    h += p * held[s - lost][d - killed]
                win[s][d], left[s][d], held[s][d] = w, a, h
        self.win, self.left, self.held = win, left, held
        self.sources, self.defenders = sources, defenders


@lru_cache(maxsize=TABLES_KEPT)
def table(stop_at: int) -> BlitzTable:
    return BlitzTable(stop_at)


def blitz_odds(source: int, defenders: int, stop_at: int = 1) -> Odds:
    """The odds of a blitz by ``source`` troops (the one that stays behind included) against
    ``defenders``, stopping when the source is down to ``stop_at``: exact up to
    ``TABLE_LIMIT`` troops a side, scaled down to it beyond."""
    if defenders <= 0:
        return Odds(1.0, float(source), 0.0)
    source, stop_at = max(0, source), max(1, stop_at)
    largest = max(source, defenders)
    if largest <= TABLE_LIMIT:
        return table(stop_at).odds(source, defenders)
    scale = TABLE_LIMIT / largest
    small = table(max(1, round(stop_at * scale))).odds(
        max(1, round(source * scale)), max(1, round(defenders * scale))
    )
    return Odds(small.win, small.attackers_left / scale, small.defenders_left / scale)


def win_chance(source: int, defenders: int) -> float:
    """``blitz_odds(source, defenders).win``, read straight from the table (the hot path)."""
    if defenders <= 0:
        return 1.0
    if source < 2:
        return 0.0
    blitz = table(1)
    if source > blitz.sources or defenders > blitz.defenders:
        return blitz_odds(source, defenders).win
    return blitz.win[source][defenders]


@cache
def cumulative(attack_dice: int, defence_dice: int) -> tuple[tuple[float, int, int], ...]:
    """One roll's outcomes as a cumulative table for sampling."""
    total = 0.0
    rows = []
    for lost, killed, p in roll_outcomes(attack_dice, defence_dice):
        total += p
        rows.append((total, lost, killed))
    return tuple(rows)


def sample_blitz(
    rng: random.Random, source: int, defenders: int, stop_at: int = 1
) -> tuple[int, int]:
    """One simulated blitz: the troops left in the source (before any move in; the conquering
    dice's troops are included) and the defenders left (0: taken)."""
    stop = max(1, stop_at)
    while defenders > 0 and source > stop:
        rows = cumulative(min(MAX_DICE, source - 1), min(MAX_DEFENCE_DICE, defenders))
        x = rng.random()
        row = next((r for r in rows if x < r[0]), rows[-1])
        source -= row[1]
        defenders -= row[2]
    return source, defenders
