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

from collections.abc import Mapping
from typing import Any

from games.engines.base import Event, Result, Rng, ScoreLine
from games.risk.engine.actions import ActionRules
from games.risk.engine.catalogue import (
    ERRORS,
    EVENT_MESSAGES,
    OPTIONS,
    SCORE_TERRITORIES,
    SECTIONS,
)
from games.risk.engine.data import CEASE_FIRE, board, static_board
from games.risk.engine.flow import CLASSIC, INTRO, TWO_PLAYER, event, span
from games.risk.engine.state import (
    ACTIVE,
    CLAIM,
    ELIMINATED,
    LEFT,
    MOVE_IN,
    OVER,
    SETUP_PLACE,
    UNCLAIMED,
    RiskState,
    copy_json,
    neutral_code,
    state_from_json,
    state_to_json,
)
from games.risk.engine.view import ViewRules, hidden_variant


class RiskEngine(ActionRules, ViewRules):
    slug = "risk"
    name = "Risk"
    version = 2
    versions = (1, 2)
    options_schema = OPTIONS
    errors = ERRORS
    event_messages = EVENT_MESSAGES
    sections = SECTIONS

    # Players and options ---------------------------------------------------------------

    def player_counts(self, options: Mapping[str, Any]) -> tuple[int, ...]:
        """2 for the two-player game; 3–5 otherwise (4–5 for the short introductory game)."""
        mode = options.get("mode", "classic")
        if mode == TWO_PLAYER:
            return (2,)
        if mode == INTRO and options.get("short_game", False):
            return (4, 5)
        return (3, 4, 5)

    def normalise_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults filled in; an option of another mode set away from its default is refused."""
        if not isinstance(options, Mapping):
            raise self.bad_option("mode")
        normalised = super().normalise_options(options)
        mode = normalised["mode"]
        if normalised["deal_territories"] and mode != CLASSIC:
            raise self.fail("risk.option_not_for_mode", option="deal_territories", mode=mode)
        if normalised["short_game"] and mode != INTRO:
            raise self.fail("risk.option_not_for_mode", option="short_game", mode=mode)
        return normalised

    def static_board(self) -> dict[str, Any]:
        """The map for templates: names in en/es/it, x/y layout, connections, charts."""
        return static_board()

    # Setup -----------------------------------------------------------------------------

    def setup(
        self, players: int, options: Mapping[str, Any], seed: int, version: int | None = None
    ) -> RiskState:
        self.rules_version(version)
        opts = self.normalise_options(options)
        self.check_players(players, opts)
        rng = Rng(int(seed))
        mode = opts["mode"]
        state = RiskState(
            mode=mode,
            players=players,
            short_game=opts["short_game"],
            deal_territories=opts["deal_territories"],
            rng=0,
            phase=CLAIM,
            current=0,
            first=rng.below(players),
            turn=0,
            owner=[UNCLAIMED] * 42,
            troops=[0] * 42,
            hands=[[] for _ in range(players)],
            deck=[],
            discard=[],
            removed=[],
            neutral_cards=[],
            neutral_seat=[],
            status=[ACTIVE] * players,
            out_order=[],
            pools=[0] * players,
        )
        event(state, "risk.first_player", player=state.first)
        if mode == INTRO:
            self._deal(state, rng, by_stars=True)
            self._shuffle_in_cease_fire(state, rng)
        elif mode == TWO_PLAYER:
            state.removed = [CEASE_FIRE]
            self._deal_two_player(state, rng)
        else:
            self._setup_classic(state, rng)
        state.rng = rng.state
        if mode != CLASSIC:
            self._start_turn(state, state.first)
        return state

    def _setup_classic(self, state: RiskState, rng: Rng) -> None:
        state.removed = [CEASE_FIRE]
        pool = board().starting_pools[state.players]
        state.pools = [pool] * state.players
        state.current = state.first
        if state.deal_territories:
            self._deal(state, rng, by_stars=False)
            for seat in range(state.players):
                state.pools[seat] -= state.held(seat)
            state.phase = SETUP_PLACE
        deck = list(range(42))
        rng.shuffle(deck)
        state.deck = deck

    # Turn order and the end ------------------------------------------------------------

    def to_act(self, state: RiskState) -> list[int]:
        return [] if state.phase == OVER else [state.current]

    def events(self, state: RiskState) -> list[Event]:
        return [copy_json(entry) for entry in state.events]

    def is_over(self, state: RiskState) -> bool:
        return state.phase == OVER

    def result(self, state: RiskState) -> Result | None:
        if state.phase != OVER:
            return None
        winners = tuple(state.winners)
        ranking: list[tuple[int, ...]] = [winners]
        standing = [s for s in state.active_seats() if s not in winners]
        keys = sorted({(state.held(s), state.army_troops(s)) for s in standing}, reverse=True)
        for key in keys:
            ranking.append(
                tuple(s for s in standing if (state.held(s), state.army_troops(s)) == key)
            )
        eliminated = [s for s in state.out_order if state.status[s] == ELIMINATED]
        ranking += [(s,) for s in reversed(eliminated)]
        left = [s for s in state.out_order if state.status[s] == LEFT]
        ranking += [(s,) for s in reversed(left)]
        breakdown = {
            seat: (
                ScoreLine(
                    code="risk.territories",
                    label=SCORE_TERRITORIES,
                    points=state.held(seat),
                ),
            )
            for seat in range(state.players)
        }
        return Result(
            winners=winners,
            ranking=tuple(ranking),
            totals={seat: lines[0].points for seat, lines in breakdown.items()},
            breakdown=breakdown,
            extra={
                "reason": state.end_reason,
                "troops": {str(s): state.army_troops(s) for s in range(state.players)},
            },
        )

    # The play layer's entries ----------------------------------------------------------

    def leave(self, state: RiskState, seat: int) -> RiskState:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
            raise self.fail("risk.bad_seat")
        if state.phase == OVER:
            raise self.fail("risk.game_over")
        if state.status[seat] != ACTIVE:
            raise self.fail("risk.seat_out")
        new = state.clone()
        new.status[seat] = LEFT
        new.out_order.append(seat)
        new.pools[seat] = 0
        cards = new.hands[seat]
        new.hands[seat] = []
        held = new.held(seat)
        if held:
            k = len(new.neutral_cards) + 1
            code = neutral_code(k)
            new.owner = [code if o == seat else o for o in new.owner]
            new.neutral_cards.append(cards)
            new.neutral_seat.append(seat)
            event(new, "risk.left", player=seat, neutral=k, territories=held)
        else:
            new.discard.extend(cards)
            event(new, "risk.left_empty", player=seat)
        if len(new.active_seats()) == 1:
            self._finish(new, new.active_seats(), "risk.won_last_standing")
            return new
        if seat == new.current:
            if new.phase in (CLAIM, SETUP_PLACE):
                self._after_setup_step(new)
            else:
                self._pass_turn(new)
        return new

    def skip(self, state: RiskState, seat: int) -> RiskState:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
            raise self.fail("risk.bad_seat")
        if state.phase == OVER:
            raise self.fail("risk.game_over")
        if seat != state.current:
            raise self.fail("risk.not_your_turn")
        new = state.clone()
        event(new, "risk.turn_skipped", player=seat)
        rng = Rng(new.rng)
        if new.phase == CLAIM:
            empty = [t for t, o in enumerate(new.owner) if o == UNCLAIMED]
            t = empty[rng.below(len(empty))]
            new.rng = rng.state
            self._do_claim(new, t)
            return new
        if new.phase == SETUP_PLACE:
            own = [t for t, o in enumerate(new.owner) if o == seat]
            t = own[rng.below(len(own))]
            new.rng = rng.state
            self._do_setup_place(new, t)
            return new
        if MOVE_IN in (new.phase, new.resume):
            source, target = new.pending
            where = span(source, target)
            event(new, "risk.moved_in", player=seat, troops=0, **where)
        lost = new.reserve + new.neutral_left
        if lost:
            event(new, "risk.reserve_lost", player=seat, troops=lost)
        self._end_turn(new)
        return new

    # Storage ---------------------------------------------------------------------------

    def hidden_variant(self, state: RiskState, seat: int | None, seed: int) -> RiskState:
        return hidden_variant(state, seat, seed)

    def to_json(self, state: RiskState) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> RiskState:
        try:
            return state_from_json(data)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise self.fail("risk.bad_state") from exc


#: The one instance the registry serves.
ENGINE = RiskEngine()
