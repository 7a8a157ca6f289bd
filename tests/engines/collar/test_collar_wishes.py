"""How a collar is valued: exact wishes on the other cards, rainbow stones and gold ingots."""

from __future__ import annotations

from games.collar.engine import best_collar
from games.collar.engine.collars import AS_GEM, OUT, SELF, Collar, collar_with
from games.collar.engine.data import GEMS


def outcomes(collar: Collar) -> dict[str, tuple[bool, int]]:
    return {outcome.card: (outcome.met, outcome.found) for outcome in collar.wishes}


def test_rulebook_wishes_example_is_worth_28_florins() -> None:
    collar = best_collar(["C08", "C04", "C18", "C13"], "C11")
    assert outcomes(collar) == {
        "C08": (True, 3),  # three amethysts: met
        "C04": (False, 4),  # four jets where the wish asks two: not met
        "C18": (True, 3),  # three diamonds: met
        "C13": (False, 0),  # no ruby: not met
        "C11": (True, 3),  # the common card's three emeralds: met
    }
    assert (collar.florins, collar.wishes_met) == (28, 3)


def test_a_wish_names_the_cards_whose_stones_meet_it() -> None:
    collar = best_collar(["C08", "C04", "C18", "C13"], "C11")
    amethysts = next(outcome for outcome in collar.wishes if outcome.card == "C08")
    assert sorted(stone.card for stone in amethysts.stones) == ["C04", "C13", "C18"]
    assert all(stone.gem == "amethyst" and not stone.rainbow for stone in amethysts.stones)


def test_a_wish_needs_the_exact_count_not_at_least() -> None:
    # C07 wants 2 amethysts; C12, C04 and C05 give three of them.
    collar = best_collar(["C07", "C12", "C04", "C05"], "C01")
    assert outcomes(collar)["C07"] == (False, 3)
    collar = best_collar(["C07", "C12", "C04", "C01"], "C02")
    assert outcomes(collar)["C07"] == (True, 2)


def test_the_common_cards_wish_counts_in_every_collar() -> None:
    first = best_collar(["C08", "C04", "C18", "C13"], "C11")
    second = best_collar(["C07", "C09", "C02", "C03"], "C11")
    assert outcomes(first)["C11"] == (True, 3)
    assert outcomes(second)["C11"] == (True, 3)


def test_a_rainbow_stone_stands_in_for_a_missing_gem() -> None:
    # Three real emeralds (C07, C08, C04) and the rainbow stone make the four C12 wants.
    collar = best_collar(["C12", "C19", "C07", "C08"], "C04")
    assert outcomes(collar)["C12"] == (True, 4)
    assert [(use.card, use.use, use.gem) for use in collar.rainbow] == [("C19", AS_GEM, "emerald")]
    emeralds = next(outcome for outcome in collar.wishes if outcome.card == "C12")
    assert [stone.card for stone in emeralds.stones if stone.rainbow] == ["C19"]
    # The rainbow card's own wish is met too: exactly one stone is used.
    assert outcomes(collar)["C19"] == (True, 1)
    assert collar.florins == 12 + 5 + 6


def test_a_rainbow_stone_used_as_itself_meets_its_own_cards_wish() -> None:
    collar = collar_with(["C19", "C01", "C02", "C03"], "C05", [(SELF, None)])
    assert outcomes(collar)["C19"] == (True, 1)
    best = best_collar(["C19", "C01", "C02", "C03"], "C05")
    assert outcomes(best)["C19"] == (True, 1)


def test_a_rainbow_stone_left_out_counts_for_nothing() -> None:
    collar = collar_with(["C12", "C19", "C07", "C08"], "C04", [(OUT, None)])
    assert outcomes(collar)["C12"] == (False, 3)
    assert outcomes(collar)["C19"] == (False, 0)


def test_two_rainbow_stones_used_miss_both_rainbow_wishes() -> None:
    both = collar_with(["C19", "C20", "C01", "C02"], "C03", [(SELF, None), (SELF, None)])
    assert outcomes(both)["C19"] == (False, 2)
    assert outcomes(both)["C20"] == (False, 2)
    best = best_collar(["C19", "C20", "C01", "C02"], "C03")
    assert sorted(use.use for use in best.rainbow).count(OUT) == 1
    assert outcomes(best)["C19"] == (True, 1) and outcomes(best)["C20"] == (True, 1)


def test_equal_florins_prefer_the_collar_with_more_wishes() -> None:
    best = best_collar(["C19", "C20", "C18", "C03"], "C12")
    assert best.florins == 12
    assert best.wishes_met == 2


def test_gold_ingots_add_by_accumulation() -> None:
    assert best_collar(["C21", "C01", "C02", "C03"], "C04").gold == 5
    assert best_collar(["C21", "C22", "C02", "C03"], "C04").gold == 14
    assert best_collar(["C21", "C22", "C23", "C03"], "C04").gold == 27
    four = best_collar(["C21", "C22", "C23", "C24"], "C04")
    assert (four.ingots, four.gold) == (4, 44)
    assert four.florins == four.wish_florins + 44


def test_a_rainbow_stone_never_replaces_a_gold_ingot() -> None:
    collar = best_collar(["C21", "C19", "C01", "C02"], "C03")
    assert (collar.ingots, collar.gold) == (1, 5)
    for use in collar.rainbow:
        assert use.gem is None or use.gem in GEMS


def test_the_best_collar_explains_itself_as_json_data() -> None:
    data = best_collar(["C12", "C19", "C07", "C22"], "C04").as_dict()
    assert data["rainbow"] == [{"card": "C19", "use": "gem", "gem": "emerald"}]
    assert data["gold"] == {"ingots": 1, "florins": 5}
    assert data["florins"] == sum(wish["points"] for wish in data["wishes"]) + 5
    assert {wish["card"] for wish in data["wishes"]} == {"C12", "C19", "C07", "C04"}
    met = {wish["card"] for wish in data["wishes"] if wish["met"]}
    assert {"C12", "C19"} <= met
