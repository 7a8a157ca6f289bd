"""Taking cards: row ends only, one or two cards, the two-card rule, the first turn.

Card ids of the reconstructed deck used here: Bourgogne R01 sword, R02 cross, R03 tower (1
shield each), R04–R06 (2 shields), R07 (1 shield, no symbol); Bretagne R08–R10 (symbols),
R11–R13 (2 shields); Champagne R14–R16, R17–R19; Normandie R20–R22, R23–R24 (2), R25.
"""

from __future__ import annotations

import pytest

from games.engines.base import EngineError
from games.richelieu.engine import ENGINE
from games.richelieu.engine.scenarios import build


def take(state, seat, card, **extra):
    return ENGINE.apply(state, seat, {"type": "take", "card": card, **extra})


def taken_cards(actions):
    return {action["card"] for action in actions if action["type"] == "take"}


def rejected(state, seat, action):
    with pytest.raises(EngineError) as caught:
        ENGINE.apply(state, seat, action)
    return caught.value


def test_only_the_left_and_right_end_cards_of_a_row_can_be_taken():
    state = build(rows=[["R01", "R11", "R20"], ["R14", "R15"], ["R30"], []])
    assert taken_cards(ENGINE.legal_actions(state, 0)) == {"R01", "R20", "R14", "R15", "R30"}
    error = rejected(state, 0, {"type": "take", "card": "R11"})
    assert error.code == "richelieu.not_at_row_end"
    assert error.section == "taking-cards"


def test_a_card_not_on_the_table_cannot_be_taken():
    state = build(rows=[["R01"], [], [], []], hands={1: ["R02"]})
    assert rejected(state, 0, {"type": "take", "card": "R02"}).code == "richelieu.card_not_on_table"


def test_the_taken_card_goes_from_the_row_to_the_players_cards():
    state = build(rows=[["R01", "R11", "R20"], ["R14"], [], []])
    after = take(state, 0, "R20")
    view = ENGINE.view(after, 1)
    assert [card["card"] for card in view["rows"][0]] == ["R01", "R11"]
    assert [card["card"] for card in view["seats"][0]["cards"]] == ["R20"]
    assert view["seats"][0]["shields"]["normandie"] == 1


def test_cards_keep_their_column_in_the_view_when_the_left_end_is_taken():
    state = build(rows=[["R01", "R11", "R20"], ["R14"], [], []])
    after = take(state, 0, "R01")
    view = ENGINE.view(after, None)
    assert [(card["card"], card["column"]) for card in view["rows"][0]] == [("R11", 1), ("R20", 2)]


def test_a_player_may_take_a_single_card_and_end_the_turn():
    state = build(rows=[["R01", "R07"], ["R14"], [], []])
    after = take(state, 0, "R01")
    assert after.phase == "after"
    ended = ENGINE.apply(after, 0, {"type": "end_turn"})
    assert ENGINE.to_act(ended) == [1]
    assert ended.hands[0] == ["R01"]


def test_two_cards_from_the_same_row_end_the_second_one_uncovered_by_the_first():
    # The rulebooks' turn example: two one-shield cards of one region, the second one lying
    # under the first at the same end of the row.
    state = build(rows=[["R01", "R07", "R20"], ["R14"], [], []])
    after_first = take(state, 0, "R01")
    assert taken_cards(ENGINE.legal_actions(after_first, 0)) == {"R07"}
    after_second = take(after_first, 0, "R07")
    assert after_second.hands[0] == ["R01", "R07"]
    assert after_second.rows[0] == ["R20"]


def test_the_second_card_may_come_from_another_row():
    state = build(rows=[["R01", "R20"], ["R14", "R02"], [], []])
    after = take(take(state, 0, "R01"), 0, "R02")
    assert after.hands[0] == ["R01", "R02"]


