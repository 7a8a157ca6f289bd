"""The rules of El collar de la duquesa: the setup, the legal actions, and one function per
action type that applies it (named after the action: ``draw``, ``take_discard``, ``decline``,
``keep``, ``discard``; ``leave`` and ``skip`` for the play layer's entries), with the steps
of a turn they share. The turn is described in ``engine``'s docstring.

A state is immutable: every function builds the next one with ``dataclasses.replace``, so
nothing is half-applied when an action is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from games.collar.engine.catalogue import SLUG, fail
from games.collar.engine.data import HAND_SIZE, REMOVED, SOLO_TURNS, deck
from games.collar.engine.scoring import build_result
from games.collar.engine.state import (
    DISCARD,
    END_ANTI_STALL,
    END_DECLINED,
    END_LEFT,
    END_SOLO,
    FROM_DISCARD,
    FROM_PILE,
    FROM_SHOWN,
    FROM_UNSEEN,
    KEEP,
    OVER,
    SOLO,
    TAKE,
    CollarState,
)
from games.engines.base import Action, Event, Rng

# Players and setup ----------------------------------------------------------------------


def player_counts(options: Mapping[str, Any]) -> tuple[int, ...]:
    return (1,) if options.get("mode") == SOLO else (2,)


def setup(players: int, options: Mapping[str, Any], seed: int) -> CollarState:
    """Three cards removed unseen, the common card, four cards a hand, the rest the pile."""
    rng = Rng(int(seed))
    cards = deck(options["rainbow"], options["gold"])
    rng.shuffle(cards)
    removed, common, rest = tuple(cards[:REMOVED]), cards[REMOVED], cards[REMOVED + 1 :]
    hands = tuple(tuple(rest[s * HAND_SIZE : (s + 1) * HAND_SIZE]) for s in range(players))
    pile = tuple(rest[players * HAND_SIZE :])
    events: list[Event] = [event("dealt", removed=len(removed), card=common, pile=len(pile))]
    for seat, hand in enumerate(hands):
        events.append(
            event("hand_dealt", {"cards": list(hand)}, seat, player=seat, count=len(hand))
        )
    state = CollarState(
        mode=options["mode"],
        rainbow=options["rainbow"],
        gold=options["gold"],
        anti_stall=options["anti_stall"],
        players=players,
        rng=rng.state,
        removed=removed,
        common=common,
        hands=hands,
        pile=pile,
        discard=(),
        set_aside=(),
        offer=(),
        to_move=0,
        phase=TAKE,
        turn=1,
        taken=None,
        taken_from=None,
        turn_began_empty=not pile,
        empty_turns=(0,) * players,
        left=(),
        end_reason=None,
        events=(),
    )
    if state.mode == SOLO:
        return solo_offer(state, events)
    return replace(state, events=tuple(events))


# Reading a state ------------------------------------------------------------------------


def to_act(state: CollarState) -> list[int]:
    return [] if state.over else [state.to_move]


def is_over(state: CollarState) -> bool:
    return state.over


def legal_actions(state: CollarState, seat: int) -> list[Action]:
    if state.over or seat != state.to_move or isinstance(seat, bool):
        return []
    if state.phase == DISCARD:
        return [{"type": "discard", "card": card} for card in state.hands[seat]]
    if state.phase == KEEP:
        return [{"type": "keep", "which": "shown"}, {"type": "keep", "which": "unseen"}]
    actions: list[Action] = []
    if state.pile:
        actions.append({"type": "draw"})
    if state.discard:
        actions.append({"type": "take_discard", "card": state.discard[-1]})
    if not state.pile:
        actions.append({"type": "decline"})
    return actions


# Applying an action ---------------------------------------------------------------------


def apply(state: CollarState, seat: int, action: Action) -> CollarState:
    """The state after ``seat``'s ``action``: the function of its type (see ``ACTIONS``)."""
    check_actor(state, seat)
    kind = action.get("type") if isinstance(action, dict) else None
    handler = ACTIONS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise fail("collar.bad_action")
    return handler(state, seat, action)


def draw(state: CollarState, seat: int, action: Action) -> CollarState:
    """Take the top card of the draw pile (only its taker sees it)."""
    check_take_step(state)
    if not state.pile:
        raise fail("collar.pile_empty")
    card, pile = state.pile[0], state.pile[1:]
    events = [event("drew", {"card": card}, seat, player=seat)]
    if not pile:
        events.append(event("pile_emptied"))
    return took(state, seat, card, FROM_PILE, events, pile=pile)


