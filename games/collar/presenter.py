"""What the site shows of El collar de la duquesa: card and gem names, and action labels."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.collar.engine.data import CARDS
from games.collar.engine.data import noun as gem_name
from games.play.presenting import Presenter


def card_name(card_id: str, lang: str) -> str:
    card = CARDS.get(card_id)
    if card is None:
        return str(card_id)
    wish = card.as_dict().get("wish") or {}
    if wish.get("kind") == "gem":
        return ngettext(
            "%(id)s (wish: %(count)s × %(gem)s, %(florins)s florin)",
            "%(id)s (wish: %(count)s × %(gem)s, %(florins)s florins)",
            wish["florins"],
        ) % {
            "id": card_id,
            "count": wish["count"],
            "gem": gem_name(wish["gem"], lang),
            "florins": wish["florins"],
        }
    return str(card_id)


class CollarPresenter(Presenter):
    def noun(self, key: str, value: Any, lang: str) -> str | None:
        if key in {"card", "shown"} and isinstance(value, str):
            return card_name(value, lang)
        if key == "gem" and isinstance(value, str):
            return gem_name(value, lang)
        return None

    def describe(self, action: Mapping[str, Any], names: Mapping[int, str], lang: str) -> str:
        kind = action.get("type")
        if kind == "draw":
            return _("Draw from the pile")
        if kind == "take_discard":
            return _("Take the top discard")
        if kind == "decline":
            return _("Decline the discard and end the game")
        if kind == "keep":
            if action.get("which") == "shown":
                return _("Keep the face-up card")
            return _("Keep the unseen card")
        if kind == "discard":
            return _("Discard %(card)s") % {"card": card_name(str(action.get("card", "")), lang)}
        return str(kind)
