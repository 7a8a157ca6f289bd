"""The value of a collar: the four cards of a hand plus the common card.

A wish counts the gems on the *other* cards of the collar and needs the exact number. Real gems
always count; each rainbow stone is left out, used as itself, or used as a gem of one chosen
type (then it counts like a real gem of that type lying on its card). A rainbow card's wish is
met when the collar uses exactly one rainbow stone, in either role, its own included. Gold
ingots score by accumulation and are never replaced by a rainbow stone. The best collar is the
assignment of the rainbow stones with the most florins, then the most wishes met; among equal
ones the first in a fixed order (left out, itself, then the gems in catalogue order) is shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from games.collar.engine.data import CARDS, GEM_WISH, GEMS, Card, Wish, gold_florins

OUT = "out"
SELF = "self"
AS_GEM = "gem"

#: One rainbow stone's role: (use, gem) with gem set only when use is AS_GEM.
Use = tuple[str, str | None]


@dataclass(frozen=True)
class Stone:
    """A stone counted by a wish: the card it lies on, its type, and whether it is a rainbow."""

    card: str
    gem: str
    rainbow: bool

    def as_dict(self) -> dict[str, Any]:
        return {"card": self.card, "gem": self.gem, "rainbow": self.rainbow}


@dataclass(frozen=True)
class RainbowUse:
    """How the rainbow stone on ``card`` is used in the collar."""

    card: str
    use: str
    gem: str | None

    def as_dict(self) -> dict[str, Any]:
        return {"card": self.card, "use": self.use, "gem": self.gem}


@dataclass(frozen=True)
class WishOutcome:
    """One wish of the collar: how many matching stones the other cards give, and if it is met."""

    card: str
    wish: Wish
    found: int
    met: bool
    stones: tuple[Stone, ...]

    @property
    def florins(self) -> int:
        return self.wish.florins if self.met else 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "card": self.card,
            **self.wish.as_dict(),
            "found": self.found,
            "met": self.met,
            "points": self.florins,
            "stones": [stone.as_dict() for stone in self.stones],
        }


@dataclass(frozen=True)
class Collar:
    """The best collar of four hand cards and the common card, with its explanation."""

    hand: tuple[str, ...]
    common: str
    wishes: tuple[WishOutcome, ...]
    rainbow: tuple[RainbowUse, ...]
    ingots: int
    gold: int

    @property
    def wish_florins(self) -> int:
        return sum(outcome.florins for outcome in self.wishes)

    @property
    def florins(self) -> int:
        return self.wish_florins + self.gold

    @property
    def wishes_met(self) -> int:
        return sum(1 for outcome in self.wishes if outcome.met)

    def as_dict(self) -> dict[str, Any]:
        return {
            "hand": list(self.hand),
            "common": self.common,
            "florins": self.florins,
            "wishes_met": self.wishes_met,
            "wishes": [outcome.as_dict() for outcome in self.wishes],
            "rainbow": [use.as_dict() for use in self.rainbow],
            "gold": {"ingots": self.ingots, "florins": self.gold},
        }


def _cards(hand: Sequence[str], common: str) -> list[Card]:
    try:
        return [CARDS[card_id] for card_id in (*hand, common)]
    except (KeyError, TypeError) as error:
        raise ValueError(f"unknown card in {list(hand)!r} + {common!r}") from error


def _rainbow_slots(cards: Sequence[Card]) -> list[int]:
    """The index of the card under each rainbow stone of the collar."""
    return [index for index, card in enumerate(cards) for _ in range(card.rainbow)]


def _outcome(
    cards: Sequence[Card], slots: Sequence[int], uses: Sequence[Use], index: int
) -> WishOutcome | None:
    card = cards[index]
    wish = card.wish
    if wish is None:
        return None
    stones: list[Stone] = []
    if wish.kind == GEM_WISH:
        gem = wish.gem or ""
        for other, holder in enumerate(cards):
            if other != index:
                stones.extend(Stone(holder.id, gem, False) for g in holder.gems if g == gem)
        for slot, (use, as_gem) in zip(slots, uses, strict=True):
            if slot != index and use == AS_GEM and as_gem == gem:
                stones.append(Stone(cards[slot].id, gem, True))
    else:
        for slot, (use, as_gem) in zip(slots, uses, strict=True):
            if use != OUT:
                stones.append(Stone(cards[slot].id, as_gem or "rainbow", True))
    found = len(stones)
    return WishOutcome(card.id, wish, found, found == wish.count, tuple(stones))


def collar_with(hand: Sequence[str], common: str, uses: Sequence[Use]) -> Collar:
    """The collar with the rainbow stones used as ``uses`` says (one entry per stone, in order)."""
    cards = _cards(hand, common)
    slots = _rainbow_slots(cards)
    if len(uses) != len(slots):
        raise ValueError("one use per rainbow stone is needed")
    outcomes = (_outcome(cards, slots, uses, index) for index in range(len(cards)))
    ingots = sum(card.ingots for card in cards)
    return Collar(
        hand=tuple(hand),
        common=common,
        wishes=tuple(outcome for outcome in outcomes if outcome is not None),
        rainbow=tuple(
            RainbowUse(cards[slot].id, use, gem)
            for slot, (use, gem) in zip(slots, uses, strict=True)
        ),
        ingots=ingots,
        gold=gold_florins(ingots),
    )


def _choices(cards: Sequence[Card]) -> list[Use]:
    """A rainbow stone's useful roles: a gem no wish of the collar counts acts like itself."""
    wished = {card.wish.gem for card in cards if card.wish and card.wish.kind == GEM_WISH}
    return [(OUT, None), (SELF, None)] + [(AS_GEM, gem) for gem in GEMS if gem in wished]


