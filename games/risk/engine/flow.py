"""The shape of a game: dealing, turns, card draws, eliminations and the ends of the game."""

from __future__ import annotations

from typing import Any

from games.engines.base import BaseEngine, Rng
from games.risk.engine.data import CEASE_FIRE, board
from games.risk.engine.state import (
    ACTIVE,
    CLAIM,
    ELIMINATED,
    NEUTRAL,
    OVER,
    REINFORCE,
    SETUP_PLACE,
    UNCLAIMED,
    RiskState,
    is_neutral,
    neutral_code,
)

INTRO = "intro"
CLASSIC = "classic"
TWO_PLAYER = "two-player"


def event(
    state: RiskState,
    code: str,
    secret_seats: list[int] | None = None,
    secret: dict[str, Any] | None = None,
    **params: Any,
) -> None:
    """Record an event of the current action; ``secret`` params reach ``secret_seats`` only."""
    entry: dict[str, Any] = {"code": code, "params": params}
    if secret is not None:
        entry["secret"] = {"seats": list(secret_seats or []), "params": secret}
    state.events.append(entry)


def territory_id(t: int) -> str:
    return board().ids[t]


def span(source: int, target: int) -> dict[str, Any]:
    """The ``from``/``to`` params of an attack or a move."""
    return {"from": territory_id(source), "to": territory_id(target)}


def card_ids(cards: list[int]) -> list[str]:
    b = board()
    return [b.card_id(c) for c in cards]


def deal_order(players: int, first: int) -> list[int]:
    return [(first + i) % players for i in range(players)]


def deal_counts(players: int, cards: int = 42) -> list[int]:
    """Cards per player in turn order: the extra cards go to the last players."""
    base, extra = divmod(cards, players)
    return [base + (1 if i >= players - extra else 0) for i in range(players)]


