"""Discs: face down on fixed cells, seen only by their taker, the unused six seen by nobody,
the "marker back" disc spent during one's own turn, the others turned over at the end."""

from __future__ import annotations

import json

import pytest

from games.engines.base import EngineError, redact_event
from games.richelieu.engine import ENGINE
from games.richelieu.engine.data import COMPONENTS, DISC_IDS, DISCS
from games.richelieu.engine.scenarios import build


def take(state, seat, card, **extra):
    return ENGINE.apply(state, seat, {"type": "take", "card": card, **extra})


def act(state, seat, **action):
    return ENGINE.apply(state, seat, action)


def test_setup_puts_eight_face_down_discs_on_the_fixed_cells_and_six_out_of_the_game():
    state = ENGINE.setup(3, {}, seed=11)
    cells = {(row, column) for row, column in COMPONENTS.disc_cells}
    assert len(cells) == 8
    assert {row for row, _ in cells} == {0, 1, 2, 3}
    assert len({column for _, column in cells}) == 8
    on_cells = {state.rows[row][column] for row, column in cells}
    assert set(state.discs_on) == on_cells
    assert len(state.unused) == 6
    assert sorted([*state.discs_on.values(), *state.unused]) == sorted(DISC_IDS)
    view = ENGINE.view(state, None)
    marked = {
        (r, c) for r, row in enumerate(view["rows"]) for c, card in enumerate(row) if card["disc"]
    }
    assert marked == cells
    assert view["discs_out_of_game"] == 6


def test_the_fourteen_discs_are_nine_shields_three_symbols_two_marker_backs():
    kinds = [disc.kind for disc in DISCS.values()]
    assert (kinds.count("shield"), kinds.count("symbol"), kinds.count("marker_back")) == (9, 3, 2)
    assert {disc.region for disc in DISCS.values() if disc.kind == "shield"} == set(
        COMPONENTS.regions
    )


def test_nobody_sees_a_disc_still_on_the_table_or_out_of_the_game():
    state = ENGINE.setup(2, {}, seed=3)
    for viewer in (None, 0, 1):
        text = json.dumps(ENGINE.view(state, viewer))
        for disc in DISC_IDS:
            assert disc not in text


def test_the_taker_sees_the_disc_and_the_others_only_that_a_disc_was_taken():
    state = build(rows=[["R01", "R20"], ["R14"], [], []], discs_on={"R01": "disc-provence"})
    after = take(state, 0, "R01")
    mine = ENGINE.view(after, 0)
    assert mine["my_discs"] == [
        {"id": "disc-provence", "kind": "shield", "region": "provence", "symbol": None}
    ]
    for viewer in (1, None):
        other = ENGINE.view(after, viewer)
        assert other["seats"][0]["face_down_discs"] == 1
        assert other["my_discs"] == []
        assert "disc-provence" not in json.dumps(other)
    event = next(e for e in ENGINE.events(after) if e["code"] == "richelieu.took_disc")
    assert redact_event(event, 0)["params"]["disc"] == "disc-provence"
    assert redact_event(event, 1)["params"] == {"player": 0, "card": "R01"}
    assert redact_event(event, None)["params"] == {"player": 0, "card": "R01"}


def test_marker_back_brings_a_boxed_marker_back_to_stock_and_is_shown_to_all():
    state = build(
        rows=[["R01", "R20"], [], [], []], boxed={0: 2}, held={0: ["disc-back-2", "disc-sword"]}
    )
    after = act(state, 0, type="marker_back")
    assert (after.stock[0], after.boxed[0]) == (2, 1)
    assert after.held[0] == ["disc-sword"]
    for viewer in (1, None):
        seat_view = ENGINE.view(after, viewer)["seats"][0]
        assert seat_view["spent_discs"] == [
            {"id": "disc-back-2", "kind": "marker_back", "region": None, "symbol": None}
        ]
        assert seat_view["face_down_discs"] == 1
    assert ENGINE.events(after) == [
        {"code": "richelieu.spent_marker_back", "params": {"player": 0, "disc": "disc-back-2"}}
    ]
    assert ENGINE.to_act(after) == [0]


def test_marker_back_may_be_spent_before_between_and_after_taking_cards():
    state = build(
        rows=[["R01", "R07", "R20"], [], [], []],
        boxed={0: 3},
        held={0: ["disc-back-1", "disc-back-2"]},
    )
    state = act(state, 0, type="marker_back")
    state = take(state, 0, "R01")
    assert {"type": "marker_back"} in ENGINE.legal_actions(state, 0)
    state = act(state, 0, type="marker_back")
    state = take(state, 0, "R07")
    assert state.phase == "after"
    assert state.boxed[0] == 1 and state.stock[0] == 2


def test_marker_back_only_during_ones_own_turn():
    state = build(rows=[["R01", "R20"], [], [], []], boxed={1: 1}, held={1: ["disc-back-1"]})
    with pytest.raises(EngineError) as caught:
        act(state, 1, type="marker_back")
    assert caught.value.code == "richelieu.not_your_turn"


def test_marker_back_needs_the_disc_and_a_boxed_marker():
    state = build(rows=[["R01", "R20"], [], [], []], held={0: ["disc-back-1"]})
    with pytest.raises(EngineError) as caught:
        act(state, 0, type="marker_back")
    assert (caught.value.code, caught.value.section) == ("richelieu.no_boxed_marker", "marker-back")
    without_disc = build(rows=[["R01", "R20"], [], [], []], boxed={0: 1}, held={0: ["disc-tower"]})
    with pytest.raises(EngineError) as caught:
        act(without_disc, 0, type="marker_back")
    assert caught.value.code == "richelieu.no_marker_back_disc"
    assert caught.value.params == {}


def test_whether_a_turn_stays_open_does_not_reveal_which_disc_a_player_holds():
    # Seat 0 has every marker boxed; after a two-shield card the turn stays open only if a
    # disc might bring a marker back. The same must happen whatever the disc is.
    phases = []
    for disc in ("disc-back-1", "disc-anjou"):
        state = build(rows=[["R04", "R20"], [], [], []], boxed={0: 3}, held={0: [disc]})
        phases.append(take(state, 0, "R04").phase)
    assert phases == ["after", "after"]


def test_discs_held_at_the_end_are_turned_over_the_unused_ones_never():
    state = build(
        rows=[["R01"], [], [], []],
        held={1: ["disc-cross"]},
        discs_on={"R01": "disc-bourgogne"},
    )
    state = take(state, 0, "R01")
    assert ENGINE.is_over(state)
    for viewer in (None, 0, 1):
        view = ENGINE.view(state, viewer)
        assert view["revealed_discs"]["0"][0]["id"] == "disc-bourgogne"
        assert view["revealed_discs"]["1"][0]["id"] == "disc-cross"
        text = json.dumps(view)
        for disc in state.unused:
            assert disc not in text


def test_discs_left_on_the_table_in_the_short_game_stay_hidden():
    state = build(
        short=True,
        rows=[["R01"], ["R20"], [], []],
        discs_on={"R20": "disc-tower"},
    )
    state = take(state, 0, "R01")
    assert ENGINE.is_over(state)
    assert "disc-tower" not in json.dumps(ENGINE.view(state, None))
