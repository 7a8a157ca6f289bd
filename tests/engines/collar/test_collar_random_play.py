"""Random games in every mode and expansion set keep the engine's promises.

Each game ends, every listed action is accepted, anything else sent by any seat is refused with
a coded error and changes nothing, the log replays to the same state, the JSON round trip is
exact, no view or move-log entry shows a card its reader may not see, and the result adds up.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.collar.engine import ENGINE, CollarState
from games.collar.engine.data import deck
from games.engines.base import EngineError, redact_event

COMBOS = [
    {"mode": mode, "rainbow": rainbow, "gold": gold, "anti_stall": anti_stall}
    for mode in ("duel", "solo")
    for rainbow in (False, True)
    for gold in (False, True)
    for anti_stall in ((True, False) if mode == "duel" else (True,))
]
MAX_STEPS = 600


def visible_cards(state: CollarState, seat: int | None) -> set[str]:
    seen = {state.common, *state.discard}
    if seat is not None:
        seen |= set(state.hands[seat])
    if state.phase == "keep":
        seen.add(state.offer[0])
    if state.taken is not None and state.taken_from in ("discard", "shown"):
        seen.add(state.taken)
    return seen


def assert_no_leak(state: CollarState, every_card: list[str]) -> None:
    for viewer in (*range(state.players), None):
        hidden = set(every_card) - visible_cards(state, viewer)
        texts = [json.dumps(ENGINE.view(state, viewer))]
        texts += [json.dumps(redact_event(event, viewer)) for event in ENGINE.events(state)]
        for text in texts:
            assert "rng" not in text
            for card in hidden:
                assert f'"{card}"' not in text, (viewer, card, text)


def assert_events_narrate(state: CollarState) -> None:
    for event in ENGINE.events(state):
        message = ENGINE.event_messages[event["code"]]
        assert message.format(**redact_event(event, None)["params"])


def assert_round_trip(state: CollarState) -> None:
    data = ENGINE.to_json(state)
    again = ENGINE.to_json(ENGINE.from_json(json.loads(json.dumps(data))))
    assert again == data


def next_entry(state: CollarState, chooser: random.Random) -> dict[str, Any]:
    seat = ENGINE.to_act(state)[0]
    roll = chooser.random()
    if roll < 0.01:
        return {"seat": seat, "action": {"type": "leave"}}
    if roll < 0.05:
        return {"seat": seat, "action": {"type": "timeout_skip"}}
    return {"seat": seat, "action": chooser.choice(ENGINE.legal_actions(state, seat))}


def junk_action(chooser: random.Random, every_card: list[str]) -> Any:
    kind = chooser.choice(["draw", "take_discard", "decline", "keep", "discard", "fly", None])
    action: dict[str, Any] = {"type": kind}
    if chooser.random() < 0.6:
        action["card"] = chooser.choice([*every_card, "C99", 3, None])
    if chooser.random() < 0.3:
        action["which"] = chooser.choice(["shown", "unseen", "both", 1])
    return chooser.choice([action, action, action, "draw", None, [action]])


def check_refusals(state: CollarState, chooser: random.Random, every_card: list[str]) -> None:
    """Whatever is sent, by whichever seat: a refusal is a coded error that changes nothing."""
    before = ENGINE.to_json(state)
    for _ in range(6):
        seat = chooser.choice([*range(state.players), -1, state.players, True, "0"])
        action = junk_action(chooser, every_card)
        try:
            ENGINE.apply(state, seat, action)
        except EngineError as error:
            assert error.code in ENGINE.errors and error.section in ENGINE.sections
            error.message_key.format(**error.params)
        else:
            assert isinstance(action, dict) and action.get("type") in {
                listed["type"] for listed in ENGINE.legal_actions(state, seat)
            }
        assert ENGINE.to_json(state) == before


def check_result(state: CollarState) -> None:
    result = ENGINE.result(state)
    assert result is not None
    for seat in range(state.players):
        assert result.totals[seat] == sum(line.points for line in result.breakdown[seat])
    ranked = [seat for group in result.ranking for seat in group]
    assert sorted(ranked) == list(range(state.players))
    assert set(result.winners) <= set(result.ranking[0])
    json.dumps(result.as_dict())


@pytest.mark.parametrize(
    "options", COMBOS, ids=lambda options: "-".join(map(str, options.values()))
)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), chooser=st.randoms(use_true_random=False))
def test_random_games_keep_every_promise(
    options: dict[str, Any], seed: int, chooser: random.Random
) -> None:
    players = 1 if options["mode"] == "solo" else 2
    every_card = deck(options["rainbow"], options["gold"])
    state = ENGINE.setup(players, options, seed)
    assert_no_leak(state, every_card)
    log: list[dict[str, Any]] = []
    while not ENGINE.is_over(state):
        assert len(log) < MAX_STEPS, "the game does not end"
        acting = ENGINE.to_act(state)
        for seat in range(players):
            if seat not in acting:
                assert ENGINE.legal_actions(state, seat) == []
        for action in ENGINE.legal_actions(state, acting[0]):
            ENGINE.apply(state, acting[0], action)
        check_refusals(state, chooser, every_card)
        entry = next_entry(state, chooser)
        before = ENGINE.to_json(state)
        state = ENGINE.apply_entry(state, entry)
        assert ENGINE.to_json(ENGINE.from_json(before)) == before
        log.append(entry)
        assert_events_narrate(state)
        assert_round_trip(state)
        if not ENGINE.is_over(state):
            assert_no_leak(state, every_card)
            held = sum(len(hand) for hand in state.hands)
            assert held in (4 * players, 4 * players + 1)
    assert ENGINE.to_json(ENGINE.replay(players, options, seed, log)) == ENGINE.to_json(state)
    check_result(state)
    with pytest.raises(EngineError):
        ENGINE.apply(state, 0, {"type": "draw"})
    assert ENGINE.legal_actions(state, 0) == [] and ENGINE.to_act(state) == []
