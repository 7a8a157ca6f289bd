"""The rules wiki, read-only: pages (games × languages), sections, search and revisions."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.presenters import absolute
from games.api.serializers import (
    RevisionDetailOut,
    RevisionOut,
    RulebookOut,
    RulebookPageOut,
    SearchOut,
    SearchSerializer,
    SectionOut,
)
from games.api.views.base import ApiView, Cursor, paged, validated
from games.play.errors import PlayError
from games.rulebooks.anchors import section_url
from games.rulebooks.models import MAX_NUMBER, Revision, Rulebook, Section
from games.rulebooks.search import search

TAGS = ["rulebooks"]
LANGUAGES = {code for code, _name in settings.LANGUAGES}


def _missing(what: Any) -> PlayError:
    return PlayError("not_found", what, 404)


def page_or_404(game: str, language: str) -> Rulebook:
    book = Rulebook.objects.page(game, language) if language in LANGUAGES else None
    if book is None:
        raise _missing(_("There is no such rulebook."))
    return book


def section_link(game: str, language: str, anchor: str) -> str:
    return absolute(section_url(game, anchor, language))


def book_data(book: Rulebook) -> dict[str, Any]:
    return {
        "game": book.game,
        "language": book.language,
        "title": book.title,
        "revision": book.revision_number,
        "updated_at": book.updated_at,
        "url": absolute(book.get_absolute_url()),
        "api_url": absolute(reverse("api:rulebook", args=[book.game, book.language])),
    }


def section_data(book: Rulebook, section: Section) -> dict[str, Any]:
    return {
        "anchor": section.anchor,
        "title": section.title,
        "html": section.html,
        "changed_in": section.changed_in,
        "url": section_link(book.game, book.language, section.anchor),
    }


class RulebookList(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="Every rulebook page (game × language)",
                   operation_id="rulebooks_list",
                   responses=RulebookOut(many=True))  # fmt: skip
    def get(self, request: Request) -> Response:
        books = Rulebook.objects.filter(revision_number__gt=0)
        return Response([book_data(book) for book in books])


class RulebookPage(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=TAGS, summary="A rulebook page with its sections", responses=RulebookPageOut
    )
    def get(self, request: Request, game: str, language: str) -> Response:
        book = page_or_404(game, language)
        sections = book.sections.defer("markdown", "plain_text", "search_text")
        data = book_data(book)
        data["intro_html"] = book.intro_html
        data["sections"] = [section_data(book, s) for s in sections]
        return Response(data)


class RulebookSection(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="One section of a rulebook page", responses=SectionOut)
    def get(self, request: Request, game: str, language: str, anchor: str) -> Response:
        book = page_or_404(game, language)
        section = book.sections.filter(anchor=anchor).first()
        if section is None:
            raise _missing(_("There is no such section."))
        return Response(section_data(book, section))


class RulebookSearch(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="Search the rules in one language",
                   parameters=[SearchSerializer], responses=SearchOut)  # fmt: skip
    def get(self, request: Request) -> Response:
        query = validated(SearchSerializer, request.query_params)
        language = query.get("language") or (translation.get_language() or "en")[:2]
        if language not in LANGUAGES:
            language = settings.LANGUAGE_CODE
        hits = search(language, query["q"], query.get("game", ""))
        results = [
            {
                "game": hit.game, "language": language, "page_title": hit.page_title,
                "anchor": hit.anchor, "title": hit.title, "snippet_html": str(hit.snippet),
                "url": section_link(hit.game, language, hit.anchor),
            }
            for hit in hits
        ]  # fmt: skip
        return Response({"query": query["q"], "language": language, "results": results})


def revision_data(revision: Revision) -> dict[str, Any]:
    return {
        "number": revision.number,
        "author": revision.author.public_name if revision.author else None,
        "created_at": revision.created_at,
        "origin": revision.origin,
        "summary": revision.summary,
        "changed_sections": list(revision.changed_sections or []),
    }


class RevisionCursor(Cursor):
    ordering = "-number"


class RevisionList(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="The revisions of a page, newest first",
                   operation_id="rulebooks_revisions_list",
                   parameters=RevisionCursor.parameters(),
                   responses=paged("RevisionPage", RevisionOut))  # fmt: skip
    def get(self, request: Request, game: str, language: str) -> Response:
        book = page_or_404(game, language)
        revisions = book.revisions.select_related("author").defer("markdown")
        paginator = RevisionCursor()
        page = paginator.paginate_queryset(revisions, request, view=self) or []
        return paginator.get_paginated_response([revision_data(r) for r in page])


class RevisionDetail(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="One revision, with the whole Markdown of the page then",
                   responses=RevisionDetailOut)  # fmt: skip
    def get(self, request: Request, game: str, language: str, number: int) -> Response:
        book = page_or_404(game, language)
        revision = None
        if number <= MAX_NUMBER:
            revision = book.revisions.select_related("author").filter(number=number).first()
        if revision is None:
            raise _missing(_("There is no such revision."))
        return Response({**revision_data(revision), "markdown": revision.markdown})
