"""A Richelieu card on the table, drawn in Python: the board has up to 48 of them, and a card
drawn by the template engine resolved a dozen variables (most of the board's time).

What is printed on the card comes from ``presenter.card_face`` (once per card and language);
this adds what belongs to the match: the ends' frames, a marker in the head between the
region's code and the card's number, a face-down disc in the foot between the shields and the
symbol (so that nothing covers anything else), and what a screen reader says of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games.play.templatetags.play_tags import seat_name

register = template.Library()

CARD = (
    '<button type="button" tabindex="-1" class="rc {css}" data-pick="{key}" data-card="{card}">'
    '<span class="rc-head">{code}{marker}{number}</span>'
    '<span class="rc-name">{name}</span>'
    '<span class="rc-icons" aria-hidden="true">{shields}{disc}{symbol}</span>'
    '<span class="visually-hidden">{spoken}</span></button>'
)
DISC = mark_safe('<span class="rc-disc"></span>')


@register.simple_tag
def richelieu_card(card: Mapping[str, Any], names: Mapping[int, str]) -> SafeString:
    """``card``: one of ``presenter.table_rows``' cards; ``names``: the players' names."""
    face = card["face"]
    marker, spoken = "", card["spoken"]
    if card.get("marker") is not None:
        owner = seat_name(card["marker"], names)
        marker = format_html(
            '<span class="rc-marker seat-{}" aria-hidden="true">{}</span>',
            card["marker"],
            owner[:1].upper(),
        )
        spoken += ", " + gettext("marker of %(owner)s") % {"owner": owner}
    return format_html(
        CARD,
        css=card["css"],
        key=card["key"],
        card=card["card"],
        code=face["code"],
        marker=marker,
        number=face["number"],
        name=face["name"],
        shields=face["shields"],
        disc=DISC if card.get("disc") else "",
        symbol=face["symbol"],
        spoken=spoken,
    )
