"""Every worked example of El collar's rulebook is an engine position (``games.collar.examples``):
the engine finds the florins and wishes the text prints, and the text of every language prints
them, with the example's cards, under the example's anchor."""

from __future__ import annotations

import re

import pytest

from games.collar.engine.collars import best_collar
from games.collar.examples import EXAMPLES, OTHER_RAINBOW, RAINBOW
from games.registry import installed_games

LANGUAGES = ("en", "es", "it")
EXAMPLE = re.compile(
    r"^### [^\n]+ \{#(?P<anchor>example-[a-z0-9-]+)\}$(?P<body>.*?)(?=^##|\Z)", re.M | re.S
)


def examples_in(language: str) -> dict[str, str]:
    text = (installed_games()["collar"].rulebook_dir / f"{language}.md").read_text()
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
