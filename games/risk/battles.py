"""The last battle of a Risk match, for the page's "last move" line (``risk/last_move.html``):
the dice of each roll, the losses and who holds the territory now (the view has the position,
the events the rolls)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext

#: Where the pips of each face sit, on a 3 × 3 grid of a die 24 units wide.
PIPS = {
    1: [(12, 12)],
    2: [(6, 6), (18, 18)],
    3: [(6, 6), (12, 12), (18, 18)],
    4: [(6, 6), (18, 6), (6, 18), (18, 18)],
    5: [(6, 6), (18, 6), (12, 12), (6, 18), (18, 18)],
    6: [(6, 6), (18, 6), (6, 12), (18, 12), (6, 18), (18, 18)],
}

#: The events the battle line tells; the move's other events keep their own sentences.
TOLD = {"risk.battle", "risk.blitz_ended", "risk.conquered"}


def die(value: int, lost: bool) -> dict[str, Any]:
    return {"value": value, "pips": PIPS.get(value, []), "lost": lost}


def battle(params: Mapping[str, Any]) -> dict[str, Any]:
    """The dice of one roll, each marked lost or not (pairs compared highest first)."""
    attack = sorted(params.get("attacker_dice") or [], reverse=True)
    defence = sorted(params.get("defender_dice") or [], reverse=True)
    pairs = min(len(attack), len(defence))
    return {
        "params": params,
        "attack": [die(v, i < pairs and v <= defence[i]) for i, v in enumerate(attack)],
        "defence": [die(v, i < pairs and v < attack[i]) for i, v in enumerate(defence)],
        "attacker_losses": params.get("attacker_losses", 0),
        "defender_losses": params.get("defender_losses", 0),
    }


def side_name(seat: Any, neutral: Any, names: Mapping[int, str]) -> str:
    """A player's name, or a neutral army's."""
    if isinstance(neutral, int) and not isinstance(neutral, bool):
        return gettext("Neutral army %(k)s") % {"k": neutral}
    if isinstance(seat, int) and seat in names:
        return names[seat]
    return gettext("seat %(n)s") % {"n": (seat + 1) if isinstance(seat, int) else seat}


def story(
    events: Sequence[Mapping[str, Any]], view: Mapping[str, Any], names: Mapping[int, str]
) -> dict[str, Any] | None:
    """The battle of one move's events (an attack: one roll; a blitz: several), or ``None``."""
    rolls = [battle(e.get("params", {})) for e in events if e.get("code") == "risk.battle"]
    if not rolls:
        return None
    first = rolls[0]["params"]
    target = str(first.get("to", ""))
    now = next((t for t in view.get("territories", []) if t["id"] == target), None)
    return {
        "blitz": any(e.get("code") == "risk.blitz_ended" for e in events),
        "attacker": side_name(first.get("player"), None, names),
        "defender": side_name(first.get("defender_player"), first.get("neutral"), names),
        "from": first.get("from"),
        "to": target,
        "rolls": rolls,
        "last": rolls[-1],
        "attacker_losses": sum(r["attacker_losses"] for r in rolls),
        "defender_losses": sum(r["defender_losses"] for r in rolls),
        "conquered": any(e.get("code") == "risk.conquered" for e in events),
        "holder": side_name(now["owner"], now.get("neutral"), names) if now else "",
        "troops": now["troops"] if now else 0,
    }


def last_move(
    recent: Sequence[Sequence[Mapping[str, Any]]],
    last: Mapping[str, Any] | None,
    view: Mapping[str, Any],
    names: Mapping[int, str],
) -> dict[str, Any] | None:
    """The last move's battle, with the lines of its other events (a conquered army, a won
    match); for a move of troops into a conquered territory, the battle of the move before.
    ``None``: no battle to tell, the page's plain line says the move. Dice are public: the log
    shows them too."""
    if not recent or not last:
        return None
    events = recent[-1]
    told = story(events, view, names)
    if told is not None:
        lines = [
            line
            for e, line in zip(events, last["lines"], strict=False)
            if e.get("code") not in TOLD
        ]
        return {"battle": told, "before": None, "lines": lines}
    if len(recent) > 1 and any(e.get("code") == "risk.moved_in" for e in events):
        earlier = story(recent[-2], view, names)
        if earlier is not None:
            return {"battle": earlier, "before": last["lines"], "lines": []}
    return None
