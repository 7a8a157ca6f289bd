"""Turn order, the end of the game (full and short), and players who leave or time out."""

from __future__ import annotations

import pytest

from games.engines.base import EngineError
from games.richelieu.engine import ENGINE
from games.richelieu.engine.scenarios import build


def take(state, seat, card, **extra):
    return ENGINE.apply(state, seat, {"type": "take", "card": card, **extra})


def end_turn(state, seat):
    return ENGINE.apply(state, seat, {"type": "end_turn"})


def codes(state):
    return [event["code"] for event in ENGINE.events(state)]


ROWS = [["R01", "R11", "R20"], ["R14", "R15", "R16"], ["R30", "R31"], ["R40", "R41"]]


def test_seat_zero_starts_and_turns_go_up_the_seats():
    state = ENGINE.setup(3, {}, seed=5)
    order = []
    for _ in range(6):
        seat = ENGINE.to_act(state)[0]
        order.append(seat)
        take_action = next(a for a in ENGINE.legal_actions(state, seat) if a["type"] == "take")
        state = ENGINE.apply(state, seat, take_action)
        if ENGINE.to_act(state) == [seat]:
            state = end_turn(state, seat)
    assert order == [0, 1, 2, 0, 1, 2]


def test_the_game_ends_when_the_last_card_is_taken():
    state = build(rows=[["R01"], [], [], []])
    over = take(state, 0, "R01")
    assert ENGINE.is_over(over)
    assert ENGINE.to_act(over) == []
    assert ENGINE.legal_actions(over, 1) == []
    assert codes(over)[-1] == "richelieu.game_over_all_taken"
    assert ENGINE.result(over) is not None


def test_the_full_game_goes_on_with_one_row_left():
    state = build(rows=[["R01"], ["R20"], [], []])
    after = take(state, 0, "R01")
    assert not ENGINE.is_over(after)


def test_the_short_game_ends_as_soon_as_three_rows_are_empty():
    # Even in the middle of a turn: the second Bourgogne card is not taken.
    state = build(short=True, rows=[["R01"], ["R07", "R20"], [], []])
    over = take(state, 0, "R01")
    assert ENGINE.is_over(over)
    assert over.ended == "three_rows"
    assert codes(over)[-1] == "richelieu.game_over_three_rows"
    assert ENGINE.view(over, None)["rows"][1][0]["card"] == "R07"


def test_the_short_game_option_is_available_to_every_rule_set_and_player_count():
    for players, options in ((2, {"ruleset": "fun-for-2", "short": True}), (4, {"short": True})):
        state = ENGINE.setup(players, options, seed=2)
        assert state.short is True


def test_the_game_cannot_be_played_on_after_the_end():
    over = take(build(rows=[["R01"], [], [], []]), 0, "R01")
    with pytest.raises(EngineError) as caught:
        ENGINE.apply(over, 1, {"type": "pass"})
    assert (caught.value.code, caught.value.section) == ("richelieu.game_over", "end-of-game")


def test_a_player_who_leaves_is_ranked_last_and_the_others_play_on():
    state = build(players=3, rows=ROWS, hands={1: ["R04", "R05", "R06"]}, markers_on={"R20": 1})
    state = ENGINE.leave(state, 1)
    assert codes(state) == ["richelieu.left"]
    assert state.markers_on == {}
    assert ENGINE.to_act(state) == [0]
    state = end_turn(take(state, 0, "R01"), 0)
    assert ENGINE.to_act(state) == [2]
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    result = ENGINE.result(state)
    assert result.ranking[-1] == (1,)
    assert 1 not in result.winners
    assert [line.code for line in result.breakdown[1]] == ["richelieu.left"]
    assert result.totals[1] == 0


def test_a_player_who_leaves_on_their_turn_passes_it_on():
    state = take(build(players=3, rows=ROWS), 0, "R01")
    state = ENGINE.leave(state, 0)
    assert ENGINE.to_act(state) == [1]
    assert state.phase == "take"


def test_when_one_player_is_left_that_player_wins():
    state = build(players=2, rows=ROWS, hands={1: ["R04", "R05", "R06"]})
    state = ENGINE.leave(state, 1)
    assert ENGINE.is_over(state)
    assert codes(state)[-1] == "richelieu.game_over_players_left"
    result = ENGINE.result(state)
    assert result.winners == (0,)
    assert result.ranking == ((0,), (1,))


def test_the_last_to_leave_ranks_above_earlier_leavers():
    state = build(players=4, rows=ROWS)
    state = ENGINE.leave(ENGINE.leave(ENGINE.leave(state, 2), 0), 3)
    assert ENGINE.result(state).ranking == ((1,), (3,), (0,), (2,))


def test_leaving_twice_is_refused():
    state = ENGINE.leave(build(players=3, rows=ROWS), 2)
    with pytest.raises(EngineError) as caught:
        ENGINE.leave(state, 2)
    assert caught.value.code == "richelieu.not_in_game"


def test_a_timeout_before_taking_passes_the_turn_without_a_card():
    state = ENGINE.skip(build(rows=ROWS), 0)
    assert ENGINE.to_act(state) == [1]
    assert state.hands[0] == []
    assert codes(state) == ["richelieu.skipped"]


def test_a_timeout_after_a_card_keeps_the_card_and_ends_the_turn():
    state = ENGINE.skip(take(build(rows=ROWS), 0, "R01"), 0)
    assert state.hands[0] == ["R01"]
    assert ENGINE.to_act(state) == [1]
    assert state.markers_on == {}


def test_a_timeout_of_a_seat_not_to_act_is_refused():
    with pytest.raises(EngineError) as caught:
        ENGINE.skip(build(rows=ROWS), 1)
    assert caught.value.code == "richelieu.not_your_turn"


def test_leave_and_timeout_entries_replay_exactly():
    seed, options = 21, {"ruleset": "multiplayer"}
    state = ENGINE.setup(3, options, seed)
    log = []
    for step in range(30):
        seat = ENGINE.to_act(state)[0]
        if step == 4:
            action = {"type": "timeout_skip"}
        elif step == 9:
            action = {"type": "leave"}
        else:
            action = ENGINE.legal_actions(state, seat)[-1]
        entry = {"seat": seat, "action": action}
        state = ENGINE.apply_entry(state, entry)
        log.append(entry)
    assert ENGINE.to_json(ENGINE.replay(3, options, seed, log)) == ENGINE.to_json(state)
