"""Build a Richelieu position by hand: for the rulebook's worked examples (tests and wiki).

Cards that are neither on the table nor in a hand are simply out of the position; discs not
placed anywhere are out of the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.richelieu.engine.catalogue import MULTIPLAYER
from games.richelieu.engine.data import CARDS, COMPONENTS, DISC_IDS
from games.richelieu.engine.state import ALL_TAKEN, OVER, RULES_VERSIONS, TAKE, State


def build(
    players: int = 2,
    *,
    ruleset: str = MULTIPLAYER,
    short: bool = False,
    rows: Sequence[Sequence[str]] = ((), (), (), ()),
    hands: Mapping[int, Sequence[str]] | None = None,
    discs_on: Mapping[str, str] | None = None,
    held: Mapping[int, Sequence[str]] | None = None,
    markers_on: Mapping[str, int] | None = None,
    boxed: Mapping[int, int] | None = None,
    stock: Mapping[int, int] | None = None,
    current: int = 0,
    first_turn: bool = False,
    over: bool = False,
    rules: int = RULES_VERSIONS[-1],
) -> State:
    """A state with exactly these cards, discs and markers, under the rules of version
    ``rules``. A seat's stock defaults to its markers neither on cards nor in the box."""
    hands = hands or {}
    held = held or {}
    discs_on = dict(discs_on or {})
    markers_on = dict(markers_on or {})
    boxed_list = [(boxed or {}).get(seat, 0) for seat in range(players)]
    per_seat = COMPONENTS.markers_per_player
    stock_list = [
        (stock or {}).get(
            seat,
            per_seat - boxed_list[seat] - sum(1 for owner in markers_on.values() if owner == seat),
        )
        for seat in range(players)
    ]
    used = {card for row in rows for card in row} | {
        card for hand in hands.values() for card in hand
    }
    unknown = used - set(CARDS)
    if unknown:
        raise ValueError(f"unknown cards: {sorted(unknown)}")
    placed = set(discs_on.values()) | {disc for discs in held.values() for disc in discs}
    state = State(
        players=players,
        ruleset=ruleset,
        short=short,
        rows=[list(row) for row in rows],
        row_starts=[0 for _ in rows],
        discs_on=discs_on,
        markers_on=markers_on,
        stock=stock_list,
        boxed=boxed_list,
        hands=[list(hands.get(seat, ())) for seat in range(players)],
        held=[list(held.get(seat, ())) for seat in range(players)],
        spent=[[] for _ in range(players)],
        unused=[disc for disc in DISC_IDS if disc not in placed],
        current=current,
        phase=OVER if over else TAKE,
        turn_cards=[],
        first_turn=first_turn,
        left=[],
        ended=ALL_TAKEN if over else None,
        rng=0,
        rules=rules,
    )
    return state


def cards_of(
    region: str | None = None, *, shields: int | None = None, symbol: Any = ...
) -> list[str]:
    """Card ids matching the filters, in the data file's order."""
    return [
        card.id
        for card in CARDS.values()
        if (region is None or card.region == region)
        and (shields is None or card.shields == shields)
        and (symbol is ... or card.symbol == symbol)
    ]
