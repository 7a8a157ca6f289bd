"""What every API view shares: the caller's language, JSON errors, cursors and lookups."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.pagination import CursorPagination
from rest_framework.request import Request
from rest_framework.views import APIView

from games.play import errors
from games.play.errors import PlayError
from games.play.models import Match, Seat


class ApiView(APIView):
    """Answers in the language of the authenticated caller (else Accept-Language)."""

    #: Error statuses beyond the ones the schema adds by itself, per method.
    error_statuses: dict[str, tuple[int, ...]] = {}
    #: The throttle scope that also counts this view's writes (see ``games.api.throttling``).
    write_scope: str | None = None

    def perform_authentication(self, request: Request) -> None:
        super().perform_authentication(request)
        language = getattr(request.user, "language", "")
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language


def validated(serializer_class: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def seats_prefetch() -> Prefetch:
    return Prefetch("seats", queryset=Seat.objects.select_related("user"))


def matches_with_seats() -> QuerySet[Match]:
    return Match.objects.select_related("created_by").prefetch_related(seats_prefetch())


def visible_match(request: Request, pk: int) -> Match:
    """The match if the caller may see it; otherwise the same 404 as a match that does not exist."""
    match = matches_with_seats().visible_to(request.user).filter(pk=pk).first()
    if match is None:
        raise PlayError(*errors.NOT_FOUND)
    return match


class PageParameters(serializers.Serializer):
    cursor = serializers.CharField(
        required=False, allow_blank=True, help_text="From `next` or `previous`."
    )
    page_size = serializers.IntegerField(
        required=False, min_value=1, max_value=200, help_text="Default 50."
    )


class Cursor(CursorPagination):
    """Newest first; a cursor that cannot be read is a 400, not a 404."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200
    ordering = "-id"

    @classmethod
    def parameters(cls) -> list[type[serializers.Serializer]]:
        return [PageParameters]

    def decode_cursor(self, request: Request) -> Any:
        try:
            return super().decode_cursor(request)
        except NotFound:
            raise ValidationError({"cursor": [_("This cursor cannot be read.")]}) from None

    def get_page_size(self, request: Request) -> int:
        return int(validated(PageParameters, request.query_params).get("page_size", self.page_size))


class OldestFirst(Cursor):
    ordering = "id"


def paged(name: str, item: type[serializers.Serializer]) -> type[serializers.Serializer]:
    """The documented shape of one cursor page of ``item``."""
    return type(
        name,
        (serializers.Serializer,),
        {
            "next": serializers.CharField(allow_null=True),
            "previous": serializers.CharField(allow_null=True),
            "results": item(many=True),
        },
    )
