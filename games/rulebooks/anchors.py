"""Which rulebook sections the engines link to, and where an engine error sends the reader.

Each engine lists the anchors it links to in ``sections``; each error code and each option
names one of them. The game pages (and move error messages) link to
``/<language>/rules/<game>/section/<anchor>/``, which lands on the heading in the reader's
language. ``problems`` lists every broken link; a test keeps that list empty.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from functools import cache
from typing import Any

from django.urls import NoReverseMatch, reverse
from django.utils import translation

from games.engines.base import EngineError
from games.registry import installed_games
from games.rulebooks.models import Section

logger = logging.getLogger(__name__)

#: Error codes raised by the shared engine code rather than listed in an engine's ``errors``.
BASE_ERROR_CODES = ("engine.bad_option", "engine.bad_player_count")


def engines() -> Mapping[str, Any]:
    return {slug: game.engine for slug, game in installed_games().items()}


def error_sections(engine: Any) -> dict[str, str]:
    """Error code → section anchor for every error ``engine`` can raise."""
    mapping = {code: spec.section for code, spec in engine.errors.items()}
    mapping[BASE_ERROR_CODES[0]] = engine.bad_option("").section
    try:
        engine.check_players(0, engine.normalise_options({}))
    except EngineError as error:
        mapping[error.code] = error.section
    return mapping


def linked_anchors(engine: Any) -> frozenset[str]:
    """Every anchor ``engine`` links to: its sections, error sections and option sections,
    and the sections of its phases and action types."""
    anchors = set(engine.sections)
    anchors.update(error_sections(engine).values())
    anchors.update(option.section for option in engine.options_schema)
    anchors.update(table_sections(engine).values())
    return frozenset(anchors)


def table_sections(engine: Any) -> dict[str, str]:
    """The section the game page links each phase ("phase <code>") and each action type
    ("action <type>") to."""
    return {
        **{f"phase {code}": anchor for code, anchor in engine.phase_sections.items()},
        **{f"action {kind}": anchor for kind, anchor in engine.action_sections.items()},
    }


def engine_anchors() -> dict[str, frozenset[str]]:
    """For each engine slug, the set of anchors it links to."""
    return {slug: linked_anchors(engine) for slug, engine in engines().items()}


def required_anchors(game: str) -> frozenset[str]:
    """The anchors an edit of ``game``'s page must keep (none if the engines cannot load)."""
    try:
        return engine_anchors().get(game, frozenset())
    except ImportError:  # pragma: no cover - only while an engine is being written
        logger.warning("The game engines cannot be imported; anchors are not checked.")
        return frozenset()


def loaded_anchors() -> dict[str, dict[str, set[str]]]:
    """game → language → the anchors of that page as stored."""
    found: dict[str, dict[str, set[str]]] = {}
    rows = Section.objects.values_list("rulebook__game", "rulebook__language", "anchor")
    for game, language, anchor in rows:
        found.setdefault(game, {}).setdefault(language, set()).add(anchor)
    return found


def problems(
    engine_map: Mapping[str, Any], pages: Mapping[str, Mapping[str, set[str]]], languages: Any
) -> list[str]:
    """Every link from an engine that leads nowhere, in words; empty when all is well."""
    found = []
    for slug, engine in engine_map.items():
        listed = set(engine.sections)
        for code, anchor in sorted(error_sections(engine).items()):
            if anchor not in listed:
                found.append(f"{slug}: error {code} links to “{anchor}”, not in its sections")
        for option in engine.options_schema:
            if option.section not in listed:
                found.append(f"{slug}: option {option.name} links to “{option.section}”, unlisted")
        for what, anchor in sorted(table_sections(engine).items()):
            if anchor not in listed:
                found.append(f"{slug}: {what} links to “{anchor}”, not in its sections")
        for language in languages:
            present = pages.get(slug, {}).get(language, set())
            for anchor in sorted(linked_anchors(engine) - present):
                found.append(f"{slug}: no section “{anchor}” in the {language} rulebook")
    return found


def section_url(game: str, anchor: str | None, language: str | None = None) -> str:
    """The site's one link to a rulebook section (it redirects to the heading), in
    ``language`` or the active one; "" without an anchor. Pages use it as it is, the API on
    the address its caller used (``games.api.addresses.absolute``)."""
    if not anchor:
        return ""
    try:
        with translation.override(language or translation.get_language()):
            return reverse("rulebooks:section", args=[game, anchor])
    except NoReverseMatch:
        return ""


@cache
def _error_map(game: str) -> Mapping[str, str]:
    engine = engines().get(game)
    return error_sections(engine) if engine is not None else {}


def phase_url(game: str, phase: Any) -> str:
    """The section that explains ``phase`` (a view's ``phase``) of ``game``; "" if none."""
    engine = engines().get(game)
    sections = engine.phase_sections if engine is not None else {}
    return section_url(game, sections.get(phase) if isinstance(phase, str) else None)


def action_url(game: str, kind: Any) -> str:
    """The section that explains an action of type ``kind`` in ``game``; "" if none."""
    engine = engines().get(game)
    sections = engine.action_sections if engine is not None else {}
    return section_url(game, sections.get(kind) if isinstance(kind, str) else None)


def error_url(game: str, code: str) -> str | None:
    """Where the reader of an engine error learns the rule it enforces (None if unknown)."""
    anchor = _error_map(game).get(code)
    return section_url(game, anchor) if anchor else None
