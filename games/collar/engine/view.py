"""What one seat (or a spectator) may see of a match, as JSON data.

A seat sees its own hand, the common card and the discard pile; of the other hand only its
size. Nobody sees the draw pile, the removed cards or the solo cards put aside unseen before
the end; then every hand and every card is shown, with the result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from games.collar.engine.collars import best_collar, discard_outlook
from games.collar.engine.data import CARDS, HAND_SIZE, SOLO_TURNS, deck
from games.collar.engine.scoring import final_result
from games.collar.engine.state import (
    DISCARD,
    FROM_DISCARD,
    FROM_PILE,
    FROM_SHOWN,
    KEEP,
    OVER,
    SOLO,
    CollarState,
)
from games.engines.base import Event, Rng, View, deal_out, redeal


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


def determinize(view: View, seat: int, seed: int, events: Sequence[Event] = ()) -> CollarState:
    """A full state whose view for ``seat`` is ``view`` (see ``BaseEngine.determinize``).

    The seat knows its hand, the common card, the discard pile, the solo offer's face-up card
    and, from ``events``, the cards an opponent took from the discard pile and still holds;
    the other cards of the deck are dealt at random to the other hands, the draw pile, the
    removed cards, the cards put aside and the solo offer's unseen card.
    """
    if view["over"]:
        return _shown(view)
    phase, to_move = str(view["phase"]), int(view["to_act"][0])
    last = view["last_taken"]
    taken_from = None if last is None else str(last["from"])
    taken = view.get("taken") if to_move == seat else (None if last is None else last["card"])
    held = opponents_known(view, seat, events)
    if to_move != seat and phase == DISCARD:
        held[to_move] = _with_taken(held[to_move], taken, int(view["hand_counts"][to_move]))
    hands, pile, removed, set_aside, unseen_offer = _deal_unseen(view, seat, held, Rng(seed))
    if taken is None and phase == DISCARD:
        taken = hands[to_move][-1]  # drawn from the pile: the last card dealt to that hand
    discard = tuple(_id(card) for card in view["discard"])
    if view["offer"] is not None:
        offer: tuple[str, ...] = (_id(view["offer"]["shown"]), *unseen_offer)
    else:
        offer = _spent_offer(view["mode"], phase, taken, taken_from, discard, set_aside)
    options = view["options"]
    return CollarState(
        mode=str(view["mode"]),
        rainbow=bool(options["rainbow"]),
        gold=bool(options["gold"]),
        anti_stall=bool(options["anti_stall"]),
        players=int(view["players"]),
        rng=Rng(seed + 1).next64(),
        removed=tuple(removed),
        common=_id(view["common"]),
        hands=tuple(tuple(hand) for hand in hands),
        pile=tuple(pile),
        discard=discard,
        set_aside=tuple(set_aside),
        offer=offer,
        to_move=to_move,
        phase=phase,
        turn=int(view["turn"]),
        taken=taken,
        taken_from=taken_from,
        # Whether the turn began with the draw pile empty (the anti-stall count).
        turn_began_empty=view["mode"] != SOLO
        and view["pile_count"] == 0
        and taken_from != FROM_PILE,
        empty_turns=tuple(int(n) for n in view["empty_pile_turns"]),
        left=tuple(int(s) for s in view["left"]),
        end_reason=None,
        events=(),
    )


def _deal_unseen(
    view: View, seat: int, held: list[list[str]], rng: Rng
) -> tuple[list[list[str]], list[str], list[str], list[str], list[str]]:
    """The hands (the seat's own, the others' known cards then dealt ones), and the draw pile,
    the removed cards, the cards put aside and the solo offer's unseen card, dealt."""
    options, players = view["options"], int(view["players"])
    seen = {_id(view["common"]), *(_id(card) for card in view["discard"])}
    seen |= {_id(card) for card in view["hand"]} | {card for known in held for card in known}
    if view["offer"] is not None:
        seen.add(_id(view["offer"]["shown"]))
    unseen = [card for card in deck(options["rainbow"], options["gold"]) if card not in seen]
    others = [s for s in range(players) if s != seat]
    sizes = [int(view["hand_counts"][s]) - len(held[s]) for s in others]
    sizes += [view["pile_count"], view["removed_count"], view["set_aside_count"]]
    sizes.append(0 if view["offer"] is None else 1)
    dealt = deal_out(rng, unseen, sizes)
    hands = [[_id(card) for card in view["hand"]] if s == seat else [] for s in range(players)]
    for index, s in enumerate(others):
        hands[s] = held[s] + dealt[index]
    pile, removed, set_aside, unseen_offer = dealt[len(others) :]
    return hands, pile, removed, set_aside, unseen_offer


