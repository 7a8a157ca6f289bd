"""A forceful Risk player for tests: the leader piles troops and blitzes, the others hold on."""

from __future__ import annotations

from typing import Any

from games.actions import moves
from games.play.models import Match
from games.risk.engine.data import board

PREFERENCE = ["claim", "place_neutral", "place", "blitz", "move_in", "end_attack", "end_turn"]


def front_line(view: dict[str, Any]) -> dict[str, int]:
    """The current player's territories that border someone else's, with the troops of their
    weakest such neighbour."""
    b = board()
    owner = {t["id"]: t["owner"] for t in view["territories"]}
    troops = {t["id"]: t["troops"] for t in view["territories"]}
    me = view["current"]
    front = {}
    for index, tid in enumerate(b.ids):
        if owner[tid] != me:
            continue
        enemies = [troops[b.ids[n]] for n in b.neighbours[index] if owner[b.ids[n]] != me]
        if enemies:
            front[tid] = min(enemies)
    return front


def pick(templates: list[dict[str, Any]], aggressive: bool, view: dict[str, Any]) -> dict[str, Any]:
    """The template to play: the leader piles its troops on its best front and blitzes; the
    others place where they stand and end their turn."""
    troops = {t["id"]: t["troops"] for t in view["territories"]}
    kinds = PREFERENCE if aggressive else [k for k in PREFERENCE if k not in {"blitz"}]
    for kind in kinds:
        found = [t for t in templates if t["type"] == kind]
        if not found:
            continue
        if kind == "blitz":
            found = [t for t in found if troops[t["from"]] >= 3]
            if not found:
                continue
            return max(found, key=lambda t: troops[t["from"]] - troops[t["to"]])
        if kind == "place" and aggressive:
            front = front_line(view)
            placeable = [t for t in found if t["territory"] in front] or found
            return max(
                placeable, key=lambda t: troops[t["territory"]] - front.get(t["territory"], 99)
            )
        return found[0]
    return templates[0]


def concrete(template: dict[str, Any]) -> dict[str, Any]:
    """The most forceful action a template allows."""
    action = {k: v for k, v in template.items() if k not in {"min", "max", "min_dice",
              "max_dice", "min_stop", "max_stop", "to_choices", "choose_from",
              "min_stars", "max_stars"}}  # fmt: skip
    if "max" in template:
        action["troops"] = template["max"]
    if "max_dice" in template:
        action["dice"] = template["max_dice"]
    if "min_stop" in template:
        action["stop_at"] = template["min_stop"]
    if "to_choices" in template:
        action["to"] = template["to_choices"][0]
    return action


def drive(match: Match, leader: int, until: Any, limit: int = 3000) -> bool:
    """Play through the move service until ``until(view)`` holds on the leader's turn (True),
    or until the match ends first (False: an introductory game ends when its cease-fire card
    is drawn, which the seed may put early)."""
    for _ in range(limit):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return False
        state = match.engine_state()
        view = match.engine.view(state, None)
        seat_number = view["current"]
        if seat_number == leader and until(view):
            return True
        templates = match.engine.legal_actions(state, seat_number)
        template = pick(templates, seat_number == leader, view)
        user = match.seats.get(number=seat_number).user
        moves.do_submit_move(match.pk, user, concrete(template), match.version)
    raise AssertionError("the match did not reach the position asked for")
