"""Risk (Hasbro 2010): the introductory, classic and two-player games.

Phases (``view()["phase"]``) and the actions ``apply`` takes in each:

- ``claim`` (classic setup): ``{"type": "claim", "territory": t}`` puts one troop on an empty
  territory; seats take turns until all 42 are claimed.
- ``setup_place`` (classic setup): ``{"type": "place", "territory": t}`` (``"troops": 1`` may be
  given) adds one troop of the seat's pool to its own territory; seats take turns until every
  pool is empty. Then the first player's first turn begins.
- ``neutral`` (two-player game, start of each turn): ``{"type": "place_neutral", "territory": t,
  "troops": n}`` adds neutral troops; the 3 troops of a turn go to one neutral army, over one to
  three of its territories.
- ``reinforce``: ``{"type": "place", "territory": t, "troops": n}`` with 1 ≤ n ≤ the reserve.
  Once the reserve is empty: ``attack``, or the phase a trade interrupted (below).
- ``{"type": "trade", "cards": [card ids]}`` trades cards for troops at any moment of one's own
  turn: in ``neutral`` the troops join the reinforcements (placed right after the neutral
  troops); in ``reinforce`` they join the reserve; in ``attack``, ``move_in`` and ``maneuver``
  the turn goes to ``reinforce`` to place them at once, then back where it was
  (``view()["resume_phase"]``; a pending move-in stays pending).
- ``attack``: ``{"type": "attack", "from": a, "to": b, "dice": n}`` rolls once;
  ``{"type": "blitz", "from": a, "to": b, "dice": n, "stop_at": k}`` (``stop_at`` defaults to 1)
  rolls again and again, with ``min(n, troops - 1)`` dice, until ``b`` falls or ``a`` is down to
  ``k`` troops; ``{"type": "end_attack"}`` goes to ``maneuver``; ``maneuver`` and ``end_turn``
  are accepted here too (they end the attacks).
- ``move_in`` (after a conquest): the attacking dice's troops have already moved in;
  ``{"type": "move_in", "troops": n}`` moves ``n`` more (0 ≤ n ≤ troops left - 1). The phase is
  skipped when the attacking territory has only one troop left.
- ``maneuver``: ``{"type": "maneuver", "from": a, "to": b, "troops": n}`` moves along a chain
  of one's own territories and ends the turn; ``{"type": "end_turn"}`` ends it without one.

At the end of a turn: the introductory game's target check, then one card if the player
conquered a territory (the cease-fire card ends the introductory game), then the next player.

``legal_actions`` lists templates, and every concrete action inside a template is accepted:

- ``{"type": "claim", "territory": t}`` and ``{"type": "end_attack"}``, ``{"type": "end_turn"}``
  are concrete.
- ``{"type": "place", "territory": t, "min": 1, "max": k}``: send ``troops`` in [min, max].
- ``{"type": "place_neutral", "territory": t, "neutral": k, "min": 1, "max": m}``: ``troops``.
- ``{"type": "trade", "choose_from": [ids], "min_stars": 1, "max_stars": 10}``: send
  ``cards``, a non-empty subset of ``choose_from`` whose stars add up to at most ``max_stars``.
- ``{"type": "attack", "from": a, "to": b, "min_dice": 1, "max_dice": d}``: send ``dice``.
- ``{"type": "blitz", ..., "min_dice", "max_dice", "min_stop": 1, "max_stop": s}``: send
  ``dice`` and ``stop_at``.
- ``{"type": "move_in", "from": a, "to": b, "min": 0, "max": m}``: send ``troops``.
- ``{"type": "maneuver", "from": a, "to_choices": [ids], "min": 1, "max": m}``: send ``to``
  (one of ``to_choices``) and ``troops``.

Events name seats in params called ``player``, ``defender_player`` and ``eliminated_player``;
territory ids in ``territory``, ``from`` and ``to`` (names: ``static_board()``). Each roll of
the dice is one ``risk.battle`` event with both rolls and both losses.

``skip`` (a time-out under the "skip" policy) does the least that keeps the rules whole: in the
classic setup the seat's one troop goes to a random empty territory (claiming) or a random own
territory (placing), because the setup cannot go on without it; in a turn, a pending move-in
moves nothing more, unplaced troops (own or neutral) are lost, no attack or maneuver is made,
and the turn ends as usual (target check, a card if a territory was conquered).

Versions of the rules. Version 1 refused a trade in ``neutral``, ``move_in`` and
``maneuver``; version 2 (the rulebook: "at any moment of your turn") allows it there. That only
adds choices, at points where a version 1 log shows what was chosen instead, and a trade made
where version 1 allowed it (``reinforce``, ``attack``) works as before; so every version 1 log
replays exactly under version 2 (the stored records check it) and both versions share one set
of rules: a match that started under version 1 gets the new trades from its next move.

``leave`` (resign or "lose" time-out): the seat's territories and troops become a new neutral
army that never attacks, defends with the most dice and is not reinforced; the seat's cards lie
face down under it and go to whoever takes its last territory. If it was the seat's turn, the
next player's turn begins (no card is drawn). With one player left, that player wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engines.base import Action, BaseEngine, Event, Result, View
from games.risk.engine import rules, scoring
from games.risk.engine.catalogue import (
    ACTION_SECTIONS,
    ERRORS,
    EVENTS,
    OPTIONS,
    PHASE_SECTIONS,
    PHASES,
    SCORE_LABELS,
    SECTIONS,
)
from games.risk.engine.data import static_board
from games.risk.engine.state import RiskState, copy_events, state_from_json, state_to_json
from games.risk.engine.view import build_view, determinize, hidden_variant


class RiskEngine(BaseEngine[RiskState]):
    slug = "risk"
    name = "Risk"
    version = 2
    versions = (1, 2)
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

    def normalise_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults filled in; an option of another mode set away from its default is refused."""
        return rules.check_mode_options(super().normalise_options(rules.option_values(options)))

    def static_board(self) -> dict[str, Any]:
        """The map for templates: names in en/es/it, x/y layout, connections, charts."""
        return static_board()

    def setup(
        self, players: int, options: Mapping[str, Any], seed: int, version: int | None = None
    ) -> RiskState:
        _, chosen = self.checked_setup(players, options, version)
        return rules.setup(players, chosen, seed)

    def to_act(self, state: RiskState) -> list[int]:
        return rules.to_act(state)

    def is_over(self, state: RiskState) -> bool:
        return rules.is_over(state)

    def legal_actions(self, state: RiskState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: RiskState, seat: int, action: Action) -> RiskState:
        return rules.apply(state, seat, action)

    def leave(self, state: RiskState, seat: int) -> RiskState:
        return rules.leave(state, seat)

    def seats_out(self, state: RiskState) -> list[int]:
        return list(state.out_order)

    def skip(self, state: RiskState, seat: int) -> RiskState:
        return rules.skip(state, seat)

    def events(self, state: RiskState) -> list[Event]:
        return copy_events(state)

    def result(self, state: RiskState) -> Result | None:
        return scoring.final_result(state)

    def view(self, state: RiskState, seat: int | None) -> View:
        return build_view(state, seat)

    def public_action(self, action: Action) -> Action | None:
        """Everything in Risk is public, traded cards included (shown as they are traded)."""
        return dict(action)

    def hidden_variant(self, state: RiskState, seat: int | None, seed: int) -> RiskState:
        return hidden_variant(state, seat, seed)

    def determinize(
        self,
        view: View,
        seat: int,
        seed: int,
        *,
        version: int | None = None,
        events: Sequence[Event] = (),
    ) -> RiskState:
        return determinize(view, seat, seed, events)

    def to_json(self, state: RiskState) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> RiskState:
        return state_from_json(data)


#: The one instance the registry serves.
ENGINE = RiskEngine()
