"""The words players search for where a game's rules say something else.

Each game keeps its own beside its texts, in ``rulebook/synonyms.toml``: a table per language,
each line a word of its rules and the words players type for it::

    [es]
    maniobra = ["fortificar", "reagrupar", "mover tropas"]

The search reads a query a second way for each game with such words in it, the words replaced
by the rules' own ("fortificar" → "maniobra"), and a section of that game matches either way.
Everything is compared folded (lower case, no accents), so "fortificación" and "fortificacion"
are one word.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

from games.registry import installed_games
from games.rulebooks.markup import fold

FILE_NAME = "synonyms.toml"


class SynonymsError(ValueError):
    """A synonyms file that is not a table per language of lists of words."""


def rewrites(language: str, query: str, games: Iterable[str] | None = None) -> dict[str, str]:
    """By game (all installed, or ``games``): ``query`` folded, with the words its players use
    replaced by those of its rules in ``language``; only the games where a word was replaced."""
    installed = installed_games()
    found = {}
    for slug in installed if games is None else games:
        if slug not in installed:
            continue
        table = synonyms(installed[slug].rulebook_dir / FILE_NAME).get(language, {})
        rewritten = rewrite(query, table)
        if rewritten is not None:
            found[slug] = rewritten
    return found


def rewrite(query: str, table: Mapping[str, str]) -> str | None:
    """``query`` folded, each typed word or phrase of ``table`` replaced by the rules' word;
    ``None`` when there is none in it."""
    if not table:
        return None
    typed = sorted(table, key=len, reverse=True)  # the longest phrase first: "mover tropas"
    pattern = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, typed)) + r")(?!\w)")
    folded = fold(query)
    rewritten = pattern.sub(lambda match: table[match.group(1)], folded)
    return rewritten if rewritten != folded else None


@cache
def synonyms(path: Path) -> dict[str, dict[str, str]]:
    """By language, each folded word players type and the folded word of the rules it means."""
    if not path.is_file():
        return {}
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise SynonymsError(f"{path}: {error}") from error
    tables: dict[str, dict[str, str]] = {}
    for language, lines in raw.items():
        if not isinstance(lines, dict):
            raise SynonymsError(f"{path}: [{language}] must be a table of the rules' words")
        table = tables.setdefault(language, {})
        for term, typed in lines.items():
            if not isinstance(typed, list) or not all(isinstance(w, str) for w in typed):
                raise SynonymsError(f"{path}: {language}.{term} must be a list of words")
            for word in typed:
                table[" ".join(fold(word).split())] = " ".join(fold(term).split())
    return tables
