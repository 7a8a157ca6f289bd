"""Levels 2 and 3: each decision of the turn weighed by what the best plan makes of it.

Reinforcements go where the turn's best plan, played out, scores highest (the whole reserve on
one of the best-placed borders, or spread by level 1's rule when defending is better); a
trade is made early when the troops it brings now are worth more to that plan than the cards
kept; each attack is the first step of the best plan; after a conquest, the troops moved in are
the split the rest of the plan scores best with; the maneuver is the move that leaves the best
position. The levels differ only in their ``Budget``.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from games.bots import search as shared
from games.engines.base import Action
from games.risk.bot import actions, greedy, response
from games.risk.bot.cards import best_set, set_troops, wants_trade
from games.risk.bot.evaluate import evaluate
from games.risk.bot.legal import Legal
from games.risk.bot.plan import STOP, Budget, clock, over, search, strongest_source
from games.risk.bot.position import Position
from games.risk.engine.data import board

BUDGETS: dict[int, Budget] = {
    2: Budget(samples=24, screen=4, keep=5, depth=3, sweep=4, chains_per_source=2, seconds=0.3),
    3: Budget(
        samples=64,
        screen=8,
        keep=8,
        depth=5,
        sweep=6,
        chains_per_source=4,
        seconds=0.8,
        replies=3,
        reply_samples=8,
    ),
}
#: How many borders get the whole reserve in turn, to see which plan it serves best.
PLACEMENT_CANDIDATES = {2: 4, 3: 7}
#: The two-player game: how many neutral territories are tried for the neutral troops, and
#: how many simulated replies of the opponent judge each.
NEUTRAL_CANDIDATES = {2: 4, 3: 6}
NEUTRAL_REPLIES = {2: 4, 3: 8}
#: Level 3: how many of the best maneuvers (by the position they leave) are judged again by
#: the next player's simulated replies.
MANEUVER_REPLIES = 4


def lighter(budget: Budget, share: int, replies: bool = False) -> Budget:
    """The budget of one of ``share`` searches made for a single decision (without the
    next player's reply unless ``replies``)."""
    return replace(
        budget,
        samples=max(budget.screen * 2, budget.samples // share),
        keep=max(2, budget.keep // 2),
        replies=budget.replies if replies else 0,
    )


def deadline_for(budget: Budget) -> float | None:
    if budget.seconds is None:
        return None
    return clock() + budget.seconds


def under_limits(budget: Budget) -> Budget:
    """``budget`` as the shared ``search.limits`` of this context have it: play-outs scaled
    (quick tests), and no CPU-time cap where the choice must be the same on any machine (the
    blindness test, the arena's ``--no-time-cap``)."""
    probe = shared.effective(shared.Budget(iterations=1000, seconds=1.0))
    scale = probe.iterations / 1000
    return replace(
        budget,
        samples=max(2, round(budget.samples * scale)),
        screen=max(1, min(budget.screen, round(budget.samples * scale) // 2)),
        reply_samples=max(2, round(budget.reply_samples * scale)) if budget.replies else 0,
        seconds=budget.seconds if math.isfinite(probe.seconds) else None,
    )


def attacking(pos: Position) -> Position:
    """``pos`` as it stands once the reserve is placed: the attacks may begin."""
    ready = pos.copy()
    ready.reserve = 0
    ready.phase = "attack"
    return ready


# Attacks ------------------------------------------------------------------------------------


def choose_attack(
    pos: Position, legal: Legal, budget: Budget, rng: random.Random, deadline: float | None
) -> Action:
    verdict = search(pos, budget, rng, deadline, response.reply)
    if verdict.plan != STOP:
        target = verdict.plan.targets[0]
        source = strongest_source(pos, target)
        if source is not None and (source, target) in legal.blitzes:
            return greedy.blitz_action(legal, source, target)
    return choose_end(pos, legal, budget, rng, deadline)


def choose_move_in(
    pos: Position, legal: Legal, budget: Budget, rng: random.Random, deadline: float | None
) -> Action:
    """The split of troops between the two territories the rest of the turn scores best (at
    level 3, the two best splits again with the next player's reply)."""
    assert legal.move_in is not None
    source, target, most = legal.move_in
    usual = greedy.choose_move_in(pos, legal)["troops"]
    splits = sorted({0, most, usual, most // 2})
    if len(splits) == 1:
        return actions.move_in(splits[0])
    light = lighter(budget, len(splits))
    seed = rng.getrandbits(64)
    scored: list[tuple[float, int, Position]] = []
    for troops in splits:
        moved = attacking(pos)
        moved.troops[source] -= troops
        moved.troops[target] += troops
        score = search(moved, light, random.Random(seed), deadline).score
        scored.append((score, -troops, moved))
    scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
    if budget.replies and not over(deadline):
        light = lighter(budget, 2, replies=True)
        rescored = [
            (search(moved, light, random.Random(seed), deadline, response.reply).score, order)
            for _, order, moved in scored[:2]
        ]
        return actions.move_in(-max(rescored)[1])
    return actions.move_in(-scored[0][1])


# Reinforcements and cards -------------------------------------------------------------------


def placement_options(pos: Position, legal: Legal, level: int) -> list[int]:
    """The borders worth trying the whole reserve on, best first by level 1's rule."""
    reserve = max(legal.places.values())
    borders = [t for t in legal.places if pos.is_border(t)] or list(legal.places)
    borders.sort(key=lambda t: (-greedy.placement_score(pos, t, reserve), t))
    return borders[: PLACEMENT_CANDIDATES[level]]


def spread(pos: Position, places: dict[int, int], reserve: int) -> Position:
    """``pos`` with the reserve placed by level 1's rule, chunk by chunk."""
    placed = pos.copy()
    left = reserve
    while left > 0:
        chunk = left if left <= 6 else (left + 1) // 2
        t = greedy.best_placement(placed, places, chunk)
        placed.troops[t] += chunk
        left -= chunk
    return placed


def best_reinforcement(
    pos: Position,
    legal: Legal,
    level: int,
    budget: Budget,
    rng: random.Random,
    deadline: float | None,
) -> tuple[float, int | None]:
    """The best score of the turn with the reserve placed, and where: a border that gets it
    all, or ``None`` for level 1's spread."""
    reserve = pos.reserve or max(legal.places.values())
    options: list[int | None] = [None, *placement_options(pos, legal, level)]
    light = lighter(budget, len(options))
    seed = rng.getrandbits(64)
    scored: list[tuple[float, int, int | None, Position]] = []
    for rank, option in enumerate(options):
        if option is None:
            placed = attacking(spread(pos, legal.places, reserve))
        else:
            placed = attacking(pos)
            placed.troops[option] += reserve
        score = search(placed, light, random.Random(seed), deadline).score
        scored.append((score, -rank, option, placed))
    scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
    if not budget.replies:
        return scored[0][0], scored[0][2]
    # Level 3: the two best placements again, each with the next player's reply.
    light = lighter(budget, 2, replies=True)
    best: tuple[float, int | None] | None = None
    for _, _, option, placed in scored[:2]:
        score = search(placed, light, random.Random(seed), deadline, response.reply).score
        if best is None or score > best[0]:
            best = (score, option)
    assert best is not None
    return best


def choose_reinforcement(
    pos: Position,
    legal: Legal,
    level: int,
    budget: Budget,
    rng: random.Random,
    deadline: float | None,
) -> Action:
    reserve = max(legal.places.values())
    if legal.tradable and pos.star_total() >= 4:
        trade = choose_trade(pos, legal, level, budget, rng, deadline)
        if trade is not None:
            return trade
    _, option = best_reinforcement(pos, legal, level, budget, rng, deadline)
    if option is None:
        return greedy.choose_reinforcement(pos, legal)
    return actions.place(greedy.ids(option), reserve)


def choose_trade(
    pos: Position,
    legal: Legal,
    level: int,
    budget: Budget,
    rng: random.Random,
    deadline: float | None,
) -> Action | None:
    """Trade now when the best turn with the troops scores higher than the best turn with
    the cards kept (the evaluation counts cards held at their worth in a later set)."""
    if wants_trade(pos):
        return actions.trade(wants_trade(pos))
    cards = best_set(pos.hand)
    seed = rng.getrandbits(64)
    keep, _ = best_reinforcement(pos, legal, level, budget, random.Random(seed), deadline)
    traded = pos.copy()
    traded.hand = [(c, s) for c, s in pos.hand if c not in cards]
    traded.reserve = pos.reserve + set_troops(cards)
    places = dict.fromkeys(legal.places, traded.reserve)
    grown = Legal(places=places)
    spend, _ = best_reinforcement(traded, grown, level, budget, random.Random(seed), deadline)
    return actions.trade(cards) if spend > keep + 1.0 else None


# The two-player game's neutral troops ------------------------------------------------------


def choose_neutral(
    pos: Position,
    legal: Legal,
    level: int,
    budget: Budget,
    rng: random.Random,
    deadline: float | None,
) -> Action:
    """The neutral troops go where they hamper the opponent's next turn most (his simulated
    replies), among the neutral territories our own turn does not mean to attack."""
    troops = max(legal.neutral_places.values())
    reserve = pos.income(pos.me)
    places = dict.fromkeys(pos.held(pos.me), reserve)
    ours = attacking(spread(pos, places, reserve))
    avoid = set(search(ours, lighter(budget, 4), rng, deadline).plan.targets)
    ranked = sorted(legal.neutral_places, key=lambda t: (-greedy.neutral_score(pos, t), t))
    choices = [t for t in ranked if t not in avoid][: NEUTRAL_CANDIDATES[level]] or ranked[:1]
    seeds = [rng.getrandbits(64) for _ in range(NEUTRAL_REPLIES[level])]
    best: tuple[float, int] | None = None
    for t in choices:
        placed = pos.copy()
        placed.troops[t] += troops
        total = sum(
            evaluate(response.reply(placed, random.Random(seed)), start=True) for seed in seeds
        )
        if best is None or total > best[0]:
            best = (total, t)
    assert best is not None
    return actions.place_neutral(greedy.ids(best[1]), troops)


# The end of the turn ------------------------------------------------------------------------


def choose_end(
    pos: Position, legal: Legal, budget: Budget, rng: random.Random, deadline: float | None
) -> Action:
    """The maneuver that leaves the best position, or none (at level 3, the best few by the
    next player's simulated replies)."""
    scored: list[tuple[float, int, Action | None]] = [(evaluate(pos), 0, None)]
    for source, (choices, most) in sorted(legal.maneuvers.items()):
        amounts = sorted({most, greedy.spare(pos, source)} - {0})
        ranked = sorted(choices, key=lambda t: (-greedy.need(pos, t), t))[:3]
        for target in ranked:
            for troops in amounts:
                if not 0 < troops <= most:
                    continue
                pos.troops[source] -= troops
                pos.troops[target] += troops
                score = evaluate(pos) - 0.25
                pos.troops[source] += troops
                pos.troops[target] -= troops
                move = actions.maneuver(greedy.ids(source), greedy.ids(target), troops)
                scored.append((score, -len(scored), move))
    scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
    best = scored[0][2]
    if budget.replies and len(scored) > 1 and not over(deadline):
        best = replied_end(pos, [item[2] for item in scored[:MANEUVER_REPLIES]], budget, rng)
    if best is not None:
        return best
    return dict(actions.END_TURN) if legal.end_turn else dict(actions.END_ATTACK)


def replied_end(
    pos: Position, moves: list[Action | None], budget: Budget, rng: random.Random
) -> Action | None:
    """Of ``moves`` (``None``: no maneuver), the one whose position scores best after the
    next player's simulated replies (the same draws for each)."""
    index = board().index
    seeds = [rng.getrandbits(64) for _ in range(budget.reply_samples)]
    best: tuple[float, int] | None = None
    for number, move in enumerate(moves):
        moved = pos.copy()
        if move is not None:
            moved.troops[index[move["from"]]] -= move["troops"]
            moved.troops[index[move["to"]]] += move["troops"]
        total = sum(
            evaluate(response.reply(moved, random.Random(seed)), start=True) for seed in seeds
        )
        if best is None or total > best[0]:
            best = (total, number)
    assert best is not None
    return moves[best[1]]
