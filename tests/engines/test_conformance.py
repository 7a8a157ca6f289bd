"""One conformance test over every installed game (after OpenSpiel's and boardgame.io's).

For every option set and player count a game allows, a seeded random player plays it to the
end through ``legal_actions`` and ``apply`` only, and at every step the contract must hold:
every offered action applies; illegal actions (unknown, malformed, out of turn, from a seat
that does not exist) are coded errors that leave the state as it was; the state survives a
JSON round trip; what a seat (or a spectator) sees and may do does not change when everything
hidden from it is dealt differently; a full state sampled from a seat's view (``determinize``,
the house players' sampler) shows that seat the same view and the same legal actions, and
plays on to the end; the views are JSON; and at the end the result adds up and the seed plus
the log replay the very same state. Every view, every listed and every
applied action and the result match the game's JSON Schemas (``schemas.py``), and every phase
a view shows has a name.
"""

from __future__ import annotations

import json
import random
from functools import cache
from itertools import product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from games.engines.base import BaseEngine, EngineError, Event, redact_event
from games.registry import GameSchemas, installed_games

#: Past this many actions the players still in leave one by one, which must end any game.
MAX_STEPS = 1500
#: Checks that view every seat run every this many steps (and at the first and last).
CHECK_EVERY = 7
#: Every view and every listed action is checked against the game's JSON Schemas the first time
#: a phase comes up, and then every this many steps (validating is slower than playing).
SHAPE_EVERY = 5 * CHECK_EVERY
GARBAGE: list[Any] = [None, -1, 10**9, "zz-not-an-id", [], {}, True, 2.5]


class Schemas:
    """Validators for one game's shapes; ``check`` fails with the first error's path."""

    def __init__(self, shapes: GameSchemas) -> None:
        def validator(schema: Any) -> Draft202012Validator:
            Draft202012Validator.check_schema(schema)
            return Draft202012Validator(schema)

        self.view = validator(shapes.view)
        self.result = validator(shapes.result)
        self.actions = {kind: validator(schema) for kind, schema in shapes.actions.items()}
        listed = shapes.actions if shapes.legal_actions is None else shapes.legal_actions
        self.legal = {kind: validator(schema) for kind, schema in listed.items()}

    @staticmethod
    def check(validator: Draft202012Validator, value: Any, what: str) -> None:
        error = next(iter(validator.iter_errors(value)), None)
        assert error is None, f"{what} at {list(error.absolute_path)}: {error.message}"

    def check_action(self, action: dict[str, Any], legal: bool) -> None:
        validators = self.legal if legal else self.actions
        assert action["type"] in validators, f"no shape for the action type {action['type']}"
        self.check(validators[action["type"]], action, f"action {action}")


def option_sets(engine: BaseEngine[Any]) -> list[dict[str, Any]]:
    """Every combination of option values the engine accepts."""
    specs, found = engine.options_schema, []
    for values in product(*(spec.allowed() for spec in specs)):
        try:
            options = engine.normalise_options(
                dict(zip((s.name for s in specs), values, strict=True))
            )
        except EngineError:
            continue
        if options not in found:
            found.append(options)
    return found


def configurations() -> list[Any]:
    found = []
    for slug, game in installed_games().items():
        engine = game.engine
        for options in option_sets(engine):
            for players in engine.player_counts(options):
                label = "-".join(f"{k}={v}" for k, v in sorted(options.items()))
                found.append(pytest.param(slug, options, players, id=f"{slug}-{players}p-{label}"))
    return found