class TurnFlow(BaseEngine[RiskState]):
    """Helpers shared by the actions, the setup and the play layer's leave/skip."""

    # Dealing ---------------------------------------------------------------------------

    def _deal(self, state: RiskState, rng: Rng, by_stars: bool) -> None:
        """Deal the 42 territories in turn order; 1 troop per star, or 1 per territory."""
        b = board()
        cards = list(range(42))
        rng.shuffle(cards)
        order = deal_order(state.players, state.first)
        start = 0
        for seat, count in zip(order, deal_counts(state.players), strict=True):
            dealt = cards[start : start + count]
            start += count
            for t in dealt:
                state.owner[t] = seat
                state.troops[t] = b.stars[t] if by_stars else 1
            event(
                state,
                "risk.dealt",
                player=seat,
                territories=len(dealt),
                troops=state.army_troops(seat),
            )

    def _deal_two_player(self, state: RiskState, rng: Rng) -> None:
        b = board()
        rules = b.two_player
        cards = list(range(42))
        rng.shuffle(cards)
        order = deal_order(2, state.first)
        armies = order + [neutral_code(k) for k in range(1, rules["neutral_armies"] + 1)]
        sizes = [rules["player_cards"]] * 2 + [rules["neutral_cards"]] * rules["neutral_armies"]
        start = 0
        for army, count in zip(armies, sizes, strict=True):
            for t in cards[start : start + count]:
                state.owner[t] = army
                state.troops[t] = b.stars[t]
            start += count
            if is_neutral(army):
                k = army - neutral_code(0)
                event(
                    state,
                    "risk.neutral_dealt",
                    neutral=k,
                    territories=count,
                    troops=state.army_troops(army),
                )
            else:
                event(
                    state,
                    "risk.dealt",
                    player=army,
                    territories=count,
                    troops=state.army_troops(army),
                )
        deck = list(range(42))
        rng.shuffle(deck)
        for k in range(1, rules["neutral_armies"] + 1):
            taken = deck[: rules["neutral_set_aside"]]
            del deck[: rules["neutral_set_aside"]]
            state.neutral_cards.append(taken)
            state.neutral_seat.append(-1)
            event(state, "risk.neutral_cards_set_aside", neutral=k, count=len(taken))
        state.deck = deck

    def _shuffle_in_cease_fire(self, state: RiskState, rng: Rng) -> None:
        """A fresh deck with the cease-fire card at a random position inside its band."""
        key = f"{state.players}_short" if state.short_game else str(state.players)
        low, high = board().cease_fire_bands[key]
        deck = list(range(42))
        rng.shuffle(deck)
        position = low + rng.below(high - low + 1)
        deck.insert(position - 1, CEASE_FIRE)
        state.deck = deck
        state.cease_fire_band = [low, high]
        event(state, "risk.cease_fire_shuffled", low=low, high=high)

    # Turns -----------------------------------------------------------------------------

    def _next_seat(self, state: RiskState, after: int, need_pool: bool = False) -> int | None:
        for step in range(1, state.players + 1):
            seat = (after + step) % state.players
            if state.status[seat] == ACTIVE and (not need_pool or state.pools[seat] > 0):
                return seat
        return None

    def _start_turn(self, state: RiskState, seat: int) -> None:
        b = board()
        state.current = seat
        state.turn += 1
        state.conquered = False
        state.pending = []
        state.resume = ""
        state.neutral_chosen = -1
        state.neutral_left = 0
        event(state, "risk.turn_started", player=seat, turn=state.turn)
        held = state.held(seat)
        if state.mode == TWO_PLAYER and held >= b.two_player["target"]:
            self._finish(state, [seat], "risk.won_thirty")
            return
        continents = [
            ci
            for ci, members in enumerate(b.continent_members)
            if all(state.owner[t] == seat for t in members)
        ]
        continent_bonus = sum(b.continent_bonus[ci] for ci in continents)
        state.reserve = b.reinforcements_for(held) + continent_bonus
        event(
            state,
            "risk.reinforcements",
            player=seat,
            troops=state.reserve,
            base=b.base_reinforcement,
            territory_bonus=b.territory_bonus[held],
            territories=held,
            continent_bonus=continent_bonus,
            continents=[b.continent_ids[ci] for ci in continents],
        )
        if state.mode == TWO_PLAYER and any(is_neutral(o) for o in state.owner):
            state.phase = NEUTRAL
            state.neutral_left = b.two_player["neutral_troops_per_turn"]
        else:
            state.phase = REINFORCE

    def _end_turn(self, state: RiskState) -> None:
        """The end of a turn played out: target check, card draw, then the next player."""
        seat = state.current
        state.pending = []
        state.resume = ""
        state.reserve = 0
        state.neutral_left = 0
        if state.mode == INTRO:
            held = state.held(seat)
            if held >= board().intro_targets[state.players]:
                self._finish(state, [seat], "risk.won_target")
                return
        if state.conquered:
            self._draw(state, seat)
            if state.phase == OVER:
                return
        self._pass_turn(state)

    def _pass_turn(self, state: RiskState) -> None:
        following = self._next_seat(state, state.current)
        if following is None:  # pragma: no cover - a game with one player left is over
            return
        self._start_turn(state, following)

    def _draw(self, state: RiskState, seat: int) -> None:
        if not state.deck and state.discard:
            rng = Rng(state.rng)
            state.deck = state.discard
            state.discard = []
            rng.shuffle(state.deck)
            state.rng = rng.state
            event(state, "risk.deck_reshuffled", count=len(state.deck))
        if not state.deck:
            event(state, "risk.no_card_left", player=seat)
            return
        card = state.deck.pop(0)
        if card == CEASE_FIRE:
            state.removed.append(card)
            event(state, "risk.cease_fire_drawn", player=seat)
            self._cease_fire(state)
            return
        state.hands[seat].append(card)
        event(state, "risk.card_drawn", [seat], {"card": board().card_id(card)}, player=seat)

    def _cease_fire(self, state: RiskState) -> None:
        """Most territories win; then most troops; a tie after that is a shared win."""
        seats = state.active_seats()
        best = max((state.held(s), state.army_troops(s)) for s in seats)
        winners = [s for s in seats if (state.held(s), state.army_troops(s)) == best]
        self._finish(state, winners, "risk.won_cease_fire")

    def _finish(self, state: RiskState, winners: list[int], reason: str) -> None:
        state.phase = OVER
        state.winners = sorted(winners)
        state.end_reason = reason
        state.pending = []
        state.resume = ""
        state.reserve = 0
        state.neutral_left = 0
        for seat in state.winners:
            event(
                state,
                reason,
                player=seat,
                territories=state.held(seat),
                troops=state.army_troops(seat),
            )

    # Eliminations ----------------------------------------------------------------------

    def _after_loss(self, state: RiskState, loser: int, conqueror: int) -> None:
        """``loser`` just lost a territory to ``conqueror``: is that army gone?"""
        if loser in state.owner:
            return
        if is_neutral(loser):
            k = loser - neutral_code(0)
            cards = state.neutral_cards[k - 1]
            state.neutral_cards[k - 1] = []
            state.hands[conqueror].extend(cards)
            event(
                state,
                "risk.neutral_eliminated",
                [conqueror],
                {"card_ids": card_ids(cards)},
                player=conqueror,
                neutral=k,
                cards=len(cards),
            )
            return
        cards = state.hands[loser]
        state.hands[loser] = []
        state.hands[conqueror].extend(cards)
        state.status[loser] = ELIMINATED
        state.out_order.append(loser)
        event(
            state,
            "risk.eliminated",
            [conqueror, loser],
            {"card_ids": card_ids(cards)},
            player=conqueror,
            eliminated_player=loser,
            cards=len(cards),
        )
        self._check_last_standing(state)

    def _check_last_standing(self, state: RiskState) -> None:
        seats = state.active_seats()
        if len(seats) == 1:
            self._finish(state, seats, "risk.won_last_standing")

    # Setup flow ------------------------------------------------------------------------

    def _after_setup_step(self, state: RiskState) -> None:
        """After a claim or a setup troop: the next seat, the next stage, or the first turn."""
        if state.phase == CLAIM:
            following = self._next_seat(state, state.current)
            if UNCLAIMED in state.owner:
                if following is not None:
                    state.current = following
                return
            state.phase = SETUP_PLACE
        nxt = self._next_seat(state, state.current, need_pool=True)
        if nxt is not None:
            state.current = nxt
            return
        event(state, "risk.setup_finished")
        starter = state.first if state.status[state.first] == ACTIVE else None
        if starter is None:
            starter = self._next_seat(state, state.first)
        if starter is not None:
            self._start_turn(state, starter)
