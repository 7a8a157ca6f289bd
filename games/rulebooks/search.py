"""Searching the rules in one language.

On PostgreSQL: full-text search with a configuration per language (``partida_spanish`` and so
on, created by migration 0002: the stock Spanish, Italian or English configuration with
``unaccent`` in front of the stemmer), so "preparacion" finds "Preparación"; ranked, with
highlighted snippets from ``ts_headline``. On SQLite: every word must appear in the section's
folded text (lower case, accents removed in Python), ranked by how often the words occur.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.contrib.postgres.search import SearchHeadline, SearchQuery, SearchRank, SearchVector
from django.db import connection
from django.db.models import F, QuerySet
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

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
    if connection.vendor == "postgresql":
        return _full_text(sections, SEARCH_CONFIGS.get(language, "simple"), query)
    return _folded_contains(sections, query)


def _full_text(sections: QuerySet[Section], config: str, query: str) -> list[Hit]:
    vector = SearchVector("title", weight="A", config=config) + SearchVector(
        "plain_text", weight="B", config=config
    )
    search_query = SearchQuery(query, config=config, search_type="websearch")
    rows = (
        sections.annotate(document=vector)
        .filter(document=search_query)
        .annotate(
            rank=SearchRank(F("document"), search_query),
            headline=SearchHeadline(
                "plain_text",
                search_query,
                config=config,
                start_sel=_START,
                stop_sel=_STOP,
                max_words=35,
                min_words=15,
                max_fragments=2,
                fragment_delimiter=" … ",
            ),
        )
        .order_by("-rank", "rulebook__game", "position")[:RESULT_LIMIT]
    )
    return [_hit(row, _marked(row.headline), row.rank) for row in rows]


def _folded_contains(sections: QuerySet[Section], query: str) -> list[Hit]:
    terms = list(dict.fromkeys(w.strip("\"'") for w in fold(query).split() if w.strip("\"'")))
    for term in terms:
        sections = sections.filter(search_text__icontains=term)
    hits = []
    for section in sections[:200]:
        title, body = fold(section.title), section.search_text
        rank = sum(3 * title.count(term) + body.count(term) for term in terms)
        hits.append(_hit(section, _snippet(section.plain_text, terms), float(rank)))
    hits.sort(key=lambda hit: -hit.rank)
    return hits[:RESULT_LIMIT]


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
