"""The search's side of El collar: the playouts and the rewards.

Both players of a playout play greedily: take the top discard when it makes a better collar,
else draw (with the pile empty: decline, which ends the game); discard a card whose loss costs
least (ties broken at random). With ``ahead`` they play level 2's judgement instead, on the
sampled state: take the top discard only when it beats the average draw from the pile, and
among the discards that keep the best collar keep the hand whose next draw promises most.
``rollout`` plays a duel either way on bit masks, by the engine's rules (the anti-stall count
included) but without building a state per move; solo games go through the engine.
``playout_action`` and ``ahead_action`` are the same policies, one move on a state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.collar.bot.worth import (
    INDEX,
    average_draw,
    best_drops,
    card_of,
    keep_worth,
    mask,
    worth,
)
from games.collar.engine.engine import ENGINE
from games.collar.engine.state import DISCARD, DUEL, KEEP, TAKE, CollarState
from games.engines.base import Action

#: The margin of a win (or loss) that counts fully in the margin reward, in florins.
FULL_MARGIN = 30.0
#: The margin reward's weight of the margin (the rest is the win).
MARGIN_WEIGHT = 0.15


def playout_action(state: CollarState, seat: int, rng: random.Random) -> Action:
    """The greedy policy's move in ``state``."""
    hand, common = mask(state.hands[seat]), INDEX[state.common]
    if state.phase == DISCARD:
        return {"type": "discard", "card": card_of(rng.choice(best_drops(hand, common)))}
    if state.phase == KEEP:
        better = keep_worth(hand | mask(state.offer[:1]), common) > worth(hand, common)
        return {"type": "keep", "which": "shown" if better else "unseen"}
    top = state.discard[-1] if state.discard else None
    if top is not None and keep_worth(hand | mask([top]), common) > worth(hand, common):
        return {"type": "take_discard", "card": top}
    return {"type": "draw"} if state.pile else {"type": "decline"}


def ahead_action(state: CollarState, seat: int, rng: random.Random) -> Action:
    """Level 2's judgement in ``state``, the pile standing for the cards still to come."""
    if state.phase != DISCARD and state.phase != TAKE:
        return playout_action(state, seat, rng)
    hand, common = mask(state.hands[seat]), INDEX[state.common]
    pile = [1 << INDEX[card] for card in state.pile]
    if state.phase == DISCARD:
        return {"type": "discard", "card": card_of(drop_ahead(hand, common, pile, rng))}
    top = state.discard[-1] if state.discard else None
    if top is not None and take_ahead(hand, 1 << INDEX[top], pile, common):
        return {"type": "take_discard", "card": top}
    return {"type": "draw"} if state.pile else {"type": "decline"}


def take_ahead(hand: int, top: int, pile: list[int], common: int) -> bool:
    """Whether level 2 takes ``top``: better than the average draw, or with no pile than
    the hand as it is."""
    with_top = keep_worth(hand | top, common)
    if pile:
        return with_top > average_draw(hand, common, pile)
    return with_top > worth(hand, common)


def drop_ahead(hand: int, common: int, pile: list[int], rng: random.Random) -> int:
    """Of the discards that keep the best collar, one that leaves the best next draw."""
    choices = best_drops(hand, common)
    if len(choices) == 1:
        return choices[0]
    future = {bit: average_draw(hand ^ bit, common, pile) for bit in choices}
    top = max(future.values())
    return rng.choice([bit for bit in choices if future[bit] == top])


def rollout(
    state: CollarState, rng: random.Random, margin: bool, ahead: bool = False
) -> list[float]:
    """Each seat's reward after greedy play (level 2's with ``ahead``) from ``state`` to the
    end."""
    if state.mode != DUEL or state.over:
        return engine_rollout(state, rng, margin, ahead)
    common = INDEX[state.common]
    hands = [mask(hand) for hand in state.hands]
    pile = [1 << INDEX[card] for card in state.pile]
    discard = [1 << INDEX[card] for card in state.discard]
    empty, seat = list(state.empty_turns), state.to_move
    began_empty = state.turn_began_empty
    if state.phase == TAKE:
        began_empty = not pile
        taken = take(hands[seat], pile, discard, common, ahead)
        if taken is None:
            return scored([worth(hand, common) for hand in hands], margin)
        hands[seat] = taken
    while True:
        if ahead:
            drop = drop_ahead(hands[seat], common, pile, rng)
        else:
            drop = rng.choice(best_drops(hands[seat], common))
        hands[seat] ^= drop
        discard.append(drop)
        if began_empty:
            empty[seat] += 1
            if state.anti_stall and min(empty) >= 2:
                break
        seat = 1 - seat
        began_empty = not pile
        taken = take(hands[seat], pile, discard, common, ahead)
        if taken is None:
            break
        hands[seat] = taken
    return scored([worth(hand, common) for hand in hands], margin)


def take(
    hand: int, pile: list[int], discard: list[int], common: int, ahead: bool = False
) -> int | None:
    """The hand after the greedy take (the top discard if it helps, else the top of the pile);
    ``None`` when the greedy player declines. With ``ahead``, level 2's take."""
    if ahead:
        wanted = bool(discard) and take_ahead(hand, discard[-1], pile, common)
    else:
        wanted = bool(discard) and keep_worth(hand | discard[-1], common) > worth(hand, common)
    if wanted:
        return hand | discard.pop()
    if pile:
        return hand | pile.pop(0)
    return None


def engine_rollout(
    state: CollarState, rng: random.Random, margin: bool, ahead: bool = False
) -> list[float]:
    """``rollout`` through the engine's states (solo games; and the tests' reference)."""
    policy = ahead_action if ahead else playout_action
    while not state.over:
        seat = state.to_move
        state = ENGINE.apply(state, seat, policy(state, seat, rng))
    return margin_reward(state) if margin else win_reward(state)


def scored(scores: Sequence[float], margin: bool) -> list[float]:
    """A duel's rewards from the collars' worth: the win (a tie shares it), and with
    ``margin`` a little of the lead too, so that a search sure to win or to lose still prefers
    the larger lead or the smaller gap."""
    best = max(scores)
    first = [s for s, score in enumerate(scores) if score == best]
    wins = [1 / len(first) if s in first else 0.0 for s in range(len(scores))]
    if not margin:
        return wins
    rewards = []
    for seat, score in enumerate(scores):
        lead = score - max(other for s, other in enumerate(scores) if s != seat)
        share = 0.5 + max(-0.5, min(0.5, lead / FULL_MARGIN))
        rewards.append((1 - MARGIN_WEIGHT) * wins[seat] + MARGIN_WEIGHT * share)
    return rewards


def final_worth(state: CollarState) -> list[float]:
    """Each seat's collar (a seat that left: less than any)."""
    common = INDEX[state.common]
    return [
        -1.0 if seat in state.left else keep_worth(mask(hand), common)
        for seat, hand in enumerate(state.hands)
    ]


def win_reward(state: CollarState) -> list[float]:
    """The win (duel), or the solo collar's florins on the scale of the best rank."""
    if state.mode != DUEL:
        return [min(1.0, final_worth(state)[0] / 40)]
    return scored(final_worth(state), margin=False)


def margin_reward(state: CollarState) -> list[float]:
    """The win and a little of the margin (see ``scored``)."""
    if state.mode != DUEL:
        return win_reward(state)
    return scored(final_worth(state), margin=True)