def take_discard(state: CollarState, seat: int, action: Action) -> CollarState:
    """Take the top card of the discard pile."""
    check_take_step(state)
    if not state.discard:
        raise fail("collar.discard_pile_empty")
    top = state.discard[-1]
    if "card" in action and action["card"] != top:
        raise fail("collar.not_top_discard", top=top)
    events = [event("took_discard", player=seat, card=top)]
    return took(state, seat, top, FROM_DISCARD, events, discard=state.discard[:-1])


def decline(state: CollarState, seat: int, action: Action) -> CollarState:
    """With the draw pile empty, leave the top discard: the game ends."""
    check_take_step(state)
    if state.pile:
        raise fail("collar.cannot_decline")
    top = state.discard[-1] if state.discard else None
    events = [event("declined", player=seat, card=top)]
    return finish(state, END_DECLINED, events)


def keep(state: CollarState, seat: int, action: Action) -> CollarState:
    """Solo: keep the face-up card (the unseen one is put aside) or the unseen one (the
    face-up one is discarded)."""
    if state.mode != SOLO:
        raise fail("collar.solo_only")
    if state.phase != KEEP:
        raise fail("collar.discard_now")
    which = action.get("which")
    if which not in (FROM_SHOWN, FROM_UNSEEN):
        raise fail("collar.bad_keep")
    shown, unseen = state.offer
    if which == FROM_SHOWN:
        events = [event("solo_kept_shown", player=seat, card=shown)]
        return took(state, seat, shown, FROM_SHOWN, events, set_aside=(*state.set_aside, unseen))
    events = [event("solo_kept_unseen", {"card": unseen}, seat, player=seat, shown=shown)]
    return took(state, seat, unseen, FROM_UNSEEN, events, discard=(*state.discard, shown))


def discard(state: CollarState, seat: int, action: Action) -> CollarState:
    """Discard one card of the five in hand; the turn ends."""
    if state.phase == TAKE:
        raise fail("collar.take_first")
    if state.phase == KEEP:
        raise fail("collar.keep_first")
    card = action.get("card")
    if not isinstance(card, str) or card not in state.hands[seat]:
        raise fail("collar.card_not_in_hand")
    return discarded(state, seat, card, [event("discarded", player=seat, card=card)])


#: The function that applies each action type a player may send.
ACTIONS: dict[str, Callable[[CollarState, int, Action], CollarState]] = {
    "draw": draw,
    "take_discard": take_discard,
    "decline": decline,
    "keep": keep,
    "discard": discard,
}


# Leaving and timeouts -------------------------------------------------------------------


