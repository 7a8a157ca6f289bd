from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.translation import gettext

from games.play import presenters

register = template.Library()


@register.simple_tag
def noun(game: str, key: str, value: Any) -> str:
    """The name of a game noun (region, gem, territory, card) in the active language."""
    return presenters.NOUNS[game](key, value, presenters.language()) or str(value)


@register.filter
def seat_name(seat: Any, names: Mapping[int, str]) -> str:
    if isinstance(seat, int) and seat in names:
        return names[seat]
    return gettext("seat %(n)s") % {"n": (seat + 1) if isinstance(seat, int) else seat}


@register.filter
def get(mapping: Any, key: Any) -> Any:
    if isinstance(mapping, Mapping):
        return mapping.get(key, mapping.get(str(key)))
    if isinstance(mapping, list) and isinstance(key, int) and 0 <= key < len(mapping):
        return mapping[key]
    return None


#: Two-letter codes that tell the Richelieu regions apart without relying on colour.
REGION_CODES = {
    "bourgogne": "BG",
    "bretagne": "BR",
    "champagne": "CH",
    "normandie": "NO",
    "languedoc": "LA",
    "provence": "PR",
    "anjou": "AN",
    "bourbon": "BB",
    "auvergne": "AU",
}


@register.filter
def region_code(region: str) -> str:
    return REGION_CODES.get(region, region[:2].upper())
