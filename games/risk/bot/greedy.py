"""Level 1, and the moves every level shares: one decision at a time, each the best on the
heuristics of ``judgement`` (no look-ahead). Quick: a few hundred table look-ups a decision."""

from __future__ import annotations

from games.engines.base import Action
from games.risk.bot import actions
from games.risk.bot.judgement import (
    attack_gain,
    continent_appeal,
    entries,
    holding_value,
    loss_chance,
    pressure,
)
from games.risk.bot.legal import Legal
from games.risk.bot.position import Position
from games.risk.engine.data import board
from games.risk.engine.state import UNCLAIMED

#: A blitz is launched only with at least this chance of taking the target.
MIN_CHANCE = 0.5


def ids(t: int) -> str:
    return board().ids[t]


# The classic game's setup -------------------------------------------------------------------


def claim_score(pos: Position, t: int) -> float:
    """Claim where a continent can be ours: its bonus per door, more where we already stand
    and fewer others do; taking the last free territory of a continent one rival is filling
    blocks him."""
    b = board()
    ci = b.continent_of[t]
    members = b.continent_members[ci]
    mine = sum(1 for m in members if pos.owner[m] == pos.me)
    rivals = {pos.owner[m] for m in members if pos.owner[m] not in (pos.me, UNCLAIMED)}
    theirs = sum(1 for m in members if pos.owner[m] not in (pos.me, UNCLAIMED))
    free = sum(1 for m in members if pos.owner[m] == UNCLAIMED)
    appeal = b.continent_bonus[ci] / len(entries(ci))
    score = appeal * (1 + mine) / (1 + theirs) * (1.5 if theirs == 0 else 1.0)
    if free == 1 and len(rivals) == 1 and mine == 0:
        score += b.continent_bonus[ci] * 0.5
    score += 0.15 * sum(1 for n in b.neighbours[t] if pos.owner[n] == pos.me)
    return score


def choose_claim(pos: Position, legal: Legal) -> Action:
    best = max(legal.claims, key=lambda t: (claim_score(pos, t), -t))
    return actions.claim(ids(best))


def placement_score(pos: Position, t: int, troops: int) -> float:
    """What ``troops`` more on ``t`` bring: the chance of keeping it against the strongest
    enemy next door (with his next reinforcements), and better odds for the attack it may
    launch."""
    guard = 0.0
    if pos.threats(t):
        extra = max(pos.income(pos.owner[n]) for n in pos.threats(t))
        before = loss_chance(pos, t, extra)
        pos.troops[t] += troops
        after = loss_chance(pos, t, extra)
        pos.troops[t] -= troops
        guard = holding_value(pos, t) * (before - after)
    strike = 0.0
    for target in pos.foes(t):
        _, now = attack_gain(pos, t, target)
        pos.troops[t] += troops
        _, then = attack_gain(pos, t, target)
        pos.troops[t] -= troops
        strike = max(strike, then - max(0.0, now))
    ci = board().continent_of[t]
    return (guard + strike) * (1 + continent_appeal(pos, pos.me, ci) / 4)


def best_placement(pos: Position, places: dict[int, int], troops: int) -> int:
    candidates = [t for t in places if pos.is_border(t)] or list(places)
    return max(candidates, key=lambda t: (placement_score(pos, t, troops), -t))


def choose_setup_place(pos: Position, legal: Legal) -> Action:
    return actions.place(ids(best_placement(pos, legal.places, 1)), 1)


# The two-player game's neutral troops -------------------------------------------------------


def neutral_score(pos: Position, t: int) -> float:
    """Neutral troops go where they stand in the opponent's way: next to his troops, in a
    continent he is filling, and not where we mean to pass."""
    b = board()
    ci = b.continent_of[t]
    score = 0.0
    for n in b.neighbours[t]:
        owner = pos.owner[n]
        if pos.hostile(owner):
            score += 1 + pos.troops[n] / 4
            score += continent_appeal(pos, owner, ci) if b.continent_of[n] == ci else 0.0
        elif owner == pos.me:
            score -= 0.5 + pos.troops[n] / 6
    for seat in pos.active:
        if seat != pos.me:
            score += continent_appeal(pos, seat, ci) * 2
    return score - continent_appeal(pos, pos.me, ci)


