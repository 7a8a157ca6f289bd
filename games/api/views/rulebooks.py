"""The rules wiki, read-only: pages (games × languages), sections, search and revisions."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.answers import (
    RevisionDetailOut,
    RevisionOut,
    RulebookOut,
    RulebookPageOut,
    SearchOut,
    SectionOut,
)
from games.api.serializers import SearchSerializer
from games.api.views.base import ApiView, Cursor, validated
from games.core.errors import ServiceError
from games.rulebooks.models import MAX_NUMBER, Rulebook
from games.rulebooks.search import search

TAGS = ["rulebooks"]
LANGUAGES = {code for code, _name in settings.LANGUAGES}


def _missing(what: Any) -> ServiceError:
    return ServiceError("not_found", what, 404)


def page_or_404(game: str, language: str) -> Rulebook:
    book = Rulebook.objects.page(game, language) if language in LANGUAGES else None
    if book is None:
        raise _missing(_("There is no such rulebook."))
    return book


class RulebookList(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="Every rulebook page (game × language)",
                   operation_id="rulebooks_list",
                   responses=RulebookOut(many=True))  # fmt: skip
    def get(self, request: Request) -> Response:
        books = Rulebook.objects.filter(revision_number__gt=0)
        return Response(RulebookOut(books, many=True).data)


class RulebookPage(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=TAGS, summary="A rulebook page with its sections", responses=RulebookPageOut
    )
    def get(self, request: Request, game: str, language: str) -> Response:
        return Response(RulebookPageOut(page_or_404(game, language)).data)


class RulebookSection(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="One section of a rulebook page", responses=SectionOut)
    def get(self, request: Request, game: str, language: str, anchor: str) -> Response:
        book = page_or_404(game, language)
        section = book.sections.filter(anchor=anchor).first()
        if section is None:
            raise _missing(_("There is no such section."))
        return Response(SectionOut(section, context={"book": book}).data)


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
        found = {"query": query["q"], "language": language, "hits": hits}
        return Response(SearchOut(found).data)


class RevisionCursor(Cursor):
    ordering = "-number"


class RevisionList(ApiView):
    pagination_class = RevisionCursor
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="The revisions of a page, newest first",
                   operation_id="rulebooks_revisions_list",
                   parameters=RevisionCursor.parameters(),
                   responses=RevisionOut(many=True))  # fmt: skip
    def get(self, request: Request, game: str, language: str) -> Response:
        book = page_or_404(game, language)
        revisions = book.revisions.select_related("author").defer("markdown")
        paginator = RevisionCursor()
        page = paginator.paginate_queryset(revisions, request, view=self) or []
        return paginator.get_paginated_response(RevisionOut(page, many=True).data)


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
        return Response(RevisionDetailOut(revision).data)
