"""Limits on what reaches the API that are checked before any view runs."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import ngettext

from games.api.errors import body, is_api

#: The longest query string the API reads. Every query the schema describes is far shorter;
#: gunicorn refuses a request line over 8190 bytes (gunicorn.conf.py) with its own plain 414
#: before the site sees it, so this answers the API's JSON below that.
MAX_QUERY_BYTES = 4096


class QueryLengthMiddleware:
    """A query string longer than ``MAX_QUERY_BYTES`` under /api/ is a JSON 414."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if is_api(request) and len(request.META.get("QUERY_STRING", "")) > MAX_QUERY_BYTES:
            message = ngettext(
                "This address is too long: its query may have at most %(n)s byte.",
                "This address is too long: its query may have at most %(n)s bytes.",
                MAX_QUERY_BYTES,
            ) % {"n": MAX_QUERY_BYTES}
            return JsonResponse(body("uri_too_long", message), status=414)
        return self.get_response(request)
