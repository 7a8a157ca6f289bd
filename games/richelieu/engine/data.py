"""The Richelieu components, read from ``richelieu.json`` (card list and disc cells are a
reconstruction: the file's ``note`` says so, and the wiki shows it)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

SHIELD = "shield"
SYMBOL = "symbol"
MARKER_BACK = "marker_back"
LANGUAGES = ("en", "es", "it")


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    region: str
    shields: int
    symbol: str | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "card": self.id,
            "region": self.region,
            "shields": self.shields,
            "symbol": self.symbol,
        }


@dataclass(frozen=True, slots=True)
class Disc:
    """A round disc: a region's shield, a symbol, or a "marker back"."""

    id: str
    kind: str
    region: str | None = None
    symbol: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "region": self.region, "symbol": self.symbol}


@dataclass(frozen=True)
class Components:
    note: str
    rows: int
    columns: int
    markers_per_player: int
    regions: tuple[str, ...]
    region_totals: dict[str, int]
    symbols: tuple[str, ...]
    names: dict[str, Any]
    cards: dict[str, Card]
    discs: dict[str, Disc]
    disc_cells: tuple[tuple[int, int], ...]  # (row, column), both counted from 0


def _load() -> Components:
    text = resources.files(__package__).joinpath("richelieu.json").read_text(encoding="utf-8")
    raw = json.loads(text)
    cards = {
        entry["id"]: Card(entry["id"], entry["region"], int(entry["shields"]), entry["symbol"])
        for entry in raw["cards"]
    }
    discs = {
        entry["id"]: Disc(entry["id"], entry["kind"], entry.get("region"), entry.get("symbol"))
        for entry in raw["discs"]
    }
    names = {
        "regions": {entry["key"]: entry["names"] for entry in raw["regions"]},
        "symbols": {entry["key"]: entry["names"] for entry in raw["symbols"]},
        "disc_kinds": raw["disc_kinds"],
    }
    return Components(
        note=raw["note"],
        rows=int(raw["rows"]),
        columns=int(raw["columns"]),
        markers_per_player=int(raw["markers_per_player"]),
        regions=tuple(entry["key"] for entry in raw["regions"]),
        region_totals={entry["key"]: int(entry["total"]) for entry in raw["regions"]},
        symbols=tuple(entry["key"] for entry in raw["symbols"]),
        names=names,
        cards=cards,
        discs=discs,
        disc_cells=tuple((int(row) - 1, int(column) - 1) for row, column in raw["disc_cells"]),
    )


COMPONENTS = _load()
CARDS = COMPONENTS.cards
DISCS = COMPONENTS.discs
CARD_IDS = tuple(CARDS)
DISC_IDS = tuple(DISCS)
