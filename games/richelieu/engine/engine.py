"""The Richelieu engine: 2–4 players take cards from the row ends to win regions and symbols.

A turn is a short sequence of moves (``apply`` calls) by the seat to act:

* phase "take": ``take`` a card at a row end (``pay`` names the marker paid when the card
  carries another player's marker); a seat that can take nothing may only ``pass``;
* phase "after" (entered only while something may still follow): ``take`` a second card,
  ``place_marker`` or ``move_marker`` (either ends the turn), or ``end_turn``.

``marker_back`` (spend a "marker back" disc) is allowed in either phase. The turn ends by
itself when nothing may follow a card; that decision looks only at public facts, so it never
betrays which discs a seat holds.

Versions of the rules (``state.rules``; a match keeps the version it started with):

* 1: a seat could move a marker whenever it could not place one (with four players, also
  while its third marker lay in stock), and could pass whenever it could not take a card at
  once, even when spending a "marker back" disc would have paid for one.
* 2 (the rulebooks): a marker may be moved only with no marker in stock, so a four-player seat
  with two markers on cards and one in stock may neither place nor move; and ``pass`` is legal
  only when no sequence of the turn, spending a "marker back" disc first included, takes a
  card.

Version 2 removes choices that a version 1 log may have made (a stored record does), so the
version 1 rules stay selectable: ``setup(..., version=1)``, and a saved state without
``rules`` (saved before version 2 existed) is read as version 1. Such a match plays on under
version 1 to its end and its log replays exactly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engines.base import Action, BaseEngine, Event, Result, View
from games.richelieu.engine import rules, scoring
from games.richelieu.engine.catalogue import (
    ACTION_SECTIONS,
    ERRORS,
    EVENTS,
    OPTIONS,
    PHASE_SECTIONS,
    PHASES,
    SCORE_LABELS,
    SECTIONS,
)
from games.richelieu.engine.state import (
    RULES_VERSIONS,
    State,
    copy_events,
    state_from_json,
    state_to_json,
)
from games.richelieu.engine.view import build_view, determinize, hidden_variant


class RichelieuEngine(BaseEngine[State]):
    """The contract over the modules of this package (the rules are in ``rules``)."""

    slug = "richelieu"
    name = "Richelieu"
    version = RULES_VERSIONS[-1]
    versions = RULES_VERSIONS
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
    ) -> State:
        chosen_version, chosen = self.checked_setup(players, options, version)
        return rules.setup(players, chosen, seed, chosen_version)

    def to_act(self, state: State) -> list[int]:
        return rules.to_act(state)

    def is_over(self, state: State) -> bool:
        return rules.is_over(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> State:
        return rules.apply(state, seat, action)

    def leave(self, state: State, seat: int) -> State:
        return rules.leave(state, seat)

    def seats_out(self, state: State) -> list[int]:
        return list(state.left)

    def skip(self, state: State, seat: int) -> State:
        return rules.skip(state, seat)

    def events(self, state: State) -> list[Event]:
        return copy_events(state)

    def result(self, state: State) -> Result | None:
        return scoring.final_result(state)

    def view(self, state: State, seat: int | None) -> View:
        return build_view(state, seat)

    def public_action(self, action: Action) -> Action | None:
        """Every action is public: cards and markers lie face up and a spent disc is shown; what a
        taken disc is stays in the events' secret part."""
        return dict(action)

    def hidden_variant(self, state: State, seat: int | None, seed: int) -> State:
        return hidden_variant(state, seat, seed)

    def determinize(
        self,
        view: View,
        seat: int,
        seed: int,
        *,
        version: int | None = None,
        events: Sequence[Event] = (),
    ) -> State:
        return determinize(view, seat, seed, self.rules_version(version), events)

    def to_json(self, state: State) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> State:
        return state_from_json(data)


#: The one instance the registry serves.
ENGINE = RichelieuEngine()
