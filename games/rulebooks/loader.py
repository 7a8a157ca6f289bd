"""Load each installed game's rulebook files (``rulebook/<language>.md`` in its package) as the
first revision of each page."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings

from games.registry import installed_games
from games.rulebooks import markup
from games.rulebooks.models import SOURCE_LANGUAGE, Revision, Rulebook, latest_revision_number
from games.rulebooks.services import SaveRequest, save_page


@dataclass
class LoadReport:
    loaded: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)


def rulebook_dirs() -> dict[str, Path]:
    """Each installed game's folder of rulebook texts (``rulebook/`` in its package)."""
    return {slug: game.rulebook_dir for slug, game in installed_games().items()}


def content_files(books: Mapping[str, Path] | None = None) -> list[tuple[str, str, Path]]:
    """(game, language, path) of every rulebook file, English first within each game."""
    languages = [code for code, _name in settings.LANGUAGES]
    order = sorted(languages, key=lambda code: code != SOURCE_LANGUAGE)
    found = []
    for game, folder in (rulebook_dirs() if books is None else books).items():
        for language in order:
            path = folder / f"{language}.md"
            if path.is_file():
                found.append((game, language, path))
    return found


def load_rulebooks(books: Mapping[str, Path] | None = None) -> LoadReport:
    """Save each file as revision 1 of its page, unless the page has revisions already.

    Running it again changes nothing: a page that exists is left as its editors made it.
    """
    report = LoadReport()
    for game, language, path in content_files(books):
        name = f"{game}/{language}"
        if Rulebook.objects.filter(game=game, language=language, revision_number__gt=0).exists():
            report.kept.append(name)
            continue
        text = path.read_text(encoding="utf-8")
        try:
            markup.parse_page(text)
        except markup.PageFormatError as error:
            raise markup.PageFormatError(f"{path}: {error}") from error
        request = SaveRequest(
            markdown=text,
            origin=Revision.Origin.LOAD,
            source_revision=latest_revision_number(game),
        )
        save_page(game, language, 0, request)
        report.loaded.append(name)
    return report
