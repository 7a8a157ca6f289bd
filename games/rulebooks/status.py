"""Translation status: which translated sections lag behind the English page, and since when."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from urllib.parse import urlencode

from django.conf import settings
from django.urls import reverse
from django.utils import translation

from games.rulebooks.models import SOURCE_LANGUAGE, Revision, Rulebook, Section


def diff_url(game: str, language: str, old: int, new: int, section: str = "") -> str:
    """The diff page of ``game`` in ``language`` between two revisions (one section, if given)."""
    with translation.override(language):
        url = reverse("rulebooks:diff", args=[game])
    query = {"from": old, "to": new, **({"section": section} if section else {})}
    return f"{url}?{urlencode(query)}"


@dataclass(frozen=True)
class Outdated:
    """A translated section whose English original changed after it was translated."""

    translated_from: int
    since_number: int
    since: datetime
    source_number: int
    diff_url: str


def outdated_sections(book: Rulebook, sections: Iterable[Section]) -> dict[str, Outdated]:
    """anchor → why it is outdated, for the sections of a translated page (two queries at most)."""
    if book.is_source:
        return {}
    source_changes = dict(
        Section.objects.filter(
            rulebook__game=book.game, rulebook__language=SOURCE_LANGUAGE
        ).values_list("anchor", "changed_in")
    )
    stale = {
        s.anchor: s.translated_from
        for s in sections
        if s.translated_from is not None and source_changes.get(s.anchor, 0) > s.translated_from
    }
    if not stale:
        return {}
    revisions = list(
        Revision.objects.filter(
            rulebook__game=book.game,
            rulebook__language=SOURCE_LANGUAGE,
            number__gt=min(stale.values()),
        )
        .order_by("number")
        .only("number", "created_at", "changed_sections")
    )
    current = revisions[-1].number if revisions else max(source_changes.values())
    found = {}
    for anchor, base in stale.items():
        first = next(
            (r for r in revisions if r.number > base and anchor in r.changed_sections), None
        )
        found[anchor] = Outdated(
            translated_from=base,
            since_number=first.number if first else source_changes[anchor],
            since=first.created_at if first else book.updated_at,  # type: ignore[arg-type]
            source_number=current,
            diff_url=diff_url(book.game, SOURCE_LANGUAGE, base, current, anchor),
        )
    return found


# The status table: games × languages × sections ----------------------------------------------


@dataclass(frozen=True)
class Cell:
    state: str  # "source", "current", "outdated", "missing" or "extra"
    translated_from: int | None = None
    changed_in: int | None = None
    diff_url: str = ""


@dataclass
class Row:
    anchor: str
    title: str
    cells: list[Cell] = field(default_factory=list)
    title_language: str = SOURCE_LANGUAGE


@dataclass
class GameStatus:
    game: str
    languages: list[str]
    revisions: dict[str, int]
    rows: list[Row]

    def counts(self) -> dict[str, dict[str, int]]:
        """language → state → how many sections are in that state."""
        totals: dict[str, dict[str, int]] = {code: {} for code in self.languages}
        for row in self.rows:
            for code, cell in zip(self.languages, row.cells, strict=True):
                totals[code][cell.state] = totals[code].get(cell.state, 0) + 1
        return totals


def status_table(games: Sequence[str], reader: str = SOURCE_LANGUAGE) -> list[GameStatus]:
    """For each game, each English section (then any extra ones) in every language, named in
    the ``reader``'s language where that page has the section (else in English)."""
    languages = sorted(
        (code for code, _name in settings.LANGUAGES), key=lambda code: code != SOURCE_LANGUAGE
    )
    revisions: dict[str, dict[str, int]] = {}
    for game, language, number in Rulebook.objects.filter(revision_number__gt=0).values_list(
        "game", "language", "revision_number"
    ):
        revisions.setdefault(game, {})[language] = number
    sections: dict[tuple[str, str], dict[str, tuple[str, int, int | None]]] = {}
    order: dict[str, list[str]] = {}
    rows = Section.objects.order_by("rulebook__game", "position").values_list(
        "rulebook__game", "rulebook__language", "anchor", "title", "changed_in", "translated_from"
    )
    for game, language, anchor, title, changed_in, translated_from in rows:
        sections.setdefault((game, language), {})[anchor] = (title, changed_in, translated_from)
        if anchor not in order.setdefault(game, []):
            order[game].append(anchor)
    return [
        _game_status(
            game, languages, revisions.get(game, {}), sections, order.get(game, []), reader
        )
        for game in games
    ]


def _game_status(
    game: str,
    languages: list[str],
    revisions: dict[str, int],
    sections: dict[tuple[str, str], dict[str, tuple[str, int, int | None]]],
    anchors: list[str],
    reader: str,
) -> GameStatus:
    source = sections.get((game, SOURCE_LANGUAGE), {})
    ordered = [a for a in anchors if a in source] + [a for a in anchors if a not in source]
    # The reader's language first, then English, then any page that has the section.
    preference = [reader] + [code for code in languages if code != reader]
    rows = []
    for anchor in ordered:
        named = [(code, sections.get((game, code), {}).get(anchor)) for code in preference]
        code, entry = next(((c, e) for c, e in named if e), (SOURCE_LANGUAGE, None))
        row = Row(anchor=anchor, title=entry[0] if entry else anchor, title_language=code)
        for code in languages:
            row.cells.append(_cell(game, code, anchor, source, sections, revisions))
        rows.append(row)
    return GameStatus(game=game, languages=languages, revisions=revisions, rows=rows)


def _cell(
    game: str,
    language: str,
    anchor: str,
    source: dict[str, tuple[str, int, int | None]],
    sections: dict[tuple[str, str], dict[str, tuple[str, int, int | None]]],
    revisions: dict[str, int],
) -> Cell:
    entry = sections.get((game, language), {}).get(anchor)
    if entry is None:
        return Cell("missing")
    if language == SOURCE_LANGUAGE:
        return Cell("source", changed_in=entry[1])
    original = source.get(anchor)
    if original is None:
        return Cell("extra")
    translated_from = entry[2]
    if translated_from is None or original[1] <= translated_from:
        return Cell("current", translated_from=translated_from)
    latest = revisions.get(SOURCE_LANGUAGE, original[1])
    link = diff_url(game, SOURCE_LANGUAGE, translated_from, latest, anchor)
    return Cell("outdated", translated_from=translated_from, changed_in=original[1], diff_url=link)
