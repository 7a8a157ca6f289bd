"""Editing the rules: the whole page at once, reverting to an old revision; editors only."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games.rulebooks import services
from games.rulebooks.diffs import diff_rows
from games.rulebooks.forms import EditForm, RevertForm
from games.rulebooks.models import EDIT_PERMISSION, SOURCE_LANGUAGE, Rulebook
from games.rulebooks.status import outdated_sections
from games.rulebooks.views import current_language, game_name, page_or_404, revision_or_404


def editor_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Anonymous visitors go to the login page; people without the permission get a 403."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not request.user.has_perm(EDIT_PERMISSION):
            return render(request, "rulebooks/forbidden.html", status=403)
        return view(request, *args, **kwargs)

    return wrapped


@editor_required
@require_http_methods(["GET", "POST"])
def edit(request: HttpRequest, game: str) -> HttpResponse:
    """Edit the whole page; a new translation starts from the English text."""
    language = current_language()
    pages = {p.language: p for p in Rulebook.objects.filter(game=game, revision_number__gt=0)}
    book = pages.get(language)
    start = book or pages.get(SOURCE_LANGUAGE)
    if start is None:
        raise Http404(_("There is no such rulebook."))
    source = pages.get(SOURCE_LANGUAGE)
    source_number = source.revision_number if source and language != SOURCE_LANGUAGE else None
    outdated = _outdated_choices(book)
    translation_of = source_number is not None
    if request.method == "POST":
        form = EditForm(request.POST, game=game, translation=translation_of, outdated=outdated)
        if form.is_valid():
            return _save_edit(request, game, language, form)
    else:
        current = start.revisions.order_by("-number").first()
        initial = {
            "markdown": current.markdown if current else "",
            "base_revision": book.revision_number if book else 0,
            "source_revision": source_number,
        }
        form = EditForm(initial=initial, game=game, translation=translation_of, outdated=outdated)
    return _edit_page(request, game, book, form)


def _outdated_choices(book: Rulebook | None) -> list[tuple[str, str]]:
    if book is None or book.is_source:
        return []
    sections = list(book.sections.only("rulebook", "anchor", "title", "translated_from"))
    stale = outdated_sections(book, sections)
    return [(s.anchor, s.title) for s in sections if s.anchor in stale]


def _save_edit(request: HttpRequest, game: str, language: str, form: EditForm) -> HttpResponse:
    data = form.cleaned_data
    save = services.SaveRequest(
        markdown=data["markdown"],
        author=request.user,
        summary=data["summary"],
        source_revision=data["source_revision"] if language != SOURCE_LANGUAGE else None,
        mark_current=data.get("up_to_date") or (),
    )
    try:
        saved = services.save_page(game, language, data["base_revision"], save)
    except services.EditConflict as conflict:
        return _conflict(request, game, form, conflict)
    messages.success(request, _("Saved revision %(number)d.") % {"number": saved.number})
    return redirect("rulebooks:page", game)


def _conflict(
    request: HttpRequest, game: str, form: EditForm, conflict: services.EditConflict
) -> HttpResponse:
    """Keep the editor's text; show what the other save changed; let them save on top of it."""
    current = conflict.current
    assert isinstance(form.data, QueryDict)  # the form was bound to request.POST
    data = form.data.copy()
    data["base_revision"] = str(current.number if current else 0)
    fresh = EditForm(data, game=game, translation=form.translation, outdated=form.outdated_choices)
    fresh.is_valid()
    theirs = current.markdown if current else ""
    book = Rulebook.objects.page(game, current_language())
    mine = form.cleaned_data["markdown"]
    context = {"conflict": current, "conflict_rows": diff_rows(theirs, mine)}
    return _edit_page(request, game, book, fresh, context, status=409)


def _edit_page(
    request: HttpRequest,
    game: str,
    book: Rulebook | None,
    form: EditForm,
    extra: dict[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    context = {"book": book, "game": game, "game_name": game_name(game), "form": form}
    context.update(extra or {})
    return render(request, "rulebooks/edit.html", context, status=status)


@editor_required
@require_http_methods(["GET", "POST"])
def revert(request: HttpRequest, game: str, number: int) -> HttpResponse:
    book = page_or_404(game)
    target = revision_or_404(book, number)
    if request.method == "POST":
        form = RevertForm(request.POST)
        if not form.is_valid():
            raise Http404(_("These are not revisions of this page."))
        try:
            base = form.cleaned_data["base_revision"]
            saved = services.revert_page(book, target, base, request.user)
        except services.EditConflict:
            messages.error(request, _("Someone saved the page meanwhile: check the history again."))
            return redirect("rulebooks:history", game)
        messages.success(
            request,
            _("Revision %(new)d restores the text of revision %(old)d.")
            % {"new": saved.number, "old": target.number},
        )
        return redirect("rulebooks:page", game)
    current = book.revisions.get(number=book.revision_number)
    context = {
        "book": book,
        "game_name": game_name(game),
        "target": target,
        "form": RevertForm(initial={"base_revision": book.revision_number}),
        "rows": diff_rows(current.markdown, target.markdown),
    }
    return render(request, "rulebooks/revert.html", context)
