"""The card data: a labelled reconstruction that keeps the constraints DECISIONS.md sets."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources

from games.collar.engine.data import CARDS, GEMS, NOTE, deck, gold_florins, noun

BASE = [card for card in CARDS.values() if card.set == "base"]


def test_the_data_file_says_it_is_a_reconstruction() -> None:
    raw = json.loads(
        resources.files("games.collar.engine").joinpath("cards.json").read_text("utf-8")
    )
    assert "RECONSTRUCTION" in raw["note"]
    assert NOTE == raw["note"]


def test_the_game_has_18_base_2_rainbow_and_4_gold_cards() -> None:
    sets = Counter(card.set for card in CARDS.values())
    assert sets == {"base": 18, "rainbow": 2, "gold": 4}
    assert len(deck(False, False)) == 18
    assert len(deck(True, True)) == 24


def test_every_gem_lies_on_exactly_nine_base_cards() -> None:
    tops = Counter(gem for card in BASE for gem in card.gems)
    assert tops == {gem: 9 for gem in GEMS}
    assert all(len(set(card.gems)) == 4 for card in BASE)


def test_no_card_shows_the_gem_of_its_own_wish() -> None:
    for card in CARDS.values():
        if card.wish is not None and card.wish.kind == "gem":
            assert card.wish.gem not in card.gems, card.id


def test_the_card_the_rulebook_describes_is_c12() -> None:
    card = CARDS["C12"]
    assert sorted(card.gems) == sorted(["amber", "amethyst", "ruby", "pearl"])
    assert card.wish is not None
    assert (card.wish.gem, card.wish.count, card.wish.florins) == ("emerald", 4, 12)


def test_the_decisions_table_values_are_used_for_the_wishes() -> None:
    values = {
        card.id: (card.wish.gem, card.wish.count, card.wish.florins) for card in BASE if card.wish
    }
    assert values["C01"] == ("amber", 2, 4)
    assert values["C16"] == ("sapphire", 4, 16)
    assert values["C18"] == ("diamond", 3, 12)
    assert sorted(count for _, count, _ in values.values()) == [2] * 6 + [3] * 6 + [4] * 6


def test_rainbow_cards_carry_one_stone_and_the_one_stone_wish() -> None:
    rainbow = [card for card in CARDS.values() if card.set == "rainbow"]
    for card in rainbow:
        assert (card.rainbow, card.gems, card.ingots) == (1, (), 0)
        assert card.wish is not None
        assert (card.wish.kind, card.wish.count, card.wish.florins) == ("rainbow", 1, 6)


def test_gold_cards_carry_an_ingot_three_gems_and_no_wish() -> None:
    for card in (card for card in CARDS.values() if card.set == "gold"):
        assert card.ingots == 1 and len(card.gems) == 3 and card.wish is None


def test_gold_ingots_score_by_accumulation() -> None:
    assert [gold_florins(n) for n in range(5)] == [0, 5, 14, 27, 44]


def test_gem_names_exist_in_english_spanish_and_italian() -> None:
    for code in (*GEMS, "rainbow", "ingot", "aprendiz", "magister", "gold"):
        assert all(noun(code, language) for language in ("en", "es", "it"))
    assert noun("jet", "es") == "azabache"
    assert noun("emerald", "it") == "smeraldo"
