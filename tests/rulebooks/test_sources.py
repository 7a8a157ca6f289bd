"""Every rule says where it comes from: each section of each game's rulebook, in every language,
has its source (``Game.rule_sources``: the printed editions and their sections, a decision, a
reconstruction, a site rule, or the site's guide), shown under its heading in the reader's
language, with the printed section's name in the printed edition's language."""

import re

import pytest

from games.registry import installed_games
from games.rulebooks.markup import parse_page
from games.rulebooks.models import DOM_PREFIX
from games.rulebooks.views import source_note

GAMES = ("richelieu", "risk", "collar")


def anchors(game, language):
    path = installed_games()[game].rulebook_dir / f"{language}.md"
    return {section.anchor for section in parse_page(path.read_text()).sections}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_each_section_of_each_rulebook_has_a_source_and_each_source_a_section(game, language):
    sources = installed_games()[game].rule_sources
    assert sources is not None
    assert anchors(game, language) == set(sources.sections)


@pytest.mark.parametrize("game", GAMES)
def test_each_source_says_something_and_names_a_known_edition(game):
    sources = installed_games()[game].rule_sources
    for anchor, source in sources.sections.items():
        told = (source.printed, source.decision, source.reconstruction, source.site, source.guide)
        assert any(told), anchor
        for edition, _section in source.printed:
            assert edition in sources.editions, (anchor, edition)


def test_a_rule_the_editions_disagree_on_is_a_decision_only_in_the_richelieu_rulebook():
    # The short variant: printed in all three editions, which disagree on when it ends.
    source = installed_games()["richelieu"].rule_sources.sections["short-variant"]
    assert {edition for edition, _ in source.printed} == {"es", "it", "en"}
    assert source.decision and source.site


def section_html(page, anchor):
    start = page.index(f'id="{DOM_PREFIX}{anchor}"')
    end = page.find('<section class="rule-section"', start)
    return page[start:end]


@pytest.mark.django_db
def test_a_reader_sees_where_a_section_comes_from_in_their_language(client, rulebooks):
    page = client.get("/es/rules/richelieu/").content.decode()
    short = section_html(page, "short-variant")
    assert '<details class="rule-source">' in short
    summary = re.sub(r"\s+", " ", re.search(r"<summary>(.*?)</summary>", short, re.S)[1])
    assert summary == "Fuente: reglas impresas · una decisión · una regla del sitio"
    # The printed sections keep their printed names, marked in their own language.
    assert '<q lang="it">Variante</q>' in short
    assert '<q lang="en">Variant for 2 player game</q>' in short
    assert "en el reglamento italiano" in short
    assert "la variante corta es una extensión del sitio" in short


@pytest.mark.django_db
def test_the_sites_own_help_says_it_adds_no_rule(client, rulebooks):
    page = client.get("/en/rules/risk/").content.decode()
    assert "Source: the site&#x27;s guide" in section_html(page, "glossary")
    assert "it adds no rule" in section_html(page, "glossary")
    blitz = section_html(page, "blitz")
    assert "Source: a site rule" in blitz and "Printed in" not in blitz


def test_a_section_the_game_gives_no_source_for_shows_none():
    sources = installed_games()["collar"].rule_sources
    assert source_note(sources, "a-section-an-editor-added") is None
    assert source_note(None, "setup") is None
    assert source_note(sources, "setup")["kinds"] == ["printed rules", "a site rule"]
