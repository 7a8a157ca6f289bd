"""The rules wiki for readers: pages, sections, history, diffs, translation status, search.

The language of a URL is the language of the page it shows: ``/it/rules/risk/`` is the
Italian page. Anyone may read; editing and reverting (``editing.py``) need the permission.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.core.errors import ServiceError
from games.engines.base import EngineError, redact_event
from games.play import narration, table
from games.play.errors import engine_message
from games.play.narration import describe_action
from games.play.pages import RANGE_KEYS, concrete_action, fallback_fields
from games.registry import DrawnPosition, Game, RuleSource, RuleSources, installed_games
from games.rulebooks import markup, sandbox
from games.rulebooks.diffs import diff_rows
from games.rulebooks.figures import figures_of, with_figures
from games.rulebooks.forms import DiffForm, SearchForm
from games.rulebooks.models import (
    DOM_PREFIX,
    EDIT_PERMISSION,
    MAX_NUMBER,
    SOURCE_LANGUAGE,
    Revision,
    Rulebook,
)
from games.rulebooks.search import search as search_sections
from games.rulebooks.status import outdated_sections, status_table

HISTORY_PAGE_SIZE = 50


def game_name(slug: str) -> str:
    game = installed_games().get(slug)
    return game.name if game else slug.replace("-", " ").title()


def _ordered(games: Iterable[str]) -> list[str]:
    """The installed games in the registry's order, then any others alphabetically."""
    present, installed = set(games), list(installed_games())
    return [slug for slug in installed if slug in present] + sorted(present - set(installed))


def current_language() -> str:
    return translation.get_language() or settings.LANGUAGE_CODE


def page_or_404(game: str) -> Rulebook:
    """The page of ``game`` in the URL's language (no fallback: history, diff and edit)."""
    book = Rulebook.objects.page(game, current_language())
    if book is None:
        raise Http404(_("There is no such rulebook."))
    return book


def revision_or_404(book: Rulebook, number: int) -> Revision:
    if number > MAX_NUMBER:
        raise Http404(_("There is no such revision."))
    revisions = Revision.objects.select_related("author")
    return get_object_or_404(revisions, rulebook=book, number=number)


def _languages_of(pages: list[Rulebook]) -> list[tuple[str, str]]:
    """(language, URL) of each language the game's rules exist in, in the site's order."""
    present = {page.language: page for page in pages}
    return [
        (code, present[code].get_absolute_url())
        for code, _name in settings.LANGUAGES
        if code in present
    ]


def _search_form(game: str = "", data: Any = None) -> SearchForm:
    games = [(slug, game_name(slug)) for slug in Rulebook.objects.games()]
    return SearchForm(data, games=games, initial={"game": game})


# Reading ---------------------------------------------------------------------------------------


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    pages = Rulebook.objects.filter(revision_number__gt=0)
    table: dict[str, dict[str, Rulebook]] = {}
    for page in pages:
        table.setdefault(page.game, {})[page.language] = page
    rows = [
        {
            "game": slug,
            "name": game_name(slug),
            "cells": [(code, table[slug].get(code)) for code, _name in settings.LANGUAGES],
        }
        for slug in _ordered(table)
    ]
    context = {"rows": rows, "search_form": _search_form()}
    return render(request, "rulebooks/index.html", context)


@require_GET
def page(request: HttpRequest, game: str) -> HttpResponse:
    """The rules of ``game`` in the URL's language, or in English with a notice."""
    language = current_language()
    pages = list(Rulebook.objects.filter(game=game, revision_number__gt=0))
    by_language = {p.language: p for p in pages}
    book = by_language.get(language) or by_language.get(SOURCE_LANGUAGE)
    if book is None:
        raise Http404(_("There is no such rulebook."))
    sections = list(book.sections.defer("markdown", "plain_text", "search_text"))
    outdated = outdated_sections(book, sections)
    installed = installed_games().get(game)
    sources = installed.rule_sources if installed else None
    drawn = figures_of(game, language) if installed else {}
    context = {
        "book": book,
        "game_name": game_name(game),
        "entries": [
            (
                s,
                outdated.get(s.anchor),
                source_note(sources, s.anchor),
                with_figures(s.anchor, s.body_html, drawn),
            )
            for s in sections
        ],
        "fallback": book.language != language,
        "languages": _languages_of(pages),
        "can_edit": request.user.has_perm(EDIT_PERMISSION),
        "search_form": _search_form(game),
        "calculators": installed.calculators if installed else (),
        # The board's own styles, for the examples drawn with it.
        "board_stylesheet": installed.board_stylesheet
        if installed and installed.example_positions
        else None,
    }
    return render(request, "rulebooks/page.html", context)


