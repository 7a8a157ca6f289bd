"""Random games: listed actions are accepted, invariants hold, replays match, nothing leaks."""

from __future__ import annotations

import random
import string
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.base import EngineError, message_forms, redact_event
from games.risk.engine import ENGINE
from games.risk.engine.data import board
from games.risk.engine.state import NEUTRAL_BASE, TRADE_PHASES, UNCLAIMED, RiskState

GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("intro", 3, {}),
    ("intro", 4, {}),
    ("intro", 5, {"short_game": True}),
    ("classic", 3, {}),
    ("classic", 4, {"deal_territories": True}),
    ("classic", 5, {"deal_territories": True}),
    ("two-player", 2, {}),
]
TYPES = [
    "claim",
    "place",
    "place_neutral",
    "trade",
    "attack",
    "blitz",
    "move_in",
    "end_attack",
    "maneuver",
    "end_turn",
    "fly",
]
IDS = list(board().ids)


def check_invariants(state: RiskState) -> None:
    data = ENGINE.to_json(state)
    cards = data["deck"] + data["discard"] + data["removed"]
    cards += [c for hand in data["hands"] for c in hand]
    cards += [c for pile in data["neutral_cards"] for c in pile]
    assert sorted(cards) == list(range(43)), "the 43 cards are all somewhere, once"
    neutrals = len(data["neutral_cards"])
    claiming = UNCLAIMED in data["owner"]
    for owner, troops in zip(data["owner"], data["troops"], strict=True):
        if owner == UNCLAIMED:
            assert troops == 0
            continue
        assert troops >= 1, "a held territory always keeps a troop"
        if owner >= NEUTRAL_BASE:
            assert 1 <= owner - NEUTRAL_BASE <= neutrals
        else:
            assert data["status"][owner] == "active", "only players in the game hold land"
    if claiming:
        assert data["phase"] in ("claim", "over")
    for seat, status in enumerate(data["status"]):
        if status != "active":
            assert data["hands"][seat] == []
    assert data["reserve"] >= 0 and data["neutral_left"] >= 0
    to_act = ENGINE.to_act(state)
    assert (to_act == []) == ENGINE.is_over(state)
    if ENGINE.is_over(state):
        result = ENGINE.result(state)
        assert result is not None and result.winners
        for seat, lines in result.breakdown.items():
            assert result.totals[seat] == sum(line.points for line in lines)
        ranked = sorted(s for group in result.ranking for s in group)
        assert ranked == list(range(state.players))
    for event in ENGINE.events(state):
        message = ENGINE.event_messages[event["code"]]
        forms = message_forms(message)
        names = {name for form in forms for _, name, _, _ in string.Formatter().parse(form) if name}
        assert names <= set(event["params"]), "every event can be told in words"


def disguised(state: RiskState, seat: int | None, rnd: random.Random) -> RiskState:
    """The same game as ``seat`` knows it, with everything hidden from it shuffled around."""
    data = ENGINE.to_json(state)
    hidden = list(data["deck"])
    for other, hand in enumerate(data["hands"]):
        if other != seat:
            hidden += hand
    hidden += [c for pile in data["neutral_cards"] for c in pile]
    rnd.shuffle(hidden)
    for other, hand in enumerate(data["hands"]):
        if other != seat:
            data["hands"][other], hidden = hidden[: len(hand)], hidden[len(hand) :]
    for k, pile in enumerate(data["neutral_cards"]):
        data["neutral_cards"][k], hidden = hidden[: len(pile)], hidden[len(pile) :]
    data["deck"] = hidden
    data["rng"] = rnd.getrandbits(64)
    return ENGINE.from_json(data)


def check_views(state: RiskState, rnd: random.Random) -> None:
    for seat in [None, *range(state.players)]:
        assert ENGINE.view(state, seat) == ENGINE.view(disguised(state, seat, rnd), seat)
    for event in ENGINE.events(state):
        for seat in [None, *range(state.players)]:
            shown = redact_event(event, seat)["params"]
            secret = event.get("secret")
            if secret is None or seat not in secret["seats"]:
                assert "card" not in shown and "card_ids" not in shown


