"""Concrete actions: the shapes ``apply`` takes, and a uniformly random one inside a template
(the ``random`` level's player)."""

from __future__ import annotations

import random
from math import comb

from games.engines.base import Action
from games.risk.engine.data import board


def claim(territory: str) -> Action:
    return {"type": "claim", "territory": territory}


def place(territory: str, troops: int) -> Action:
    return {"type": "place", "territory": territory, "troops": troops}


def place_neutral(territory: str, troops: int) -> Action:
    return {"type": "place_neutral", "territory": territory, "troops": troops}


def trade(cards: list[str]) -> Action:
    return {"type": "trade", "cards": list(cards)}


def blitz(source: str, target: str, dice: int, stop_at: int = 1) -> Action:
    return {"type": "blitz", "from": source, "to": target, "dice": dice, "stop_at": stop_at}


def move_in(troops: int) -> Action:
    return {"type": "move_in", "troops": troops}


def maneuver(source: str, target: str, troops: int) -> Action:
    return {"type": "maneuver", "from": source, "to": target, "troops": troops}


END_ATTACK: Action = {"type": "end_attack"}
END_TURN: Action = {"type": "end_turn"}


def uniform(template: Action, rng: random.Random) -> Action:
    """A uniformly random concrete action inside ``template`` (see the engine's docstring for
    the templates' shapes); a concrete template is returned as it is."""
    kind = template["type"]
    if kind in ("place", "place_neutral"):
        troops = rng.randint(template["min"], template["max"])
        return {"type": kind, "territory": template["territory"], "troops": troops}
    if kind == "attack":
        dice = rng.randint(template["min_dice"], template["max_dice"])
        return {"type": "attack", "from": template["from"], "to": template["to"], "dice": dice}
    if kind == "blitz":
        dice = rng.randint(template["min_dice"], template["max_dice"])
        stop_at = rng.randint(template["min_stop"], template["max_stop"])
        return blitz(template["from"], template["to"], dice, stop_at)
    if kind == "move_in":
        return move_in(rng.randint(template["min"], template["max"]))
    if kind == "maneuver":
        target = rng.choice(template["to_choices"])
        return maneuver(template["from"], target, rng.randint(template["min"], template["max"]))
    if kind == "trade":
        return trade(uniform_cards(template["choose_from"], template["max_stars"], rng))
    return dict(template)


def uniform_cards(cards: list[str], max_stars: int, rng: random.Random) -> list[str]:
    """A uniformly random non-empty subset of ``cards`` whose stars add up to at most
    ``max_stars``: the numbers of one-star and two-star cards are drawn with the weight of how
    many subsets have them, then the cards themselves."""
    b = board()
    ones = [c for c in cards if b.stars[b.index[c]] == 1]
    twos = [c for c in cards if b.stars[b.index[c]] != 1]
    sizes = [
        (i, j)
        for i in range(len(ones) + 1)
        for j in range(len(twos) + 1)
        if 0 < i + j and i + 2 * j <= max_stars
    ]
    weights = [comb(len(ones), i) * comb(len(twos), j) for i, j in sizes]
    i, j = rng.choices(sizes, weights=weights)[0]
    chosen = set(rng.sample(ones, i) + rng.sample(twos, j))
    return [c for c in cards if c in chosen]
