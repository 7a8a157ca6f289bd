"""Markers: placing after taking, moving with an empty stock, paying for marked cards,
markers coming back, the blocked player who passes, and the four-player limit."""

from __future__ import annotations

import pytest

from games.engines.base import EngineError
from games.richelieu.engine import ENGINE
from games.richelieu.engine.scenarios import build


def act(state, seat, **action):
    return ENGINE.apply(state, seat, action)


def take(state, seat, card, **extra):
    return ENGINE.apply(state, seat, {"type": "take", "card": card, **extra})


def rejected(state, seat, action):
    before = ENGINE.to_json(state)
    with pytest.raises(EngineError) as caught:
        ENGINE.apply(state, seat, action)
    assert ENGINE.to_json(state) == before
    return caught.value


def markers(view, seat):
    return view["seats"][seat]["markers"]


ROWS = [["R01", "R11", "R20"], ["R14", "R15", "R16"], ["R30", "R31"], ["R40"]]


def test_after_taking_a_marker_may_go_on_any_table_card_even_one_with_a_disc():
    state = build(rows=ROWS, discs_on={"R11": "disc-sword"})
    after = take(state, 0, "R20")
    places = {a["card"] for a in ENGINE.legal_actions(after, 0) if a["type"] == "place_marker"}
    assert places == {"R01", "R11", "R14", "R15", "R16", "R30", "R31", "R40"}
    placed = act(after, 0, type="place_marker", card="R11")
    view = ENGINE.view(placed, 1)
    assert view["rows"][0][1] == {
        "card": "R11",
        "region": "bretagne",
        "shields": 2,
        "symbol": None,
        "disc": True,
        "marker": 0,
        "column": 1,
    }
    assert markers(view, 0) == {"stock": 2, "on_cards": 1, "boxed": 0}


def test_placing_a_marker_ends_the_turn_so_only_one_marker_a_turn():
    state = build(rows=ROWS)
    placed = act(take(state, 0, "R20"), 0, type="place_marker", card="R15")
    assert ENGINE.to_act(placed) == [1]
    assert rejected(placed, 0, {"type": "place_marker", "card": "R16"}).code == (
        "richelieu.not_your_turn"
    )


def test_a_marker_cannot_be_placed_before_taking_a_card():
    state = build(rows=ROWS)
    error = rejected(state, 0, {"type": "place_marker", "card": "R15"})
    assert (error.code, error.section) == ("richelieu.take_first", "markers")


def test_a_marker_cannot_go_on_a_card_that_has_a_marker():
    state = build(rows=ROWS, markers_on={"R15": 1, "R16": 0})
    after = take(state, 0, "R20")
    assert rejected(after, 0, {"type": "place_marker", "card": "R15"}).code == (
        "richelieu.card_has_marker"
    )
    assert rejected(after, 0, {"type": "place_marker", "card": "R16"}).code == (
        "richelieu.card_has_marker"
    )


def test_a_marker_cannot_go_on_a_taken_card():
    state = build(rows=ROWS, hands={1: ["R02"]})
    after = take(state, 0, "R20")
    assert rejected(after, 0, {"type": "place_marker", "card": "R02"}).code == (
        "richelieu.marker_card_not_on_table"
    )


def test_with_an_empty_stock_one_marker_may_be_moved_to_another_free_card():
    state = build(rows=ROWS, markers_on={"R11": 0, "R15": 0, "R31": 0})
    after = take(state, 0, "R20")
    listed = ENGINE.legal_actions(after, 0)
    assert {"type": "move_marker", "from": "R11", "to": "R40"} in listed
    assert not [a for a in listed if a["type"] == "place_marker"]
    moved = act(after, 0, type="move_marker", **{"from": "R11", "to": "R40"})
    assert moved.markers_on == {"R40": 0, "R15": 0, "R31": 0}
    assert ENGINE.to_act(moved) == [1]


def test_with_markers_in_stock_a_marker_cannot_be_moved():
    state = build(rows=ROWS, markers_on={"R11": 0})
    after = take(state, 0, "R20")
    action = {"type": "move_marker", "from": "R11", "to": "R40"}
    assert rejected(after, 0, action).code == "richelieu.move_not_allowed"


def test_only_ones_own_marker_can_be_moved():
    state = build(rows=ROWS, markers_on={"R11": 1, "R15": 0, "R31": 0, "R16": 0})
    after = take(state, 0, "R20")
    action = {"type": "move_marker", "from": "R11", "to": "R40"}
    assert rejected(after, 0, action).code == "richelieu.not_your_marker"


