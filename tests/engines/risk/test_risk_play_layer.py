"""What the play layer relies on: leave and skip, replay, storage, views, coded errors."""

from __future__ import annotations

import json
import string
from types import SimpleNamespace
from typing import Any

import pytest

from games.engines.base import EngineError, Message, message_forms
from games.risk.engine import ENGINE
from games.risk.engine.catalogue import SECTIONS

ANCHORS = (
    "overview components map setup-intro setup-classic setup-two-player turn cards-trade "
    "reinforcements attack dice blitz conquest maneuver card-draw elimination neutral-armies "
    "cease-fire winning mode-intro mode-classic mode-two-player reconstruction correspondence "
    "options"
).split()


def placeholders(message: Message) -> set[str]:
    return {
        name
        for form in message_forms(message)
        for _, name, _, _ in string.Formatter().parse(form)
        if name
    }


# The engine's catalogue ----------------------------------------------------------------


def test_the_engine_links_exactly_the_rulebook_anchors() -> None:
    assert list(ENGINE.sections) == ANCHORS == list(SECTIONS)
    assert ENGINE.slug == "risk"
    for code, spec in ENGINE.errors.items():
        assert code.startswith("risk.")
        assert spec.section in ANCHORS
    for option in ENGINE.options_schema:
        assert option.section in ANCHORS
    assert [o.name for o in ENGINE.options_schema] == ["mode", "deal_territories", "short_game"]


def test_every_event_message_names_only_params_its_events_carry() -> None:
    state = ENGINE.setup(3, {"mode": "intro"}, 2)
    for event in ENGINE.events(state):
        assert placeholders(ENGINE.event_messages[event["code"]]) <= set(event["params"])


# Leaving and timing out ----------------------------------------------------------------


def test_a_player_who_leaves_becomes_a_neutral_army_and_the_game_goes_on(
    kit: SimpleNamespace,
) -> None:
    state = kit.position(held={"ukraine": (0, 5)}, hands={1: ["peru", "japan"]})
    after = ENGINE.leave(state, 1)
    view = ENGINE.view(after, 0)
    assert view["seats"][1]["status"] == "left"
    assert view["seats"][1]["territories"] == 0
    neutral = view["neutrals"][-1]
    assert (neutral["from_seat"], neutral["cards"]) == (1, 2)
    assert neutral["territories"] == ENGINE.view(state, None)["seats"][1]["territories"]
    assert not ENGINE.is_over(after)
    assert ENGINE.to_act(after) == [0]
    assert ENGINE.legal_actions(after, 1) == []


def test_the_last_player_left_wins_and_the_leavers_rank_last(kit: SimpleNamespace) -> None:
    state = kit.position(players=4, held={"ukraine": (0, 5)}, rest=(1, 2, 3))
    state = ENGINE.leave(state, 3)
    state = ENGINE.leave(state, 0)  # it was seat 0's turn: seat 1 plays now
    assert ENGINE.to_act(state) == [1]
    state = ENGINE.leave(state, 2)
    assert ENGINE.is_over(state)
    result = ENGINE.result(state)
    assert result is not None
    assert result.winners == (1,)
    assert result.ranking == ((1,), (2,), (0,), (3,))
    assert sum(result.totals.values()) == sum(
        sum(line.points for line in lines) for lines in result.breakdown.values()
    )


def test_leaving_twice_or_after_the_end_is_refused(kit: SimpleNamespace) -> None:
    state = ENGINE.leave(kit.position(), 2)
    assert kit.error_code(lambda: ENGINE.leave(state, 2)) == "risk.seat_out"
    over = ENGINE.leave(state, 1)
    assert kit.error_code(lambda: ENGINE.leave(over, 0)) == "risk.game_over"
    assert kit.error_code(lambda: ENGINE.skip(over, 0)) == "risk.game_over"


def test_a_time_out_loses_the_unplaced_troops_and_passes_the_turn(kit: SimpleNamespace) -> None:
    state = kit.position(held={"ukraine": (0, 5)}, phase="reinforce", reserve=4)
    after = ENGINE.skip(state, 0)
    assert ENGINE.to_act(after) == [1]
    codes = [e["code"] for e in ENGINE.events(after)]
    assert codes[:3] == ["risk.turn_skipped", "risk.reserve_lost", "risk.turn_started"]
    assert kit.error_code(lambda: ENGINE.skip(after, 0)) == "risk.not_your_turn"


def test_a_time_out_after_a_conquest_still_draws_the_card(kit: SimpleNamespace) -> None:
    state = kit.position(held={"ukraine": (0, 30), "scandinavia": (1, 1)})
    state = ENGINE.apply(
        state, 0, {"type": "blitz", "from": "ukraine", "to": "scandinavia", "dice": 3}
    )
    after = ENGINE.skip(state, 0)
    assert len(ENGINE.view(after, 0)["hand"]) == 1


def test_a_time_out_while_claiming_claims_a_random_empty_territory() -> None:
    state = ENGINE.setup(3, {}, 9)
    seat = ENGINE.to_act(state)[0]
    after = ENGINE.skip(state, seat)
    assert ENGINE.view(after, None)["seats"][seat]["territories"] == 1
    assert ENGINE.to_act(after) == [(seat + 1) % 3]


