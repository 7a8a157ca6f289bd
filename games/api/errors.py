"""One JSON shape for every refusal: ``{"code", "message", ...details}``.

``code`` is stable and meant for programs; ``message`` is for people, in the caller's language.
Details: ``fields`` (400, per input field), ``current_version`` (409 stale version),
``engine_code``, ``section`` and ``section_url`` (422 illegal move), ``retry_after`` (429).
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, JsonResponse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions, serializers
from rest_framework.response import Response

from games.play.errors import IllegalMove, PlayError

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
    401: _("No credentials, or a token that is not valid (revoked tokens fail at once)."),
    403: _("Not allowed: someone else's seat, another user's object, or a missing CSRF token."),
    404: _("Not found, or not visible to the caller."),
    405: _("This method is not allowed here."),
    406: _("Only application/json responses are offered."),
    409: _("Conflict: `current_version` is set when the match moved on (stale version)."),
    415: _("The body must be application/json."),
    422: _("Illegal move: `engine_code`, `section` and `section_url` name the rule it breaks."),
    429: _("Too many requests: wait `retry_after` seconds."),
    503: _("The change could not be saved just now (`not_recorded`); nothing changed: try again."),
}


class ErrorSerializer(serializers.Serializer):
    """The body of every non-2xx response."""

    code = serializers.CharField(help_text="Stable, for programs: e.g. stale_version.")
    message = serializers.CharField(help_text="For people, in the caller's language.")
    fields = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()), required=False
    )
    current_version = serializers.IntegerField(required=False)
    engine_code = serializers.CharField(required=False)
    section = serializers.CharField(required=False)
    section_url = serializers.URLField(required=False)
    retry_after = serializers.IntegerField(required=False)


def body(code: str, message: Any, **details: Any) -> dict[str, Any]:
    return {"code": code, "message": str(message), **details}


def play_error_body(error: PlayError) -> dict[str, Any]:
    details: dict[str, Any] = {}
    if "current_version" in error.extra:
        details["current_version"] = error.extra["current_version"]
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
    if isinstance(exc, PlayError):
        return Response(play_error_body(exc), status=exc.status)
    if isinstance(exc, Http404):
        return Response(body("not_found", _("Not found, or you may not see it.")), status=404)
    if isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    if not isinstance(exc, exceptions.APIException):
        return None
    code = next((c for cls, c in DRF_CODES.items() if isinstance(exc, cls)), "error")
    details: dict[str, Any] = {}
    if isinstance(exc, exceptions.ValidationError):
        message = gettext("Some fields are not valid.")
        details["fields"] = _field_errors(exc.detail)
    else:
        message = str(exc.detail) if not isinstance(exc.detail, dict | list) else str(exc)
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header  # type: ignore[attr-defined]
    if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
        details["retry_after"] = max(1, int(exc.wait + 0.999))
        headers["Retry-After"] = str(details["retry_after"])
        message = gettext("Too many requests. Try again in %(seconds)s seconds.") % {
            "seconds": details["retry_after"]
        }
    return Response(body(code, message, **details), status=exc.status_code, headers=headers)


@csrf_exempt
def not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    """Any path under /api/ that names nothing: the same JSON 404 as the views."""
    return JsonResponse(body("not_found", _("There is nothing at this address.")), status=404)
