"""Levels 2 and 3: plans for the rest of a turn, scored by simulated battles.

A plan is an ordered list of territories to take; each is attacked by blitz from our strongest
territory next to it at that moment, and the troops move on as the plan needs them. Candidate
plans: every single conquest, chains of conquests by one stack, the sweep of a continent we
nearly hold, and the elimination of a player with few territories left. Each candidate is
played out many times with the exact dice (``odds.sample_blitz``) and scored by ``evaluate``;
the same random draws serve every candidate (common random numbers), so that the comparison
is fair. A first screening with a few draws keeps the most promising ones for the rest.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from games.risk.bot.evaluate import decisive, evaluate
from games.risk.bot.judgement import conquest_value, pressure
from games.risk.bot.odds import blitz_odds, sample_blitz
from games.risk.bot.position import Position
from games.risk.engine.data import board
from games.risk.engine.state import NEUTRAL_BASE


@dataclass(frozen=True)
class Budget:
    """How far a level looks: simulations per candidate (at the screening and in all), the
    candidates kept after screening, the longest chain, the most territories of a continent or
    an army a sweep plans to take, and a CPU-time cap per decision (``None``: no cap, for
    tests that need the same choice on any machine)."""

    samples: int
    screen: int
    keep: int
    depth: int
    sweep: int
    chains_per_source: int
    seconds: float | None
    #: Level 3: how many of the best plans (and stopping) are scored again after the next
    #: player's simulated reply, with how many play-outs each.
    replies: int = 0
    reply_samples: int = 0


@dataclass(frozen=True)
class Plan:
    targets: tuple[int, ...]


STOP = Plan(())
#: The lengths of the sprees (``spree``) among the candidates, up to a level's reach.
SPREES = (2, 3, 5, 8, 12)


def strongest_source(pos: Position, target: int) -> int | None:
    """Our territory next to ``target`` with the most troops, if it can attack."""
    best = None
    for n in board().neighbours[target]:
        if pos.owner[n] == pos.me and pos.troops[n] >= 2:
            if best is None or pos.troops[n] > pos.troops[best]:
                best = n
    return best


def guard(pos: Position, source: int, rest: tuple[int, ...], troops: int) -> int:
    """Troops to leave in ``source`` after it took a territory with ``troops`` in all: one
    behind the lines, about half the enemy pressure on a border, all but one when the plan
    goes on from ``source`` only."""
    b = board()
    if any(source in b.neighbours[t] and pos.owner[t] != pos.me for t in rest):
        return max(1, troops - 1)
    threat = pressure(pos, source)
    if threat <= 0:
        return 1
    return min(troops - 1, max(1, round(threat * 0.5)))


def take(pos: Position, source: int, target: int, left: int, rest: tuple[int, ...]) -> None:
    """``target`` taken from ``source`` with ``left`` troops: the move in, the card, an
    elimination (whose cards come to us)."""
    loser = pos.owner[target]
    pos.owner[target] = pos.me
    keep = guard(pos, source, rest, left)
    pos.troops[source] = keep
    pos.troops[target] = left - keep
    pos.conquered = True
    if 0 <= loser < NEUTRAL_BASE and loser not in pos.owner:
        pos.active = [s for s in pos.active if s != loser]
        pos.cards[pos.me] += pos.cards[loser]
        pos.gained_cards += pos.cards[loser]
        pos.cards[loser] = 0


def simulate(pos: Position, plan: Plan, rng: random.Random) -> Position:
    """One play-out of ``plan`` from ``pos``; it stops at the first failed attack."""
    sim = pos.copy()
    for i, target in enumerate(plan.targets):
        if sim.owner[target] == sim.me:
            continue
        source = strongest_source(sim, target)
        if source is None:
            break
        left, defenders = sample_blitz(rng, sim.troops[source], sim.troops[target])
        if defenders > 0:
            sim.troops[source], sim.troops[target] = left, defenders
            break
        take(sim, source, target, left, plan.targets[i + 1 :])
    return sim


# Candidates ---------------------------------------------------------------------------------


def singles(pos: Position) -> list[Plan]:
    plans = []
    for t, owner in enumerate(pos.owner):
        if owner == pos.me:
            continue
        source = strongest_source(pos, t)
        if source is not None and blitz_odds(pos.troops[source], pos.troops[t]).win >= 0.2:
            plans.append(Plan((t,)))
    return plans


def chains(pos: Position, depth: int, per_source: int) -> list[Plan]:
    """Paths of conquests one stack can make, the most valuable few from each stack."""
    b = board()
    plans: list[Plan] = []
    for source, owner in enumerate(pos.owner):
        if owner != pos.me or pos.troops[source] < 4:
            continue
        found: list[tuple[float, tuple[int, ...]]] = []
        stack: list[tuple[int, float, float, tuple[int, ...]]] = [
            (source, float(pos.troops[source]), 0.0, ())
        ]
        while stack:
            at, troops, value, path = stack.pop()
            if len(path) >= 2:
                found.append((value, path))
            if len(path) >= depth:
                continue
            for n in sorted(b.neighbours[at]):
                if pos.owner[n] == pos.me or n in path:
                    continue
                odds = blitz_odds(round(troops), pos.troops[n])
                if odds.win < 0.35:
                    continue
                gained = value + odds.win * conquest_value(pos, n)
                stack.append((n, odds.attackers_left - 1, gained, (*path, n)))
        found.sort(key=lambda item: -item[0])
        plans += [Plan(path) for _, path in found[:per_source]]
    return plans


def sweep_order(pos: Position, wanted: list[int]) -> tuple[int, ...] | None:
    """``wanted`` in an order where each is next to land we hold or took before it, the
    weakest first; ``None`` when some cannot be reached that way."""
    b = board()
    ours = {t for t, o in enumerate(pos.owner) if o == pos.me}
    left = set(wanted)
    order: list[int] = []
    while left:
        reachable = [t for t in left if b.neighbours[t] & ours]
        if not reachable:
            return None
        nxt = min(reachable, key=lambda t: (pos.troops[t], t))
        order.append(nxt)
        ours.add(nxt)
        left.discard(nxt)
    return tuple(order)


def sweeps(pos: Position, most: int) -> list[Plan]:
    """Taking the rest of a continent, or the last territories of a player."""
    b = board()
    groups: list[list[int]] = []
    for members in b.continent_members:
        missing = [t for t in members if pos.owner[t] != pos.me]
        if 1 < len(missing) <= most:
            groups.append(missing)
    for seat in pos.active:
        held = pos.held(seat) if seat != pos.me else []
        if 1 < len(held) <= most:
            groups.append(held)
    plans = []
    for group in groups:
        order = sweep_order(pos, group)
        if order is not None:
            plans.append(Plan(order))
    return plans


def spree(pos: Position, length: int) -> Plan | None:
    """The ``length`` easiest conquests one after the other: each the target our strongest
    neighbouring stack is likeliest to take, the troops expected to survive moving in."""
    sim = pos.copy()
    order: list[int] = []
    for _ in range(length):
        best: tuple[float, int, int] | None = None
        for t, owner in enumerate(sim.owner):
            if owner == sim.me:
                continue
            source = strongest_source(sim, t)
            if source is None:
                continue
            chance = blitz_odds(sim.troops[source], sim.troops[t]).win
            if chance >= 0.5 and (best is None or chance > best[0]):
                best = (chance, source, t)
        if best is None:
            break
        _, source, t = best
        left = max(2, round(blitz_odds(sim.troops[source], sim.troops[t]).attackers_left))
        sim.owner[t] = sim.me
        sim.troops[source], sim.troops[t] = 1, left - 1
        order.append(t)
    return Plan(tuple(order)) if len(order) >= 2 else None


def candidates(pos: Position, budget: Budget) -> list[Plan]:
    plans = singles(pos) + chains(pos, budget.depth, budget.chains_per_source)
    plans += sweeps(pos, budget.sweep)
    for length in SPREES:
        if length <= budget.depth * 2 + 2:
            found = spree(pos, length)
            if found is not None:
                plans.append(found)
    unique: dict[tuple[int, ...], Plan] = {}
    for plan in plans:
        unique.setdefault(plan.targets, plan)
    return list(unique.values())


# The search ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """The best plan found (``STOP`` when attacking no more is best) and its mean score."""

    plan: Plan
    score: float
    baseline: float


#: A simulated turn of the next player after ours (``response.reply``).
Reply = Callable[[Position, random.Random], Position]


def search(
    pos: Position,
    budget: Budget,
    rng: random.Random,
    deadline: float | None = None,
    reply: Reply | None = None,
) -> Verdict:
    """The plan with the best mean score over ``budget.samples`` play-outs, among those that
    survive the screening; ``STOP`` unless one beats attacking no more. With ``reply`` (and
    ``budget.replies``), the best few and stopping are scored again after the next player's
    turn, and that score decides."""
    baseline = evaluate(pos)
    plans = candidates(pos, budget)
    if not plans:
        return Verdict(STOP, baseline, baseline)
    seeds = [rng.getrandbits(64) for _ in range(budget.samples)]
    totals = dict.fromkeys(range(len(plans)), 0.0)
    counts = dict.fromkeys(range(len(plans)), 0)

    def play(index: int, draws: list[int]) -> None:
        for seed in draws:
            sim = simulate(pos, plans[index], random.Random(seed))
            totals[index] += evaluate(sim)
            counts[index] += 1

    for index in range(len(plans)):
        if index and over(deadline):
            break
        play(index, seeds[: budget.screen])
    tried = [i for i in range(len(plans)) if counts[i]]
    tried.sort(key=lambda i: (-totals[i] / counts[i], i))
    for index in tried[: budget.keep]:
        if over(deadline):
            break
        play(index, seeds[budget.screen :])
    finalists = sorted(tried[: budget.keep], key=lambda i: (-totals[i] / counts[i], i))
    best = finalists[0]
    score = totals[best] / counts[best]
    if reply is not None and budget.replies and not over(deadline):
        chosen = [plans[i] for i in finalists[: budget.replies] if totals[i] / counts[i] > baseline]
        return replied(pos, [STOP, *chosen], budget, rng, reply, deadline)
    if score <= baseline + 1e-6:
        return Verdict(STOP, baseline, baseline)
    return Verdict(plans[best], score, baseline)


def replied(
    pos: Position,
    plans: list[Plan],
    budget: Budget,
    rng: random.Random,
    reply: Reply,
    deadline: float | None,
) -> Verdict:
    """The best of ``plans`` (``plans[0]`` is stopping) scored after the next player's reply:
    a play-out that wins or loses the game at the end of our turn scores that at once."""
    seeds = [rng.getrandbits(64) for _ in range(budget.reply_samples)]
    scores: list[float] = []
    for plan in plans:
        if scores and over(deadline):
            break
        total = 0.0
        for seed in seeds:
            draw = random.Random(seed)
            sim = simulate(pos, plan, draw)
            ended = evaluate(sim)
            if abs(ended) < decisive(sim):
                ended = evaluate(reply(sim, draw), start=True)
            total += ended
        scores.append(total / len(seeds))
    best = max(range(len(scores)), key=lambda i: (scores[i], -i))
    return Verdict(plans[best], scores[best], scores[0])


def over(deadline: float | None) -> bool:
    """Past the decision's CPU-time deadline (``clock``)."""
    return deadline is not None and clock() > deadline


def clock() -> float:
    """CPU time of the thread that decides. ``time.process_time`` counts the same for a bot
    (it runs in one thread) but costs about 0.2 ms a call on this machine's kernel, against
    about a microsecond for ``time.thread_time``."""
    return time.thread_time()
