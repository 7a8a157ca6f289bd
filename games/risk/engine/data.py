"""The Risk map and tables, read once from ``risk_board.json`` beside this module.

Territories and cards are numbered in the data file's order (0–41) inside the engine; actions,
views and events use the territory ids (``"northwest_territory"``). Card 42 is the cease-fire.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).with_name("risk_board.json")
CEASE_FIRE = 42
CEASE_FIRE_ID = "cease_fire"


@dataclass(frozen=True)
class Board:
    """The static facts of the game: map, stars, charts and mode numbers."""

    raw: dict[str, Any]
    ids: tuple[str, ...]
    index: dict[str, int]
    continent_of: tuple[int, ...]
    continent_ids: tuple[str, ...]
    continent_members: tuple[tuple[int, ...], ...]
    continent_bonus: tuple[int, ...]
    neighbours: tuple[frozenset[int], ...]
    stars: tuple[int, ...]
    territory_bonus: tuple[int, ...]  # by number of territories held, 0..42
    trade_troops: dict[int, int]
    max_trade_stars: int
    base_reinforcement: int
    starting_pools: dict[int, int]
    intro_targets: dict[int, int]
    cease_fire_bands: dict[str, tuple[int, int]]
    two_player: dict[str, int]

    def card_id(self, card: int) -> str:
        return CEASE_FIRE_ID if card == CEASE_FIRE else self.ids[card]

    def card_index(self, card_id: str) -> int | None:
        if card_id == CEASE_FIRE_ID:
            return CEASE_FIRE
        return self.index.get(card_id)

    def reinforcements_for(self, held: int) -> int:
        """3 plus the territory chart (a lookup table, as the rulebook prints it)."""
        return self.base_reinforcement + self.territory_bonus[held]


def _territory_bonus(chart: list[list[int]]) -> tuple[int, ...]:
    bonus = [0] * 43
    for low, high, extra in chart:
        for held in range(low, high + 1):
            bonus[held] = extra
    return tuple(bonus)


@cache
def board() -> Board:
    raw: dict[str, Any] = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    territories = raw["territories"]
    continents = raw["continents"]
    ids = tuple(str(t["id"]) for t in territories)
    index = {tid: i for i, tid in enumerate(ids)}
    continent_ids = tuple(str(c["id"]) for c in continents)
    continent_index = {cid: i for i, cid in enumerate(continent_ids)}
    continent_of = tuple(continent_index[t["continent"]] for t in territories)
    members = tuple(
        tuple(i for i, c in enumerate(continent_of) if c == ci) for ci in range(len(continent_ids))
    )
    neighbours: list[set[int]] = [set() for _ in ids]
    for link in raw["connections"]:
        a, b = index[link["a"]], index[link["b"]]
        neighbours[a].add(b)
        neighbours[b].add(a)
    two_player = {str(k): int(v) for k, v in raw["two_player"].items()}
    return Board(
        raw=raw,
        ids=ids,
        index=index,
        continent_of=continent_of,
        continent_ids=continent_ids,
        continent_members=members,
        continent_bonus=tuple(int(c["bonus"]) for c in continents),
        neighbours=tuple(frozenset(n) for n in neighbours),
        stars=tuple(int(t["stars"]) for t in territories),
        territory_bonus=_territory_bonus(raw["territory_chart"]),
        trade_troops={int(k): int(v) for k, v in raw["trade_troops"].items()},
        max_trade_stars=max(int(k) for k in raw["trade_troops"]),
        base_reinforcement=int(raw["base_reinforcement"]),
        starting_pools={int(k): int(v) for k, v in raw["starting_pools"].items()},
        intro_targets={int(k): int(v) for k, v in raw["intro_targets"].items()},
        cease_fire_bands={k: (int(v[0]), int(v[1])) for k, v in raw["cease_fire_bands"].items()},
        two_player=two_player,
    )


def static_board() -> dict[str, Any]:
    """The map as plain JSON for a template: names (en/es/it), layout, connections, charts."""
    raw = board().raw
    keys = ["note", "layout_box", "continents", "territories", "connections"]
    keys += ["territory_chart", "trade_troops"]
    return copy.deepcopy({key: raw[key] for key in keys})
