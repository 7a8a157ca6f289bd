"""Each rulebook's glossary (the section ``{#glossary}``): the same table on every language's
page, and each of the site's words in it is the word that language's page uses."""

from __future__ import annotations

import re

import pytest

from games.registry import installed_games

SECTION = re.compile(r"^## [^\n]+ \{#glossary\}$(?P<body>.*?)(?=^## |\Z)", re.MULTILINE | re.DOTALL)
LANGUAGES = ("en", "es", "it")
GAMES = ("collar", "richelieu", "risk")


def text(game: str, language: str) -> str:
    return (installed_games()[game].rulebook_dir / f"{language}.md").read_text(encoding="utf-8")


def glossary(game: str, language: str) -> list[list[str]]:
    """The table's rows below its heading, each as its cells."""
    section = SECTION.search(text(game, language))
    assert section is not None, f"{game}/{language}.md has no section {{#glossary}}"
    lines = [line for line in section["body"].splitlines() if line.startswith("| ")]
    return [[cell.strip() for cell in line.strip("|").split(" | ")] for line in lines[1:]]


@pytest.mark.parametrize("game", GAMES)
def test_every_page_has_the_same_glossary(game):
    rows = glossary(game, "en")
    assert len(rows) >= 10
    assert all(glossary(game, language) == rows for language in LANGUAGES)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_each_word_is_the_one_its_language_page_uses(game, language):
    page = SECTION.sub("", text(game, language)).lower()
    column = LANGUAGES.index(language)
    missing = [row[column] for row in glossary(game, "en") if row[column].lower() not in page]
    assert missing == []
