"""The API's one parser: JSON, bounded in size and depth, refused in the caller's language."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import ParseError

# The DRF stubs leave out ``get_encoding``, which rest_framework.parsers defines.
from rest_framework.parsers import JSONParser, get_encoding  # type: ignore[attr-defined]

from games.core import safejson

#: The largest body the API reads (its inputs are a few hundred bytes).
DEFAULT_MAX_BODY = 64 * 1024


class BodyTooLarge(ParseError):
    api_code = "body_too_large"


class BodyTooDeep(ParseError):
    api_code = "body_too_deep"


class BadJson(ParseError):
    api_code = "malformed"


def max_body() -> int:
    return int(getattr(settings, "API_MAX_BODY_BYTES", DEFAULT_MAX_BODY))


class BoundedJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        limit = max_body()
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise BodyTooLarge(_("The body is larger than %(limit)s bytes.") % {"limit": limit})
        try:
            return safejson.loads(raw.decode(get_encoding(parser_context or {})))
        except safejson.TooDeep:
            raise BodyTooDeep(
                _("The body nests arrays and objects more than %(depth)s levels deep.")
                % {"depth": safejson.MAX_DEPTH}
            ) from None
        except ValueError:  # not UTF-8, not JSON, NaN…
            raise BadJson(_("The body is not valid JSON.")) from None
