"""One JSON shape for every refusal: ``{"code", "message", ...details}``.

``code`` is stable and meant for programs; ``message`` is for people, in the caller's language.
Details: ``fields`` (400, per input field), ``current_version`` (409 stale version),
``engine_code``, ``section`` and ``section_url`` (422 illegal move), ``retry_after`` (429).
"""

from __future__ import annotations

import logging
import sys
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django.views import defaults
from rest_framework import exceptions, serializers
from rest_framework.response import Response

from games.core import outages
from games.core.errors import ServiceError
from games.play.errors import IllegalMove

logger = logging.getLogger(__name__)

DRF_CODES: dict[type[exceptions.APIException], str] = {
    exceptions.ValidationError: "invalid",
    exceptions.ParseError: "malformed",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.PermissionDenied: "permission_denied",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "throttled",
}

DESCRIPTIONS = {
    400: _("Malformed input: `fields` says what is wrong with each field."),
    401: _(
        "No credentials where they are needed, or a token that is not valid (revoked tokens "
        "fail at once; a public operation refuses a bad token too)."
    ),
    403: _("Not allowed: someone else's seat, another user's object, or a missing CSRF token."),
    404: _("Not found, or not visible to the caller."),
    405: _("This method is not allowed here."),
    406: _("Only application/json responses are offered."),
    409: _(
        "Conflict with the current state: `current_version` is set when the match moved on "
        "(stale version); `fields` when settings would not go together."
    ),
    414: _("The query string is longer than the API reads (4096 bytes)."),
    415: _("The body must be application/json."),
    422: _("Illegal move: `engine_code`, `section` and `section_url` name the rule it breaks."),
    429: _("Too many requests: wait `retry_after` seconds."),
    503: _(
        "Nothing changed: the change could not be saved just now (`not_recorded`), or the site "
        "cannot reach its database (`unavailable`, with `Retry-After`). Try again."
    ),
}


NOTHING_HERE = _("There is nothing at this address.")


class ErrorSerializer(serializers.Serializer):
    """The body of every non-2xx response."""

    code = serializers.CharField(help_text="Stable, for programs: e.g. stale_version.")
    message = serializers.CharField(help_text="For people, in the caller's language.")
    # DRF's metaclass takes declared fields off the class, so this does not hide ``fields``.
    fields = serializers.DictField(  # type: ignore[assignment]
        child=serializers.ListField(child=serializers.CharField()), required=False
    )
    current_version = serializers.IntegerField(required=False)
    engine_code = serializers.CharField(required=False)
    section = serializers.CharField(required=False)
    section_url = serializers.URLField(required=False)
    retry_after = serializers.IntegerField(required=False)


def body(code: str, message: Any, **details: Any) -> dict[str, Any]:
    return {"code": code, "message": str(message), **details}


def play_error_body(error: ServiceError) -> dict[str, Any]:
    details: dict[str, Any] = {}
    for name in ("current_version", "retry_after", "fields"):
        if name in error.extra:
            details[name] = error.extra[name]
    if isinstance(error, IllegalMove):
        details["engine_code"] = error.code
        details["section"] = error.extra.get("section", "")
        if error.extra.get("section_url"):
            details["section_url"] = error.extra["section_url"]
        return body("illegal_move", error.message, **details)
    return body(error.code, error.message, **details)


def _field_errors(detail: Any) -> dict[str, list[str]]:
    if isinstance(detail, dict):
        flat: dict[str, list[str]] = {}
        for name, value in detail.items():
            for sub, messages in _field_errors(value).items():
                flat[name if sub == "non_field_errors" else f"{name}.{sub}"] = messages
        return flat
    if isinstance(detail, list):
        if all(not isinstance(item, dict | list) for item in detail):
            return {"non_field_errors": [str(item) for item in detail]}
        flat = {}
        for index, item in enumerate(detail):
            for sub, messages in _field_errors(item).items():
                key = str(index) if sub == "non_field_errors" else f"{index}.{sub}"
                flat[key] = messages
        return flat
    return {"non_field_errors": [str(detail)]}


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's hook: every refusal in the one shape, with DRF's headers kept."""
    headers: dict[str, str] = {}
    if isinstance(exc, ServiceError):
        if "retry_after" in exc.extra:
            headers["Retry-After"] = str(exc.extra["retry_after"])
        return Response(play_error_body(exc), status=exc.status, headers=headers)
    if isinstance(exc, Http404):
        return Response(body("not_found", _("Not found, or you may not see it.")), status=404)
    if isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    if not isinstance(exc, exceptions.APIException):
        return None
    code = getattr(exc, "api_code", None) or next(
        (c for cls, c in DRF_CODES.items() if isinstance(exc, cls)), "error"
    )
    details: dict[str, Any] = {}
    if isinstance(exc, exceptions.ValidationError):
        message = gettext("Some fields are not valid.")
        details["fields"] = _field_errors(exc.detail)
    else:
        message = str(exc.detail) if not isinstance(exc.detail, dict | list) else str(exc)
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header  # type: ignore[attr-defined]
    # DRF's Throttled sets ``wait``; its stubs leave it out.
    wait = exc.wait if isinstance(exc, exceptions.Throttled) else None  # type: ignore[attr-defined]
    if wait is not None:
        details["retry_after"] = max(1, int(wait + 0.999))
        headers["Retry-After"] = str(details["retry_after"])
        message = ngettext(
            "Too many requests. Try again in %(seconds)s second.",
            "Too many requests. Try again in %(seconds)s seconds.",
            details["retry_after"],
        ) % {"seconds": details["retry_after"]}
    return Response(body(code, message, **details), status=exc.status_code, headers=headers)


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


# Django's error views (``handler400``… in config/urls.py): under /api/ they answer in the
# API's shape, elsewhere with the site's pages. Django calls them for what happens outside a
# DRF view or escapes one: an exception (500 even with DEBUG off), a request Django refuses
# before any view (400: a bad Host, too many fields), a permission refused in a middleware.


def server_error(request: HttpRequest) -> HttpResponse:
    error = sys.exc_info()[1]
    if outages.is_database_outage(error):
        assert error is not None
        outages.went_down(outages.DATABASE, error)
        return unavailable(request)
    if is_api(request):
        message = _("Something went wrong on our side. It is logged; try again later.")
        return JsonResponse(body("server_error", message), status=500)
    return defaults.server_error(request)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api(request):
        return JsonResponse(body("bad_request", _("This request cannot be read.")), status=400)
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api(request):
        return JsonResponse(body("permission_denied", _("You may not do this.")), status=403)
    return defaults.permission_denied(request, exception)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api(request):
        return JsonResponse(body("not_found", NOTHING_HERE), status=404)
    return defaults.page_not_found(request, exception)


def unavailable(request: HttpRequest) -> HttpResponse:
    """The answer while the database cannot be reached: 503 with ``Retry-After``, JSON under
    /api/, elsewhere a short page in the reader's language that reads nothing from the
    database (no context processors: it is rendered without the request)."""
    headers = {"Retry-After": str(outages.RETRY_AFTER)}
    if is_api(request):
        message = _("The site cannot reach its database just now. Nothing changed: try again.")
        payload = body("unavailable", message, retry_after=outages.RETRY_AFTER)
        return JsonResponse(payload, status=503, headers=headers)
    page = render_to_string("503.html", {"retry_after": outages.RETRY_AFTER})
    return HttpResponse(page, status=503, headers=headers)
