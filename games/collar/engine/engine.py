"""El collar de la duquesa: two jewellers (or one, solo) build the Duchess's necklace, with
both expansions.

A duel turn is two steps: TAKE (``draw`` from the pile, ``take_discard`` from the discard pile,
or ``decline`` once the pile is empty, which ends the game) then DISCARD (``discard`` a card).
A solo turn is KEEP (the engine has taken two cards and turned the first face up; ``keep``
the face-up or the unseen one) then DISCARD. Seat 0 starts.

The solo game always lasts five turns, as in the rulebook; with expansions the cards beyond
the ten it uses stay face down in the pile until the end.

Versions of the rules: only version 1 so far.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.collar.engine import rules, scoring
from games.collar.engine.catalogue import (
    ACTION_SECTIONS,
    ERRORS,
    EVENTS,
    OPTIONS,
    PHASE_SECTIONS,
    PHASES,
    SCORE_LABELS,
    SECTIONS,
    SLUG,
)
from games.collar.engine.state import CollarState, copy_events, state_from_json, state_to_json
from games.collar.engine.view import build_view, determinize, hidden_variant
from games.engines.base import Action, BaseEngine, Event, Result, View


class CollarEngine(BaseEngine[CollarState]):
    slug = SLUG
    name = "El collar de la duquesa"
    version = 1
    options_schema = OPTIONS
    errors = ERRORS
    event_messages = EVENTS
    score_labels = SCORE_LABELS
    phases = PHASES
    sections = SECTIONS
    phase_sections = PHASE_SECTIONS
    action_sections = ACTION_SECTIONS

    def player_counts(self, options: Mapping[str, Any]) -> tuple[int, ...]:
        return rules.player_counts(options)

    def setup(
        self, players: int, options: Mapping[str, Any], seed: int, version: int | None = None
    ) -> CollarState:
        _, chosen = self.checked_setup(players, options, version)
        return rules.setup(players, chosen, seed)

    def to_act(self, state: CollarState) -> list[int]:
        return rules.to_act(state)

    def is_over(self, state: CollarState) -> bool:
        return rules.is_over(state)

    def legal_actions(self, state: CollarState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: CollarState, seat: int, action: Action) -> CollarState:
        return rules.apply(state, seat, action)

    def leave(self, state: CollarState, seat: int) -> CollarState:
        return rules.leave(state, seat)

    def seats_out(self, state: CollarState) -> list[int]:
        return list(state.left)

    def skip(self, state: CollarState, seat: int) -> CollarState:
        return rules.skip(state, seat)

    def events(self, state: CollarState) -> list[Event]:
        return copy_events(state)

    def result(self, state: CollarState) -> Result | None:
        return scoring.final_result(state)

    def view(self, state: CollarState, seat: int | None) -> View:
        return build_view(state, seat)

    def public_action(self, action: Action) -> Action | None:
        """Every action is public: a draw names no card, a taken or discarded card lies face up, and
        the solo game's keep says only which of the two cards was kept."""
        return dict(action)

    def hidden_variant(self, state: CollarState, seat: int | None, seed: int) -> CollarState:
        return hidden_variant(state, seat, seed)

    def determinize(
        self,
        view: View,
        seat: int,
        seed: int,
        *,
        version: int | None = None,
        events: Sequence[Event] = (),
    ) -> CollarState:
        return determinize(view, seat, seed, events)

    def to_json(self, state: CollarState) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> CollarState:
        return state_from_json(data)


#: The one instance the registry serves.
ENGINE = CollarEngine()
