"""Every rule the engines enforce links to a section that exists in every language."""

import importlib

import pytest
from django.conf import settings
from django.utils import translation

from games.engines.base import ErrorSpec, OptionSpec
from games.rulebooks.anchors import (
    engine_anchors,
    error_sections,
    error_url,
    loaded_anchors,
    problems,
)
from games.rulebooks.anchors import engines as all_engines

LANGUAGES = [code for code, _name in settings.LANGUAGES]


def test_every_engine_error_code_and_option_links_to_one_of_the_engines_sections():
    # No database needed: this is about the engines alone.
    assert problems(all_engines(), {}, languages=[]) == []


@pytest.mark.django_db
def test_every_anchor_an_engine_links_to_has_a_section_in_every_language(rulebooks):
    assert problems(all_engines(), loaded_anchors(), LANGUAGES) == []


def test_the_registry_lists_the_anchors_of_each_engine():
    anchors = engine_anchors()
    assert set(anchors) == {"richelieu", "risk", "collar"}
    assert "two-card-rule" in anchors["richelieu"]
    for slug, engine in all_engines().items():
        assert set(error_sections(engine).values()) <= anchors[slug]
        assert {"engine.bad_option", "engine.bad_player_count"} <= set(error_sections(engine))


def test_every_phase_and_every_kind_of_move_links_to_a_section():
    """The game page links its phase and the move chosen in its tray to the rulebook."""
    for slug, engine in all_engines().items():
        assert set(engine.phase_sections) == set(engine.phases), slug
        rules = importlib.import_module(f"games.{slug}.engine.rules")
        assert set(engine.action_sections) == set(rules.ACTIONS), slug
        assert set(engine.phase_sections.values()) <= set(engine.sections), slug
        assert set(engine.action_sections.values()) <= set(engine.sections), slug


class BrokenEngine(type(all_engines()["richelieu"])):  # a real engine with broken links
    """An engine that links to a section it does not list, and to one no rulebook has."""

    slug = "richelieu"
    sections = ("overview", "options", "no-such-section")
    errors = {"broken.unlisted": ErrorSpec("Broken.", "not-listed")}
    phase_sections = {"take": "taking-nothing"}
    options_schema = (OptionSpec("fast", "bool", False, "Fast", "", "also-unlisted"),)

    def player_counts(self, options):
        return (2,)


@pytest.mark.django_db
def test_the_check_reports_unlisted_sections_and_missing_anchors(rulebooks):
    found = problems({"richelieu": BrokenEngine()}, loaded_anchors(), ["it"])
    assert "richelieu: error broken.unlisted links to “not-listed”, not in its sections" in found
    assert "richelieu: option fast links to “also-unlisted”, unlisted" in found
    assert "richelieu: no section “no-such-section” in the it rulebook" in found
    assert "richelieu: no section “not-listed” in the it rulebook" in found
    assert "richelieu: phase take links to “taking-nothing”, not in its sections" in found


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_an_error_code_links_to_its_section_in_the_readers_language(client, rulebooks, language):
    with translation.override(language):
        url = error_url("richelieu", "richelieu.third_card")
    assert url == f"/{language}/rules/richelieu/section/two-card-rule/"
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"] == f"/{language}/rules/richelieu/#rule-two-card-rule"


@pytest.mark.django_db
def test_every_error_code_of_every_engine_lands_on_a_section(client, rulebooks):
    for slug, engine in all_engines().items():
        for code in error_sections(engine):
            with translation.override("it"):
                url = error_url(slug, code)
            assert client.get(url).status_code == 302, (slug, code)


def test_an_unknown_error_code_has_no_link():
    assert error_url("richelieu", "richelieu.no_such_code") is None
    assert error_url("chess", "chess.check") is None