def random_game(
    kit: SimpleNamespace,
    seed: int,
    game: tuple[str, int, dict[str, Any]],
    steps: int,
    every_step: Callable[[RiskState, random.Random], None] | None = None,
) -> tuple[RiskState, list[dict[str, Any]]]:
    mode, players, extra = game
    options = {"mode": mode, **extra}
    rnd = random.Random(seed)
    state = ENGINE.setup(players, options, seed)
    check_invariants(state)
    log: list[dict[str, Any]] = []
    for step in range(steps):
        if ENGINE.is_over(state):
            break
        seat = ENGINE.to_act(state)[0]
        if every_step is not None:
            every_step(state, rnd)
        roll = rnd.random()
        if roll < 0.004:
            leaver = rnd.choice([s for s in range(players) if state.status[s] == "active"])
            entry: dict[str, Any] = {"seat": leaver, "action": {"type": "leave"}}
        elif roll < 0.02:
            entry = {"seat": seat, "action": {"type": "timeout_skip"}}
        elif roll < 0.6:
            entry = dict(zip(("seat", "action"), kit.aggressive_action(state, rnd), strict=True))
        else:
            legal = ENGINE.legal_actions(state, seat)
            assert legal, "a seat to act always has something to do"
            stars = kit.stars_of(state, seat)
            entry = {"seat": seat, "action": kit.fill(rnd.choice(legal), rnd, stars)}
        state = ENGINE.apply_entry(state, entry)
        log.append(entry)
        check_invariants(state)
        if step % 25 == 0:
            check_views(state, rnd)
    return state, log


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**40), game=st.sampled_from(GAMES), steps=st.integers(10, 250))
def test_random_games_accept_every_listed_action_keep_the_invariants_and_replay(
    kit: SimpleNamespace, seed: int, game: tuple[str, int, dict[str, Any]], steps: int
) -> None:
    state, log = random_game(kit, seed, game, steps)
    mode, players, extra = game
    replayed = ENGINE.replay(players, {"mode": mode, **extra}, seed, log)
    assert ENGINE.to_json(replayed) == ENGINE.to_json(state)
    assert ENGINE.to_json(ENGINE.from_json(ENGINE.to_json(state))) == ENGINE.to_json(state)
    check_views(state, random.Random(seed))


values = st.one_of(
    st.integers(-3, 45),
    st.sampled_from(IDS),
    st.text(max_size=6),
    st.booleans(),
    st.none(),
    st.lists(st.sampled_from([*IDS, "cease_fire", "joker"]), max_size=4),
    st.floats(allow_nan=False, allow_infinity=False),
)
junk_actions = st.builds(
    lambda kind, extra: {"type": kind, **extra},
    st.sampled_from(TYPES),
    st.dictionaries(
        st.sampled_from(["territory", "from", "to", "troops", "dice", "stop_at", "cards"]),
        values,
        max_size=5,
    ),
)


def covered(action: dict[str, Any], templates: list[dict[str, Any]], state: RiskState) -> bool:
    """Whether ``action`` lies inside one of the listed templates."""
    stars = {IDS[t]: s for t, s in enumerate(board().stars)}
    for t in templates:
        if t["type"] != action["type"]:
            continue
        kind = t["type"]
        if kind in ("end_attack", "end_turn"):
            return True
        if kind == "claim" and action.get("territory") == t["territory"]:
            return True
        if kind in ("place", "place_neutral") and action.get("territory") == t["territory"]:
            troops = action.get("troops", 1 if state.phase == "setup_place" else None)
            return isinstance(troops, int) and t["min"] <= troops <= t["max"]
        if kind == "move_in":
            return t["min"] <= action["troops"] <= t["max"]
        if kind in ("attack", "blitz") and (action.get("from"), action.get("to")) == (
            t["from"],
            t["to"],
        ):
            ok = t["min_dice"] <= action["dice"] <= t["max_dice"]
            return ok and (
                kind == "attack" or t["min_stop"] <= action.get("stop_at", 1) <= t["max_stop"]
            )
        if kind == "maneuver" and action.get("from") == t["from"]:
            return action.get("to") in t["to_choices"] and t["min"] <= action["troops"] <= t["max"]
        if kind == "trade":
            cards = action["cards"]
            return (
                set(cards) <= set(t["choose_from"])
                and len(set(cards)) == len(cards) > 0
                and sum(stars[c] for c in cards) <= t["max_stars"]
            )
    return False


