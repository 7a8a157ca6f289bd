"""Worked examples stored as engine positions: El collar's necklaces (``games.collar.examples``),
whose florins and wishes the engine finds and every language prints with the example's cards;
and Richelieu's turn examples (``games.richelieu.examples``), played on the engine as each one
tells, with their numbers in every language. All under the example's anchor."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from games.collar.engine.collars import best_collar
from games.collar.examples import EXAMPLES, OTHER_RAINBOW, RAINBOW
from games.registry import installed_games
from games.richelieu import examples as richelieu_examples

LANGUAGES = ("en", "es", "it")
EXAMPLE = re.compile(
    r"^### [^\n]+ \{#(?P<anchor>example-[a-z0-9-]+)\}$(?P<body>.*?)(?=^##|\Z)", re.M | re.S
)


def examples_in(language: str, game: str = "collar") -> dict[str, str]:
    text = (installed_games()[game].rulebook_dir / f"{language}.md").read_text()
    return {found["anchor"]: found["body"] for found in EXAMPLE.finditer(text)}


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.anchor)
def test_the_engine_finds_what_the_rulebook_prints(example):
    collar = best_collar(example.hand, example.common)
    assert (collar.florins, collar.wishes_met) == (example.florins, example.wishes)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_prints_each_example_with_its_cards_and_total(language):
    bodies = examples_in(language)
    assert set(bodies) == {example.anchor for example in EXAMPLES}
    for example in EXAMPLES:
        body = bodies[example.anchor]
        named = [
            card for card in (*example.hand, example.common) if card not in (RAINBOW, OTHER_RAINBOW)
        ]
        for card in named:
            assert card in body, (language, example.anchor, card)
        assert f"**{example.florins}" in body, (language, example.anchor)


# Richelieu's turn examples -------------------------------------------------------------------

RICHELIEU = installed_games()["richelieu"].engine


def kinds(state, seat=0):
    return {action["type"] for action in RICHELIEU.legal_actions(state, seat)}


def after(state, *actions, seat=0):
    for action in actions:
        state = RICHELIEU.apply(state, seat, action)
    return state


def data(state):
    return RICHELIEU.to_json(state)


def blocked() -> None:
    assert RICHELIEU.legal_actions(richelieu_examples.BLOCKED.position.state(), 0) == [
        {"type": "pass"}
    ]


def marker_back_then_pay() -> None:
    start = richelieu_examples.MARKER_BACK_THEN_PAY.position.state()
    assert kinds(start) == {"marker_back"}  # no pass while a card can be taken
    spent = after(start, {"type": "marker_back"})
    assert (data(spent)["stock"][0], data(spent)["boxed"][0]) == (1, 2)
    sword = richelieu_examples.CHAMPAGNE_SWORD
    paid = data(after(spent, {"type": "take", "card": sword, "pay": "stock"}))
    assert (paid["stock"][0], paid["boxed"][0], paid["stock"][1]) == (0, 3, 2)
    assert paid["current"] == 1  # nothing left to pay the tower card with: his turn ended


def four_player_cap() -> None:
    start = richelieu_examples.FOUR_PLAYER_CAP.position.state()
    free = after(start, {"type": "take", "card": richelieu_examples.BRETAGNE_A})
    assert not kinds(free) & {"place_marker", "move_marker"}
    tower = richelieu_examples.CHAMPAGNE_TOWER
    paid = after(start, {"type": "take", "card": tower, "pay": "stock"})
    assert (data(paid)["stock"][0], data(paid)["boxed"][0]) == (0, 1)
    assert "move_marker" in kinds(paid) and "place_marker" not in kinds(paid)


def short_end() -> None:
    position = richelieu_examples.SHORT_END.position
    take = {"type": "take", "card": richelieu_examples.CHAMPAGNE_SWORD}
    ended = after(position.state(), take)
    assert RICHELIEU.is_over(ended)
    assert sum(1 for row in data(ended)["rows"] if not row) == 3
    # Without the variant, the tower card would be a legal second card.
    longer = after(replace(position, short=False).state(), take)
    second = {"type": "take", "card": richelieu_examples.CHAMPAGNE_TOWER}
    assert second in RICHELIEU.legal_actions(longer, 0)


RICHELIEU_CHECKS = {
    "example-blocked": blocked,
    "example-marker-back-then-pay": marker_back_then_pay,
    "example-four-player-cap": four_player_cap,
    "example-short-end": short_end,
}


@pytest.mark.parametrize("anchor", sorted(RICHELIEU_CHECKS))
def test_the_engine_plays_each_richelieu_turn_example_as_told(anchor):
    RICHELIEU_CHECKS[anchor]()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_tells_each_richelieu_turn_example_with_its_numbers(language):
    bodies = examples_in(language, "richelieu")
    assert set(bodies) == {example.anchor for example in richelieu_examples.EXAMPLES}
    assert set(bodies) == set(RICHELIEU_CHECKS)
    for example in richelieu_examples.EXAMPLES:
        for number in example.numbers:
            assert re.search(rf"\b{number}\b", bodies[example.anchor]), (example.anchor, number)
