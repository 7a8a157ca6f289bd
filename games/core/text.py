"""What a person may type into the site: one rule for single-line fields, one for texts.

A single-line field (a display name, a token's name, an invitation's target, a summary) is
one line of visible text, trimmed: no control character (a CR/LF would forge a line in an
email), no line or paragraph separator, no bidirectional embedding, override or isolate
(U+202E shows ``evil.exe`` as ``exe.live``), no other invisible format character (zero-width
space, soft hyphen, word joiner…). Kept: the zero-width (non-)joiners that emoji sequences and
several scripts need, and the left-to-right and right-to-left marks of bidirectional names.
A multi-line text (a chat message) may also hold line breaks and tabs.

The rule is a regular expression, so the API's schema states it as a ``pattern`` (drf-
spectacular reads it from the validator): clients see the very rule the site applies.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django import forms
from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _

#: Format characters that real names and texts use: ZWNJ, ZWJ, LRM, RLM, ALM.
ALLOWED_FORMAT = {"\u200c", "\u200d", "\u200e", "\u200f", "\u061c"}
FORBIDDEN_CATEGORIES = {"Cc", "Cf", "Zl", "Zp"}


def _forbidden(extra_allowed: str = "") -> str:
    """A regex character class body of the forbidden characters of the Basic Multilingual
    Plane (the other planes hold no control or separator; their few format characters are
    emoji tags and the like)."""
    codes = [
        code
        for code in range(0x10000)
        if unicodedata.category(chr(code)) in FORBIDDEN_CATEGORIES
        and chr(code) not in ALLOWED_FORMAT
        and chr(code) not in extra_allowed
    ]
    ranges: list[tuple[int, int]] = []
    for code in codes:
        if ranges and ranges[-1][1] == code - 1:
            ranges[-1] = (ranges[-1][0], code)
        else:
            ranges.append((code, code))
    return "".join(f"\\u{a:04x}" if a == b else f"\\u{a:04x}-\\u{b:04x}" for a, b in ranges)


#: The characters a single line may not hold, and those a text may not hold (as the body of
#: a regex character class).
LINE_FORBIDDEN = _forbidden()
TEXT_FORBIDDEN = _forbidden(extra_allowed="\t\n")
#: One line, possibly empty; one line with something visible in it; a text with something
#: visible in it.
SINGLE_LINE_PATTERN = rf"\A[^{LINE_FORBIDDEN}]*\Z"
VISIBLE_LINE_PATTERN = rf"\A[^{LINE_FORBIDDEN}]*[^{LINE_FORBIDDEN}\s][^{LINE_FORBIDDEN}]*\Z"
TEXT_PATTERN = rf"\A[^{TEXT_FORBIDDEN}]*[^{TEXT_FORBIDDEN}\s][^{TEXT_FORBIDDEN}]*\Z"

LINE_MESSAGE = _("Use one line of visible text: no line breaks or invisible control characters.")
validate_single_line = RegexValidator(SINGLE_LINE_PATTERN, LINE_MESSAGE, "control_character")
validate_visible_line = RegexValidator(VISIBLE_LINE_PATTERN, LINE_MESSAGE, "control_character")
validate_text = RegexValidator(
    TEXT_PATTERN,
    _("Write some visible text, without invisible control characters."),
    code="control_character",
)


def normalise_text(value: str) -> str:
    """Line breaks as ``\\n`` (a browser sends CRLF), then trimmed."""
    return value.replace("\r\n", "\n").replace("\r", "\n").strip()


class LineField(forms.CharField):
    """A form field for one line of text (trimmed; see ``validate_single_line``)."""

    default_validators = [validate_single_line]


class TextField(forms.CharField):
    """A form field for a multi-line text (see ``validate_text``); CRLF counts as a line
    break, as browsers send it."""

    default_validators = [validate_text]

    def to_python(self, value: Any) -> str:
        return normalise_text(str(super().to_python(value)))
