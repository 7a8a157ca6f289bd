"""The best collar the engine finds is never beaten by trying every use of the rainbow stones.

The brute force here scores collars on its own, straight from the data file, so a mistake in
the engine's scoring shows up as a disagreement.
"""

from __future__ import annotations

import json
from importlib import resources
from itertools import product
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.collar.engine import best_collar

RAW: dict[str, Any] = json.loads(
    resources.files("games.collar.engine").joinpath("cards.json").read_text("utf-8")
)
CARDS: dict[str, dict[str, Any]] = {card["id"]: card for card in RAW["cards"]}
GEMS = [gem["code"] for gem in RAW["gems"]]
#: A rainbow stone is left out (None), used as itself ("self") or as one of the eight gems.
ROLES: list[str | None] = [None, "self", *GEMS]
RAINBOW_CARDS = [card_id for card_id, card in CARDS.items() if card.get("rainbow")]
OTHER_CARDS = [card_id for card_id in CARDS if card_id not in RAINBOW_CARDS]


def brute_force_score(collar: list[str], roles: tuple[str | None, ...]) -> tuple[int, int]:
    """(florins, wishes met) of the five cards with the rainbow stones playing ``roles``."""
    holders = [index for index, card_id in enumerate(collar) if CARDS[card_id].get("rainbow")]
    used = dict(zip(holders, roles, strict=True))
    florins = wishes = 0
    for index, card_id in enumerate(collar):
        wish = CARDS[card_id]["wish"]
        if wish is None:
            continue
        if wish["kind"] == "gem":
            found = sum(
                CARDS[other]["gems"].count(wish["gem"]) + (used.get(spot) == wish["gem"])
                for spot, other in enumerate(collar)
                if spot != index
            )
        else:
            found = sum(1 for role in roles if role is not None)
        if found == wish["count"]:
            florins += wish["florins"]
            wishes += 1
    ingots = sum(CARDS[card_id].get("ingots", 0) for card_id in collar)
    return florins + RAW["gold_florins"][ingots], wishes


def check_against_brute_force(collar: list[str]) -> None:
    stones = sum(1 for card_id in collar if CARDS[card_id].get("rainbow"))
    scores = [brute_force_score(collar, roles) for roles in product(ROLES, repeat=stones)]
    best = best_collar(collar[:4], collar[4])
    assert (best.florins, best.wishes_met) == max(scores)
    shown_roles = tuple(
        None if use.use == "out" else ("self" if use.use == "self" else use.gem)
        for use in best.rainbow
    )
    assert brute_force_score(collar, shown_roles) == (best.florins, best.wishes_met)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(sorted(CARDS)), min_size=5, max_size=5, unique=True))
def test_the_best_collar_is_never_beaten_on_any_five_cards(collar: list[str]) -> None:
    check_against_brute_force(collar)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 2).flatmap(
        lambda stones: st.tuples(
            st.permutations(RAINBOW_CARDS).map(lambda cards: cards[:stones]),
            st.lists(
                st.sampled_from(OTHER_CARDS), min_size=5 - stones, max_size=5 - stones, unique=True
            ),
            st.randoms(use_true_random=False),
        )
    )
)
def test_the_best_collar_is_never_beaten_with_rainbow_stones(
    drawn: tuple[list[str], list[str], Any],
) -> None:
    rainbow, others, order = drawn
    collar = [*rainbow, *others]
    order.shuffle(collar)
    check_against_brute_force(collar)
