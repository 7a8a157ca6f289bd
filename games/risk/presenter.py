"""What the site shows of Risk: territory names, action labels and the map's nodes and lines."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pyphen
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games.presenter import Presenter
from games.risk import battles
from games.risk.engine.data import CEASE_FIRE_ID, static_board

ARTWORK = Path(__file__).with_name("artwork") / "risk_map.json"

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


def card_name(card: str, lang: str) -> str:
    """A card's name: its territory, or the cease-fire card of the introductory game."""
    return _("Cease-fire") if card == CEASE_FIRE_ID else territory(card, lang)


#: Words longer than this get soft hyphens on the cards, where a phone's narrow card may break
#: them ("Settentrio-nale" rather than "Settentriona" and "le" on the next line).
LONG_WORD = 9


@cache
def card_label(name: str, lang: str) -> str:
    """A card's name with soft hyphens (U+00AD) inside its long words, from the language's
    hyphenation patterns: the browser breaks a word there, with a hyphen, only if it must."""
    hyphenator = pyphen.Pyphen(lang=lang if lang in pyphen.LANGUAGES else "en", left=3, right=3)
    return " ".join(
        hyphenator.inserted(word, hyphen="\u00ad") if len(word) > LONG_WORD else word
        for word in name.split(" ")
    )


class RiskPresenter(Presenter):
    def noun(self, key: str, value: Any, lang: str) -> str | None:
        if key in TERRITORY_KEYS and isinstance(value, str):
            return territory(value, lang)
        if key == "card" and isinstance(value, str):
            return card_name(value, lang)
        if key == "cards" and isinstance(value, list):
            return ", ".join(card_name(str(card), lang) for card in value)
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
        if kind == "maneuver" and "to" in action:
            return _("Maneuver from %(from)s to %(to)s") % {"from": source, "to": target}
        if kind == "maneuver":
            return _("Maneuver from %(from)s") % {"from": source}
        if kind == "end_attack":
            return _("Stop attacking")
        if kind == "end_turn":
            return _("End the turn")
        return str(kind)

    def board(
        self, view: Mapping[str, Any], lang: str, taps: frozenset[str] = frozenset()
    ) -> RiskBoard:
        return map_data(view, lang)

    def last_move(
        self,
        recent: Sequence[Sequence[Mapping[str, Any]]],
        last: Mapping[str, Any] | None,
        view: Mapping[str, Any],
        names: Mapping[int, str],
    ) -> dict[str, Any] | None:
        return battles.last_move(recent, last, view, names)

    # The table ---------------------------------------------------------------------------

    def picks(self, action: Mapping[str, Any]) -> list[str]:
        kind = action.get("type")
        if kind in {"claim", "place", "place_neutral"}:
            return [f"t:{action['territory']}"]
        if kind in {"attack", "blitz", "maneuver"} and "to" in action:
            return [f"t:{action['from']}", f"t:{action['to']}"]
        if kind == "move_in":
            return [f"t:{action['to']}"]
        return []  # trade (then the cards), end_attack, end_turn: from the tray

    def choice_label(self, action: Mapping[str, Any]) -> str | None:
        kind = action.get("type")
        if kind == "attack":
            return pgettext("a Risk move", "Attack")
        if kind == "blitz":
            return pgettext("a Risk move", "Blitz")
        return None

    def marks(self, events: Sequence[Mapping[str, Any]]) -> set[str]:
        touched = set()
        for event in events:
            params = event.get("params", {})
            for key in ("territory", "from", "to"):
                if isinstance(params.get(key), str):
                    touched.add(f"t:{params[key]}")
        return touched

    def number_widget(self, action: Mapping[str, Any], name: str) -> str:
        if name == "troops" and action.get("type") in {"move_in", "maneuver"}:
            return "slider"
        return "stepper"


@cache
def artwork() -> dict[str, Any]:
    """The drawable map (``artwork/risk_map.json``), read once."""
    with ARTWORK.open(encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def owner_class(territory_view: Mapping[str, Any]) -> str:
    if territory_view["owner"] is not None:
        return f"owner-{territory_view['owner']}"
    if territory_view.get("neutral"):
        return f"neutral-{territory_view['neutral']}"
    return "unclaimed"


def holder(territory_view: Mapping[str, Any]) -> str | None:
    """Who holds a territory when it is not a player (a player's name is the page's)."""
    if territory_view["owner"] is not None:
        return None
    if territory_view.get("neutral"):
        return _("Neutral army %(k)s") % {"k": territory_view["neutral"]}
    return _("unclaimed")


def two_lines(name: str) -> list[str]:
    """A long name on two lines, split at the space nearest its middle."""
    words = name.split()
    if len(name) <= 11 or len(words) < 2:
        return [name]
    best = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(name) / 2))
    return [" ".join(words[:best]), " ".join(words[best:])]


