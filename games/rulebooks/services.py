"""The write path of the wiki: every save makes a revision and re-cuts the page into sections."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.rulebooks import markup
from games.rulebooks.models import Revision, Rulebook, Section, latest_revision_number

_HEADING = re.compile(r"\A\s*<h2[^>]*>.*?</h2>", re.DOTALL)


class EditConflict(Exception):
    """Someone saved the page after the revision this edit started from."""

    def __init__(self, current: Revision | None) -> None:
        super().__init__("the page changed since the edit began")
        self.current = current


@dataclass(frozen=True)
class SaveRequest:
    """What an editor (or the loader, or a revert) asks to save."""

    markdown: str
    author: Any = None  # a user, or None for the loader
    summary: str = ""
    origin: str = Revision.Origin.EDIT
    reverted_from: int | None = None
    # Translations only: the English revision the editor worked from, the sections they say
    # now match it, and (for a revert) the translation state to restore.
    source_revision: int | None = None
    mark_current: Collection[str] = ()
    restore: Mapping[str, int] | None = None


def save_page(game: str, language: str, base_revision: int, request: SaveRequest) -> Revision:
    """Save a new revision of the page, or raise ``EditConflict`` if ``base_revision`` is stale.

    ``base_revision`` is 0 to create a page. The page row is locked (PostgreSQL) and its
    revision number compared and swapped (everywhere), so of two saves from one base exactly
    one wins; the other gets ``EditConflict`` and nothing of either is lost.
    """
    parsed = markup.parse_page(request.markdown)
    try:
        with transaction.atomic():
            book = _lock_page(game, language)
            if book.revision_number != base_revision:
                raise EditConflict(_latest(book))
            now = timezone.now()
            number = base_revision + 1
            swapped = Rulebook.objects.filter(pk=book.pk, revision_number=base_revision).update(
                revision_number=number,
                title=parsed.title,
                intro_markdown=parsed.intro,
                intro_html=markup.render(parsed.intro),
                updated_at=now,
            )
            if swapped != 1:
                raise EditConflict(_latest(book))
            changed, translated_from = _sync_sections(book, parsed, number, now, request)
            return Revision.objects.create(
                rulebook=book,
                number=number,
                author=request.author,
                created_at=now,
                origin=request.origin,
                summary=request.summary,
                markdown=markup.normalise(request.markdown),
                reverted_from=request.reverted_from,
                changed_sections=changed,
                translated_from=translated_from,
            )
    except IntegrityError as error:
        # Two first saves of a new page, or two saves racing on SQLite: the loser is told.
        existing = Rulebook.objects.filter(game=game, language=language).first()
        raise EditConflict(_latest(existing) if existing else None) from error


def revert_page(book: Rulebook, target: Revision, base_revision: int, author: Any) -> Revision:
    """A new revision with the text (and translation state) of an older one."""
    request = SaveRequest(
        markdown=target.markdown,
        author=author,
        origin=Revision.Origin.REVERT,
        reverted_from=target.number,
        source_revision=latest_revision_number(book.game),
        restore=target.translated_from,
    )
    return save_page(book.game, book.language, base_revision, request)


def _lock_page(game: str, language: str) -> Rulebook:
    book, _created = Rulebook.objects.get_or_create(game=game, language=language)
    return Rulebook.objects.select_for_update().get(pk=book.pk)


def _latest(book: Rulebook) -> Revision | None:
    return book.revisions.select_related("author").order_by("-number").first()


def _sync_sections(
    book: Rulebook, parsed: markup.ParsedPage, number: int, now: datetime, request: SaveRequest
) -> tuple[list[str], dict[str, int]]:
    """Update the section rows to match ``parsed``; anchors keep their rows (and history)."""
    existing = {section.anchor: section for section in book.sections.all()}
    new, kept = [], []
    changed: list[str] = []
    for position, part in enumerate(parsed.sections):
        section = existing.pop(part.anchor, None)
        if section is None:
            section = Section(rulebook=book, anchor=part.anchor)
            new.append(section)
        else:
            kept.append(section)
        text_changed = section.pk is None or section.markdown != part.markdown
        section.position = position
        section.title = part.title
        if text_changed:
            changed.append(part.anchor)
            _render_section(section, part, number, now)
        section.translated_from = _translated_from(book, section, text_changed, request)
    if existing:
        changed.extend(existing)
        Section.objects.filter(pk__in=[s.pk for s in existing.values()]).delete()
    Section.objects.bulk_create(new)
    Section.objects.bulk_update(
        kept,
        [
            "position", "title", "markdown", "html", "plain_text", "search_text",
            "changed_in", "changed_at", "translated_from",
        ],
    )  # fmt: skip
    state = {s.anchor: s.translated_from for s in [*new, *kept] if s.translated_from is not None}
    return sorted(changed), state


def _render_section(
    section: Section, part: markup.ParsedSection, number: int, now: datetime
) -> None:
    section.markdown = part.markdown
    section.html = markup.render(part.markdown, section=part.anchor)
    # The title is searched on its own; the text starts after the heading.
    section.plain_text = markup.plain_text(_HEADING.sub("", section.html, count=1))
    section.search_text = markup.fold(f"{part.title}\n{section.plain_text}")
    section.changed_in = number
    section.changed_at = now


def _translated_from(
    book: Rulebook, section: Section, text_changed: bool, request: SaveRequest
) -> int | None:
    """Which English revision a translated section now matches.

    A revert restores what the old revision recorded. Otherwise a section whose text the
    translator changed, or that they tick as matching the English, matches the English
    revision they worked from; any other section keeps what it had.
    """
    if book.is_source:
        return None
    if request.restore is not None and section.anchor in request.restore:
        return int(request.restore[section.anchor])
    if request.source_revision and (text_changed or section.anchor in request.mark_current):
        return request.source_revision
    return section.translated_from
