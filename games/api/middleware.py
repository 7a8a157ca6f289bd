"""Limits on what reaches the API that are checked before any view runs, and the ETags of its
GET answers."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.response import HttpResponseBase
from django.middleware.http import ConditionalGetMiddleware
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


class ApiConditionalGetMiddleware(ConditionalGetMiddleware):
    """Under /api/, a GET answer carries an ``ETag`` (a hash of its body), and a request whose
    ``If-None-Match`` names it gets 304 with no body: a bot polling its match pays for a body
    only when something changed. Pages are left as they are."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if not is_api(request):
            return response
        return super().process_response(request, response)