@settings(max_examples=250, deadline=None)
@given(
    seed=st.integers(0, 2**40),
    game=st.sampled_from(GAMES),
    steps=st.integers(0, 120),
    actions=st.lists(junk_actions, min_size=1, max_size=8),
    seat_offset=st.integers(0, 4),
)
def test_random_illegal_actions_are_refused_with_coded_errors(
    kit: SimpleNamespace,
    seed: int,
    game: tuple[str, int, dict[str, Any]],
    steps: int,
    actions: list[dict[str, Any]],
    seat_offset: int,
) -> None:
    state, _ = random_game(kit, seed, game, steps)
    before = ENGINE.to_json(state)
    for action in actions:
        seats = ENGINE.to_act(state) or [0]
        seat = (seats[0] + seat_offset) % state.players
        try:
            after = ENGINE.apply(state, seat, action)
        except EngineError as error:
            assert error.code in ENGINE.errors
            assert error.section in ENGINE.sections
            error.message_key.format(**error.params)
        else:
            assert covered(action, ENGINE.legal_actions(state, seat), state), action
            check_invariants(after)
        assert ENGINE.to_json(state) == before


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g[0]}-{g[1]}")
def test_a_capped_game_of_each_mode_reaches_its_end(
    kit: SimpleNamespace, game: tuple[str, int, dict[str, Any]]
) -> None:
    mode, players, extra = game
    for seed in (1, 2):
        state = ENGINE.setup(players, {"mode": mode, **extra}, seed)
        state, log = kit.play_out(state, seed, cap=4000)
        assert ENGINE.is_over(state), f"{mode} game {seed} did not end in {len(log)} actions"
        check_invariants(state)
        expected = {
            "intro": {"risk.won_target", "risk.won_cease_fire", "risk.won_last_standing"},
            "classic": {"risk.won_last_standing"},
            "two-player": {"risk.won_thirty", "risk.won_last_standing"},
        }[mode]
        assert state.end_reason in expected
        if mode == "classic":
            result = ENGINE.result(state)
            assert result is not None and result.totals[result.winners[0]] == 42


def check_trades(state: RiskState, rnd: random.Random) -> None:
    """Trades of held cards, in whatever phase: accepted exactly when a listed template covers
    them; listed in every phase of one's own turn; refused ones change nothing."""
    seat = ENGINE.to_act(state)[0]
    hand = [card["card"] for card in ENGINE.view(state, seat)["hand"]]
    legal = ENGINE.legal_actions(state, seat)
    listed = any(a["type"] == "trade" for a in legal)
    assert listed == (bool(hand) and state.phase in TRADE_PHASES)
    before = ENGINE.to_json(state)
    choices = [hand[:1], hand, rnd.sample(hand, rnd.randint(0, len(hand)))] if hand else [[]]
    for cards in choices:
        action = {"type": "trade", "cards": cards}
        try:
            after = ENGINE.apply(state, seat, action)
        except EngineError as error:
            assert error.code in ENGINE.errors
            assert not covered(action, legal, state)
        else:
            assert covered(action, legal, state)
            check_invariants(after)
            view = ENGINE.view(after, seat)
            assert view["reserve"] > ENGINE.view(state, seat)["reserve"]
            resumed = state.phase if state.phase not in ("neutral", "reinforce") else None
            if resumed:
                assert (view["phase"], view["resume_phase"]) == ("reinforce", resumed)
        assert ENGINE.to_json(state) == before


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**40), game=st.sampled_from(GAMES), steps=st.integers(10, 250))
def test_cards_can_be_traded_in_every_phase_of_ones_own_turn(
    kit: SimpleNamespace, seed: int, game: tuple[str, int, dict[str, Any]], steps: int
) -> None:
    random_game(kit, seed, game, steps, every_step=check_trades)
