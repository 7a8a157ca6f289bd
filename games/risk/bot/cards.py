"""When to trade cards and which: a trade is worth most at 10 stars (30 troops, 3 a star,
against 2 a star at 5), so cards are kept until a set of 10 stars can be made, unless the
troops are needed now or the game may end before they can be used."""

from __future__ import annotations

from games.risk.bot.position import Position
from games.risk.engine.catalogue import INTRO
from games.risk.engine.data import board

#: The most stars a trade may have (the trade chart's last line).
MAX_STARS = 10


def best_set(hand: list[tuple[str, int]], max_stars: int = MAX_STARS) -> list[str]:
    """The cards of the largest number of stars up to ``max_stars``, two-star cards first (so
    that the one-star cards left can still make up a later set)."""
    twos = [c for c, s in hand if s != 1]
    ones = [c for c, s in hand if s == 1]
    best: tuple[int, int, int] = (0, 0, 0)
    for j in range(len(twos) + 1):
        for i in range(len(ones) + 1):
            stars = i + 2 * j
            if 0 < stars <= max_stars and (stars, j, -i) > (best[0], best[1], -best[2]):
                best = (stars, j, i)
    _, j, i = best
    return twos[:j] + ones[:i]


def set_troops(cards: list[str]) -> int:
    b = board()
    stars = sum(b.stars[b.index[c]] for c in cards)
    return b.trade_troops.get(stars, 0) if stars else 0


def cease_fire_close(pos: Position) -> bool:
    """The introductory game: the cease-fire card may come up within a couple of draws."""
    left = pos.draws_left()
    return left is not None and left <= pos.players


def wants_trade(pos: Position, need: bool = False) -> list[str]:
    """The cards to trade now, or ``[]`` to keep them. ``need``: troops are wanted at once (an
    elimination or a continent in reach, a border about to fall)."""
    if not pos.hand:
        return []
    cards = best_set(pos.hand)
    stars = sum(s for card, s in pos.hand if card in cards)
    if stars >= MAX_STARS:
        return cards
    if pos.mode == INTRO and cease_fire_close(pos):
        return cards
    if need and stars >= 4:
        return cards
    return []
