"""The two-player game: setup, turns, the end, anti-stall, tie-breaks and what each seat sees."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from games.collar.engine import ENGINE, CollarState
from games.collar.engine.data import deck
from games.engines.base import EngineError, redact_event


def new_game(**options: Any) -> CollarState:
    return ENGINE.setup(2, options, 7)


def arrange(
    hands: tuple[tuple[str, ...], tuple[str, ...]],
    common: str,
    pile: tuple[str, ...],
    discard: tuple[str, ...] = (),
    **options: Any,
) -> CollarState:
    """A game whose cards are laid out as the test needs, seat 0 to take a card."""
    state = new_game(**options)
    return replace(
        state, hands=hands, common=common, pile=pile, discard=discard, turn_began_empty=not pile
    )


def codes(state: CollarState) -> list[str]:
    return [event["code"] for event in ENGINE.events(state)]


def error_of(state: CollarState, seat: Any, action: Any) -> EngineError:
    with pytest.raises(EngineError) as caught:
        ENGINE.apply(state, seat, action)
    return caught.value


def take_and_give_back(state: CollarState, seat: int) -> CollarState:
    """A stalling turn: take the top discard and discard it again."""
    state = ENGINE.apply(state, seat, {"type": "take_discard"})
    return ENGINE.apply(state, seat, {"type": "discard", "card": state.taken})


@pytest.mark.parametrize(
    ("rainbow", "gold", "pile"),
    [(False, False, 6), (True, False, 8), (False, True, 10), (True, True, 12)],
)
def test_setup_leaves_the_draw_pile_the_rulebook_gives(
    rainbow: bool, gold: bool, pile: int
) -> None:
    state = new_game(rainbow=rainbow, gold=gold)
    assert len(state.pile) == pile
    assert len(state.removed) == 3
    assert [len(hand) for hand in state.hands] == [4, 4]
    every = [*state.removed, state.common, *state.hands[0], *state.hands[1], *state.pile]
    assert sorted(every) == sorted(deck(rainbow, gold))
    assert ENGINE.view(state, 0)["common"]["id"] == state.common


def test_seat_0_starts_and_can_only_draw_on_the_first_turn() -> None:
    state = new_game()
    assert ENGINE.to_act(state) == [0]
    assert ENGINE.legal_actions(state, 0) == [{"type": "draw"}]
    assert ENGINE.legal_actions(state, 1) == []
    error = error_of(state, 0, {"type": "take_discard"})
    assert (error.code, error.section) == ("collar.discard_pile_empty", "first-turn")
    assert error_of(state, 1, {"type": "draw"}).code == "collar.not_your_turn"


def test_a_turn_is_take_one_card_then_discard_one() -> None:
    state = ENGINE.apply(new_game(), 0, {"type": "draw"})
    assert len(state.hands[0]) == 5
    assert ENGINE.legal_actions(state, 0) == [
        {"type": "discard", "card": card} for card in state.hands[0]
    ]
    assert error_of(state, 0, {"type": "draw"}).code == "collar.discard_now"
    dropped = state.hands[0][1]
    state = ENGINE.apply(state, 0, {"type": "discard", "card": dropped})
    assert len(state.hands[0]) == 4 and dropped not in state.hands[0]
    assert ENGINE.view(state, 1)["discard_top"] == dropped
    assert ENGINE.to_act(state) == [1]


def test_the_next_player_may_take_the_top_discard_and_only_it() -> None:
    state = ENGINE.apply(new_game(), 0, {"type": "draw"})
    dropped = state.hands[0][0]
    state = ENGINE.apply(state, 0, {"type": "discard", "card": dropped})
    assert {"type": "take_discard", "card": dropped} in ENGINE.legal_actions(state, 1)
    error = error_of(state, 1, {"type": "take_discard", "card": "C99"})
    assert error.code == "collar.not_top_discard" and error.params == {"top": dropped}
    state = ENGINE.apply(state, 1, {"type": "take_discard", "card": dropped})
    assert dropped in state.hands[1] and state.discard == ()
    assert ENGINE.events(state)[0]["params"] == {"player": 1, "card": dropped}


def test_a_discard_must_be_a_card_of_your_hand() -> None:
    state = ENGINE.apply(new_game(), 0, {"type": "draw"})
    assert error_of(state, 0, {"type": "discard", "card": state.hands[1][0]}).code == (
        "collar.card_not_in_hand"
    )
    assert error_of(state, 0, {"type": "discard"}).code == "collar.card_not_in_hand"
    assert error_of(new_game(), 0, {"type": "discard", "card": "C01"}).code == "collar.take_first"


def test_declining_is_only_possible_once_the_pile_is_empty() -> None:
    error = error_of(new_game(), 0, {"type": "decline"})
    assert (error.code, error.section) == ("collar.cannot_decline", "end-of-game")


def test_the_game_ends_when_the_pile_is_empty_and_the_player_declines() -> None:
    state = arrange((("C01", "C02", "C03", "C04"), ("C05", "C06", "C07", "C09")), "C10", ("C11",))
    state = ENGINE.apply(state, 0, {"type": "draw"})
    assert codes(state) == ["collar.drew", "collar.pile_emptied"]
    state = ENGINE.apply(state, 0, {"type": "discard", "card": "C11"})
    assert ENGINE.legal_actions(state, 1) == [
        {"type": "take_discard", "card": "C11"},
        {"type": "decline"},
    ]
    assert error_of(state, 1, {"type": "draw"}).code == "collar.pile_empty"
    state = ENGINE.apply(state, 1, {"type": "decline"})
    assert ENGINE.is_over(state) and ENGINE.to_act(state) == []
    assert codes(state)[:3] == ["collar.declined", "collar.collar_shown", "collar.collar_shown"]
    assert ENGINE.result(state) is not None
    assert error_of(state, 0, {"type": "draw"}).code == "collar.game_over"


def stalled_game(anti_stall: bool) -> CollarState:
    state = arrange(
        (("C01", "C02", "C03", "C04"), ("C05", "C06", "C07", "C09")),
        "C10",
        ("C11",),
        anti_stall=anti_stall,
    )
    state = ENGINE.apply(state, 0, {"type": "draw"})
    return ENGINE.apply(state, 0, {"type": "discard", "card": "C11"})


def test_anti_stall_ends_the_game_after_two_empty_pile_turns_each() -> None:
    state = stalled_game(anti_stall=True)
    for seat in (1, 0, 1):
        state = take_and_give_back(state, seat)
        assert not ENGINE.is_over(state)
    assert ENGINE.view(state, None)["empty_pile_turns"] == [1, 2]
    state = take_and_give_back(state, 0)
    assert ENGINE.is_over(state)
    assert "collar.anti_stall" in codes(state)
    result = ENGINE.result(state)
    assert result is not None and result.extra["end_reason"] == "anti_stall"


def test_without_anti_stall_the_game_goes_on_until_someone_declines() -> None:
    state = stalled_game(anti_stall=False)
    for seat in (1, 0, 1, 0, 1, 0):
        state = take_and_give_back(state, seat)
    assert not ENGINE.is_over(state)
    state = ENGINE.apply(state, 1, {"type": "decline"})
    assert ENGINE.is_over(state)


def finished(hands: tuple[tuple[str, ...], tuple[str, ...]], common: str) -> CollarState:
    state = arrange(hands, common, (), discard=("C16",))
    return ENGINE.apply(state, 0, {"type": "decline"})


def test_the_most_florins_win() -> None:
    state = finished((("C08", "C04", "C18", "C13"), ("C07", "C09", "C02", "C03")), "C11")
    result = ENGINE.result(state)
    assert result is not None
    assert result.totals[0] == 28 and result.totals[0] > result.totals[1]
    assert result.winners == (0,) and result.ranking == ((0,), (1,))
    assert ENGINE.events(state)[-1] == {"code": "collar.won", "params": {"player": 0}}


def test_equal_florins_go_to_the_collar_with_more_wishes() -> None:
    state = finished((("C11", "C08", "C14", "C02"), ("C10", "C05", "C15", "C04")), "C18")
    result = ENGINE.result(state)
    assert result is not None
    assert result.totals == {0: 12, 1: 12}
    assert result.winners == (1,) and result.ranking == ((1,), (0,))


def test_equal_florins_and_wishes_are_a_shared_win() -> None:
    state = finished((("C12", "C09", "C05", "C13"), ("C07", "C02", "C01", "C10")), "C11")
    result = ENGINE.result(state)
    assert result is not None
    assert result.totals == {0: 13, 1: 13}
    assert result.winners == (0, 1) and result.ranking == ((0, 1),)
    assert codes(state)[-1] == "collar.shared_win"


def test_the_result_explains_each_collar() -> None:
    state = finished((("C08", "C04", "C18", "C13"), ("C07", "C09", "C02", "C03")), "C11")
    result = ENGINE.result(state)
    assert result is not None
    for seat in (0, 1):
        assert result.totals[seat] == sum(line.points for line in result.breakdown[seat])
    lines = {(line.params["card"], line.code) for line in result.breakdown[0]}
    assert ("C04", "collar.wish_missed") in lines and ("C11", "collar.wish_met") in lines
    collar = result.extra["collars"]["0"]
    assert collar["florins"] == 28 and collar["wishes_met"] == 3
    json.dumps(result.as_dict())


def test_a_seat_sees_its_hand_and_only_the_size_of_the_other() -> None:
    state = ENGINE.apply(new_game(), 0, {"type": "draw"})
    view = ENGINE.view(state, 1)
    text = json.dumps(view)
    assert [card["id"] for card in view["hand"]] == list(state.hands[1])
    assert view["hand_counts"] == [5, 4]
    for hidden in (*state.hands[0], *state.pile, *state.removed):
        assert f'"{hidden}"' not in text
    assert "best_collar" in view and "rng" not in text
    spectator = ENGINE.view(state, None)
    assert "hand" not in spectator
    assert ENGINE.view(state, 0)["last_taken"] == {"seat": 0, "from": "pile", "card": state.taken}
    assert set(ENGINE.view(state, 0)["discard_outlook"]) == set(state.hands[0])


def test_a_drawn_card_is_told_only_to_the_player_who_drew_it() -> None:
    state = ENGINE.apply(new_game(), 0, {"type": "draw"})
    drew = ENGINE.events(state)[0]
    assert "card" not in redact_event(drew, 1)["params"]
    assert "card" not in redact_event(drew, None)["params"]
    assert redact_event(drew, 0)["params"]["card"] == state.taken


def test_hands_and_removed_cards_are_shown_at_the_end() -> None:
    state = finished((("C08", "C04", "C18", "C13"), ("C07", "C09", "C02", "C03")), "C11")
    view = ENGINE.view(state, 1)
    assert [[card["id"] for card in hand] for hand in view["hands"]] == [
        ["C08", "C04", "C18", "C13"],
        ["C07", "C09", "C02", "C03"],
    ]
    assert len(view["removed"]) == 3 and view["result"]["winners"] == [0]


@pytest.mark.parametrize(
    ("seat", "action", "code"),
    [
        (0, None, "collar.bad_action"),
        (0, "draw", "collar.bad_action"),
        (0, {}, "collar.bad_action"),
        (0, {"type": 3}, "collar.bad_action"),
        (0, {"type": "fly"}, "collar.bad_action"),
        (0, {"type": "keep", "which": "shown"}, "collar.solo_only"),
        (0, {"type": "discard", "card": 7}, "collar.take_first"),
        ("0", {"type": "draw"}, "collar.bad_seat"),
        (True, {"type": "draw"}, "collar.bad_seat"),
        (2, {"type": "draw"}, "collar.bad_seat"),
        (-1, {"type": "draw"}, "collar.bad_seat"),
    ],
)
def test_bad_input_is_refused_without_changing_the_game(seat: Any, action: Any, code: str) -> None:
    state = new_game()
    before = json.dumps(ENGINE.to_json(state), sort_keys=True)
    error = error_of(state, seat, action)
    assert error.code == code and error.section in ENGINE.sections
    assert error.message_key.format(**error.params)
    assert json.dumps(ENGINE.to_json(state), sort_keys=True) == before


def test_a_player_who_leaves_loses_and_the_other_wins() -> None:
    state = ENGINE.apply(new_game(), 0, {"type": "draw"})
    state = ENGINE.leave(state, 1)
    result = ENGINE.result(state)
    assert result is not None
    assert result.winners == (0,) and result.ranking == ((0,), (1,))
    assert result.totals[0] == sum(line.points for line in result.breakdown[0])
    assert len(result.extra["collars"]["0"]["left_out"]) == 1
    with pytest.raises(EngineError):
        ENGINE.leave(state, 0)


def test_a_timed_out_take_passes_the_turn_without_a_card() -> None:
    state = ENGINE.skip(new_game(), 0)
    assert ENGINE.to_act(state) == [1] and len(state.hands[0]) == 4 and len(state.pile) == 6
    assert codes(state) == ["collar.skipped_take"]


def test_a_timed_out_discard_gives_back_the_card_just_taken() -> None:
    state = ENGINE.apply(new_game(), 0, {"type": "draw"})
    taken = state.taken
    state = ENGINE.skip(state, 0)
    assert state.discard == (taken,) and ENGINE.to_act(state) == [1]


def test_a_timed_out_take_with_an_empty_pile_declines_and_ends_the_game() -> None:
    state = ENGINE.skip(stalled_game(anti_stall=False), 1)
    assert ENGINE.is_over(state) and state.end_reason == "declined"


def test_leaves_and_timeouts_replay_from_the_log() -> None:
    log = [
        {"seat": 0, "action": {"type": "timeout_skip"}},
        {"seat": 1, "action": {"type": "draw"}},
        {"seat": 1, "action": {"type": "timeout_skip"}},
        {"seat": 0, "action": {"type": "take_discard"}},
        {"seat": 1, "action": {"type": "leave"}},
    ]
    state = ENGINE.replay(2, {}, 7, log)
    assert ENGINE.is_over(state) and ENGINE.result(state) is not None
    again = ENGINE.from_json(json.loads(json.dumps(ENGINE.to_json(state))))
    assert ENGINE.to_json(again) == ENGINE.to_json(state)