def choose_neutral(pos: Position, legal: Legal) -> Action:
    best = max(legal.neutral_places, key=lambda t: (neutral_score(pos, t), -t))
    return actions.place_neutral(ids(best), legal.neutral_places[best])


# Reinforcements -----------------------------------------------------------------------------


def choose_reinforcement(pos: Position, legal: Legal) -> Action:
    """The whole reserve where it does most, in halves when it is large (each half is chosen
    with the other already placed, so a large reserve may be shared)."""
    reserve = max(legal.places.values())
    chunk = reserve if reserve <= 6 else (reserve + 1) // 2
    best = best_placement(pos, legal.places, chunk)
    return actions.place(ids(best), chunk)


# Attacks ------------------------------------------------------------------------------------


def best_attack(pos: Position, legal: Legal) -> tuple[int, int, float] | None:
    """The blitz worth most on average, with its chance, if one is worth launching."""
    best: tuple[float, int, int, float] | None = None
    for source, target in legal.blitzes:
        chance, gain = attack_gain(pos, source, target)
        if chance < MIN_CHANCE or gain <= 0:
            continue
        if best is None or gain > best[0]:
            best = (gain, source, target, chance)
    if best is None:
        return None
    return best[1], best[2], best[3]


def blitz_action(legal: Legal, source: int, target: int, stop_at: int = 1) -> Action:
    return actions.blitz(ids(source), ids(target), legal.blitzes[(source, target)], stop_at)


def choose_move_in(pos: Position, legal: Legal) -> Action:
    """After a conquest: everything forward when the source is safe behind; nothing when the
    new territory has no enemy around; otherwise shared by what each faces."""
    assert legal.move_in is not None
    source, target, most = legal.move_in
    if not pos.foes(source):
        return actions.move_in(most)
    if not pos.foes(target):
        return actions.move_in(0)
    behind = pressure(pos, source) + 1
    ahead = pressure(pos, target) + 2 + sum(pos.troops[f] for f in pos.foes(target)) / 2
    return actions.move_in(round(most * ahead / (ahead + behind)))


# The maneuver -------------------------------------------------------------------------------


def need(pos: Position, t: int) -> float:
    """How much ``t`` wants troops: the enemy pressure on it beyond what it holds, more when it
    keeps a continent."""
    if not pos.threats(t):
        return -1.0 if not pos.foes(t) else 0.0
    shortfall = pressure(pos, t) - pos.troops[t] + 3
    return shortfall * (1 + holding_value(pos, t) / 10)


def spare(pos: Position, t: int) -> int:
    """Troops ``t`` can give away: all but one behind the lines, its surplus on a border."""
    if not pos.foes(t):
        return pos.troops[t] - 1
    if not pos.threats(t):
        return max(0, pos.troops[t] - 3)
    return max(0, pos.troops[t] - 1 - int(pressure(pos, t) * 1.2) - 2)


def choose_maneuver(pos: Position, legal: Legal) -> Action | None:
    """The one move of the turn's end: the largest spare troops to the territory that needs
    them most among those they can reach."""
    best: tuple[float, int, int, int] | None = None
    for source, (choices, most) in sorted(legal.maneuvers.items()):
        troops = min(most, spare(pos, source))
        if troops <= 0:
            continue
        target = max(choices, key=lambda t: (need(pos, t), -t))
        gain = troops * (need(pos, target) - need(pos, source))
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, source, target, troops)
    if best is None:
        return None
    return actions.maneuver(ids(best[1]), ids(best[2]), best[3])


def end_of_turn(pos: Position, legal: Legal) -> Action:
    move = choose_maneuver(pos, legal) if legal.maneuvers else None
    if move is not None:
        return move
    return dict(actions.END_TURN) if legal.end_turn else dict(actions.END_ATTACK)
