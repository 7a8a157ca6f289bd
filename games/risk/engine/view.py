"""What a seat sees, and the action templates it may send."""

from __future__ import annotations

from typing import Any

from games.engines.base import Action, Rng, View, redeal
from games.risk.engine.actions import MAX_DICE, components
from games.risk.engine.data import CEASE_FIRE, board
from games.risk.engine.flow import INTRO, TWO_PLAYER, TurnFlow, card_ids, territory_id
from games.risk.engine.state import (
    ATTACK,
    CLAIM,
    MANEUVER,
    MOVE_IN,
    NEUTRAL,
    OVER,
    REINFORCE,
    SETUP_PLACE,
    UNCLAIMED,
    RiskState,
    is_neutral,
    neutral_code,
)


class ViewRules(TurnFlow):
    def _check_viewer(self, state: RiskState, seat: int | None) -> None:
        if seat is None:
            return
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
            raise self.fail("risk.bad_seat")

    # Views -----------------------------------------------------------------------------

    def view(self, state: RiskState, seat: int | None) -> View:
        self._check_viewer(state, seat)
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
            "options": self._options_of(state),
            "phase": state.phase,
            "over": over,
            "current": None if over else state.current,
            "to_act": self.to_act(state),
            "turn": state.turn,
            "first_player": state.first,
            "territories": territories,
            "seats": [self._seat_summary(state, s) for s in range(state.players)],
            "neutrals": [
                self._neutral_summary(state, k) for k in range(1, len(state.neutral_cards) + 1)
            ],
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
            "target": self._target(state),
            "cease_fire_band": list(state.cease_fire_band) or None,
            "winners": list(state.winners),
            "end_reason": state.end_reason or None,
        }

    def _options_of(self, state: RiskState) -> dict[str, Any]:
        return {
            "mode": state.mode,
            "deal_territories": state.deal_territories,
            "short_game": state.short_game,
        }

    def _target(self, state: RiskState) -> int | None:
        if state.mode == INTRO:
            return board().intro_targets[state.players]
        if state.mode == TWO_PLAYER:
            return board().two_player["target"]
        return None

    def _seat_summary(self, state: RiskState, seat: int) -> dict[str, Any]:
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

    def _neutral_summary(self, state: RiskState, k: int) -> dict[str, Any]:
        code = neutral_code(k)
        return {
            "neutral": k,
            "from_seat": state.neutral_seat[k - 1] if state.neutral_seat[k - 1] >= 0 else None,
            "territories": state.held(code),
            "troops": state.army_troops(code),
            "cards": len(state.neutral_cards[k - 1]),
        }

    # Legal actions ---------------------------------------------------------------------

    def legal_actions(self, state: RiskState, seat: int) -> list[Action]:
        self._check_viewer(state, seat)
        if state.phase == OVER or seat != state.current:
            return []
        phase = state.phase
        if phase == CLAIM:
            return [
                {"type": "claim", "territory": tid}
                for t, tid in enumerate(board().ids)
                if state.owner[t] == UNCLAIMED
            ]
        if phase == SETUP_PLACE:
            return self._place_templates(state, 1)
        if phase == NEUTRAL:
            return self._neutral_templates(state) + self._trade_templates(state)
        if phase == REINFORCE:
            return self._place_templates(state, state.reserve) + self._trade_templates(state)
        if phase == MOVE_IN:
            source, target = state.pending
            move_in: Action = {
                "type": "move_in",
                "from": territory_id(source),
                "to": territory_id(target),
                "min": 0,
                "max": state.troops[source] - 1,
            }
            return [move_in, *self._trade_templates(state)]
        actions: list[Action] = []
        if phase == ATTACK:
            actions += self._attack_templates(state)
        actions += self._trade_templates(state)
        actions += self._maneuver_templates(state)
        if phase == ATTACK:
            actions.append({"type": "end_attack"})
        if phase in (ATTACK, MANEUVER):
            actions.append({"type": "end_turn"})
        return actions

    def _place_templates(self, state: RiskState, most: int) -> list[Action]:
        return [
            {"type": "place", "territory": tid, "min": 1, "max": most}
            for t, tid in enumerate(board().ids)
            if state.owner[t] == state.current
        ]

    def _neutral_templates(self, state: RiskState) -> list[Action]:
        return [
            {
                "type": "place_neutral",
                "territory": tid,
                "neutral": state.owner[t] - neutral_code(0),
                "min": 1,
                "max": state.neutral_left,
            }
            for t, tid in enumerate(board().ids)
            if is_neutral(state.owner[t]) and state.neutral_chosen in (-1, state.owner[t])
        ]

    def _trade_templates(self, state: RiskState) -> list[Action]:
        hand = state.hands[state.current]
        if not hand:
            return []
        return [
            {
                "type": "trade",
                "choose_from": card_ids(hand),
                "min_stars": 1,
                "max_stars": board().max_trade_stars,
            }
        ]

    def _attack_templates(self, state: RiskState) -> list[Action]:
        b = board()
        seat = state.current
        attacks: list[Action] = []
        blitzes: list[Action] = []
        for source, tid in enumerate(b.ids):
            if state.owner[source] != seat or state.troops[source] < 2:
                continue
            most = min(MAX_DICE, state.troops[source] - 1)
            for target in sorted(b.neighbours[source]):
                if state.owner[target] == seat:
                    continue
                pair = {"from": tid, "to": b.ids[target], "min_dice": 1, "max_dice": most}
                attacks.append({"type": "attack", **pair})
                blitzes.append(
                    {"type": "blitz", **pair, "min_stop": 1, "max_stop": state.troops[source] - 1}
                )
        return attacks + blitzes

    def _maneuver_templates(self, state: RiskState) -> list[Action]:
        b = board()
        seat = state.current
        group_of: dict[int, set[int]] = {}
        for group in components(state, seat):
            for t in group:
                group_of[t] = group
        moves: list[Action] = []
        for source, tid in enumerate(b.ids):
            if state.owner[source] != seat or state.troops[source] < 2:
                continue
            targets = sorted(group_of[source] - {source})
            if targets:
                moves.append(
                    {
                        "type": "maneuver",
                        "from": tid,
                        "to_choices": [b.ids[t] for t in targets],
                        "min": 1,
                        "max": state.troops[source] - 1,
                    }
                )
        return moves


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
