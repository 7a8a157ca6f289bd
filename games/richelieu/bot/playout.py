"""The search's playouts: whole turns played greedily on an exact ``Position``, and what the
end (or the estimate where a playout stops early) is worth to the searching seat.

A playout turn is level 1 without its look-ahead: the card (or the pair of 1-shield cards of
one region) that raises the player's own estimate most, a "marker back" disc spent at once, and
a marker put on the best card the player left at a row end, kept for a later turn. It costs a
few dozen estimate updates, so a search runs hundreds of playouts in its budget.
"""

from __future__ import annotations

import math
import random

from games.richelieu.bot.position import REGION_OF, SHIELDS_OF, Position

#: How far an estimate of the final margin is from a sure result: a lead of this many points
#: counts as about three wins in four.
MARGIN_SCALE = 4.0


def play_turn(position: Position, seat: int, rng: random.Random, explore: float) -> None:
    """``seat`` plays one whole turn on ``position`` (which it changes for good)."""
    if position.marker_backs[seat] > 0 and position.boxed[seat] > 0:
        position.marker_backs[seat] -= 1
        position.boxed[seat] -= 1
        position.stock[seat] += 1
    gains = card_gains(position, seat, position.ends())
    if not gains:
        return
    if rng.random() < explore:
        card = rng.choice(gains)[1]
    else:
        card = max(gains)[1]
    position.take(seat, card)
    if position.over:
        return
    if SHIELDS_OF[card] == 1 and not position.first_turn:
        region = REGION_OF[card]
        pairs = [c for c in position.ends() if SHIELDS_OF[c] == 1 and REGION_OF[c] == region]
        seconds = card_gains(position, seat, pairs)
        if seconds:
            gain, second = max(seconds)
            if gain > 0.0:
                position.take(seat, second)
                if position.over:
                    return
    place_marker(position, seat, [c for _, c in sorted(gains, reverse=True)])


def card_gains(position: Position, seat: int, cards: list[int]) -> list[tuple[float, int]]:
    """How much each card ``seat`` may take now would raise its estimate (markers paid)."""
    before = position.utility(seat)
    gains: list[tuple[float, int]] = []
    for card in cards:
        owner = position.marker.get(card)
        if owner is not None and owner != seat and not position.can_pay(seat):
            continue
        gains.append((position.peek(seat, card)[0] - before, card))
    return gains


def place_marker(position: Position, seat: int, wanted: list[int]) -> None:
    """Keep the best card still at a row end with a marker, when one may be placed."""
    if position.stock[seat] == 0 or position.on_cards[seat] >= position.marker_limit:
        return
    ends = set(position.ends())
    for card in wanted:
        if card in ends and card not in position.marker:
            position.marker[card] = seat
            position.stock[seat] -= 1
            position.on_cards[seat] += 1
            return


def play_out(
    position: Position, seat: int, turns: int, rng: random.Random, explore: float = 0.1
) -> float:
    """Play up to ``turns`` whole turns from ``position`` (at the start of a turn); the result
    for ``seat`` in [0, 1]."""
    played = 0
    while not position.over and played < turns:
        current = position.current
        play_turn(position, current, rng, explore)
        position.first_turn = False
        position.current = position.next_seat(current)
        played += 1
    return reward(position, seat)


def reward(position: Position, seat: int) -> float:
    """1 for a sole win, a share of a shared one, 0 for a loss; before the end, the estimated
    margin squashed into (0, 1)."""
    if position.over:
        return share_of_win(position, seat)
    margin = position.utility(seat) / MARGIN_SCALE
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, margin))))


def share_of_win(position: Position, seat: int) -> float:
    """The engine's ranking: most points first, fewer cards breaking a tie."""
    if seat not in position.active:
        return 0.0
    keys = {s: (round(position.total[s], 6), -position.cards_taken[s]) for s in position.active}
    best = max(keys.values())
    if keys[seat] != best:
        return 0.0
    return 1.0 / sum(1 for key in keys.values() if key == best)
