"""Formatting for the Risk board and its last battle (``games.risk.battles`` tells the battle):
territory names and a roll's faces for a screen reader."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import template

from games.play.narration import noun

register = template.Library()


@register.filter
def risk_territory(value: Any) -> str:
    """A territory's name in the active language."""
    return noun("risk", "territory", value)


@register.filter
def dice_values(dice: Sequence[Mapping[str, Any]]) -> str:
    """The faces of some dice, for a screen reader: "6, 4, 1"."""
    return ", ".join(str(d["value"]) for d in dice)
