"""What a seat (or a spectator) sees of a Risk state: the whole board (Risk has no hidden
board), the number of cards in each hand, and its own cards."""

from __future__ import annotations

from typing import Any

from games.engines.base import Rng, View, redeal
from games.risk.engine.catalogue import INTRO, TWO_PLAYER
from games.risk.engine.data import CEASE_FIRE, board
from games.risk.engine.rules import check_viewer, territory_id, to_act
from games.risk.engine.state import (
    ATTACK,
    CLAIM,
    OVER,
    REINFORCE,
    SETUP_PLACE,
    RiskState,
    is_neutral,
    neutral_code,
)


def build_view(state: RiskState, seat: int | None) -> View:
    check_viewer(state, seat)
    b = board()
    over = state.phase == OVER
    territories = []
    for t, tid in enumerate(b.ids):
        owner = state.owner[t]
        territories.append(
            {
                "id": tid,
                "continent": b.continent_ids[b.continent_of[t]],
                "owner": owner if 0 <= owner < state.players else None,
                "neutral": owner - neutral_code(0) if is_neutral(owner) else None,
                "troops": state.troops[t],
            }
        )
    pending = None
    if state.pending:  # also while the troops of a trade made before it are placed
        source, target = state.pending
        pending = {
            "from": territory_id(source),
            "to": territory_id(target),
            "min": 0,
            "max": state.troops[source] - 1,
        }
    hand = None
    if seat is not None:
        hand = [{"card": b.card_id(c), "stars": b.stars[c]} for c in state.hands[seat]]
    return {
        "mode": state.mode,
        "players": state.players,
        "options": options_of(state),
        "phase": state.phase,
        "over": over,
        "current": None if over else state.current,
        "to_act": to_act(state),
        "turn": state.turn,
        "first_player": state.first,
        "territories": territories,
        "seats": [seat_summary(state, s) for s in range(state.players)],
        "neutrals": [neutral_summary(state, k) for k in range(1, len(state.neutral_cards) + 1)],
        "hand": hand,
        "deck_count": len(state.deck),
        "discard_count": len(state.discard),
        "reserve": state.reserve,
        "neutral_troops_left": state.neutral_left,
        "neutral_chosen": (
            state.neutral_chosen - neutral_code(0) if state.neutral_chosen >= 0 else None
        ),
        "pending_move": pending,
        "resume_phase": (state.resume or ATTACK) if state.phase == REINFORCE else None,
        "conquered_this_turn": state.conquered,
        "setup_pools": list(state.pools) if state.phase in (CLAIM, SETUP_PLACE) else None,
        "target": territory_target(state),
        "cease_fire_band": list(state.cease_fire_band) or None,
        "winners": list(state.winners),
        "end_reason": state.end_reason or None,
    }


def options_of(state: RiskState) -> dict[str, Any]:
    return {
        "mode": state.mode,
        "deal_territories": state.deal_territories,
        "short_game": state.short_game,
    }


def territory_target(state: RiskState) -> int | None:
    """How many territories win the game in this mode, if a number does."""
    if state.mode == INTRO:
        return board().intro_targets[state.players]
    if state.mode == TWO_PLAYER:
        return board().two_player["target"]
    return None


def seat_summary(state: RiskState, seat: int) -> dict[str, Any]:
    b = board()
    return {
        "seat": seat,
        "status": state.status[seat],
        "territories": state.held(seat),
        "troops": state.army_troops(seat),
        "cards": len(state.hands[seat]),
        "continents": [
            b.continent_ids[ci]
            for ci, members in enumerate(b.continent_members)
            if all(state.owner[t] == seat for t in members)
        ],
    }


def neutral_summary(state: RiskState, k: int) -> dict[str, Any]:
    code = neutral_code(k)
    return {
        "neutral": k,
        "from_seat": state.neutral_seat[k - 1] if state.neutral_seat[k - 1] >= 0 else None,
        "territories": state.held(code),
        "troops": state.army_troops(code),
        "cards": len(state.neutral_cards[k - 1]),
    }


def hidden_variant(state: RiskState, seat: int | None, seed: int) -> RiskState:
    """``state`` with every card ``seat`` cannot see dealt again (see ``BaseEngine``): the
    other hands, the neutral armies' face-down cards and the deck, whose cease-fire card
    keeps its place (its band is public); and another position of the dice."""
    rng = Rng(seed)
    variant = state.clone()
    others = [s for s in range(state.players) if s != seat]
    deck = [card for card in state.deck if card != CEASE_FIRE]
    groups = [state.hands[s] for s in others] + list(state.neutral_cards) + [deck]
    dealt = redeal(rng, groups)
    for index, s in enumerate(others):
        variant.hands[s] = dealt[index]
    variant.neutral_cards = dealt[len(others) : len(others) + len(state.neutral_cards)]
    shuffled = iter(dealt[-1])
    variant.deck = [card if card == CEASE_FIRE else next(shuffled) for card in state.deck]
    variant.rng = Rng(seed + 1).next64()
    return variant
