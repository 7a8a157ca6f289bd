"""Levels 1 and 2's judgement, on the view only.

Level 1 (``plain``) looks at the hand now and nothing else: take the top discard when it makes
a better collar at once, else draw; discard a card whose loss costs least.

Level 2 (``greedy``) looks one draw ahead: take the top discard when the best four of the hand
with it are worth more than drawing is on average (over the cards the seat has not seen
anywhere); discard the card whose loss costs least, and among equal ones keep the hand whose
next draw promises most; with the draw pile empty, take the discard only if it helps, else
decline (which ends the game). Solo: keep the face-up card when it beats the unseen one's
average.
"""

from __future__ import annotations

import random

from games.bots.base import Situation
from games.collar.bot.worth import INDEX, average_draw, best_drops, card_of, keep_worth, mask
from games.collar.bot.worth import worth as hand_worth
from games.collar.engine.data import deck
from games.collar.engine.state import DISCARD, KEEP
from games.collar.engine.view import opponents_known
from games.engines.base import Action


def unseen_cards(situation: Situation) -> list[int]:
    """The cards (single-card masks) this seat has not seen anywhere: the draw pile's, the
    removed ones, and the opponent's that it did not see taken."""
    view = situation.view
    seen = {view["common"]["id"], *(card["id"] for card in view["discard"])}
    seen |= {card["id"] for card in view["hand"]}
    for known in opponents_known(view, situation.seat, situation.events):
        seen |= set(known)
    options = view["options"]
    cards = deck(options["rainbow"], options["gold"])
    return [1 << INDEX[card] for card in cards if card not in seen]


def greedy(situation: Situation, rng: random.Random) -> Action:
    """Level 2's action (see the module's docstring)."""
    view = situation.view
    hand = mask(card["id"] for card in view["hand"])
    common = INDEX[view["common"]["id"]]
    unseen = unseen_cards(situation)
    if view["phase"] == DISCARD:
        return {"type": "discard", "card": card_of(tie_break(hand, common, unseen, rng))}
    if view["phase"] == KEEP:
        shown = mask([view["offer"]["shown"]["id"]])
        rest = [bit for bit in unseen if bit != shown]
        keep_shown = keep_worth(hand | shown, common) >= average_draw(hand, common, rest)
        return {"type": "keep", "which": "shown" if keep_shown else "unseen"}
    kinds = {action["type"]: action for action in situation.legal}
    take = kinds.get("take_discard")
    with_top = keep_worth(hand | mask([take["card"]]), common) if take else -1.0
    if "draw" in kinds:
        if with_top > average_draw(hand, common, unseen):
            return dict(kinds["take_discard"])
        return {"type": "draw"}
    if take is not None and with_top > hand_worth(hand, common):
        return dict(take)
    return {"type": "decline"}


def tie_break(hand: int, common: int, unseen: list[int], rng: random.Random) -> int:
    """Of the discards that leave the best collar, one that leaves the best next draw."""
    choices = best_drops(hand, common)
    if len(choices) == 1:
        return choices[0]
    future = {bit: average_draw(hand ^ bit, common, unseen) for bit in choices}
    top = max(future.values())
    return rng.choice([bit for bit in choices if future[bit] == top])


def plain(situation: Situation, rng: random.Random) -> Action:
    """Level 1's action: the collar now, nothing ahead (see the module's docstring)."""
    view = situation.view
    hand = mask(card["id"] for card in view["hand"])
    common = INDEX[view["common"]["id"]]
    if view["phase"] == DISCARD:
        return {"type": "discard", "card": card_of(rng.choice(best_drops(hand, common)))}
    if view["phase"] == KEEP:
        shown = mask([view["offer"]["shown"]["id"]])
        better = keep_worth(hand | shown, common) > hand_worth(hand, common)
        return {"type": "keep", "which": "shown" if better else "unseen"}
    kinds = {action["type"]: action for action in situation.legal}
    take = kinds.get("take_discard")
    if take is not None and keep_worth(hand | mask([take["card"]]), common) > hand_worth(
        hand, common
    ):
        return dict(take)
    return {"type": "draw"} if "draw" in kinds else {"type": "decline"}
