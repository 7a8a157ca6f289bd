"""The rules of El collar de la duquesa: two players or solo, with both expansions.

A duel turn is two steps: TAKE (``draw`` from the pile, ``take_discard`` from the discard pile,
or ``decline`` once the pile is empty, which ends the game) then DISCARD (``discard`` a card).
A solo turn is KEEP (the engine has taken two cards and turned the first face up; ``keep``
the face-up or the unseen one) then DISCARD. Seat 0 starts.

The solo game always lasts five turns, as in the rulebook; with expansions the cards beyond
the ten it uses stay face down in the pile until the end.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from games.collar.engine.catalogue import ERRORS, EVENTS, OPTIONS, SECTIONS, SLUG
from games.collar.engine.data import CARDS, HAND_SIZE, REMOVED, SOLO_TURNS, deck
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
    state_from_json,
    state_to_json,
)
from games.collar.engine.view import build_view, hidden_variant
from games.engines.base import Action, BaseEngine, Event, Result, Rng, View

Handler = Callable[[CollarState, int, Action], CollarState]


class CollarEngine(BaseEngine[CollarState]):
    slug = SLUG
    name = "El collar de la duquesa"
    version = 1
    options_schema = OPTIONS
    errors = ERRORS
    event_messages = EVENTS
    sections = SECTIONS

    def __init__(self) -> None:
        self._handlers: dict[str, Handler] = {
            "draw": self._draw,
            "take_discard": self._take_discard,
            "decline": self._decline,
            "keep": self._keep,
            "discard": self._discard,
        }

    # Players and setup -------------------------------------------------------------

    def player_counts(self, options: Mapping[str, Any]) -> tuple[int, ...]:
        return (1,) if options.get("mode") == SOLO else (2,)

    def setup(
        self, players: int, options: Mapping[str, Any], seed: int, version: int | None = None
    ) -> CollarState:
        self.rules_version(version)
        opts = self.normalise_options(options)
        self.check_players(players, opts)
        rng = Rng(int(seed))
        cards = deck(opts["rainbow"], opts["gold"])
        rng.shuffle(cards)
        removed, common, rest = tuple(cards[:REMOVED]), cards[REMOVED], cards[REMOVED + 1 :]
        hands = tuple(tuple(rest[s * HAND_SIZE : (s + 1) * HAND_SIZE]) for s in range(players))
        pile = tuple(rest[players * HAND_SIZE :])
        events: list[Event] = [
            self._event("dealt", removed=len(removed), card=common, pile=len(pile))
        ]
        for seat, hand in enumerate(hands):
            events.append(
                self._event("hand_dealt", {"cards": list(hand)}, seat, player=seat, count=len(hand))
            )
        state = CollarState(
            mode=opts["mode"],
            rainbow=opts["rainbow"],
            gold=opts["gold"],
            anti_stall=opts["anti_stall"],
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
            return self._solo_offer(state, events)
        return replace(state, events=tuple(events))

    # Queries ------------------------------------------------------------------------

    def to_act(self, state: CollarState) -> list[int]:
        return [] if state.over else [state.to_move]

    def is_over(self, state: CollarState) -> bool:
        return state.over

    def legal_actions(self, state: CollarState, seat: int) -> list[Action]:
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

    def view(self, state: CollarState, seat: int | None) -> View:
        return build_view(state, seat, self.result(state))

    def events(self, state: CollarState) -> list[Event]:
        return copy.deepcopy(list(state.events))

    def result(self, state: CollarState) -> Result | None:
        return build_result(state) if state.over else None

    def hidden_variant(self, state: CollarState, seat: int | None, seed: int) -> CollarState:
        return hidden_variant(state, seat, seed)

    def to_json(self, state: CollarState) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> CollarState:
        return state_from_json(data)

    # Actions ------------------------------------------------------------------------

    def apply(self, state: CollarState, seat: int, action: Action) -> CollarState:
        self._check_actor(state, seat)
        kind = action.get("type") if isinstance(action, dict) else None
        handler = self._handlers.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise self.fail("collar.bad_action")
        return handler(state, seat, action)

    def _check_actor(self, state: CollarState, seat: int) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            raise self.fail("collar.bad_seat", seat=str(seat))
        if state.over:
            raise self.fail("collar.game_over")
        if seat != state.to_move:
            raise self.fail("collar.not_your_turn")

    def _check_take_step(self, state: CollarState) -> None:
        if state.mode == SOLO:
            raise self.fail("collar.duel_only")
        if state.phase != TAKE:
            raise self.fail("collar.discard_now")

    def _draw(self, state: CollarState, seat: int, action: Action) -> CollarState:
        self._check_take_step(state)
        if not state.pile:
            raise self.fail("collar.pile_empty")
        card, pile = state.pile[0], state.pile[1:]
        events = [self._event("drew", {"card": card}, seat, player=seat)]
        if not pile:
            events.append(self._event("pile_emptied"))
        return self._took(state, seat, card, FROM_PILE, events, pile=pile)

    def _take_discard(self, state: CollarState, seat: int, action: Action) -> CollarState:
        self._check_take_step(state)
        if not state.discard:
            raise self.fail("collar.discard_pile_empty")
        top = state.discard[-1]
        if "card" in action and action["card"] != top:
            raise self.fail("collar.not_top_discard", top=top)
        events = [self._event("took_discard", player=seat, card=top)]
        return self._took(state, seat, top, FROM_DISCARD, events, discard=state.discard[:-1])

    def _took(
        self,
        state: CollarState,
        seat: int,
        card: str,
        source: str,
        events: list[Event],
        **changes: Any,
    ) -> CollarState:
        hands = self._with_hand(state, seat, (*state.hands[seat], card))
        return replace(
            state,
            hands=hands,
            phase=DISCARD,
            taken=card,
            taken_from=source,
            events=tuple(events),
            **changes,
        )

    def _decline(self, state: CollarState, seat: int, action: Action) -> CollarState:
        self._check_take_step(state)
        if state.pile:
            raise self.fail("collar.cannot_decline")
        top = state.discard[-1] if state.discard else None
        events = [self._event("declined", player=seat, card=top)]
        return self._finish(state, END_DECLINED, events)

    def _keep(self, state: CollarState, seat: int, action: Action) -> CollarState:
        if state.mode != SOLO:
            raise self.fail("collar.solo_only")
        if state.phase != KEEP:
            raise self.fail("collar.discard_now")
        which = action.get("which")
        if which not in (FROM_SHOWN, FROM_UNSEEN):
            raise self.fail("collar.bad_keep")
        shown, unseen = state.offer
        if which == FROM_SHOWN:
            events = [self._event("solo_kept_shown", player=seat, card=shown)]
            return self._took(
                state, seat, shown, FROM_SHOWN, events, set_aside=(*state.set_aside, unseen)
            )
        events = [self._event("solo_kept_unseen", {"card": unseen}, seat, player=seat, shown=shown)]
        return self._took(state, seat, unseen, FROM_UNSEEN, events, discard=(*state.discard, shown))

    def _discard(self, state: CollarState, seat: int, action: Action) -> CollarState:
        if state.phase == TAKE:
            raise self.fail("collar.take_first")
        if state.phase == KEEP:
            raise self.fail("collar.keep_first")
        card = action.get("card")
        if not isinstance(card, str) or card not in state.hands[seat]:
            raise self.fail("collar.card_not_in_hand")
        return self._discarded(
            state, seat, card, [self._event("discarded", player=seat, card=card)]
        )

    def _discarded(
        self, state: CollarState, seat: int, card: str, events: list[Event]
    ) -> CollarState:
        hand = tuple(held for held in state.hands[seat] if held != card)
        state = replace(
            state,
            hands=self._with_hand(state, seat, hand),
            discard=(*state.discard, card),
            taken=None,
            taken_from=None,
        )
        return self._end_turn(state, seat, events)

    def _end_turn(self, state: CollarState, seat: int, events: list[Event]) -> CollarState:
        if state.mode == SOLO:
            if state.turn >= SOLO_TURNS or len(state.pile) < 2:
                events.append(self._event("solo_finished", turns=state.turn))
                return self._finish(state, END_SOLO, events)
            return self._solo_offer(replace(state, turn=state.turn + 1), events)
        if state.turn_began_empty:
            counts = list(state.empty_turns)
            counts[seat] += 1
            state = replace(state, empty_turns=tuple(counts))
            if state.anti_stall and min(state.empty_turns) >= 2:
                events.append(self._event("anti_stall"))
                return self._finish(state, END_ANTI_STALL, events)
        return replace(
            state,
            to_move=(seat + 1) % state.players,
            turn=state.turn + 1,
            phase=TAKE,
            turn_began_empty=not state.pile,
            events=tuple(events),
        )

    def _solo_offer(self, state: CollarState, events: list[Event]) -> CollarState:
        shown, unseen = state.pile[0], state.pile[1]
        events.append(
            self._event("solo_offer", player=0, turn=state.turn, turns=SOLO_TURNS, card=shown)
        )
        return replace(
            state,
            pile=state.pile[2:],
            offer=(shown, unseen),
            phase=KEEP,
            events=tuple(events),
        )

    def _finish(self, state: CollarState, reason: str, events: list[Event]) -> CollarState:
        state = replace(state, phase=OVER, end_reason=reason, offer=(), taken=None)
        result = build_result(state)
        collars = result.extra["collars"]
        for seat in range(state.players):
            events.append(
                self._event(
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
                events.append(self._event(f"rank_{rank}", player=0, florins=result.totals[0]))
        elif len(result.winners) == 1:
            events.append(self._event("won", player=result.winners[0]))
        elif len(result.winners) > 1:
            events.append(self._event("shared_win"))
        return replace(state, events=tuple(events))

    # Leaving and timeouts ------------------------------------------------------------

    def leave(self, state: CollarState, seat: int) -> CollarState:
        """The seat is out and ranked last; with one player left (or none in solo) it ends."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            raise self.fail("collar.bad_seat", seat=str(seat))
        if state.over:
            raise self.fail("collar.game_over")
        state = replace(state, left=(*state.left, seat))
        return self._finish(state, END_LEFT, [self._event("left", player=seat)])

    def skip(self, state: CollarState, seat: int) -> CollarState:
        """The turn passes with the least change to the cards.

        Taking step with cards in the pile: no card is taken and the turn passes (the hand
        stays at four). Taking step with the pile empty: not taking the top discard is
        declining it, so the game ends as the rules say. Discarding step: the card just taken
        is discarded. Solo, keeping step: the hand stays as it was, the face-up card goes to
        the discard pile and the unseen one is put aside, and the next turn begins.
        """
        self._check_actor(state, seat)
        if state.phase == DISCARD and state.taken is not None:
            event = self._event("skipped_discard", player=seat, card=state.taken)
            return self._discarded(state, seat, state.taken, [event])
        if state.phase == KEEP:
            shown, unseen = state.offer
            state = replace(
                state,
                discard=(*state.discard, shown),
                set_aside=(*state.set_aside, unseen),
                offer=(),
            )
            return self._end_turn(state, seat, [self._event("skipped_keep", player=seat)])
        events = [self._event("skipped_take", player=seat)]
        if not state.pile:
            top = state.discard[-1] if state.discard else None
            events.append(self._event("declined", player=seat, card=top))
            return self._finish(state, END_DECLINED, events)
        return self._end_turn(state, seat, events)

    # Helpers ------------------------------------------------------------------------

    @staticmethod
    def _with_hand(
        state: CollarState, seat: int, hand: tuple[str, ...]
    ) -> tuple[tuple[str, ...], ...]:
        return tuple(hand if index == seat else held for index, held in enumerate(state.hands))

    @staticmethod
    def _event(
        name: str, secret: dict[str, Any] | None = None, seat: int | None = None, **params: Any
    ) -> Event:
        event: Event = {"code": f"{SLUG}.{name}", "params": params}
        if secret is not None and seat is not None:
            event["secret"] = {"seats": [seat], "params": secret}
        return event


def card_catalogue() -> dict[str, dict[str, Any]]:
    """Every card's public data by id (for a page that draws cards)."""
    return {card_id: card.as_dict() for card_id, card in CARDS.items()}


#: The one instance the registry serves.
ENGINE = CollarEngine()
