"""Searching the rules in one language.

On PostgreSQL: full-text search with a configuration per language (``partida_spanish`` and so
on, created by migration 0002: the stock Spanish, Italian or English configuration with
``unaccent`` in front of the stemmer), so "preparacion" finds "Preparación"; ranked, with
highlighted snippets from ``ts_headline``. On SQLite: every word must appear in the section's
folded text (lower case, accents removed in Python), ranked by how often the words occur.

Either way a section also matches the query as its game's players mean it: the words they type
for what its rules call otherwise replaced by the rules' words ("fortify" → "maneuver"), from
the synonyms each game keeps beside its texts (``synonyms.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django.contrib.postgres.search import SearchHeadline, SearchQuery, SearchRank, SearchVector
from django.db import connection
from django.db.models import Case, F, Q, QuerySet, When
from django.db.models.expressions import Combinable
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from games.rulebooks import synonyms
from games.rulebooks.markup import fold, fold_with_positions
from games.rulebooks.models import Section

SEARCH_CONFIGS = {"es": "partida_spanish", "it": "partida_italian", "en": "partida_english"}
RESULT_LIMIT = 30
# ts_headline copies the document's text as is, so it marks matches with characters that
# never occur in a rulebook; the snippet is escaped first and the marks become <mark> after.
_START, _STOP = "\ue000", "\ue001"
_SNIPPET_CHARS = 220


@dataclass(frozen=True)
class Hit:
    game: str
    page_title: str
    anchor: str
    title: str
    snippet: SafeString
    rank: float


def search(language: str, query: str, game: str = "") -> list[Hit]:
    """The sections of the ``language`` pages that match ``query``, best first."""
    query = " ".join(query.split())
    if not query:
        return []
    sections = Section.objects.filter(rulebook__language=language).select_related("rulebook")
    if game:
        sections = sections.filter(rulebook__game=game)
    rewritten = synonyms.rewrites(language, query, [game] if game else None)
    if connection.vendor == "postgresql":
        return _full_text(sections, SEARCH_CONFIGS.get(language, "simple"), query, rewritten)
    return _folded_contains(sections, query, rewritten)


def _full_text(
    sections: QuerySet[Section], config: str, query: str, rewritten: Mapping[str, str]
) -> list[Hit]:
    vector = SearchVector("title", weight="A", config=config) + SearchVector(
        "plain_text", weight="B", config=config
    )
    asked = SearchQuery(query, config=config, search_type="websearch")
    # A game whose players' words are in the query matches it read either way.
    by_game = {
        game: asked | SearchQuery(text, config=config, search_type="websearch")
        for game, text in rewritten.items()
    }
    matches = Q(document=asked)
    for game, either in by_game.items():
        matches |= Q(rulebook__game=game, document=either)
    rows = (
        sections.annotate(document=vector)
        .filter(matches)
        .annotate(
            rank=_per_game(asked, by_game, lambda q: SearchRank(F("document"), q)),
            headline=_per_game(asked, by_game, lambda q: _headline(q, config)),
        )
        .order_by("-rank", "rulebook__game", "position")[:RESULT_LIMIT]
    )
    return [_hit(row, _marked(row.headline), row.rank) for row in rows]


def _headline(search_query: Combinable, config: str) -> SearchHeadline:
    return SearchHeadline(
        "plain_text",
        search_query,
        config=config,
        start_sel=_START,
        stop_sel=_STOP,
        max_words=35,
        min_words=15,
        max_fragments=2,
        fragment_delimiter=" … ",
    )


def _per_game(
    asked: SearchQuery,
    by_game: Mapping[str, Combinable],
    expression: Callable[[Combinable], Combinable],
) -> Combinable:
    """``expression`` of the query each section's game reads."""
    if not by_game:
        return expression(asked)
    cases = [When(rulebook__game=game, then=expression(q)) for game, q in by_game.items()]
    return Case(*cases, default=expression(asked))


def _folded_contains(
    sections: QuerySet[Section], query: str, rewritten: Mapping[str, str] | None = None
) -> list[Hit]:
    asked = _terms(query)
    by_game = {game: _terms(text) for game, text in (rewritten or {}).items()}
    matches = _all_of(asked)
    for game, terms in by_game.items():
        matches |= Q(rulebook__game=game) & _all_of(terms)
    hits = []
    for section in sections.filter(matches)[:200]:
        read = by_game.get(section.rulebook.game, [])
        terms = asked + [term for term in read if term not in asked]
        title, body = fold(section.title), section.search_text
        rank = sum(3 * title.count(term) + body.count(term) for term in terms)
        hits.append(_hit(section, _snippet(section.plain_text, terms), float(rank)))
    hits.sort(key=lambda hit: -hit.rank)
    return hits[:RESULT_LIMIT]


def _terms(query: str) -> list[str]:
    return list(dict.fromkeys(w.strip("\"'") for w in fold(query).split() if w.strip("\"'")))


def _all_of(terms: list[str]) -> Q:
    every = Q()
    for term in terms:
        every &= Q(search_text__icontains=term)
    return every


def _hit(section: Section, snippet: SafeString, rank: float) -> Hit:
    return Hit(
        game=section.rulebook.game,
        page_title=section.rulebook.title,
        anchor=section.anchor,
        title=section.title,
        snippet=snippet,
        rank=rank,
    )


def _marked(headline: str) -> SafeString:
    text = str(escape(re.sub(r"\s+", " ", headline)))
    return mark_safe(text.replace(_START, "<mark>").replace(_STOP, "</mark>"))  # noqa: S308


def _snippet(text: str, terms: list[str]) -> SafeString:
    """An escaped extract of ``text`` around the first match, every match in <mark>."""
    text = re.sub(r"\s+", " ", text)
    folded, positions = fold_with_positions(text)
    spans = []
    for term in terms:
        spans += [
            (positions[m.start()], positions[m.end() - 1] + 1)
            for m in re.finditer(re.escape(term), folded)
        ]
    spans.sort()
    first = spans[0][0] if spans else 0
    start = max(0, first - _SNIPPET_CHARS // 3)
    end = min(len(text), start + _SNIPPET_CHARS)
    pieces, cursor = [], start
    for span_start, span_end in spans:
        if span_start < cursor or span_end > end:
            continue
        pieces += [escape(text[cursor:span_start]), "<mark>", escape(text[span_start:span_end])]
        pieces.append("</mark>")
        cursor = span_end
    pieces.append(escape(text[cursor:end]))
    prefix = "… " if start > 0 else ""
    suffix = " …" if end < len(text) else ""
    return mark_safe(prefix + "".join(str(p) for p in pieces) + suffix)  # noqa: S308