def leave(state: CollarState, seat: int) -> CollarState:
    """The seat is out and ranked last; with one player left (or none in solo) it ends."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise fail("collar.bad_seat", seat=str(seat))
    if state.over:
        raise fail("collar.game_over")
    state = replace(state, left=(*state.left, seat))
    return finish(state, END_LEFT, [event("left", player=seat)])


def skip(state: CollarState, seat: int) -> CollarState:
    """The turn passes with the least change to the cards.

    Taking step with cards in the pile: no card is taken and the turn passes (the hand
    stays at four). Taking step with the pile empty: not taking the top discard is
    declining it, so the game ends as the rules say. Discarding step: the card just taken
    is discarded. Solo, keeping step: the hand stays as it was, the face-up card goes to
    the discard pile and the unseen one is put aside, and the next turn begins.
    """
    check_actor(state, seat)
    if state.phase == DISCARD and state.taken is not None:
        skipped = event("skipped_discard", player=seat, card=state.taken)
        return discarded(state, seat, state.taken, [skipped])
    if state.phase == KEEP:
        shown, unseen = state.offer
        state = replace(
            state,
            discard=(*state.discard, shown),
            set_aside=(*state.set_aside, unseen),
            offer=(),
        )
        return end_of_turn(state, seat, [event("skipped_keep", player=seat)])
    events = [event("skipped_take", player=seat)]
    if not state.pile:
        top = state.discard[-1] if state.discard else None
        events.append(event("declined", player=seat, card=top))
        return finish(state, END_DECLINED, events)
    return end_of_turn(state, seat, events)


# Checks ---------------------------------------------------------------------------------


def check_actor(state: CollarState, seat: int) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise fail("collar.bad_seat", seat=str(seat))
    if state.over:
        raise fail("collar.game_over")
    if seat != state.to_move:
        raise fail("collar.not_your_turn")


def check_take_step(state: CollarState) -> None:
    if state.mode == SOLO:
        raise fail("collar.duel_only")
    if state.phase != TAKE:
        raise fail("collar.discard_now")


# The steps of a turn --------------------------------------------------------------------


def took(
    state: CollarState,
    seat: int,
    card: str,
    source: str,
    events: list[Event],
    **changes: Any,
) -> CollarState:
    """``card`` joins the hand of ``seat``: now a card must be discarded."""
    hands = with_hand(state, seat, (*state.hands[seat], card))
    return replace(
        state,
        hands=hands,
        phase=DISCARD,
        taken=card,
        taken_from=source,
        events=tuple(events),
        **changes,
    )


def discarded(state: CollarState, seat: int, card: str, events: list[Event]) -> CollarState:
    hand = tuple(held for held in state.hands[seat] if held != card)
    state = replace(
        state,
        hands=with_hand(state, seat, hand),
        discard=(*state.discard, card),
        taken=None,
        taken_from=None,
    )
    return end_of_turn(state, seat, events)


def end_of_turn(state: CollarState, seat: int, events: list[Event]) -> CollarState:
    """The next turn, or the end: the solo game's last turn, or the anti-stall count."""
    if state.mode == SOLO:
        if state.turn >= SOLO_TURNS or len(state.pile) < 2:
            events.append(event("solo_finished", turns=state.turn))
            return finish(state, END_SOLO, events)
        return solo_offer(replace(state, turn=state.turn + 1), events)
    if state.turn_began_empty:
        counts = list(state.empty_turns)
        counts[seat] += 1
        state = replace(state, empty_turns=tuple(counts))
        if state.anti_stall and min(state.empty_turns) >= 2:
            events.append(event("anti_stall"))
            return finish(state, END_ANTI_STALL, events)
    return replace(
        state,
        to_move=(seat + 1) % state.players,
        turn=state.turn + 1,
        phase=TAKE,
        turn_began_empty=not state.pile,
        events=tuple(events),
    )


def solo_offer(state: CollarState, events: list[Event]) -> CollarState:
    """Solo: the engine takes the two top cards and turns the first face up."""
    shown, unseen = state.pile[0], state.pile[1]
    events.append(event("solo_offer", player=0, turn=state.turn, turns=SOLO_TURNS, card=shown))
    return replace(
        state,
        pile=state.pile[2:],
        offer=(shown, unseen),
        phase=KEEP,
        events=tuple(events),
    )


def finish(state: CollarState, reason: str, events: list[Event]) -> CollarState:
    """The end: every necklace is shown, then the winner (or the solo rank) is announced."""
    state = replace(state, phase=OVER, end_reason=reason, offer=(), taken=None)
    result = build_result(state)
    collars = result.extra["collars"]
    for seat in range(state.players):
        events.append(
            event(
                "collar_shown",
                player=seat,
                cards=list(state.hands[seat]),
                florins=result.totals[seat],
                wishes=collars[str(seat)]["wishes_met"],
            )
        )
    if state.mode == SOLO:
        if not state.left:
            rank = result.extra["solo"]["rank"]
            events.append(event(f"rank_{rank}", player=0, florins=result.totals[0]))
    elif len(result.winners) == 1:
        events.append(event("won", player=result.winners[0]))
    elif len(result.winners) > 1:
        events.append(event("shared_win"))
    return replace(state, events=tuple(events))


def with_hand(state: CollarState, seat: int, hand: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    return tuple(hand if index == seat else held for index, held in enumerate(state.hands))


def event(
    name: str, secret: dict[str, Any] | None = None, seat: int | None = None, **params: Any
) -> Event:
    """The event ``collar.<name>``; ``secret`` params reach ``seat`` only."""
    entry: Event = {"code": f"{SLUG}.{name}", "params": params}
    if secret is not None and seat is not None:
        entry["secret"] = {"seats": [seat], "params": secret}
    return entry
