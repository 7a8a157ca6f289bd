"""The cards of El collar de la duquesa, read once from ``cards.json``.

The card contents are a reconstruction (see the file's "note"); keeping them in the data file
means a correction is an edit of JSON, not of code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

RAINBOW_WISH = "rainbow"
GEM_WISH = "gem"


@dataclass(frozen=True)
class Wish:
    """A wish of the Duchess: ``count`` gems of ``gem`` (or rainbow stones), worth ``florins``."""

    kind: str
    gem: str | None
    count: int
    florins: int

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "gem": self.gem, "count": self.count, "florins": self.florins}


@dataclass(frozen=True)
class Card:
    """One card: the symbols on its top and the wish on its bottom (gold cards have none)."""

    id: str
    set: str
    gems: tuple[str, ...]
    rainbow: int
    ingots: int
    wish: Wish | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "set": self.set,
            "gems": list(self.gems),
            "rainbow": self.rainbow,
            "ingots": self.ingots,
            "wish": self.wish.as_dict() if self.wish else None,
        }


@dataclass(frozen=True)
class SoloRank:
    code: str
    min_florins: int
    names: dict[str, str]


def _load() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("cards.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _wish(raw: dict[str, Any] | None) -> Wish | None:
    if raw is None:
        return None
    return Wish(str(raw["kind"]), raw.get("gem"), int(raw["count"]), int(raw["florins"]))


def _card(raw: dict[str, Any]) -> Card:
    return Card(
        id=str(raw["id"]),
        set=str(raw["set"]),
        gems=tuple(raw["gems"]),
        rainbow=int(raw.get("rainbow", 0)),
        ingots=int(raw.get("ingots", 0)),
        wish=_wish(raw["wish"]),
    )


RAW: dict[str, Any] = _load()
NOTE: str = RAW["note"]
GEMS: tuple[str, ...] = tuple(gem["code"] for gem in RAW["gems"])
NOUNS: dict[str, dict[str, str]] = {
    entry["code"]: dict(entry["names"]) for entry in (*RAW["gems"], *RAW["symbols"], *RAW["sets"])
}
CARDS: dict[str, Card] = {card.id: card for card in map(_card, RAW["cards"])}
GOLD_FLORINS: tuple[int, ...] = tuple(RAW["gold_florins"])
REMOVED: int = RAW["setup"]["removed"]
HAND_SIZE: int = RAW["setup"]["hand"]
SOLO_TURNS: int = RAW["setup"]["solo_turns"]
SOLO_RANKS: tuple[SoloRank, ...] = tuple(
    SoloRank(rank["code"], int(rank["min"]), dict(rank["names"])) for rank in RAW["solo_ranks"]
)
for _rank in SOLO_RANKS:
    NOUNS[_rank.code] = _rank.names


def deck(rainbow: bool, gold: bool) -> list[str]:
    """The card ids in play for this combination of expansions, in catalogue order."""
    sets = {"base"} | ({"rainbow"} if rainbow else set()) | ({"gold"} if gold else set())
    return [card.id for card in CARDS.values() if card.set in sets]


def gold_florins(ingots: int) -> int:
    """Ingots score by accumulation (the table covers every count the four gold cards allow)."""
    return GOLD_FLORINS[ingots]


def solo_rank(florins: int) -> SoloRank:
    """The solo rank a collar of ``florins`` reaches."""
    reached = SOLO_RANKS[0]
    for rank in SOLO_RANKS:
        if florins >= rank.min_florins:
            reached = rank
    return reached


def noun(code: str, language: str) -> str:
    """The name of a gem, symbol, expansion or solo rank in ``language`` (en, es or it)."""
    names = NOUNS.get(code, {})
    return names.get(language) or names.get("en") or code


def card_catalogue() -> dict[str, dict[str, Any]]:
    """Every card's public data by id (for a page that draws cards)."""
    return {card_id: card.as_dict() for card_id, card in CARDS.items()}