def test_a_card_with_an_opponents_marker_costs_one_marker_from_stock():
    # The rulebooks' turn example: the marked card costs a marker, which goes into the box;
    # the opponent gets their marker back.
    state = build(rows=ROWS, markers_on={"R20": 1})
    listed = ENGINE.legal_actions(state, 0)
    assert {"type": "take", "card": "R20", "pay": "stock"} in listed
    assert {"type": "take", "card": "R20"} not in listed
    after = take(state, 0, "R20", pay="stock")
    view = ENGINE.view(after, None)
    assert markers(view, 0) == {"stock": 2, "on_cards": 0, "boxed": 1}
    assert markers(view, 1) == {"stock": 3, "on_cards": 0, "boxed": 0}
    codes = [event["code"] for event in ENGINE.events(after)]
    assert codes[:2] == ["richelieu.took_card", "richelieu.paid_from_stock"]


def test_the_paid_marker_may_come_from_one_of_ones_cards():
    # The Italian rulebook's example: all of Richelieu's markers lie on cards, so he pays
    # with one of those.
    state = build(rows=ROWS, markers_on={"R20": 1, "R11": 0, "R15": 0, "R31": 0})
    payments = {a.get("pay") for a in ENGINE.legal_actions(state, 0) if a.get("card") == "R20"}
    assert payments == {"R11", "R15", "R31"}
    after = take(state, 0, "R20", pay="R15")
    assert after.markers_on == {"R11": 0, "R31": 0}
    assert (after.stock, after.boxed) == ([0, 3], [1, 0])


def test_each_card_with_an_opponents_marker_costs_one_marker():
    state = build(rows=[["R01", "R07"], ["R20"], [], []], markers_on={"R01": 1, "R07": 1})
    after = take(take(state, 0, "R01", pay="stock"), 0, "R07", pay="stock")
    assert (after.stock, after.boxed) == ([1, 3], [2, 0])


def test_the_marker_must_be_paid_and_only_when_the_card_carries_another_players_marker():
    state = build(rows=ROWS, markers_on={"R20": 1})
    assert rejected(state, 0, {"type": "take", "card": "R20"}).code == "richelieu.payment_required"
    error = rejected(state, 0, {"type": "take", "card": "R01", "pay": "stock"})
    assert (error.code, error.section) == ("richelieu.payment_not_needed", "paying-markers")
    assert rejected(state, 0, {"type": "take", "card": "R20", "pay": "R15"}).code == (
        "richelieu.bad_payment"
    )


def test_taking_a_card_with_ones_own_marker_brings_the_marker_back():
    state = build(rows=ROWS, markers_on={"R20": 0})
    after = take(state, 0, "R20")
    assert after.markers_on == {}
    assert after.stock[0] == 3
    assert "richelieu.own_marker_back" in [event["code"] for event in ENGINE.events(after)]


def test_without_any_marker_a_player_cannot_take_opponent_marked_cards():
    state = build(rows=[["R20"], ["R01"], [], []], markers_on={"R20": 1}, boxed={0: 3})
    assert [a["card"] for a in ENGINE.legal_actions(state, 0) if a["type"] == "take"] == ["R01"]
    error = rejected(state, 0, {"type": "take", "card": "R20", "pay": "stock"})
    assert error.code == "richelieu.no_marker_to_pay"


def test_a_blocked_player_passes():
    state = build(rows=[["R20"], ["R01"], [], []], markers_on={"R20": 1, "R01": 1}, boxed={0: 3})
    assert ENGINE.legal_actions(state, 0) == [{"type": "pass"}]
    passed = act(state, 0, type="pass")
    assert ENGINE.to_act(passed) == [1]
    assert passed.hands[0] == []
    assert [event["code"] for event in ENGINE.events(passed)] == ["richelieu.passed"]


def test_a_player_who_can_take_a_card_cannot_pass():
    state = build(rows=ROWS)
    error = rejected(state, 0, {"type": "pass"})
    assert (error.code, error.section) == ("richelieu.cannot_pass", "blocked-player")


def test_a_blocked_player_plays_again_once_a_card_is_free():
    state = build(
        rows=[["R20", "R25", "R21"], ["R01"], [], []],
        markers_on={"R20": 1, "R21": 1, "R01": 1},
        boxed={0: 3},
    )
    state = act(state, 0, type="pass")
    state = act(take(state, 1, "R20"), 1, type="end_turn")
    takes = [a for a in ENGINE.legal_actions(state, 0) if a["type"] == "take"]
    assert takes == [{"type": "take", "card": "R25"}]


def blocked_with_a_marker_back_disc(rules=2):
    return build(
        rows=[["R20"], ["R01"], [], []],
        markers_on={"R20": 1, "R01": 1},
        boxed={0: 3},
        held={0: ["disc-back-1"]},
        rules=rules,
    )


