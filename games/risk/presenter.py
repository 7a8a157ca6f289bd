"""What the site shows of Risk: territory names, action labels and the map's nodes and lines."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from django.utils.translation import gettext as _

from games.play.presenting import Presenter
from games.risk.engine.data import static_board

TERRITORY_KEYS = {"territory", "from", "to", "territories_list"}


@cache
def names() -> dict[str, dict[str, str]]:
    board = static_board()
    found = {t["id"]: t["names"] for t in board["territories"]}
    found.update({c["id"]: c["names"] for c in board["continents"]})
    return found


def territory(value: str, lang: str) -> str:
    entry = names().get(value)
    return entry.get(lang, entry["en"]) if entry else str(value)


class RiskPresenter(Presenter):
    def noun(self, key: str, value: Any, lang: str) -> str | None:
        if key in TERRITORY_KEYS and isinstance(value, str):
            return territory(value, lang)
        if key == "cards" and isinstance(value, list):
            return ", ".join(territory(str(card), lang) for card in value)
        if key in {"defender_player", "eliminated_player"}:
            return None
        return None

    def describe(self, action: Mapping[str, Any], names: Mapping[int, str], lang: str) -> str:
        kind = action.get("type")
        where = territory(str(action.get("territory", "")), lang)
        source = territory(str(action.get("from", "")), lang)
        target = territory(str(action.get("to", "")), lang)
        if kind == "claim":
            return _("Claim %(territory)s") % {"territory": where}
        if kind == "place":
            return _("Place troops on %(territory)s") % {"territory": where}
        if kind == "place_neutral":
            return _("Add neutral troops on %(territory)s") % {"territory": where}
        if kind == "trade":
            return _("Trade cards")
        if kind == "attack":
            return _("Attack %(to)s from %(from)s") % {"to": target, "from": source}
        if kind == "blitz":
            return _("Blitz %(to)s from %(from)s") % {"to": target, "from": source}
        if kind == "move_in":
            return _("Move more troops into %(to)s") % {"to": target}
        if kind == "maneuver":
            return _("Maneuver from %(from)s") % {"from": source}
        if kind == "end_attack":
            return _("Stop attacking")
        if kind == "end_turn":
            return _("End the turn")
        return str(kind)

    def board_context(self, view: Mapping[str, Any], lang: str) -> dict[str, Any]:
        return {"risk_map": map_data(view, lang)}


def map_data(view: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """What the SVG map needs: one node per territory and one line per connection."""
    board = static_board()
    where = {t["id"]: (t["x"], t["y"]) for t in board["territories"]}
    nodes = []
    for territory_view in view["territories"]:
        x, y = where[territory_view["id"]]
        owner = territory_view["owner"]
        nodes.append(
            {
                "id": territory_view["id"],
                "x": x,
                "y": y,
                "name": territory(territory_view["id"], lang),
                "troops": territory_view["troops"],
                "css": f"owner-{owner}"
                if owner is not None
                else f"neutral-{territory_view.get('neutral')}"
                if territory_view.get("neutral")
                else "unclaimed",
                "continent": territory_view["continent"],
            }
        )
    lines = []
    for edge in board["connections"]:
        (x1, y1), (x2, y2) = where[edge["a"]], where[edge["b"]]
        if edge.get("wraps"):
            # Alaska–Kamchatka crosses the edge of the map: two stubs towards the edges.
            left, right = (x1, y1) if x1 < x2 else (x2, y2), (x2, y2) if x1 < x2 else (x1, y1)
            lines.append({"x1": left[0], "y1": left[1], "x2": 0, "y2": left[1], "sea": True})
            lines.append(
                {
                    "x1": right[0],
                    "y1": right[1],
                    "x2": board["layout_box"]["width"],
                    "y2": right[1],
                    "sea": True,
                }
            )
            continue
        lines.append({"x1": x1, "y1": y1, "x2": x2, "y2": y2, "sea": edge.get("sea", False)})
    return {"nodes": nodes, "lines": lines}