def source_note(sources: RuleSources | None, anchor: str) -> dict[str, Any] | None:
    """What a section's source says, in the reader's language: ``kinds`` for its one-line
    summary, then the printed sections it comes from (``printed``: edition, section name and
    the edition's language), the parts told in a sentence (``told``: name, sentence) and
    whether it is the site's ``guide`` (None: the game gives no source for it)."""
    source = sources.sections.get(anchor) if sources else None
    if sources is None or source is None:
        return None
    told = _told_parts(source)
    kinds = [_("printed rules")] if source.printed else []
    kinds += [label for _name, label, _text in told]
    kinds += [_("the site's guide")] if source.guide else []
    printed = [
        {"edition": sources.editions[edition], "section": name, "lang": edition}
        for edition, name in source.printed
    ]
    return {
        "kinds": kinds,
        "printed": printed,
        "told": [(name, text) for name, _label, text in told],
        "guide": source.guide,
    }


def _told_parts(source: RuleSource) -> list[tuple[str, str, str]]:
    """The parts told in a sentence: (name, its label in the summary, the sentence)."""
    parts = [
        (_("Decision"), _("a decision"), source.decision),
        (_("Reconstruction"), _("a reconstruction"), source.reconstruction),
        (_("Site rule"), _("a site rule"), source.site),
    ]
    return [(name, label, str(text)) for name, label, text in parts if text]