def test_a_player_who_can_pay_by_spending_a_marker_back_disc_must_spend_it_and_take():
    # "Pass" is for a player no sequence of the turn lets take a card: spending the disc
    # first is such a sequence, so the only move is to spend it.
    state = blocked_with_a_marker_back_disc()
    assert ENGINE.legal_actions(state, 0) == [{"type": "marker_back"}]
    error = rejected(state, 0, {"type": "pass"})
    assert (error.code, error.section) == ("richelieu.cannot_pass_marker_back", "blocked-player")
    unboxed = act(state, 0, type="marker_back")
    assert {"type": "take", "card": "R20", "pay": "stock"} in ENGINE.legal_actions(unboxed, 0)
    assert rejected(unboxed, 0, {"type": "pass"}).code == "richelieu.cannot_pass"
    taken = take(unboxed, 0, "R20", pay="stock")
    assert taken.hands[0] == ["R20"]


def test_rules_version_1_let_a_blocked_player_with_a_marker_back_disc_pass():
    state = blocked_with_a_marker_back_disc(rules=1)
    assert ENGINE.legal_actions(state, 0) == [{"type": "pass"}, {"type": "marker_back"}]
    assert ENGINE.to_act(act(state, 0, type="pass")) == [1]


FOUR_ROWS = [["R01", "R11", "R20", "R21"], ["R14", "R15", "R16"], ["R30", "R31"], ["R40"]]


def test_four_players_at_most_two_markers_of_a_player_on_cards():
    # R20 and R21 are 1-shield Normandie cards: a second card may follow, so the turn stays
    # open after the first.
    state = build(players=4, rows=FOUR_ROWS, markers_on={"R11": 0, "R15": 0})
    after = take(state, 0, "R21")
    assert ENGINE.to_act(after) == [0]
    error = rejected(after, 0, {"type": "place_marker", "card": "R40"})
    assert (error.code, error.section, error.params) == (
        "richelieu.marker_limit",
        "four-players",
        {"limit": 2},
    )
    assert ENGINE.view(after, 0)["marker_limit"] == 2


def test_four_players_a_marker_in_stock_means_neither_placing_nor_moving():
    # Two markers on cards and the third in stock: it must stay there, and a marker may be
    # moved only by a player with none left in stock.
    state = build(players=4, rows=FOUR_ROWS, markers_on={"R11": 0, "R15": 0})
    after = take(state, 0, "R21")
    listed = ENGINE.legal_actions(after, 0)
    assert [a["type"] for a in listed] == ["take", "end_turn"]
    error = rejected(after, 0, {"type": "move_marker", "from": "R15", "to": "R40"})
    assert (error.code, error.section, error.params) == (
        "richelieu.third_marker_in_stock",
        "four-players",
        {"limit": 2},
    )


def test_four_players_a_marker_in_stock_and_no_second_card_ends_the_turn_after_the_card():
    state = build(players=4, rows=FOUR_ROWS, markers_on={"R11": 0, "R15": 0})
    after = take(state, 0, "R40")  # Anjou: no second Anjou card at a row end
    assert ENGINE.to_act(after) == [1]


def test_four_players_with_an_empty_stock_a_marker_may_be_moved():
    # One marker paid into the box, two on cards, none in stock: now a move is allowed.
    state = build(players=4, rows=FOUR_ROWS, markers_on={"R11": 0, "R15": 0}, boxed={0: 1})
    after = take(state, 0, "R40")
    listed = ENGINE.legal_actions(after, 0)
    assert not [a for a in listed if a["type"] == "place_marker"]
    assert {"type": "move_marker", "from": "R15", "to": "R31"} in listed
    moved = act(after, 0, type="move_marker", **{"from": "R15", "to": "R31"})
    assert moved.markers_on == {"R11": 0, "R31": 0}


def test_rules_version_1_let_four_players_at_the_limit_move_a_marker():
    state = build(players=4, rows=FOUR_ROWS, markers_on={"R11": 0, "R15": 0}, rules=1)
    after = take(state, 0, "R40")
    listed = ENGINE.legal_actions(after, 0)
    assert {"type": "move_marker", "from": "R15", "to": "R31"} in listed
    assert act(after, 0, type="move_marker", **{"from": "R15", "to": "R31"}).stock[0] == 1


def test_three_players_may_have_all_three_markers_on_cards():
    state = build(players=3, rows=ROWS, markers_on={"R11": 0, "R15": 0})
    placed = act(take(state, 0, "R20"), 0, type="place_marker", card="R40")
    assert sorted(placed.markers_on) == ["R11", "R15", "R40"]
