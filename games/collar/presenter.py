"""What the site shows of El collar de la duquesa: card and gem names, and action labels."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.collar.board import CollarBoard, collar_board
from games.collar.engine.data import CARDS
from games.collar.engine.data import noun as gem_name
from games.presenter import Presenter

#: Board keys an event touches, and the events that put a named card into the mover's hand.
MARKS: dict[str, tuple[str, ...]] = {
    "drew": ("pile",),
    "took_discard": ("discard",),
    "discarded": ("discard",),
    "skipped_discard": ("discard",),
    "declined": ("discard",),
    "solo_offer": ("shown", "unseen"),
    "solo_kept_unseen": ("discard",),
}
HAND_MARKS = {"drew", "took_discard", "solo_kept_shown", "solo_kept_unseen"}


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

    # The board (games/collar/templates/collar/board.html) -------------------------------

    def picks(self, action: Mapping[str, Any]) -> list[str]:
        """Tap the draw pile, the top discard, the face-up or unseen solo card, or a hand card."""
        kind = action.get("type")
        if kind == "draw":
            return ["pile"]
        if kind == "take_discard":
            return ["discard"]
        if kind == "keep":
            return ["shown" if action.get("which") == "shown" else "unseen"]
        if kind == "discard":
            return [self.card_pick(str(action.get("card", "")))]
        return []  # decline: a button in the tray

    def marks(self, events: Sequence[Mapping[str, Any]]) -> set[str]:
        """The pile, the discard pile, the solo offer and the hand cards the last move touched
        (a card drawn unseen is named only in the reader's own events)."""
        touched: set[str] = set()
        for event in events:
            code = str(event.get("code", "")).removeprefix("collar.")
            card = event.get("params", {}).get("card")
            if code in MARKS:
                touched.update(MARKS[code])
            if code in HAND_MARKS and isinstance(card, str):
                touched.add(self.card_pick(card))
        return touched

    def board(
        self, view: Mapping[str, Any], lang: str, taps: frozenset[str] = frozenset()
    ) -> CollarBoard:
        return collar_board(view, taps)