def test_second_card_of_another_region_is_refused():
    state = build(rows=[["R01", "R20"], ["R14", "R25"], [], []])
    after_first = take(state, 0, "R01")
    error = rejected(after_first, 0, {"type": "take", "card": "R14"})
    assert error.code == "richelieu.second_card_other_region"
    assert error.section == "two-card-rule"
    assert error.params == {"region": "bourgogne"}


def test_a_two_shield_card_is_taken_alone():
    # The rulebooks' turn example: a two-shield card cannot be followed by another card.
    state = build(rows=[["R04", "R07"], ["R01"], [], []])
    after = take(state, 0, "R04")
    assert taken_cards(ENGINE.legal_actions(after, 0)) == set()
    assert rejected(after, 0, {"type": "take", "card": "R07"}).code == (
        "richelieu.second_card_two_shields"
    )


def test_a_one_shield_card_cannot_be_followed_by_a_two_shield_card():
    state = build(rows=[["R07", "R05"], ["R01"], [], []])
    after = take(state, 0, "R07")
    assert taken_cards(ENGINE.legal_actions(after, 0)) == {"R01"}
    assert rejected(after, 0, {"type": "take", "card": "R05"}).code == (
        "richelieu.second_card_two_shields"
    )


def test_symbols_do_not_count_toward_the_two_shield_limit():
    state = build(rows=[["R01"], ["R02"], ["R20"], []])
    after = take(take(state, 0, "R01"), 0, "R02")
    assert after.hands[0] == ["R01", "R02"]


def test_no_more_than_two_cards_in_a_turn():
    state = build(rows=[["R01", "R02", "R03"], ["R20"], [], []])
    after = take(take(state, 0, "R01"), 0, "R02")
    assert taken_cards(ENGINE.legal_actions(after, 0)) == set()
    assert rejected(after, 0, {"type": "take", "card": "R03"}).code == "richelieu.third_card"


def test_the_turn_ends_by_itself_when_nothing_can_follow_the_card():
    # No marker can be placed (every table card is marked) and no second card fits.
    state = build(rows=[["R04", "R20"], [], [], []], markers_on={"R20": 1}, boxed={0: 3})
    after = take(state, 0, "R04")
    assert ENGINE.to_act(after) == [1]
    assert after.phase == "take"


def test_first_turn_of_the_game_is_one_card_only():
    state = ENGINE.setup(2, {}, seed=7)
    first = ENGINE.legal_actions(state, 0)
    one_shield = next(a for a in first if a["type"] == "take" and _shields(a["card"]) == 1)
    after = ENGINE.apply(state, 0, one_shield)
    assert taken_cards(ENGINE.legal_actions(after, 0)) == set()
    ends = [row[0] for row in after.rows] + [row[-1] for row in after.rows]
    for card in ends:
        with pytest.raises(EngineError) as caught:
            take(after, 0, card)
        assert caught.value.code == "richelieu.first_turn_one_card"
        assert caught.value.section == "first-turn"


def test_after_the_first_turn_two_cards_may_be_taken_again():
    state = build(rows=[["R01", "R07"], ["R20"], [], []], first_turn=True)
    after_first_turn = ENGINE.apply(take(state, 0, "R20"), 0, {"type": "end_turn"})
    assert after_first_turn.first_turn is False
    second_player = take(after_first_turn, 1, "R01")
    assert taken_cards(ENGINE.legal_actions(second_player, 1)) == {"R07"}


def test_first_turn_card_may_have_two_shields():
    state = build(rows=[["R04", "R07"], ["R20"], [], []], first_turn=True)
    assert take(state, 0, "R04").hands[0] == ["R04"]


def test_end_turn_before_taking_a_card_is_refused():
    state = build(rows=[["R01"], [], [], []])
    error = rejected(state, 0, {"type": "end_turn"})
    assert error.code == "richelieu.must_take"


def _shields(card):
    from games.richelieu.engine.data import CARDS

    return CARDS[card].shields
