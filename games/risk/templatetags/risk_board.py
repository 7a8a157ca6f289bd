"""The last battle's dice, for the Risk board (the view has the position, not the rolls)."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()

#: Where the pips of each face sit, on a 3 × 3 grid of a die 24 units wide.
PIPS = {
    1: [(12, 12)],
    2: [(6, 6), (18, 18)],
    3: [(6, 6), (12, 12), (18, 18)],
    4: [(6, 6), (18, 6), (6, 18), (18, 18)],
    5: [(6, 6), (18, 6), (12, 12), (6, 18), (18, 18)],
    6: [(6, 6), (18, 6), (6, 12), (18, 12), (6, 18), (18, 18)],
}


def die(value: int, lost: bool) -> dict[str, Any]:
    return {"value": value, "pips": PIPS.get(value, []), "lost": lost}


def battle(params: dict[str, Any]) -> dict[str, Any]:
    """The dice of one roll, each marked lost or not (pairs compared highest first)."""
    attack = sorted(params.get("attacker_dice") or [], reverse=True)
    defence = sorted(params.get("defender_dice") or [], reverse=True)
    pairs = min(len(attack), len(defence))
    return {
        "params": params,
        "attack": [die(v, i < pairs and v <= defence[i]) for i, v in enumerate(attack)],
        "defence": [die(v, i < pairs and v > attack[i]) for i, v in enumerate(defence)],
    }


@register.simple_tag
def risk_last_battle(recent_events: list[list[dict[str, Any]]]) -> dict[str, Any] | None:
    """The last roll of dice among the moves the page shows (``recent_events``: each move's
    events as the reader may see them, oldest first). Dice are public: the log shows them too."""
    for events in reversed(recent_events or []):
        for event in reversed(events):
            if event.get("code") == "risk.battle":
                return battle(event.get("params", {}))
    return None


@register.filter
def risk_territory(value: Any) -> str:
    """A territory's name in the active language."""
    from games.play.presenting import noun

    return noun("risk", "territory", value)