@cache
def map_layers(lang: str) -> dict[str, Any]:
    """The parts of the SVG map that no match changes, drawn once per language: under the
    territories (patterns, sea, links, continent bands), over them (coasts, continent names)
    and each territory's label without its troop count (``labels``, by territory)."""
    art = artwork()
    continents = [
        {
            **c,
            "name": territory(c["id"], lang),
            "light": c["fill"]["light"],
            "dark": c["fill"]["dark"],
        }
        for c in art["continents"]
    ]
    context: dict[str, Any] = {"links": art["links"], "continents": continents}
    with translation.override(lang):
        parts = {
            part: SafeString(render_to_string("risk/_map_layers.html", {**context, "part": part}))
            for part in ("under", "coasts", "continent_names")
        }
        labels = {}
        for shape in art["territories"]:
            full = territory(shape["id"], lang)
            cell = {
                "id": shape["id"],
                "x": shape["label"]["x"],
                "y": shape["label"]["y"],
                "lines": two_lines(full),
                "short": shape["short"].get(lang, shape["short"]["en"]),
            }
            page = render_to_string("risk/_map_layers.html", {"part": "label", "cell": cell})
            labels[shape["id"]] = SafeString(page.strip())
    return {**parts, "labels": labels}


@dataclass(frozen=True)
class RiskBoard:
    """What the board template (``risk/board.html``) shows beyond the view: the SVG map."""

    view_box: str
    #: The map's drawn parts that do not change in a match (``map_layers``), in this language.
    layers: dict[str, Any]
    #: One per territory: its shape, name, holder, troops and colour.
    cells: list[dict[str, Any]]
    #: With their bonus and who holds each.
    continents: list[dict[str, Any]]
    #: The reader's cards.
    hand: list[dict[str, Any]]


def map_data(view: Mapping[str, Any], lang: str) -> RiskBoard:
    """What the SVG map needs: cells, continents with their bonus, links, the hand's cards."""
    art = artwork()
    layers = map_layers(lang)
    shapes = {t["id"]: t for t in art["territories"]}
    held_by: dict[str, list[int]] = {}
    for seat in view["seats"]:
        for continent in seat["continents"]:
            held_by.setdefault(continent, []).append(seat["seat"])
    cells = []
    for territory_view in view["territories"]:
        shape = shapes[territory_view["id"]]
        full = territory(territory_view["id"], lang)
        cells.append(
            {
                "id": territory_view["id"],
                "d": shape["d"],
                "name": full,
                "holder": holder(territory_view),
                "troops_text": ngettext(
                    "%(name)s, %(n)s troop", "%(name)s, %(n)s troops", territory_view["troops"]
                )
                % {"name": full, "n": territory_view["troops"]},
                "label": layers["labels"][territory_view["id"]],
                "troops": territory_view["troops"],
                "owner": territory_view["owner"],
                "neutral": territory_view.get("neutral"),
                "css": owner_class(territory_view),
                "textured": owner_class(territory_view) not in {"owner-0", "unclaimed"},
                "continent": territory_view["continent"],
            }
        )
    continents = [
        {
            "id": c["id"],
            "name": territory(c["id"], lang),
            "bonus": c["bonus"],
            "outline": c["outline"],
            "label": c["label"],
            "light": c["fill"]["light"],
            "dark": c["fill"]["dark"],
            "held_by": held_by.get(c["id"], []),
        }
        for c in art["continents"]
    ]
    hand = [
        {
            "id": card["card"],
            "name": card_label(card_name(card["card"], lang), lang),
            "stars": card["stars"],
            "star_range": range(card["stars"]),
            "cease_fire": card["card"] == CEASE_FIRE_ID,
        }
        for card in view.get("hand") or []
    ]
    return RiskBoard(
        view_box=" ".join(str(n) for n in art["view_box"]),
        layers=layers,
        cells=cells,
        continents=continents,
        hand=hand,
    )
