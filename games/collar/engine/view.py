"""What one seat (or a spectator) may see of a match, as JSON data.

A seat sees its own hand, the common card and the discard pile; of the other hand only its
size. Nobody sees the draw pile, the removed cards or the solo cards put aside unseen before
the end; then every hand and every card is shown, with the result.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.collar.engine.collars import best_collar, discard_outlook
from games.collar.engine.data import CARDS, HAND_SIZE, SOLO_TURNS
from games.collar.engine.scoring import final_result
from games.collar.engine.state import FROM_DISCARD, FROM_SHOWN, KEEP, SOLO, CollarState
from games.engines.base import Rng, View, redeal


def _cards(card_ids: tuple[str, ...] | list[str]) -> list[dict[str, Any]]:
    return [CARDS[card_id].as_dict() for card_id in card_ids]


def _own(state: CollarState, seat: int) -> dict[str, Any]:
    """The seat's private part: its hand, the card just taken, its best collar now."""
    hand = state.hands[seat]
    taken = state.taken if seat == state.to_move else None
    own: dict[str, Any] = {"hand": _cards(hand), "taken": taken}
    if len(hand) == HAND_SIZE:
        own["best_collar"] = best_collar(hand, state.common).as_dict()
    elif len(hand) == HAND_SIZE + 1:
        own["discard_outlook"] = {
            card: {"florins": collar.florins, "wishes_met": collar.wishes_met}
            for card, collar in discard_outlook(hand, state.common).items()
        }
    return own


def _last_taken(state: CollarState, seat: int | None) -> dict[str, Any] | None:
    """Where the player to move took a card from this turn; the card only if it is public."""
    if state.taken is None:
        return None
    public = state.taken_from in (FROM_DISCARD, FROM_SHOWN) or seat == state.to_move
    return {
        "seat": state.to_move,
        "from": state.taken_from,
        "card": state.taken if public else None,
    }


def build_view(state: CollarState, seat: int | None) -> View:
    result = final_result(state)
    if seat is not None and (
        not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players
    ):
        seat = None
    view: View = {
        "game": "collar",
        "mode": state.mode,
        "options": {
            "rainbow": state.rainbow,
            "gold": state.gold,
            "anti_stall": state.anti_stall,
        },
        "reconstruction": True,
        "seat": seat,
        "players": state.players,
        "phase": state.phase,
        "turn": state.turn,
        "solo_turns": SOLO_TURNS if state.mode == SOLO else None,
        "to_act": [] if state.over else [state.to_move],
        "over": state.over,
        "common": CARDS[state.common].as_dict(),
        "discard": _cards(state.discard),
        "discard_top": state.discard[-1] if state.discard else None,
        "pile_count": len(state.pile),
        "removed_count": len(state.removed),
        "set_aside_count": len(state.set_aside),
        "hand_counts": [len(hand) for hand in state.hands],
        "empty_pile_turns": list(state.empty_turns),
        "left": list(state.left),
        "last_taken": _last_taken(state, seat),
        "offer": None,
    }
    if state.phase == KEEP:
        view["offer"] = {"shown": CARDS[state.offer[0]].as_dict(), "unseen": 1}
    if seat is not None:
        view.update(_own(state, seat))
    if state.over and result is not None:
        view["hands"] = [_cards(hand) for hand in state.hands]
        view["removed"] = _cards(state.removed)
        view["set_aside"] = _cards(state.set_aside)
        view["pile"] = _cards(state.pile)
        view["end_reason"] = state.end_reason
        view["result"] = result.as_dict()
    return view


def hidden_variant(state: CollarState, seat: int | None, seed: int) -> CollarState:
    """``state`` with every card ``seat`` cannot see dealt again (see ``BaseEngine``)."""
    if state.over:
        return state
    rng = Rng(seed)
    hands = [list(hand) for hand in state.hands]
    unseen_offer = list(state.offer[1:])
    # The card the player to move has just taken stays where it is: ``taken`` names it.
    kept = state.taken if state.taken is not None else None
    others = [s for s in range(state.players) if s != seat]
    groups = [[card for card in hands[s] if card != kept] for s in others]
    groups += [list(state.pile), list(state.removed), list(state.set_aside), unseen_offer]
    dealt = redeal(rng, groups)
    for index, s in enumerate(others):
        hands[s] = dealt[index] + ([kept] if kept in state.hands[s] else [])
    pile, removed, set_aside, offer_rest = dealt[len(others) :]
    return replace(
        state,
        hands=tuple(tuple(hand) for hand in hands),
        pile=tuple(pile),
        removed=tuple(removed),
        set_aside=tuple(set_aside),
        offer=tuple(state.offer[:1]) + tuple(offer_rest),
        rng=Rng(seed + 1).next64(),
    )
