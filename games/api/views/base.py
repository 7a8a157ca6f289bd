"""What every API view shares: the caller's language, JSON errors, cursors and lookups."""

from __future__ import annotations

from contextvars import Token
from typing import Any

from django.db.models import Prefetch
from django.utils import translation
from django.utils.translation import get_supported_language_variant
from django.utils.translation import gettext_lazy as _
from django.utils.translation.trans_real import parse_accept_lang_header
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.pagination import BasePagination, CursorPagination
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.accounts.models import User
from games.api import addresses
from games.api.errors import NOTHING_HERE
from games.api.strict import QueryIntegerField
from games.core.errors import ServiceError
from games.play import errors
from games.play.models import Match, MatchQuerySet, Seat


class SignedInApiRequest(Request):
    """For the type checker: the request of a view that only signed-in callers reach (the
    default ``IsAuthenticated`` permission); its user is a ``User`` (the pages' own:
    ``games.accounts.signed_in.SignedInRequest``)."""

    user: User


class ApiView(APIView):
    """Answers in the language the caller's ``Accept-Language`` asks for, when it names one
    the site speaks; otherwise in the language of the authenticated caller's profile."""

    #: Error statuses beyond the ones the schema adds by itself, per method.
    error_statuses: dict[str, tuple[int, ...]] = {}
    #: The throttle scope that also counts this view's writes (see ``games.api.throttling``).
    write_scope: str | None = None

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        self._address_token: Token[str | None] | None = addresses.use_request_base(request)
        super().initial(request, *args, **kwargs)

    def finalize_response(self, request: Request, response: Any, *args: Any, **kwargs: Any) -> Any:
        token = getattr(self, "_address_token", None)
        if token is not None:
            addresses.reset(token)
            self._address_token = None
        return super().finalize_response(request, response, *args, **kwargs)

    def perform_authentication(self, request: Request) -> None:
        super().perform_authentication(request)
        language = getattr(request.user, "language", "")
        if language and not asked_language(request):
            translation.activate(language)
            request.LANGUAGE_CODE = language


def asked_language(request: Request) -> str | None:
    """The first language of the request's ``Accept-Language`` that the site speaks."""
    for code, _quality in parse_accept_lang_header(request.META.get("HTTP_ACCEPT_LANGUAGE", "")):
        try:
            return get_supported_language_variant(code)
        except LookupError:  # "*", or a language the site does not speak
            continue
    return None


def validated(serializer_class: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def seats_prefetch() -> Prefetch:
    return Prefetch("seats", queryset=Seat.objects.with_players())


def matches_with_seats() -> MatchQuerySet:
    return Match.objects.select_related("created_by").prefetch_related(seats_prefetch())


def visible_match(request: Request, pk: int) -> Match:
    """The match if the caller may see it; otherwise the same 404 as a match that does not exist."""
    match = matches_with_seats().visible_to(request.user).filter(pk=pk).first()
    if match is None:
        raise ServiceError(*errors.NOT_FOUND)
    return match


class PageParameters(serializers.Serializer):
    cursor = serializers.CharField(
        required=False, allow_blank=True, max_length=1000,
        help_text="From `next` or `previous`; a cursor that cannot be read is a 404.",
    )  # fmt: skip
    page_size = QueryIntegerField(
        required=False, min_value=1, max_value=200, help_text="Default 50."
    )


BAD_CURSOR = ("bad_cursor", _("This cursor names no page: use `next` or `previous`."), 404)


class Envelope(serializers.Serializer):
    """The envelope of every list answer: one page of ``results``, each item as its own
    serializer produced it, and the addresses of the pages either side (null at an end)."""

    next = serializers.CharField(allow_null=True)
    previous = serializers.CharField(allow_null=True)
    results = serializers.ListField()


#: A link to another page, or null at an end.
LINK = {"type": ["string", "null"]}


class Enveloped(BasePagination):
    """What every list's pagination shares: it answers its page in ``envelope`` and documents
    it (the schema calls ``get_paginated_response_schema`` for a view whose ``pagination_class``
    it is, with the items' schema). A subclass sets ``next`` and ``previous`` as it pages."""

    envelope: type[serializers.Serializer] = Envelope
    next: str | None = None
    previous: str | None = None

    def envelope_of(self, data: Any) -> dict[str, Any]:
        return {"next": self.get_next_link(), "previous": self.get_previous_link(), "results": data}

    def get_next_link(self) -> str | None:
        return self.next

    def get_previous_link(self) -> str | None:
        return self.previous

    def get_paginated_response(self, data: Any) -> Response:
        return Response(self.envelope(self.envelope_of(data)).data)

    def get_paginated_response_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {"next": LINK, "previous": LINK, "results": schema},
            "required": ["next", "previous", "results"],
        }

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        # Each view documents its query parameters with a serializer (``parameters``), in the
        # strict types the API reads them with.
        return []


class OnePage(Enveloped):
    """A list short enough to answer whole: one page, in the envelope of every list."""


class Cursor(Enveloped, CursorPagination):
    """Newest first. A cursor is opaque: one that cannot be read names no page (404), as an
    id that names no match."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200
    ordering: str | tuple[str, ...] = "-id"

    @classmethod
    def parameters(cls) -> list[type[serializers.Serializer]]:
        return [PageParameters]

    def get_next_link(self) -> str | None:
        return CursorPagination.get_next_link(self)

    def get_previous_link(self) -> str | None:
        return CursorPagination.get_previous_link(self)

    def decode_cursor(self, request: Request) -> Any:
        try:
            return super().decode_cursor(request)
        except NotFound:
            raise ServiceError(*BAD_CURSOR) from None

    def get_page_size(self, request: Request) -> int:
        return int(validated(PageParameters, request.query_params).get("page_size", self.page_size))


class OldestFirst(Cursor):
    ordering = "id"


class NoSuchEndpoint(ApiView):
    """Any path under /api/ that names nothing (``/api/v1/matches/abc/``, a typo): the same
    JSON 404 as the views', in the caller's language (their token is read first), whatever
    the method."""

    permission_classes = [AllowAny]
    schema = None

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        raise NotFound(NOTHING_HERE)
