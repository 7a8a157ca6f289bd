"""The rulebook files become nine pages, once: `make run` loads them and a rerun changes nothing."""

import io

import pytest
from django.core.management import call_command
from django.utils import translation

from games.rulebooks.loader import load_rulebooks
from games.rulebooks.markup import PageFormatError
from games.rulebooks.models import Revision, Rulebook, Section

pytestmark = pytest.mark.django_db

GAMES = ("richelieu", "risk", "collar")
LANGUAGES = ("es", "it", "en")


def snapshot():
    return (
        list(Rulebook.objects.order_by("pk").values()),
        list(Section.objects.order_by("pk").values()),
        list(Revision.objects.order_by("pk").values()),
    )


@pytest.fixture
def loaded(db):
    """The real command, not the shared copy of its result."""
    call_command("load_rulebooks", stdout=io.StringIO())


def test_the_nine_pages_exist_after_loading(loaded):
    pages = {(b.game, b.language): b for b in Rulebook.objects.all()}
    assert set(pages) == {(game, language) for game in GAMES for language in LANGUAGES}
    for book in pages.values():
        assert book.revision_number == 1
        assert book.title and book.intro_html
        assert book.sections.count() >= 15
        first = book.revisions.get()
        assert (first.number, first.author, first.origin) == (1, None, Revision.Origin.LOAD)


@pytest.mark.parametrize("game", GAMES)
def test_every_section_anchor_exists_in_all_three_languages_in_the_same_order(loaded, game):
    anchors = {
        language: list(
            Section.objects.filter(rulebook__game=game, rulebook__language=language)
            .order_by("position")
            .values_list("anchor", flat=True)
        )
        for language in LANGUAGES
    }
    assert anchors["en"]
    assert anchors["es"] == anchors["en"]
    assert anchors["it"] == anchors["en"]


def test_running_the_loader_twice_changes_nothing(loaded):
    before = snapshot()
    out = io.StringIO()
    call_command("load_rulebooks", stdout=out)
    assert snapshot() == before
    assert "0 pages loaded, 9 kept" in out.getvalue()


def test_the_loader_leaves_a_page_with_revisions_as_its_editors_left_it(loaded):
    book = Rulebook.objects.get(game="risk", language="it")
    book.sections.filter(anchor="dice").update(title="Edited by hand")
    Section.objects.filter(rulebook__game="risk", rulebook__language="es").delete()
    before = snapshot()
    report = load_rulebooks()
    assert report.loaded == []
    assert snapshot() == before


def test_the_loader_fills_in_a_page_that_is_missing(loaded):
    Rulebook.objects.filter(game="collar", language="es").delete()
    report = load_rulebooks()
    assert report.loaded == ["collar/es"]
    assert Rulebook.objects.get(game="collar", language="es").revision_number == 1


def test_a_file_with_a_heading_without_anchor_stops_the_loader_with_its_name(db, tmp_path):
    (tmp_path / "chess" / "rulebook").mkdir(parents=True)
    (tmp_path / "chess" / "rulebook" / "en.md").write_text(
        "# Chess\n\nIntro.\n\n## Moves\n\nText.\n"
    )
    with (
        translation.override("en"),
        pytest.raises(PageFormatError, match=r"chess/rulebook/en\.md.*Line 5"),
    ):
        load_rulebooks({"chess": tmp_path / "chess" / "rulebook"})
    assert not Rulebook.objects.filter(revision_number__gt=0).exists()


def test_the_site_setup_loads_the_rulebooks_and_prints_one_line(db):
    out = io.StringIO()
    call_command("setup_site", "--no-demo", stdout=out)
    lines = out.getvalue().splitlines()
    assert [line for line in lines if line.startswith("Rulebooks:")] == [
        "Rulebooks: 9 pages loaded, 0 kept as their editors left them."
    ]
    assert Rulebook.objects.count() == 9
