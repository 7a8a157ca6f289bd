"""The printed face of an El collar card, drawn once per card and language."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import SafeString

register = template.Library()

#: What is printed on a card; the rest of a card in a view (met, taken…) is this match's.
PRINTED = ("id", "gems", "rainbow", "ingots", "wish")


@register.simple_tag
def collar_face(card: dict[str, Any]) -> SafeString:
    printed = json.dumps({key: card.get(key) for key in PRINTED}, sort_keys=True)
    return _face(printed, translation.get_language() or "en")


@cache
def _face(printed: str, lang: str) -> SafeString:
    page = render_to_string("collar/_card_face.html", {"card": json.loads(printed)})
    return SafeString(page.strip())