@require_GET
def calculator(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    """One of the game's tools (``Game.calculators``): its form, and what the game's code makes
    of the numbers once they are valid."""
    found = installed_games().get(game)
    tool = next((c for c in found.calculators if c.slug == slug), None) if found else None
    if tool is None:
        raise Http404(_("There is no such calculator."))
    form = tool.form(request.GET or None)
    result = tool.compute(form.cleaned_data) if form.is_bound and form.is_valid() else None
    context = {"tool": tool, "game": game, "game_name": game_name(game), "form": form,
               "result": result}  # fmt: skip
    return render(request, "rulebooks/calculator.html", context)


@require_GET
def try_example(request: HttpRequest, game: str, anchor: str) -> HttpResponse:
    """A worked example's table to play on, the same table as a match page's: the board as the
    seat to move sees it, its taps and tray, and each whole move as a link too
    (``games.rulebooks.sandbox``). A move the tray sends (``action``, with the values chosen)
    is checked, added to the moves of the address and the page reloads with them; one the
    engine refuses is a 400 with the table as it was."""
    found = installed_games().get(game)
    position = found.example_positions.get(anchor) if found else None
    if found is None or position is None:
        raise Http404(_("There is no such example."))
    context: dict[str, Any] = {"game": game, "game_name": game_name(game), "anchor": anchor,
                               "board_stylesheet": found.board_stylesheet}  # fmt: skip
    try:
        moves = sandbox.parse_moves(request.GET.get("moves", ""))
        state = sandbox.replay(found.engine, position, moves)
    except (sandbox.BadMoves, EngineError):
        return render(request, "rulebooks/try.html", context | {"refused": True}, status=400)
    if "action" in request.GET:
        try:
            moves = _with_new_move(request, found, state, moves)
        except (ServiceError, EngineError, sandbox.BadMoves) as error:
            table = _sandbox_table(request, found, position, moves, state)
            notice = {"notice": _refusal(error)}
            return render(request, "rulebooks/try.html", context | table | notice, status=400)
        return redirect(f"{request.path}?{urlencode({'moves': sandbox.encode_moves(moves)})}")
    table = _sandbox_table(request, found, position, moves, state)
    return render(request, "rulebooks/try.html", context | table)


def _with_new_move(
    request: HttpRequest, found: Game, state: Any, moves: list[sandbox.Move]
) -> list[sandbox.Move]:
    """``moves`` and the move the sandbox's form sends, if the engine takes it (else its
    ``ServiceError``, ``EngineError`` or ``BadMoves``)."""
    action = concrete_action(request.GET)
    sandbox.play(found.engine, state, action)
    seat = next(iter(found.engine.to_act(state)))
    played = [*moves, sandbox.as_move(found.engine.legal_actions(state, seat), action)]
    if len(played) > sandbox.MOST_MOVES or len(sandbox.encode_moves(played)) > sandbox.LONGEST:
        raise sandbox.BadMoves("too many moves")
    return played


def _refusal(error: Exception) -> str:
    """Why the sandbox did not play a move, in the reader's words."""
    if isinstance(error, EngineError):
        return engine_message(error)
    if isinstance(error, ServiceError):
        return str(error.message)
    return _("No more moves can be played on this table: start again.")


def _sandbox_table(
    request: HttpRequest,
    found: Game,
    position: DrawnPosition,
    moves: list[sandbox.Move],
    state: Any,
) -> dict[str, Any]:
    """The sandbox's table after ``moves``: the board as the seat to move sees it (its
    ``engine.view``, never the state) with the last move told above it, the table's actions
    for the tray, the whole moves as links, and the link to take back the last move."""
    engine = found.engine
    seat = next(iter(engine.to_act(state)), None)
    viewer = seat if seat is not None else position.seat
    view = engine.view(state, viewer)
    names = {number: str(name) for number, name in enumerate(position.names)}
    legal = engine.legal_actions(state, seat) if seat is not None else []
    actions = table.table_actions(found.slug, legal, names)
    # The last move's events as the seat to move may see them, told as on a match page.
    seen = [redact_event(event, viewer) for event in engine.events(state)] if moves else []
    lines = [narration.render_event(found.slug, event, viewer, False, names) for event in seen]
    last = {"lines": lines} if lines else None
    played = sandbox.encode_moves(moves)
    return {
        "board": found.presenter.board(view, narration.language(), table.taps(actions)),
        "view": view,
        "viewer": viewer,
        "names": names,
        "board_template": found.board_template,
        "last_move": last,
        "last_told": found.presenter.last_move([seen] if seen else [], last, view, names),
        "last_move_template": found.last_move_template or "play/_last_move.html",
        "actions": actions,
        "table_data": {"actions": actions, "marks": table.last_move_marks(found.slug, seen)},
        "fallback_fields": fallback_fields(actions),
        "sandbox_url": request.path,
        "played": played,
        "rules_url": reverse("rulebooks:page", args=[found.slug]),
        "whole_moves": [
            {
                "label": describe_action(found.slug, action, names),
                "moves": sandbox.encode_moves([*moves, n]),
            }
            for n, action in enumerate(legal)
            if not RANGE_KEYS.intersection(action)
        ],  # fmt: skip
        "to_move": names.get(seat) if seat is not None else None,
        "undo": sandbox.encode_moves(moves[:-1]) if moves else None,
        "over": engine.is_over(state),
    }


@require_GET
def section(request: HttpRequest, game: str, anchor: str) -> HttpResponse:
    """A stable link to one section: it lands on the heading in the reader's language."""
    language = current_language()
    pages = Rulebook.objects.filter(game=game, revision_number__gt=0, sections__anchor=anchor)
    found = {p.language: p for p in pages.only("game", "language")}
    book = found.get(language) or found.get(SOURCE_LANGUAGE)
    if book is None:
        raise Http404(_("There is no such section."))
    return HttpResponseRedirect(f"{reverse('rulebooks:page', args=[game])}#{DOM_PREFIX}{anchor}")


@require_GET
def history(request: HttpRequest, game: str) -> HttpResponse:
    book = page_or_404(game)
    revisions = book.revisions.select_related("author").defer("markdown").order_by("-number")
    paginator = Paginator(revisions, HISTORY_PAGE_SIZE, allow_empty_first_page=True)
    listing = paginator.get_page(request.GET.get("page"))
    context = {
        "book": book,
        "game_name": game_name(game),
        "listing": listing,
        "can_edit": request.user.has_perm(EDIT_PERMISSION),
    }
    return render(request, "rulebooks/history.html", context)


@require_GET
def revision(request: HttpRequest, game: str, number: int) -> HttpResponse:
    """The page as it was at one revision (what "the rules as of revision N" links to)."""
    book = page_or_404(game)
    old = revision_or_404(book, number)
    try:
        parsed = markup.parse_page(old.markdown)
    except markup.PageFormatError:
        # Saved before a stricter format: still readable, as one block.
        parsed = markup.ParsedPage(title=book.title, intro=old.markdown, sections=())
    sections = [
        {"anchor": s.anchor, "title": s.title, "html": markup.render(s.markdown, s.anchor)}
        for s in parsed.sections
    ]
    context = {
        "book": book,
        "game_name": game_name(game),
        "revision": old,
        "title": parsed.title,
        "intro_html": markup.render(parsed.intro),
        "sections": sections,
    }
    return render(request, "rulebooks/revision.html", context)


@require_GET
def as_of(request: HttpRequest, game: str, number: int) -> HttpResponse:
    """The rules in the URL's language as they stood when the English page was at ``number``.

    A match records the English revision in force when it was created; revision numbers are
    counted per language, so this finds the revision of the reader's page of that moment.
    """
    source = Rulebook.objects.page(game, SOURCE_LANGUAGE)
    if source is None or not 1 <= number <= source.revision_number:
        raise Http404(_("There is no such revision."))
    book = Rulebook.objects.page(game, current_language())
    if book is None or book.is_source:
        with translation.override(SOURCE_LANGUAGE):
            return redirect("rulebooks:revision", game, number)
    revisions = book.revisions.order_by("-number")
    superseded = source.revisions.filter(number=number + 1).values_list("created_at", flat=True)
    if superseded:
        revisions = revisions.filter(created_at__lt=superseded[0])
    in_force = revisions.values_list("number", flat=True).first() or 1
    return redirect("rulebooks:revision", game, in_force)


@require_GET
def diff(request: HttpRequest, game: str) -> HttpResponse:
    """The difference between any two revisions (``?from=N&to=M``), optionally of one section."""
    book = page_or_404(game)
    form = DiffForm(request.GET)
    if not form.is_valid():
        raise Http404(_("These are not revisions of this page."))
    new_number = form.cleaned_data["new"] or book.revision_number
    old_number = form.cleaned_data["old"] or max(1, new_number - 1)
    found = {r.number: r for r in book.revisions.filter(number__in=[old_number, new_number])}
    if old_number not in found or new_number not in found:
        raise Http404(_("These are not revisions of this page."))
    old, new = found[old_number], found[new_number]
    anchor = form.cleaned_data["section"]
    old_text, new_text = old.markdown, new.markdown
    section_title = ""
    if anchor:
        old_part, new_part = _section_of(old, anchor), _section_of(new, anchor)
        if old_part is None and new_part is None:
            raise Http404(_("There is no such section."))
        old_text = old_part.markdown if old_part else ""
        new_text = new_part.markdown if new_part else ""
        section_title = (new_part or old_part).title  # type: ignore[union-attr]
    context = {
        "book": book,
        "game_name": game_name(game),
        "old": old,
        "new": new,
        "anchor": anchor,
        "section_title": section_title,
        "rows": diff_rows(old_text, new_text),
    }
    return render(request, "rulebooks/diff.html", context)


def _section_of(revision: Revision, anchor: str) -> markup.ParsedSection | None:
    try:
        return markup.parse_page(revision.markdown).section(anchor)
    except markup.PageFormatError:
        return None


@require_GET
def status(request: HttpRequest) -> HttpResponse:
    games = _ordered(Rulebook.objects.games())
    tables = [(game_name(t.game), t) for t in status_table(games, current_language())]
    return render(request, "rulebooks/status.html", {"tables": tables})


@require_GET
def search(request: HttpRequest) -> HttpResponse:
    form = _search_form(data=request.GET)
    hits = []
    searched = form.is_valid() and bool(form.cleaned_data["q"].strip())
    if searched:
        hits = search_sections(
            current_language(), form.cleaned_data["q"], form.cleaned_data["game"]
        )
    results = [
        {"hit": hit, "game_name": game_name(hit.game), "url": _section_link(hit.game, hit.anchor)}
        for hit in hits
    ]
    context = {"form": form, "results": results, "searched": searched}
    return render(request, "rulebooks/search.html", context)


def _section_link(game: str, anchor: str) -> str:
    return f"{reverse('rulebooks:page', args=[game])}#{DOM_PREFIX}{anchor}"