def concrete(template: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    """A concrete action inside a template's ranges (the convention the API documents)."""
    action = dict(template)
    for value_key, low, high in (
        ("troops", "min", "max"),
        ("dice", "min_dice", "max_dice"),
        ("stop_at", "min_stop", "max_stop"),
    ):
        if low in action:
            action[value_key] = rnd.randint(action.pop(low), action.pop(high))
    if "to_choices" in action:
        action["to"] = rnd.choice(action.pop("to_choices"))
    if "choose_from" in action:
        pool = list(action.pop("choose_from"))
        action.pop("min_stars", None)
        action.pop("max_stars", None)
        action["cards"] = rnd.sample(pool, rnd.randint(1, len(pool)))
    return action


def applies(engine: BaseEngine[Any], state: Any, seat: int, template: dict[str, Any], rnd: Any):
    """A state after some concretisation of ``template``; every refused one is a coded error."""
    for _ in range(30):
        action = concrete(template, rnd)
        try:
            return action, engine.apply(state, seat, action)
        except EngineError as error:
            assert error.code in known_codes(engine), error.code
    raise AssertionError(f"no concrete action of the offered {template} applies")


def known_codes(engine: BaseEngine[Any]) -> set[str]:
    return set(engine.errors) | {
        "engine.bad_option",
        "engine.bad_player_count",
        "engine.bad_version",
    }


def as_json(engine: BaseEngine[Any], state: Any) -> str:
    return json.dumps(engine.to_json(state), sort_keys=True)


def check_refused(engine: BaseEngine[Any], state: Any, seat: Any, action: Any) -> None:
    before = as_json(engine, state)
    try:
        engine.apply(state, seat, action)
    except EngineError as error:
        assert error.code in known_codes(engine), (error.code, action)
        assert as_json(engine, state) == before, f"{action} changed the state it was refused on"
        return
    raise AssertionError(f"{action!r} from seat {seat!r} was accepted")


def check_garbage(
    engine: BaseEngine[Any], state: Any, seat: int, legal: list[Any], players: int
) -> None:
    """Malformed actions: a coded refusal (or, by chance, a legal move), never a crash."""
    before = as_json(engine, state)
    candidates: list[Any] = [{}, {"type": "no_such_action"}, {"type": 5}, {"type": None}]
    for action in legal[:3]:
        for key in [k for k in action if k != "type"]:
            candidates += [{**action, key: junk} for junk in GARBAGE]
        candidates.append({k: v for k, v in action.items() if k == "type"})
    for action in candidates:
        try:
            engine.apply(state, seat, action)
        except EngineError as error:
            assert error.code in known_codes(engine), (error.code, action)
        assert as_json(engine, state) == before, f"{action} changed the state"
    for bad_seat in (-1, players, True, "0", None):
        check_refused(engine, state, bad_seat, legal[0])


@cache
def schemas_of(slug: str) -> Schemas:
    """The checked validators of a game's shapes, built once per game."""
    return Schemas(installed_games()[slug].schemas)


def check_shapes(
    engine: BaseEngine[Any], state: Any, players: int, legal: list[Any], schemas: Schemas
) -> None:
    for seat in [None, *range(players)]:
        schemas.check(schemas.view, engine.view(state, seat), f"the view of seat {seat}")
    for offered in legal:
        schemas.check_action(offered, legal=True)


def check_hidden(
    engine: BaseEngine[Any], state: Any, players: int, seed: int, seen: list[list[Event]]
) -> None:
    for seat in [None, *range(players)]:
        view = engine.view(state, seat)
        json.dumps(view)
        other = engine.hidden_variant(state, seat, seed)
        assert engine.view(other, seat) == view, f"seat {seat} sees hidden information"
        if seat is not None:
            assert engine.legal_actions(other, seat) == engine.legal_actions(state, seat)
            check_sampled(engine, state, seat, seed, seen[seat])


def check_sampled(
    engine: BaseEngine[Any], state: Any, seat: int, seed: int, events: list[Event]
) -> Any:
    """A state sampled from ``seat``'s view (and the events it saw) that the seat cannot tell
    from ``state``: the same view, the same legal actions, and a state the engine reads back."""
    view = engine.view(state, seat)
    sampled = engine.determinize(view, seat, seed, events=events)
    assert engine.view(sampled, seat) == view, f"the sample shows seat {seat} another view"
    assert engine.legal_actions(sampled, seat) == engine.legal_actions(state, seat)
    assert engine.to_act(sampled) == engine.to_act(state)
    data = json.loads(json.dumps(engine.to_json(sampled)))
    assert as_json(engine, engine.from_json(data)) == as_json(engine, sampled)
    return sampled


def witness(engine: BaseEngine[Any], state: Any, players: int, seen: list[list[Event]]) -> None:
    """Each seat's copy of the events of the last move, as the move log shows them to it."""
    for event in engine.events(state):
        for seat in range(players):
            seen[seat].append(redact_event(event, seat))


def check_end(engine, state, players, options, seed, log, schemas) -> None:
    assert engine.is_over(state) and engine.to_act(state) == []
    result = engine.result(state)
    assert result is not None
    for seat in range(players):
        assert engine.legal_actions(state, seat) == []
        lines = result.breakdown.get(seat, ())
        assert result.totals.get(seat, 0) == sum(line.points for line in lines)
    ranked = [seat for group in result.ranking for seat in group]
    assert sorted(ranked) == list(range(players))
    assert set(result.winners) <= set(result.ranking[0])
    json.dumps(result.as_dict())
    schemas.check(schemas.result, result.as_dict(), "the result")
    replayed = engine.replay(players, options, seed, log)
    assert as_json(engine, replayed) == as_json(engine, state), "seed + log replay differently"


@pytest.mark.parametrize(("slug", "options", "players"), configurations())
def test_every_game_keeps_the_engine_contract_in_random_play(slug, options, players):
    engine, schemas = installed_games()[slug].engine, schemas_of(slug)
    seed = random.Random(f"{slug}{players}{sorted(options.items())}").getrandbits(48)
    rnd = random.Random(seed)
    state = engine.setup(players, options, seed)
    assert as_json(engine, state) == as_json(engine, engine.setup(players, options, seed))
    log: list[dict[str, Any]] = []
    seen: list[list[Event]] = [[] for _ in range(players)]
    witness(engine, state, players, seen)
    phases_checked: set[str] = set()
    step = 0
    while not engine.is_over(state):
        waiting = engine.to_act(state)
        assert waiting, "a game that is not over waits for somebody"
        seat = waiting[0]
        for other in range(players):
            if other not in waiting:
                assert engine.legal_actions(state, other) == []
        legal = engine.legal_actions(state, seat)
        assert legal, f"seat {seat} must act but has no legal action"
        json.dumps(legal)
        phase = engine.view(state, None).get("phase", "")
        assert not phase or phase in engine.phases, f"the phase {phase!r} has no name"
        if phase not in phases_checked or step % SHAPE_EVERY == 0:
            phases_checked.add(phase)
            check_shapes(engine, state, players, legal, schemas)
        if step % CHECK_EVERY == 0:
            check_hidden(engine, state, players, seed + step, seen)
            check_garbage(engine, state, seat, legal, players)
            if players > 1:
                outsider = next(s for s in range(players) if s not in waiting)
                check_refused(engine, state, outsider, concrete(legal[0], rnd))
            data = engine.to_json(state)
            assert as_json(engine, engine.from_json(json.loads(json.dumps(data)))) == json.dumps(
                data, sort_keys=True
            )
        if step >= MAX_STEPS:
            entry: dict[str, Any] = {"seat": seat, "action": {"type": "leave"}}
            state = engine.leave(state, seat)
        else:
            template = rnd.choice(legal)
            schemas.check_action(template, legal=True)
            action, state = applies(engine, state, seat, template, rnd)
            schemas.check_action(action, legal=False)
            entry = {"seat": seat, "action": action}
        witness(engine, state, players, seen)
        log.append(entry)
        step += 1
    check_hidden(engine, state, players, seed, seen)
    check_shapes(engine, state, players, [], schemas)
    final_phase = engine.view(state, None).get("phase", "")
    assert not final_phase or final_phase in engine.phases
    check_end(engine, state, players, options, seed, log, schemas)


def play_randomly(
    engine: BaseEngine[Any],
    state: Any,
    rnd: random.Random,
    steps: int,
    seen: list[list[Event]] | None = None,
) -> Any:
    """``state`` after up to ``steps`` random legal moves; then, if the game still goes on,
    the seats to act leave one by one until it ends (any game ends that way)."""
    players = len(seen) if seen is not None else 0
    for _ in range(steps):
        if engine.is_over(state):
            return state
        seat = engine.to_act(state)[0]
        template = rnd.choice(engine.legal_actions(state, seat))
        _, state = applies(engine, state, seat, template, rnd)
        if seen is not None:
            witness(engine, state, players, seen)
    return state


def finish_randomly(engine: BaseEngine[Any], state: Any, rnd: random.Random) -> Any:
    """Random legal moves to the end (past a cap, the seats to act leave)."""
    state = play_randomly(engine, state, rnd, MAX_STEPS // 5)
    while not engine.is_over(state):
        state = engine.leave(state, engine.to_act(state)[0])
    return state


@pytest.mark.parametrize(("slug", "options", "players"), configurations())
@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**48),
    steps=st.integers(0, 400),
    sample_seed=st.integers(0, 2**48),
    rnd=st.randoms(use_true_random=False),
)
def test_a_state_sampled_from_a_seats_view_shows_that_view_and_plays_on(
    slug, options, players, seed, steps, sample_seed, rnd
):
    """The sampler over random states from random legal play: for every seat, the sample
    (from the view and the events the seat saw, or from the view alone) shows the seat the
    same view and legal actions, and random legal moves apply to it until the game ends."""
    engine = installed_games()[slug].engine
    state = engine.setup(players, options, seed)
    seen: list[list[Event]] = [[] for _ in range(players)]
    witness(engine, state, players, seen)
    state = play_randomly(engine, state, rnd, steps, seen)
    for seat in range(players):
        check_sampled(engine, state, seat, sample_seed, [])
        sampled = check_sampled(engine, state, seat, sample_seed, seen[seat])
        ended = finish_randomly(engine, sampled, rnd)
        assert engine.is_over(ended) and engine.result(ended) is not None
