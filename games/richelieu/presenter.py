"""What the site shows of Richelieu: region, symbol and card names, and action labels."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.play.presenting import Presenter
from games.richelieu.engine.data import CARDS, COMPONENTS

#: Two-letter codes that tell the regions apart without relying on colour.
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


def card_name(card_id: str, lang: str) -> str:
    card = CARDS.get(card_id)
    if card is None:
        return str(card_id)
    region = COMPONENTS.names["regions"][card.region].get(lang, card.region)
    return ngettext(
        "%(region)s, %(shields)s shield", "%(region)s, %(shields)s shields", card.shields
    ) % {"region": region, "shields": card.shields}


class RichelieuPresenter(Presenter):
    def noun(self, key: str, value: Any, lang: str) -> str | None:
        if key in {"card", "source", "target"} and isinstance(value, str):
            return card_name(value, lang)
        if key == "region" and isinstance(value, str) and value in COMPONENTS.names["regions"]:
            return COMPONENTS.names["regions"][value].get(lang, value)
        if key == "symbol" and isinstance(value, str) and value in COMPONENTS.names["symbols"]:
            return COMPONENTS.names["symbols"][value].get(lang, value)
        return None

    def describe(self, action: Mapping[str, Any], names: Mapping[int, str], lang: str) -> str:
        kind = action.get("type")
        card = card_name(str(action.get("card", "")), lang)
        if kind == "take":
            pay = action.get("pay")
            if pay == "stock":
                return _("Take %(card)s, paying a marker from stock") % {"card": card}
            if pay:
                return _("Take %(card)s, paying the marker on %(source)s") % {
                    "card": card,
                    "source": card_name(str(pay), lang),
                }
            return _("Take %(card)s") % {"card": card}
        if kind == "place_marker":
            return _("Place a marker on %(card)s") % {"card": card}
        if kind == "move_marker":
            return _("Move the marker from %(source)s to %(target)s") % {
                "source": card_name(str(action.get("from", action.get("source", ""))), lang),
                "target": card_name(str(action.get("to", action.get("target", ""))), lang),
            }
        if kind == "marker_back":
            return _("Spend a “marker back” disc")
        if kind == "pass":
            return _("Pass (no card can be taken)")
        if kind == "end_turn":
            return _("End the turn")
        return str(kind)

    def board_context(self, view: Mapping[str, Any], lang: str) -> dict[str, Any]:
        return {"region_codes": REGION_CODES}