def test_leave_and_skip_entries_replay_exactly(kit: SimpleNamespace) -> None:
    options = {"mode": "classic", "deal_territories": True}
    state = ENGINE.setup(4, options, 77)
    state, log = kit.play_out(state, 77, cap=300)
    seat = ENGINE.to_act(state)[0]
    log.append({"seat": seat, "action": {"type": "timeout_skip"}})
    state = ENGINE.skip(state, seat)
    other = next(s for s in range(4) if s != ENGINE.to_act(state)[0])
    log.append({"seat": other, "action": {"type": "leave"}})
    state = ENGINE.leave(state, other)
    more, tail = kit.play_out(state, 78, cap=200)
    replayed = ENGINE.replay(4, options, 77, log + tail)
    assert ENGINE.to_json(replayed) == ENGINE.to_json(more)


# Storage and views ---------------------------------------------------------------------


def test_the_state_survives_a_json_round_trip_and_behaves_the_same(kit: SimpleNamespace) -> None:
    state = ENGINE.setup(3, {"mode": "intro"}, 5)
    state, _ = kit.play_out(state, 5, cap=40)
    text = json.dumps(ENGINE.to_json(state))
    back = ENGINE.from_json(json.loads(text))
    assert ENGINE.to_json(back) == ENGINE.to_json(state)
    a, _ = kit.play_out(state, 6, cap=60)
    b, _ = kit.play_out(back, 6, cap=60)
    assert ENGINE.to_json(a) == ENGINE.to_json(b)
    assert kit.error_code(lambda: ENGINE.from_json({"mode": "intro"})) == "risk.bad_state"


def test_a_view_shows_ones_own_cards_and_only_counts_of_the_others(kit: SimpleNamespace) -> None:
    state = kit.position(hands={0: ["peru"], 1: ["japan", "egypt"]})
    mine = ENGINE.view(state, 0)
    assert mine["hand"] == [{"card": "peru", "stars": 1}]
    assert [s["cards"] for s in mine["seats"]] == [1, 2, 0]
    assert ENGINE.view(state, None)["hand"] is None
    assert "rng" not in mine and "deck" not in mine and "seed" not in mine
    other = kit.position(hands={0: ["peru"], 1: ["iceland", "siam"]})
    assert ENGINE.view(other, 0) == mine
    assert ENGINE.view(other, 2) == ENGINE.view(state, 2)
    assert ENGINE.view(other, 1) != ENGINE.view(state, 1)


def test_no_view_depends_on_the_deck_order_or_the_cease_fire_position() -> None:
    state = ENGINE.setup(4, {"mode": "intro"}, 31)
    data = ENGINE.to_json(state)
    data["deck"] = list(reversed(data["deck"]))
    data["rng"] = 1
    shuffled = ENGINE.from_json(data)
    for seat in (None, 0, 1, 2, 3):
        assert ENGINE.view(state, seat) == ENGINE.view(shuffled, seat)


# Bad input -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ("attack", "risk.bad_action"),
        ({}, "risk.unknown_action"),
        ({"type": "fly"}, "risk.unknown_action"),
        ({"type": ["attack"]}, "risk.unknown_action"),
        ({"type": "attack"}, "risk.bad_action"),
        ({"type": "attack", "from": 3, "to": "ural", "dice": 1}, "risk.bad_action"),
        ({"type": "attack", "from": "ukraine", "to": "ural", "dice": "3"}, "risk.bad_action"),
        ({"type": "attack", "from": "ukraine", "to": "ural", "dice": True}, "risk.bad_action"),
        ({"type": "attack", "from": "mordor", "to": "ural", "dice": 1}, "risk.unknown_territory"),
        ({"type": "trade", "cards": "peru"}, "risk.bad_action"),
        ({"type": "move_in", "troops": 1}, "risk.wrong_phase"),
        ({"type": "claim", "territory": "ural"}, "risk.wrong_phase"),
        ({"type": "place_neutral", "territory": "ural", "troops": 1}, "risk.wrong_phase"),
    ],
)
def test_malformed_actions_are_refused_with_a_coded_error(
    kit: SimpleNamespace, action: Any, code: str
) -> None:
    state = kit.position(held={"ukraine": (0, 5)})
    before = ENGINE.to_json(state)
    with pytest.raises(EngineError) as caught:
        ENGINE.apply(state, 0, action)
    assert caught.value.code == code
    assert caught.value.code in ENGINE.errors
    assert ENGINE.to_json(state) == before


def test_a_seat_that_is_not_to_act_or_does_not_exist_is_refused(kit: SimpleNamespace) -> None:
    state = kit.position(held={"ukraine": (0, 5)})
    end = {"type": "end_turn"}
    assert kit.error_code(lambda: ENGINE.apply(state, 1, end)) == "risk.not_your_turn"
    assert kit.error_code(lambda: ENGINE.apply(state, 7, end)) == "risk.bad_seat"
    assert kit.error_code(lambda: ENGINE.view(state, 7)) == "risk.bad_seat"
    assert kit.error_code(lambda: ENGINE.legal_actions(state, -1)) == "risk.bad_seat"
    assert ENGINE.legal_actions(state, 1) == []


def test_errors_never_carry_hidden_cards(kit: SimpleNamespace) -> None:
    state = kit.position(held={"ukraine": (0, 5)}, hands={1: ["japan"]})
    with pytest.raises(EngineError) as caught:
        ENGINE.apply(state, 0, {"type": "trade", "cards": ["egypt"]})
    assert caught.value.params == {"card": "egypt"}
    assert "japan" not in json.dumps(caught.value.as_dict())
