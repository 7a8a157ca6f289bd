"""What a hand is worth, fast: hands as bit masks over the card catalogue, values cached.

A hand of four is worth its best collar with the common card (the engine's own optimiser,
``collars.best_collar``): its florins, and an eighth of a florin per wish met, so that the
order of worth is the ranking's order (florins, then wishes met). A game asks for the same few
hundred hands again and again, so each value is computed once.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.collar.engine.collars import best_collar
from games.collar.engine.data import CARDS, HAND_SIZE

#: Every card of every set, in catalogue order; a card's bit is ``1 << INDEX[card]``.
CARD_IDS: tuple[str, ...] = tuple(CARDS)
INDEX: dict[str, int] = {card: i for i, card in enumerate(CARD_IDS)}
WISH_WEIGHT = 1 / 8
#: Past this many values the cache starts again (it stays a few megabytes).
CACHE_LIMIT = 1 << 18
_CACHE: dict[int, float] = {}


def mask(cards: Iterable[str]) -> int:
    """The bit mask of some cards."""
    bits = 0
    for card in cards:
        bits |= 1 << INDEX[card]
    return bits


def bits_of(hand: int) -> list[int]:
    """The single-card masks of a hand, lowest first."""
    found = []
    while hand:
        low = hand & -hand
        found.append(low)
        hand ^= low
    return found


def card_of(bit: int) -> str:
    return CARD_IDS[bit.bit_length() - 1]


def worth(hand: int, common: int) -> float:
    """The worth of four cards (a mask) with the common card (its index)."""
    key = hand << 6 | common
    value = _CACHE.get(key)
    if value is None:
        if len(_CACHE) >= CACHE_LIMIT:
            _CACHE.clear()
        collar = best_collar([card_of(bit) for bit in bits_of(hand)], CARD_IDS[common])
        value = collar.florins + WISH_WEIGHT * collar.wishes_met
        _CACHE[key] = value
    return value


def keep_worth(hand: int, common: int) -> float:
    """The worth of the best four of a hand of five (or of a hand of four itself)."""
    if hand.bit_count() <= HAND_SIZE:
        return worth(hand, common)
    return max(worth(hand ^ bit, common) for bit in bits_of(hand))


def best_drops(hand: int, common: int) -> list[int]:
    """The cards (single-card masks, lowest first) whose discard leaves the best collar."""
    values = [(worth(hand ^ bit, common), bit) for bit in bits_of(hand)]
    top = max(value for value, _ in values)
    return [bit for value, bit in values if value == top]


def average_draw(hand: int, common: int, unseen: Iterable[int]) -> float:
    """The mean worth of the best four after drawing one of ``unseen`` (single-card masks)."""
    drawn = [keep_worth(hand | bit, common) for bit in unseen]
    return sum(drawn) / len(drawn) if drawn else worth(hand, common)
