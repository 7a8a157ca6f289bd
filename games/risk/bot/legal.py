"""The legal-action templates of a decision, sorted by kind, with territories as indexes."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.engines.base import Action
from games.risk.engine.data import board


@dataclass
class Legal:
    claims: list[int] = field(default_factory=list)
    #: Own territories where troops may be placed, and the most at once.
    places: dict[int, int] = field(default_factory=dict)
    neutral_places: dict[int, int] = field(default_factory=dict)
    #: The cards that may be traded (ids), empty when no trade is allowed.
    tradable: list[str] = field(default_factory=list)
    #: (source, target) pairs that may be attacked, with the most dice.
    attacks: dict[tuple[int, int], int] = field(default_factory=dict)
    blitzes: dict[tuple[int, int], int] = field(default_factory=dict)
    #: The pending move-in: (source, target, most troops).
    move_in: tuple[int, int, int] | None = None
    #: Maneuvers: source -> (reachable territories, most troops).
    maneuvers: dict[int, tuple[list[int], int]] = field(default_factory=dict)
    end_attack: bool = False
    end_turn: bool = False

    @classmethod
    def read(cls, templates: tuple[Action, ...] | list[Action]) -> Legal:
        index = board().index
        legal = cls()
        for template in templates:
            kind = template["type"]
            if kind == "claim":
                legal.claims.append(index[template["territory"]])
            elif kind == "place":
                legal.places[index[template["territory"]]] = int(template["max"])
            elif kind == "place_neutral":
                legal.neutral_places[index[template["territory"]]] = int(template["max"])
            elif kind == "trade":
                legal.tradable = list(template["choose_from"])
            elif kind in ("attack", "blitz"):
                pair = (index[template["from"]], index[template["to"]])
                target = legal.attacks if kind == "attack" else legal.blitzes
                target[pair] = int(template["max_dice"])
            elif kind == "move_in":
                pending = (index[template["from"]], index[template["to"]], int(template["max"]))
                legal.move_in = pending
            elif kind == "maneuver":
                choices = [index[t] for t in template["to_choices"]]
                legal.maneuvers[index[template["from"]]] = (choices, int(template["max"]))
            elif kind == "end_attack":
                legal.end_attack = True
            elif kind == "end_turn":
                legal.end_turn = True
        return legal