def _quick_score(
    cards: Sequence[Card], slots: Sequence[int], uses: Sequence[Use]
) -> tuple[int, int]:
    """(florins, wishes met) of one assignment, without building its explanation."""
    florins = gold_florins(sum(card.ingots for card in cards))
    wishes = 0
    used = sum(1 for use, _ in uses if use != OUT)
    for index, card in enumerate(cards):
        wish = card.wish
        if wish is None:
            continue
        if wish.kind == GEM_WISH:
            found = sum(
                other.gems.count(wish.gem or "") for i, other in enumerate(cards) if i != index
            )
            found += sum(
                1
                for slot, (use, gem) in zip(slots, uses, strict=True)
                if slot != index and use == AS_GEM and gem == wish.gem
            )
        else:
            found = used
        if found == wish.count:
            florins += wish.florins
            wishes += 1
    return florins, wishes


def best_collar(hand: Sequence[str], common: str) -> Collar:
    """The best collar of four hand cards and the common card (most florins, then wishes)."""
    cards = _cards(hand, common)
    slots = _rainbow_slots(cards)
    best_uses: tuple[Use, ...] = ()
    if slots:
        best_key = (-1, -1)
        for uses in product(_choices(cards), repeat=len(slots)):
            key = _quick_score(cards, slots, uses)
            if key > best_key:
                best_key, best_uses = key, uses
    return collar_with(hand, common, best_uses)


def best_keep(
    hand: Sequence[str], common: str, hand_size: int = 4
) -> tuple[Collar, tuple[str, ...]]:
    """For a hand with extra cards (mid-turn), the best collar and the cards left out of it."""
    if len(hand) <= hand_size:
        return best_collar(hand, common), ()
    best: tuple[Collar, tuple[str, ...]] | None = None
    for dropped in hand:
        rest = list(hand)
        rest.remove(dropped)
        collar, also = best_keep(rest, common, hand_size)
        key = (collar.florins, collar.wishes_met)
        if best is None or key > (best[0].florins, best[0].wishes_met):
            best = (collar, (dropped, *also))
    assert best is not None
    return best


def discard_outlook(hand: Sequence[str], common: str) -> dict[str, Collar]:
    """For each card of a five-card hand, the best collar left after discarding it."""
    outlook: dict[str, Collar] = {}
    for dropped in hand:
        rest = list(hand)
        rest.remove(dropped)
        outlook[dropped] = best_collar(rest, common)
    return outlook