def _id(card: Mapping[str, Any]) -> str:
    return str(card["id"])


def _with_taken(known: list[str], taken: str | None, count: int) -> list[str]:
    """An opponent's known cards while it discards: the card it took from the discard pile
    last; or, when it drew from the pile, room left for that unseen card."""
    if taken is not None:
        return [card for card in known if card != taken] + [taken]
    return known if len(known) < count else []


def opponents_known(view: View, seat: int, events: Sequence[Event]) -> list[list[str]]:
    """Per seat, the cards ``seat`` saw it take from the discard pile and not give back.

    Only what the events say publicly counts; a list the view contradicts (more cards than the
    hand holds, a card now in sight) is dropped, since the sample must match the view.
    """
    players = int(view["players"])
    known: list[list[str]] = [[] for _ in range(players)]
    for event in events:
        params = event.get("params", {})
        player, card = params.get("player"), params.get("card")
        if not isinstance(player, int) or player == seat or not 0 <= player < players:
            continue
        if event.get("code") == "collar.took_discard" and isinstance(card, str):
            known[player].append(card)
        elif event.get("code") in DISCARDED and card in known[player]:
            known[player].remove(card)
    visible = {_id(card) for card in view["discard"]} | {_id(view["common"])}
    visible |= {_id(card) for card in view.get("hand", [])}
    counts = view["hand_counts"]
    for player in range(players):
        if len(known[player]) > counts[player] or visible & set(known[player]):
            known[player] = []
    return known


#: The events in which a player gives a card back to the discard pile.
DISCARDED = ("collar.discarded", "collar.skipped_discard")


def _spent_offer(
    mode: str,
    phase: str,
    taken: str | None,
    taken_from: str | None,
    discard: tuple[str, ...],
    set_aside: list[str],
) -> tuple[str, ...]:
    """Solo, while discarding: the offer the card was kept from, as the rules leave it."""
    if mode != SOLO or phase != DISCARD or taken is None:
        return ()
    if taken_from == FROM_SHOWN:
        return (taken, set_aside[-1])
    return (discard[-1], taken)


def _shown(view: View) -> CollarState:
    """The state of a finished game, whose view shows every card."""
    options = view["options"]
    return CollarState(
        mode=str(view["mode"]),
        rainbow=bool(options["rainbow"]),
        gold=bool(options["gold"]),
        anti_stall=bool(options["anti_stall"]),
        players=int(view["players"]),
        rng=0,
        removed=tuple(_id(card) for card in view["removed"]),
        common=_id(view["common"]),
        hands=tuple(tuple(_id(card) for card in hand) for hand in view["hands"]),
        pile=tuple(_id(card) for card in view["pile"]),
        discard=tuple(_id(card) for card in view["discard"]),
        set_aside=tuple(_id(card) for card in view["set_aside"]),
        offer=(),
        to_move=0,
        phase=OVER,
        turn=int(view["turn"]),
        taken=None,
        taken_from=None,
        turn_began_empty=view["pile_count"] == 0,
        empty_turns=tuple(int(n) for n in view["empty_pile_turns"]),
        left=tuple(int(s) for s in view["left"]),
        end_reason=view["end_reason"],
        events=(),
    )
