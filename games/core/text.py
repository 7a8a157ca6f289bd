"""What a person may type into the site: one rule for single-line fields, one for texts.

A single-line field (a display name, a token's name, an invitation's target, a summary) is
one line of printable text: trimmed, with no control character (a CR/LF would forge a line in
an email), no bidirectional override or isolate (U+202E would show ``evil.exe`` as
``exe.live``), no other invisible format character, no unassigned or private code point. A
multi-line text (a chat message) may hold line breaks and tabs, and nothing else of that kind.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

#: Zero-width joiners (emoji sequences, Indic scripts) and the variation selector are format
#: or mark characters that real names use; every other format character is refused.
ALLOWED_FORMAT = {"\u200c", "\u200d", "\ufe0f"}
#: Control characters a multi-line text may hold.
TEXT_CONTROLS = {"\n", "\t"}


def forbidden_character(value: str, multiline: bool = False) -> str | None:
    """The first character that ``value`` may not hold, or None."""
    for char in value:
        if multiline and char in TEXT_CONTROLS:
            continue
        category = unicodedata.category(char)
        if category in ("Cc", "Cs", "Co", "Cn", "Zl", "Zp"):
            return char
        if category == "Cf" and char not in ALLOWED_FORMAT:
            return char
    return None


def validate_single_line(value: Any) -> None:
    if isinstance(value, str) and forbidden_character(value) is not None:
        raise ValidationError(
            _("Use one line of visible text: no line breaks or invisible control characters."),
            code="control_character",
        )


def validate_text(value: Any) -> None:
    if isinstance(value, str) and forbidden_character(value, multiline=True) is not None:
        raise ValidationError(
            _("This text holds an invisible control character: remove it."),
            code="control_character",
        )


def normalise_text(value: str) -> str:
    """Line breaks as ``\\n`` (a browser sends CRLF), then trimmed."""
    return value.replace("\r\n", "\n").replace("\r", "\n").strip()


class LineField(forms.CharField):
    """A form field for one line of text (trimmed; see ``validate_single_line``)."""

    default_validators = [validate_single_line]


class TextField(forms.CharField):
    """A form field for a multi-line text (see ``validate_text``)."""

    default_validators = [validate_text]

    def to_python(self, value: Any) -> str:
        return normalise_text(str(super().to_python(value)))
