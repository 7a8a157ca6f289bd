"""What the site shows of Richelieu: region, symbol and card names, and action labels."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.presenter import Presenter
from games.richelieu.engine.catalogue import FUN_FOR_2
from games.richelieu.engine.data import CARDS, COMPONENTS
from games.richelieu.engine.scoring import score_lines

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
        "%(region)s, %(shields)s shield (card %(number)s)",
        "%(region)s, %(shields)s shields (card %(number)s)",
        card.shields,
    ) % {"region": region, "shields": card.shields, "number": card_number(card_id)}


def card_number(card_id: str) -> int:
    """The number printed on a card (R07 is card 7): it tells apart two cards that look alike."""
    digits = "".join(ch for ch in card_id if ch.isdigit())
    return int(digits) if digits else 0


def card_key(card_id: str) -> str:
    """The board key (``data-pick``) of a card on the table or in a player's hand."""
    return f"card:{card_id}"


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

    # The table --------------------------------------------------------------------------

    def picks(self, action: Mapping[str, Any]) -> list[str]:
        """Tap the card to take it or to put a marker on it; to move a marker, tap the card
        with your marker, then the free card. Paying for a card is chosen in the tray."""
        kind = action.get("type")
        if kind in {"take", "place_marker"}:
            return [card_key(str(action["card"]))]
        if kind == "move_marker":
            return [card_key(str(action["from"])), card_key(str(action["to"]))]
        return []

    def marks(self, events: Sequence[Mapping[str, Any]]) -> set[str]:
        """The cards the last move took or put a marker on or off (a taken card is marked in
        its new owner's hand)."""
        keys: set[str] = set()
        for event in events:
            params = event.get("params") or {}
            for name in ("card", "source", "target"):
                value = params.get(name)
                if isinstance(value, str) and value in CARDS:
                    keys.add(card_key(value))
        return keys

    def board(
        self, view: Mapping[str, Any], lang: str, taps: frozenset[str] = frozenset()
    ) -> RichelieuBoard:
        return RichelieuBoard(
            rows=table_rows(view, lang),
            seats=seat_panels(view, lang),
            fun_for_2=view.get("options", {}).get("ruleset") == FUN_FOR_2,
        )


@dataclass(frozen=True)
class RichelieuBoard:
    """What the board template (``richelieu/board.html``) shows beyond the view."""

    #: The four rows of cards (``table_rows``).
    rows: list[dict[str, Any]]
    #: Each player's cards by region and score so far (``seat_panels``).
    seats: list[dict[str, Any]]
    #: Scored under the Fun for 2 rules (else the multiplayer rules).
    fun_for_2: bool


#: A shield printed on a card (the symbols are drawn once, in the board's sprite).
SHIELD_ICON = '<svg class="icon" aria-hidden="true"><use href="#rich-shield"/></svg>'


@cache
def card_face(card_id: str, lang: str) -> dict[str, Any]:
    """What is printed on a card, drawn once per card and language: the region's code, the
    card's number, the region's name, the shields and the symbol (the board sets the match's
    marks between them: ``templatetags/richelieu_board.py``)."""
    card = CARDS[card_id]
    symbol = '<svg class="icon rc-symbol"><use href="#rich-{}"/></svg>'
    return {
        "code": format_html('<span class="rc-code">{}</span>', REGION_CODES[card.region]),
        "number": format_html('<span class="rc-no">{}</span>', card_number(card_id)),
        "name": COMPONENTS.names["regions"][card.region].get(lang, card.region),
        "shields": SafeString(f'<span class="rc-shields">{SHIELD_ICON * card.shields}</span>'),
        "symbol": format_html(symbol, card.symbol) if card.symbol else "",
    }


def table_rows(view: Mapping[str, Any], lang: str) -> list[dict[str, Any]]:
    """The four rows, each card with its number, whether it lies at an end of its row, and
    its words (region name, what a screen reader says of it) ready for the template.

    Between a row's two ends (a last card is its ``left`` end) the cards lie in a frame of
    their own, which scrolls sideways when the row is too long for the page while the ends stay
    in view: the second card opens it (``opens_frame``), the last but one closes it."""
    rows = []
    for index, row in enumerate(view.get("rows", [])):
        last = len(row) - 1
        cards = []
        for i, card in enumerate(row):
            end = "left" if i == 0 else "right" if i == last else ""
            cards.append(
                {
                    **card,
                    "key": card_key(card["card"]),
                    "number": card_number(card["card"]),
                    "end": end,
                    "css": " ".join(
                        [f"region-{card['region']}"]
                        + ([f"rc-end rc-{end}"] if end else [])
                        + (["rc-marked"] if card.get("marker") is not None else [])
                    ),
                    "face": card_face(card["card"], lang),
                    "spoken": spoken_card(card, end, lang),
                    "opens_frame": i == 1 and last > 1,
                    "closes_frame": i == last - 1 and last > 1,
                }
            )
        rows.append({"number": index + 1, "cards": cards})
    return rows


def spoken_card(card: Mapping[str, Any], end: str, lang: str) -> str:
    """What a screen reader says of a card after its region: shields, symbol, row end, disc
    (a marker on it is said by the template, which knows the players' names)."""
    parts = [ngettext("%(n)s shield", "%(n)s shields", card["shields"]) % {"n": card["shields"]}]
    if card.get("symbol"):
        parts.append(COMPONENTS.names["symbols"][card["symbol"]].get(lang, card["symbol"]))
    if end == "left":
        parts.append(_("left end"))
    elif end == "right":
        parts.append(_("right end"))
    if card.get("disc"):
        parts.append(_("face-down disc"))
    return ", ".join(parts)


def seat_panels(view: Mapping[str, Any], lang: str) -> list[dict[str, Any]]:
    """Each player's cards grouped by region (shields, cards, symbols) and the score so far.

    The score is the engine's final scoring applied to the cards taken so far, under the
    match's rule set; face-down discs stay out of it until the end, when the result (discs
    turned over) is shown instead."""
    seats = list(view.get("seats", []))
    options = view.get("options", {})
    result = view.get("result")
    contenders = [seat["seat"] for seat in seats if seat["in_game"]]
    hands = [[card["card"] for card in seat["cards"]] for seat in seats]
    lines = score_lines(
        str(options.get("ruleset")), len(seats), hands, [[] for _ in seats], contenders
    )
    panels = []
    for seat in seats:
        number = seat["seat"]
        groups = []
        for region in COMPONENTS.regions:
            cards = [card for card in seat["cards"] if card["region"] == region]
            if cards:
                groups.append(
                    {
                        "region": region,
                        "code": REGION_CODES[region],
                        "cards": sorted(cards, key=lambda card: card["card"]),
                        "shields": seat["shields"][region],
                        "total": COMPONENTS.region_totals[region],
                    }
                )
        if result:
            score = result["totals"].get(str(number), result["totals"].get(number, 0))
        else:
            score = sum(line.points for line in lines.get(number, []))
        panels.append(
            {
                **seat,
                "groups": groups,
                "symbol_counts": [
                    (symbol, count) for symbol, count in seat["symbols"].items() if count
                ],
                "score": score,
                "final": bool(result),
                "marked_cards": [
                    card_key(card["card"])
                    for row in view.get("rows", [])
                    for card in row
                    if card["marker"] == number
                ],
            }
        )
    return panels
