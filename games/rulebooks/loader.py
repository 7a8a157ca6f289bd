"""Load the rulebook files (``games/<game>/rulebook/<language>.md``) as the first revision of each
page."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings

from games.rulebooks import markup
from games.rulebooks.models import SOURCE_LANGUAGE, Revision, Rulebook, latest_revision_number
from games.rulebooks.services import SaveRequest, save_page

#: Each game package keeps its rulebook texts in ``rulebook/``.
CONTENT_DIR = Path(__file__).resolve().parent.parent


@dataclass
class LoadReport:
    loaded: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)


def content_files(folder: Path = CONTENT_DIR) -> list[tuple[str, str, Path]]:
    """(game, language, path) of every rulebook file, English first within each game."""
    languages = [code for code, _name in settings.LANGUAGES]
    order = sorted(languages, key=lambda code: code != SOURCE_LANGUAGE)
    found = []
    for book_dir in sorted(folder.glob("*/rulebook")):
        for language in order:
            path = book_dir / f"{language}.md"
            if path.is_file():
                found.append((book_dir.parent.name, language, path))
    return found


def load_rulebooks(folder: Path = CONTENT_DIR) -> LoadReport:
    """Save each file as revision 1 of its page, unless the page has revisions already.

    Running it again changes nothing: a page that exists is left as its editors made it.
    """
    report = LoadReport()
    for game, language, path in content_files(folder):
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
