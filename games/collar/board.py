"""What the collar board shows beyond the engine's view: the reader's best necklace marked,
and where the reader's moves start (from the legal moves, ``games.play.table.taps``).

Everything here is computed from the view for one reader (its own hand, the common card, the
public discard pile and counts), never from the state: the engine's optimiser
(``collars.best_keep``) is run on the cards that reader holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.collar.engine.collars import best_keep


def marked(card: Mapping[str, Any], necklace: Mapping[str, Any] | None) -> dict[str, Any]:
    """The card with what the necklace makes of it: its wish met or not, its rainbow stone."""
    shown = dict(card)
    if necklace is None:
        return shown
    for outcome in necklace["wishes"]:
        if outcome["card"] == card["id"]:
            shown["judged"] = True
            shown["met"] = outcome["met"]
            shown["found"] = outcome["found"]
    for use in necklace["rainbow"]:
        if use["card"] == card["id"]:
            shown["rainbow_use"] = use
    shown["in_necklace"] = card["id"] not in necklace.get("left_out", ())
    return shown


def _best(hand: list[Mapping[str, Any]], common: Mapping[str, Any]) -> dict[str, Any] | None:
    """The best necklace of the hand and the common card, with the card(s) best left out."""
    if len(hand) < 4:
        return None
    collar, dropped = best_keep([card["id"] for card in hand], str(common["id"]))
    return {**collar.as_dict(), "left_out": list(dropped)}


def _hand(view: Mapping[str, Any], necklace: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    outlook = view.get("discard_outlook") or {}
    cards = []
    for card in view.get("hand") or []:
        shown = marked(card, necklace)
        shown["taken"] = card["id"] == view.get("taken")
        if card["id"] in outlook:
            shown["outlook"] = outlook[card["id"]]
        cards.append(shown)
    return cards


def _final(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """At the end, every seat's cards (the view shows them all then) and its necklace."""
    result = view.get("result") or {}
    necklaces = (result.get("extra") or {}).get("collars") or {}
    common = view["common"]
    rows = []
    for seat, hand in enumerate(view.get("hands") or []):
        necklace = necklaces.get(str(seat))
        rows.append(
            {
                "seat": seat,
                "cards": [marked(card, necklace) for card in hand],
                "common": {**marked(common, necklace), "is_common": True},
                "necklace": necklace,
            }
        )
    return rows


@dataclass(frozen=True)
class CollarBoard:
    """What the board template (``collar/board.html``) shows beyond the view, for one reader."""

    #: The reader's best necklace now (``None`` for a spectator and at the end).
    necklace: dict[str, Any] | None
    common_card: dict[str, Any]
    hand_cards: list[dict[str, Any]]
    discard_top_card: Mapping[str, Any] | None
    discard_count: int
    #: Every discard lies face up: the cards beneath the top one, newest first.
    discard_below: list[Mapping[str, Any]]
    opponents: list[dict[str, Any]]
    #: The board keys where one of the reader's legal moves starts (``role="button"``).
    tappable: frozenset[str]
    final_hands: list[dict[str, Any]]


def collar_board(view: Mapping[str, Any], taps: frozenset[str] = frozenset()) -> CollarBoard:
    seat = view.get("seat")
    over = bool(view.get("over"))
    hand = view.get("hand") or []
    necklace = None if over or seat is None else _best(hand, view["common"])
    discard = view.get("discard") or []
    return CollarBoard(
        necklace=necklace,
        common_card=marked(view["common"], necklace),
        hand_cards=[] if over else _hand(view, necklace),
        discard_top_card=discard[-1] if discard else None,
        discard_count=len(discard),
        discard_below=discard[-2::-1],
        opponents=[
            {"seat": other, "count": count, "backs": range(count)}
            for other, count in enumerate(view.get("hand_counts") or [])
            if other != seat and not over
        ],
        tappable=taps,
        final_hands=_final(view) if over else [],
    )
