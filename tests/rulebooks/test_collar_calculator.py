"""El collar's necklace value beside its rules: four hand cards and the common card, scored by the
engine's own optimiser, checked here against necklaces counted by hand from the rulebook."""

import re

import pytest

pytestmark = pytest.mark.django_db

URL = "/en/rules/collar/calculators/necklace/"


def text(answer):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer.content.decode()))


def necklace(client, common, *hand, language="en"):
    """The page for a hand, each card ticked in the group of its set."""
    groups = {"base": [], "rainbow": [], "gold": []}
    for card in hand:
        number = int(card[1:])
        groups["base" if number <= 18 else "rainbow" if number <= 20 else "gold"].append(card)
    url = URL.replace("/en/", f"/{language}/")
    return client.get(url, {"common": common, **groups})


def test_the_rulebooks_example_is_worth_28_florins(client, rulebooks):
    answer = necklace(client, "C11", "C08", "C04", "C18", "C13")
    assert answer.status_code == 200
    shown = text(answer)
    # By hand (cards in the rulebook's reconstruction): C08 wants 3 amethysts and finds them on
    # C04, C18 and C13: 7. C04 wants 2 jet and finds 4 (C08, C18, C13, C11): nothing, four is
    # not two. C18 wants 3 diamonds: C08, C13, C11: 12. C13 wants 2 rubies, none: nothing.
    # The common C11 wants 3 emeralds: C08, C04, C18: 9. 7 + 12 + 9 = 28, three wishes.
    assert "28 florins · 3 wishes met" in shown
    assert "Wish on C08 (wish: 3 × amethyst, 7 florins): 3 × amethyst, met 7" in shown
    assert "Wish on C04 (wish: 2 × jet, 4 florins): 2 × jet, not met (4 found) 0" in shown
    assert "Wish on C13 (wish: 2 × ruby, 6 florins): 2 × ruby, not met (0 found) 0" in shown
    assert "Wish on C11 (wish: 3 × emerald, 9 florins): 3 × emerald, met 9" in shown
    assert "Total 28" in shown
    assert "The rainbow stones" not in shown.split("The best necklace")[1]


def test_a_rainbow_stone_counts_as_the_diamond_a_wish_lacks(client, rulebooks):
    shown = text(necklace(client, "C11", "C08", "C04", "C18", "C19"))
    # By hand: without the stone, C18 sees 2 diamonds (C08, C11) and C08 2 amethysts (C04,
    # C18); C11 sees its 3 emeralds exactly and C04 3 jet (never 2). As a diamond the stone
    # makes C18's 12 and C19's own wish (one stone used) 6, with C11's 9: 27. As an amethyst
    # it would make 7 + 6 + 9 = 22; as itself 6 + 9; as an emerald it spoils C11's wish.
    assert "27 florins · 3 wishes met" in shown
    assert "The rainbow stone on C19 counts as diamond." in shown
    assert "stone as diamond" in shown
    assert "Wish on C19: exactly one rainbow stone, met 6" in shown
    assert "Wish on C18 (wish: 3 × diamond, 12 florins): 3 × diamond, met 12" in shown
    assert "Wish on C08 (wish: 3 × amethyst, 7 florins): 3 × amethyst, not met (2 found) 0" in shown
    assert "✗ 3, too many" in shown  # C04's jet


def test_with_both_rainbow_cards_one_stone_is_left_out(client, rulebooks):
    shown = text(necklace(client, "C11", "C19", "C20", "C15", "C17"))
    # By hand (the rulebook's example): one stone left out and the other used makes exactly one
    # stone for both rainbow wishes, 6 + 6; C15 finds 2 sapphires (C17, C11): 8; C17 2 diamonds
    # (C15, C11): 8; C11 finds no emerald. 28 florins, four wishes.
    assert "28 florins · 4 wishes met" in shown
    assert "The rainbow stone on C19 is left out." in shown
    assert "The rainbow stone on C20 is used as itself." in shown
    assert "Wish on C11 (wish: 3 × emerald, 9 florins): 3 × emerald, not met (0 found) 0" in shown


def test_gold_ingots_score_by_accumulation(client, rulebooks):
    shown = text(necklace(client, "C11", "C21", "C22", "C13", "C15"))
    # By hand: C13 finds 2 rubies (C21, C15): 6; C15 2 sapphires (C22, C11): 8; two ingots: 14.
    assert "28 florins · 2 wishes met" in shown
    assert "Gold ingots: 2 14" in shown
    assert "Total 28" in shown


def test_without_gold_there_is_no_gold_line(client, rulebooks):
    assert "Gold ingots" not in text(necklace(client, "C11", "C08", "C04", "C18", "C13"))


def test_the_form_names_the_cards_as_the_match_page_does(client, rulebooks):
    shown = text(client.get(URL))
    assert "C12 (wish: 4 × emerald, 12 florins) On top: amber, amethyst, pearl, ruby" in shown
    assert "C19 (wish: exactly one rainbow stone, 6 florins) On top: rainbow stone" in shown
    assert "C21 (no wish) On top: gold ingot, amber, amethyst, ruby" in shown
    assert "Points, line by line" not in shown


@pytest.mark.parametrize(
    "query",
    [
        {"common": "C99", "base": ["C01", "C02", "C03", "C04"]},
        {"common": "C11", "base": ["C01", "C02", "C03", "C99"]},
        {"common": "C11", "base": ["C01", "C02", "C03"]},
        {"common": "C11", "base": ["C01", "C02", "C03", "C04", "C05"]},
        {"common": "C11", "base": ["C01", "C01", "C02", "C03"]},
        {"common": "C01", "base": ["C01", "C02", "C03", "C04"]},
        {"base": ["C01", "C02", "C03", "C04"]},
        {"common": "C11", "base": ["C01", "C02", "C03", "C19"]},
        {"common": "C11\x00", "base": ["C01", "C02", "C03", "C04"]},
        {"unrelated": "1"},
    ],
)
def test_bad_hands_get_form_errors_and_no_necklace(client, rulebooks, query):
    answer = client.get(URL, query)
    assert answer.status_code == 200
    page = answer.content.decode()
    assert 'class="field-errors"' in page or 'class="form-errors"' in page
    assert "Points, line by line" not in text(answer)


def test_a_hand_of_three_says_how_many_are_ticked(client, rulebooks):
    shown = text(client.get(URL, {"common": "C11", "base": ["C01", "C02", "C03"]}))
    assert "A hand holds four cards: 3 cards are ticked." in shown
    shown = text(client.get(URL, {"common": "C11", "base": ["C01"]}))
    assert "A hand holds four cards: 1 card is ticked." in shown


def test_the_collar_rulebook_links_its_calculator(client, rulebooks):
    assert URL in client.get("/en/rules/collar/").content.decode()


def test_the_necklace_speaks_spanish_and_italian(client, rulebooks):
    # The words the match page already uses; the calculator's own are translated with the
    # next catalogue.
    spanish = text(necklace(client, "C11", "C08", "C04", "C18", "C13", language="es"))
    assert "28 florines · 3 deseos cumplidos" in spanish
    assert "2 × azabache, no cumplido (hay 4)" in spanish
    italian = text(necklace(client, "C11", "C08", "C04", "C18", "C13", language="it"))
    assert "28 fiorini · 3 desideri esauditi" in italian
    assert "3 × smeraldo, esaudito" in italian
