"""Level 3's quick turns: whole turns played greedily on an exact ``Position``, and who wins
at the end.

A quick turn is level 1 without its look-ahead: the card (or the pair of 1-shield cards of one
region) that raises the player's own estimate most, a "marker back" disc spent at once, and a
marker put on the best card the player left at a row end, kept for a later turn. It costs a
few dozen estimate updates, so a look-ahead plays many games to their end in its budget.
"""

from __future__ import annotations

import random

from games.richelieu.bot.position import REGION_OF, SHIELDS_OF, Position


def play_turn(position: Position, seat: int, rng: random.Random, explore: float) -> None:
    """``seat`` plays one whole turn on ``position`` (which it changes for good); the turn is
    not ended (see ``end_turn``)."""
    spend_marker_back(position, seat)
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
        if not payable(position, seat, card):
            continue
        gains.append((position.peek(seat, card)[0] - before, card))
    return gains


def payable(position: Position, seat: int, card: int) -> bool:
    """Whether ``seat`` may take ``card`` (another seat's marker on it must be paid)."""
    owner = position.marker.get(card)
    return owner is None or owner == seat or position.can_pay(seat)


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


def keep_best(position: Position, seat: int) -> None:
    """A marker on the card at a row end ``seat`` would gain most from, when one may go."""
    gains = card_gains(position, seat, position.ends())
    place_marker(position, seat, [card for _, card in sorted(gains, reverse=True)])


def spend_marker_back(position: Position, seat: int) -> None:
    if position.marker_backs[seat] > 0 and position.boxed[seat] > 0:
        position.marker_backs[seat] -= 1
        position.boxed[seat] -= 1
        position.stock[seat] += 1


def end_turn(position: Position) -> None:
    position.first_turn = False
    position.turn_cards = []
    position.current = position.next_seat(position.current)


def share_of_win(position: Position, seat: int) -> float:
    """The engine's ranking: most points first, fewer cards breaking a tie."""
    if seat not in position.active:
        return 0.0
    keys = {s: (round(position.total[s], 6), -position.cards_taken[s]) for s in position.active}
    best = max(keys.values())
    if keys[seat] != best:
        return 0.0
    return 1.0 / sum(1 for key in keys.values() if key == best)
