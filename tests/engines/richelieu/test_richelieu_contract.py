"""The engine contract: registration, options, sections, messages, the data file, bad input
of every shape, JSON round trips."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from games.engines.base import EngineError, message_forms
from games.richelieu.engine import ENGINE
from games.richelieu.engine.data import CARDS, COMPONENTS
from games.richelieu.engine.scenarios import build

ANCHORS = (
    "overview components setup turn first-turn taking-cards two-card-rule markers "
    "paying-markers discs marker-back blocked-player four-players end-of-game short-variant "
    "scoring scoring-fun-for-2 scoring-multiplayer tie-break examples editions reconstruction "
    "correspondence options"
).split()


def test_the_engine_is_registered_under_its_slug():
    from games.engines.registry import get_engine

    try:
        assert get_engine("richelieu") is ENGINE
    except ImportError:  # another game's package is not there yet in this checkout
        assert ENGINE.slug == "richelieu"


def test_sections_are_exactly_the_rulebook_anchors():
    assert ENGINE.sections == tuple(ANCHORS)
    for spec in ENGINE.errors.values():
        assert spec.section in ANCHORS
    for option in ENGINE.options_schema:
        assert option.section in ANCHORS


def test_error_codes_are_namespaced_and_messages_name_only_their_params():
    for code, spec in ENGINE.errors.items():
        assert code.startswith("richelieu.")
        for form in message_forms(spec.message):
            assert set(re.findall(r"{(\w+)}", form)) <= {"card", "region", "limit", "seat"}


def test_the_options_schema():
    schema = {option.name: option.as_dict() for option in ENGINE.options_schema}
    assert schema["ruleset"]["type"] == "choice"
    assert schema["ruleset"]["default"] == "multiplayer"
    assert [choice["value"] for choice in schema["ruleset"]["choices"]] == [
        "multiplayer",
        "fun-for-2",
    ]
    assert schema["ruleset"]["section"] == "options"
    assert (schema["short"]["type"], schema["short"]["default"]) == ("bool", False)
    assert schema["short"]["section"] == "short-variant"


def test_player_counts_depend_on_the_rule_set():
    assert ENGINE.player_counts(ENGINE.normalise_options({"ruleset": "fun-for-2"})) == (2,)
    assert ENGINE.player_counts(ENGINE.normalise_options({})) == (2, 3, 4)
    for players, options in ((3, {"ruleset": "fun-for-2"}), (1, {}), (5, {})):
        with pytest.raises(EngineError) as caught:
            ENGINE.setup(players, options, seed=1)
        assert caught.value.code == "engine.bad_player_count"


def test_bad_options_and_seeds_are_refused():
    for options in ({"ruleset": "solo"}, {"short": "yes"}, {"colour": "red"}):
        with pytest.raises(EngineError) as caught:
            ENGINE.setup(2, options, seed=1)
        assert caught.value.code == "engine.bad_option"
    for seed in ("1", None, True):
        with pytest.raises(EngineError) as caught:
            ENGINE.setup(2, {}, seed=seed)
        assert caught.value.code == "richelieu.bad_setup"


def test_setup_lays_the_48_cards_in_four_rows_of_twelve_and_deals_three_markers():
    state = ENGINE.setup(4, {}, seed=99)
    assert [len(row) for row in state.rows] == [12, 12, 12, 12]
    assert sorted(card for row in state.rows for card in row) == sorted(CARDS)
    assert state.stock == [3, 3, 3, 3]
    assert ENGINE.to_act(state) == [0]
    assert ENGINE.to_json(ENGINE.setup(4, {}, seed=99)) == ENGINE.to_json(state)
    assert ENGINE.to_json(ENGINE.setup(4, {}, seed=98)) != ENGINE.to_json(state)


def test_the_deck_has_the_region_totals_and_one_card_of_each_symbol_per_region():
    totals = {region: 0 for region in COMPONENTS.regions}
    for card in CARDS.values():
        totals[card.region] += card.shields
        if card.symbol is not None:
            assert card.shields == 1
    assert totals == {
        "bourgogne": 10,
        "bretagne": 9,
        "champagne": 9,
        "normandie": 8,
        "languedoc": 7,
        "provence": 7,
        "anjou": 6,
        "bourbon": 5,
        "auvergne": 5,
    }
    assert totals == COMPONENTS.region_totals
    for region in COMPONENTS.regions:
        symbols = sorted(c.symbol for c in CARDS.values() if c.region == region and c.symbol)
        assert symbols == ["cross", "sword", "tower"]


def test_the_data_file_says_it_is_a_reconstruction_and_names_nouns_in_three_languages():
    raw = json.loads(
        resources.files("games.richelieu.engine").joinpath("richelieu.json").read_text("utf-8")
    )
    assert "reconstruction" in raw["note"].lower()
    for entry in raw["regions"] + raw["symbols"]:
        assert set(entry["names"]) == {"en", "es", "it"}
    view = ENGINE.view(ENGINE.setup(2, {}, seed=1), None)
    assert view["regions"][0]["names"]["es"] == "Borgoña"
    assert "reconstruction" in view["reconstruction_note"].lower()


ROWS = [["R01", "R11", "R20"], ["R14", "R15", "R16"], ["R30", "R31"], ["R40", "R41"]]

BAD_ACTIONS = [
    None,
    "take",
    ["take", "R01"],
    {},
    {"type": 3},
    {"type": "fly"},
    {"type": "take"},
    {"type": "take", "card": 1},
    {"type": "take", "card": "R99"},
    {"type": "take", "card": "R01", "pay": 0},
    {"type": "take", "card": "R01", "row": 0},
    {"type": "place_marker"},
    {"type": "move_marker", "from": "R01"},
    {"type": "pass", "really": True},
    {"type": "leave"},
    {"type": "timeout_skip"},
]


@pytest.mark.parametrize("action", BAD_ACTIONS, ids=repr)
def test_malformed_actions_raise_a_coded_error_and_change_nothing(action):
    state = build(rows=ROWS)
    before = ENGINE.to_json(state)
    with pytest.raises(EngineError) as caught:
        ENGINE.apply(state, 0, action)
    assert caught.value.code == "richelieu.bad_action"
    assert caught.value.section == "turn"
    assert ENGINE.to_json(state) == before


@pytest.mark.parametrize("seat", [1, -1, 2, 7, "0", None, True])
def test_only_the_seat_to_act_may_act(seat):
    state = build(rows=ROWS)
    with pytest.raises(EngineError) as caught:
        ENGINE.apply(state, seat, {"type": "take", "card": "R01"})
    assert caught.value.code == "richelieu.not_your_turn"
    assert ENGINE.legal_actions(state, seat) == []


def test_a_broken_saved_state_raises_a_coded_error():
    good = ENGINE.to_json(build(rows=ROWS))
    broken_states = (
        {},
        {**good, "stock": [3]},
        {**good, "phase": "dance"},
        {**good, "rows": "x"},
        {**good, "rows": [["R77"], [], [], []]},
        {**good, "unused": ["disc-gold"]},
        {**good, "markers_on": {"R01": 5}},
        {**good, "events": [{"code": "x", "params": {}, "secret": {"seats": "0"}}]},
    )
    for broken in broken_states:
        with pytest.raises(EngineError) as caught:
            ENGINE.from_json(broken)
        assert caught.value.code == "richelieu.bad_state"


def test_state_round_trips_through_json_text():
    state = take_and_pay(build(rows=ROWS, markers_on={"R01": 1}, discs_on={"R01": "disc-sword"}))
    text = json.dumps(ENGINE.to_json(state))
    again = ENGINE.from_json(json.loads(text))
    assert ENGINE.to_json(again) == ENGINE.to_json(state)
    assert ENGINE.legal_actions(again, 0) == ENGINE.legal_actions(state, 0)
    assert ENGINE.events(again) == ENGINE.events(state)


def test_every_event_has_a_message_whose_placeholders_are_in_its_params():
    state = take_and_pay(build(rows=ROWS, markers_on={"R01": 1}, discs_on={"R01": "disc-sword"}))
    for event in ENGINE.events(state):
        ENGINE.event_messages[event["code"]].format(**event["params"])
    for code, message in ENGINE.event_messages.items():
        assert code.startswith("richelieu.")
        assert set(re.findall(r"{(\w+)}", message)) <= {
            "player",
            "card",
            "region",
            "shields",
            "owner",
            "source",
            "target",
        }


def test_apply_does_not_change_the_state_it_is_given():
    state = build(rows=ROWS, markers_on={"R01": 1}, discs_on={"R01": "disc-sword"})
    before = ENGINE.to_json(state)
    take_and_pay(state)
    assert ENGINE.to_json(state) == before


def take_and_pay(state):
    return ENGINE.apply(state, 0, {"type": "take", "card": "R01", "pay": "stock"})
