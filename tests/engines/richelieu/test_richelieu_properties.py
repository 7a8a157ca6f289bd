"""Random play, in the spirit of OpenSpiel's random-game test: for random seeds, player counts,
options and rules versions, random legal play ends; every listed action is accepted; replay
rebuilds the state; JSON round-trips; totals add up; no view or log entry shows a disc it may
not; actions built from the position (every pass, marker back, take, placement and move it
could be) are accepted exactly when listed, and refused ones raise a coded error and change
nothing; and the rules of version 2 hold at every step (a marker moves only with an empty
stock; a pass only when no sequence of the turn takes a card)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.base import EngineError, redact_event
from games.richelieu.engine import ENGINE
from games.richelieu.engine.data import CARD_IDS, DISC_IDS
from games.richelieu.engine.state import RULES_VERSIONS

MAX_STEPS = 400  # a 48-card game takes at most ~48 turns of at most 4 moves, plus passes


@st.composite
def games(draw):
    ruleset = draw(st.sampled_from(["multiplayer", "fun-for-2"]))
    players = 2 if ruleset == "fun-for-2" else draw(st.sampled_from([2, 3, 4]))
    options = {"ruleset": ruleset, "short": draw(st.booleans())}
    seed = draw(st.integers(min_value=0, max_value=2**64 - 1))
    version = draw(st.sampled_from(RULES_VERSIONS))
    return players, options, seed, version


def hidden_discs(state, viewer):
    """The discs ``viewer`` may not identify: on the table, out of the game, held by others
    (until the end, when held discs are turned over)."""
    visible = {disc for spent in state.spent for disc in spent}
    if ENGINE.is_over(state):
        visible |= {disc for held in state.held for disc in held}
    elif viewer is not None:
        visible |= set(state.held[viewer])
    return set(DISC_IDS) - visible


def disc_entries(data):
    """Every dict in ``data`` that describes a disc."""
    if isinstance(data, dict):
        if "kind" in data:
            yield data
        for value in data.values():
            yield from disc_entries(value)
    elif isinstance(data, list):
        for value in data:
            yield from disc_entries(value)


def assert_nothing_hidden_shows(state):
    for viewer in [None, *range(state.players)]:
        view = ENGINE.view(state, viewer)
        events = [redact_event(event, viewer) for event in ENGINE.events(state)]
        text = json.dumps([view, events])
        hidden = hidden_discs(state, viewer)
        for disc in hidden:
            assert disc not in text, (viewer, disc)
        for entry in disc_entries([view, events]):
            disc = entry.get("id", entry.get("disc"))
            assert disc in DISC_IDS and disc not in hidden
        assert "rng" not in view


def random_game(players, options, seed, version, rnd, *, system_actions=False, every_step=None):
    state = ENGINE.setup(players, options, seed, version)
    log = []
    for _ in range(MAX_STEPS):
        if ENGINE.is_over(state):
            return state, log
        (seat,) = ENGINE.to_act(state)
        legal = ENGINE.legal_actions(state, seat)
        assert legal and len(legal) < 300
        if every_step is not None:
            every_step(state, seat, legal)
        if system_actions and rnd.random() < 0.03:
            action = {"type": rnd.choice(["leave", "timeout_skip"])}
        else:
            action = rnd.choice(legal)
        entry = {"seat": seat, "action": action}
        state = ENGINE.apply_entry(state, entry)
        log.append(entry)
    raise AssertionError("random play did not end")


@settings(max_examples=40, deadline=None)
@given(games(), st.integers(min_value=0, max_value=2**32).map(random.Random), st.booleans())
def test_random_legal_play_ends_and_replays_exactly(game, rnd, system_actions):
    players, options, seed, version = game
    final, log = random_game(players, options, seed, version, rnd, system_actions=system_actions)
    replayed = ENGINE.replay(players, options, seed, log, version)
    assert ENGINE.to_json(replayed) == ENGINE.to_json(final)
    result = ENGINE.result(final)
    assert result is not None
    for seat in range(players):
        assert result.totals[seat] == sum(line.points for line in result.breakdown[seat])
    assert sorted(seat for group in result.ranking for seat in group) == list(range(players))
    assert result.winners == result.ranking[0]
    json.dumps(result.as_dict())
    assert_nothing_hidden_shows(final)


@settings(max_examples=15, deadline=None)
@given(games(), st.integers(min_value=0, max_value=2**32).map(random.Random))
def test_every_listed_action_is_accepted_and_json_round_trips(game, rnd):
    def check(state, seat, legal):
        data = ENGINE.to_json(state)
        text = json.dumps(data)
        again = ENGINE.from_json(json.loads(text))
        assert ENGINE.to_json(again) == data
        assert ENGINE.legal_actions(again, seat) == legal
        for action in legal:
            after = ENGINE.apply(state, seat, action)
            assert ENGINE.to_json(state) == data  # apply never mutates its input
            assert ENGINE.to_json(
                ENGINE.from_json(json.loads(json.dumps(ENGINE.to_json(after))))
            ) == (ENGINE.to_json(after))
        assert_nothing_hidden_shows(state)

    random_game(*game, rnd, every_step=check)


def random_action(rnd):
    kind = rnd.choice(
        ["take", "take", "place_marker", "move_marker", "marker_back", "pass", "end_turn", "fly"]
    )
    action = {"type": kind}
    cards = [*CARD_IDS, "R99"]
    if kind in ("take", "place_marker", "fly") or rnd.random() < 0.1:
        action["card"] = rnd.choice(cards)
    if kind == "take" and rnd.random() < 0.5:
        action["pay"] = rnd.choice(["stock", "stock", 5, *cards])
    if kind == "move_marker":
        action["from"] = rnd.choice(cards)
        action["to"] = rnd.choice(cards)
    return action


@settings(max_examples=25, deadline=None)
@given(games(), st.integers(min_value=0, max_value=2**32).map(random.Random))
def test_random_illegal_actions_are_refused_with_a_code_and_change_nothing(game, rnd):
    players = game[0]

    def check(state, seat, legal):
        before = ENGINE.to_json(state)
        for _ in range(25):
            actor = rnd.choice([seat, seat, seat, rnd.randrange(-1, players + 1)])
            action = random_action(rnd)
            allowed = ENGINE.legal_actions(state, actor)
            try:
                ENGINE.apply(state, actor, action)
            except EngineError as error:
                assert action not in allowed
                assert error.code in ENGINE.errors
                assert error.section in ENGINE.sections
                assert not set(map(str, error.params.values())) & set(DISC_IDS)
                error.message_key.format(**error.params)
            else:
                assert action in allowed
            assert ENGINE.to_json(state) == before

    random_game(*game, rnd, every_step=check)


def test_random_play_of_many_seeds_ends():
    # A cheap sweep beside the Hypothesis tests: 60 games of every shape.
    for seed in range(15):
        for players, options in (
            (2, {"ruleset": "fun-for-2"}),
            (2, {}),
            (3, {}),
            (4, {"short": True}),
        ):
            for version in RULES_VERSIONS:
                final, _ = random_game(players, options, seed, version, random.Random(seed))
                assert ENGINE.is_over(final)


def position_actions(state, seat):
    """Every action of each type that could make sense here, legal or not."""
    table = [card for row in state.rows for card in row]
    ends = [card for row in state.rows if row for card in dict.fromkeys([row[0], row[-1]])]
    own = [card for card, owner in state.markers_on.items() if owner == seat]
    actions = [{"type": "pass"}, {"type": "marker_back"}, {"type": "end_turn"}]
    for card in ends:
        actions.append({"type": "take", "card": card})
        actions += [{"type": "take", "card": card, "pay": pay} for pay in ["stock", *own]]
    actions += [{"type": "place_marker", "card": card} for card in table]
    actions += [{"type": "move_marker", "from": mine, "to": card} for mine in own for card in table]
    return actions


def takes_after_marker_back(state, seat):
    """Whether spending a "marker back" disc now would leave a card to take."""
    if {"type": "marker_back"} not in ENGINE.legal_actions(state, seat):
        return False
    after = ENGINE.apply(state, seat, {"type": "marker_back"})
    return any(a["type"] == "take" for a in ENGINE.legal_actions(after, seat))


@settings(max_examples=25, deadline=None)
@given(games(), st.integers(min_value=0, max_value=2**32).map(random.Random))
def test_actions_from_the_position_are_accepted_exactly_when_listed(game, rnd):
    def check(state, seat, legal):
        before = ENGINE.to_json(state)
        candidates = position_actions(state, seat)
        for action in candidates[:3] + rnd.sample(candidates[3:], min(25, len(candidates) - 3)):
            try:
                ENGINE.apply(state, seat, action)
            except EngineError as error:
                assert action not in legal, (action, error.code)
                assert error.code in ENGINE.errors and error.section in ENGINE.sections
            else:
                assert action in legal, action
            assert ENGINE.to_json(state) == before

    random_game(*game, rnd, every_step=check)


@settings(max_examples=30, deadline=None)
@given(games().filter(lambda game: game[3] == 2), st.integers(0, 2**32).map(random.Random))
def test_version_2_moves_markers_only_with_an_empty_stock_and_passes_only_when_nothing_can_be_taken(
    game, rnd
):
    def check(state, seat, legal):
        kinds = {action["type"] for action in legal}
        if "move_marker" in kinds:
            assert state.stock[seat] == 0
        if state.phase == "take":
            can_take = "take" in kinds or takes_after_marker_back(state, seat)
            assert ("pass" in kinds) == (not can_take)

    random_game(*game, rnd, system_actions=True, every_step=check)
