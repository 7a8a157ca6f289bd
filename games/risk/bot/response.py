"""Level 3's deeper evaluation: the next player's turn played out after ours.

The reply is level 1's plan, cheaply: the next player's reinforcements (and a trade when his
hand is large) go on the territory from which his best attack has the most to gain, then he
blitzes greedily, the dice sampled, while an attack is worth it. What is left of our position
then is scored at the start of our next turn.
"""

from __future__ import annotations

import random

from games.risk.bot.judgement import attack_gain
from games.risk.bot.odds import sample_blitz
from games.risk.bot.plan import take
from games.risk.bot.position import MEAN_STARS, Position
from games.risk.engine.data import board

#: The most attacks a simulated reply makes (enough for a turn; keeps its cost bounded).
MOST_ATTACKS = 8
#: A hand of this many cards is assumed traded in the reply.
TRADED_HAND = 5


def next_seat(pos: Position) -> int | None:
    """The player who moves after us."""
    for step in range(1, pos.players):
        seat = (pos.me + step) % pos.players
        if seat in pos.active and seat in pos.owner:
            return seat
    return None


def expected_trade(cards: int) -> int:
    if cards < TRADED_HAND:
        return 0
    stars = min(10, int(cards * MEAN_STARS))
    return board().trade_troops[stars]


def best_strike(pos: Position, bonus: int = 0) -> tuple[float, int, int] | None:
    """The attack of ``pos.me`` worth most (with ``bonus`` troops more on its source)."""
    b = board()
    best: tuple[float, int, int] | None = None
    me = pos.me
    for source, owner in enumerate(pos.owner):
        if owner != me or pos.troops[source] + bonus < 2:
            continue
        for target in b.neighbours[source]:
            if pos.owner[target] == me:
                continue
            pos.troops[source] += bonus
            chance, gain = attack_gain(pos, source, target)
            pos.troops[source] -= bonus
            if chance >= 0.5 and gain > 0 and (best is None or gain > best[0]):
                best = (gain, source, target)
    return best


def reply(pos: Position, rng: random.Random) -> Position:
    """``pos`` (ours, at the end of our turn) after the next player's simulated turn, seen
    from our side again at the start of our next turn."""
    seat = next_seat(pos)
    if seat is None:
        return pos
    his = pos.seen_by(seat)
    reserve = his.income(seat) + expected_trade(his.cards[seat])
    first = best_strike(his, reserve)
    if first is not None:
        his.troops[first[1]] += reserve
    else:
        held = his.held(seat)
        his.troops[max(held, key=lambda t: (his.troops[t], -t))] += reserve
    for _ in range(MOST_ATTACKS):
        strike = best_strike(his)
        if strike is None:
            break
        _, source, target = strike
        left, defenders = sample_blitz(rng, his.troops[source], his.troops[target])
        if defenders > 0:
            his.troops[source], his.troops[target] = left, defenders
            break
        take(his, source, target, left, ())
    ours = his.copy()
    ours.me = pos.me
    ours.hand = pos.hand
    ours.hand_known = pos.hand_known
    ours.gained_cards = pos.gained_cards + (1 if pos.conquered else 0)
    ours.conquered = False
    if his.conquered:
        ours.cards[seat] += 1
    return ours
