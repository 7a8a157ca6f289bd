"""The solo game: five turns of taking two cards and keeping one, and the rank reached."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from games.collar.engine import ENGINE, CollarState, solo_rank
from games.collar.engine.data import deck
from games.engines.base import EngineError, redact_event

SOLO = {"mode": "solo"}


def new_game(**options: Any) -> CollarState:
    return ENGINE.setup(1, {**SOLO, **options}, 11)


def error_code(state: CollarState, action: Any) -> str:
    with pytest.raises(EngineError) as caught:
        ENGINE.apply(state, 0, action)
    return caught.value.code


def play_turn(state: CollarState, which: str = "shown") -> CollarState:
    state = ENGINE.apply(state, 0, {"type": "keep", "which": which})
    return ENGINE.apply(state, 0, {"type": "discard", "card": state.hands[0][0]})


def test_solo_is_for_one_player_and_duel_for_two() -> None:
    assert ENGINE.player_counts(ENGINE.normalise_options(SOLO)) == (1,)
    assert ENGINE.player_counts(ENGINE.normalise_options({})) == (2,)
    with pytest.raises(EngineError):
        ENGINE.setup(2, SOLO, 1)


def test_solo_setup_removes_three_shows_the_common_card_and_deals_four() -> None:
    state = new_game()
    assert len(state.removed) == 3 and len(state.hands[0]) == 4
    # Ten cards are left for five turns: the first two are already taken.
    assert len(state.pile) + len(state.offer) == 10
    view = ENGINE.view(state, 0)
    assert view["phase"] == "keep" and view["solo_turns"] == 5
    assert view["offer"] == {"shown": ENGINE.view(state, 0)["offer"]["shown"], "unseen": 1}
    assert view["offer"]["shown"]["id"] == state.offer[0]
    assert f'"{state.offer[1]}"' not in json.dumps(view)


def test_keeping_the_face_up_card_puts_the_other_aside_unseen() -> None:
    state = new_game()
    shown, unseen = state.offer
    state = ENGINE.apply(state, 0, {"type": "keep", "which": "shown"})
    assert shown in state.hands[0] and len(state.hands[0]) == 5
    assert state.set_aside == (unseen,)
    view = ENGINE.view(state, 0)
    assert f'"{unseen}"' not in json.dumps(view) and view["set_aside_count"] == 1
    state = ENGINE.apply(state, 0, {"type": "discard", "card": shown})
    assert len(state.hands[0]) == 4 and state.discard == (shown,)
    assert state.turn == 2 and state.phase == "keep"


def test_keeping_the_unseen_card_discards_the_face_up_one() -> None:
    state = new_game()
    shown, unseen = state.offer
    state = ENGINE.apply(state, 0, {"type": "keep", "which": "unseen"})
    assert unseen in state.hands[0] and state.discard == (shown,)
    kept = ENGINE.events(state)[0]
    assert redact_event(kept, 0)["params"]["card"] == unseen
    assert "card" not in redact_event(kept, None)["params"]


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"type": "draw"}, "collar.duel_only"),
        ({"type": "take_discard"}, "collar.duel_only"),
        ({"type": "decline"}, "collar.duel_only"),
        ({"type": "keep"}, "collar.bad_keep"),
        ({"type": "keep", "which": "both"}, "collar.bad_keep"),
        ({"type": "discard", "card": "C01"}, "collar.keep_first"),
    ],
)
def test_solo_refuses_what_the_solo_turn_does_not_allow(action: dict[str, Any], code: str) -> None:
    assert error_code(new_game(), action) == code


def test_keeping_twice_in_one_turn_is_refused() -> None:
    state = ENGINE.apply(new_game(), 0, {"type": "keep", "which": "shown"})
    assert error_code(state, {"type": "keep", "which": "shown"}) == "collar.discard_now"


@pytest.mark.parametrize(
    ("rainbow", "gold"), [(False, False), (True, False), (False, True), (True, True)]
)
def test_the_solo_game_lasts_five_turns(rainbow: bool, gold: bool) -> None:
    state = new_game(rainbow=rainbow, gold=gold)
    for turn in range(1, 6):
        assert not ENGINE.is_over(state) and state.turn == turn
        state = play_turn(state)
    assert ENGINE.is_over(state) and state.end_reason == "solo_done"
    assert len(state.hands[0]) == 4
    assert len(state.pile) == len(deck(rainbow, gold)) - 18
    result = ENGINE.result(state)
    assert result is not None and result.winners == (0,)
    assert result.extra["solo"]["rank"] == solo_rank(result.totals[0]).code
    assert ENGINE.events(state)[-1]["code"] == f"collar.rank_{result.extra['solo']['rank']}"


@pytest.mark.parametrize(
    ("florins", "rank"),
    [
        (0, "aprendiz"),
        (26, "aprendiz"),
        (27, "artista"),
        (30, "artista"),
        (31, "oficial"),
        (33, "oficial"),
        (34, "magister"),
        (60, "magister"),
    ],
)
def test_solo_ranks_change_at_their_boundaries(florins: int, rank: str) -> None:
    assert solo_rank(florins).code == rank


#: Real collars with these values (hand, common), for the ranks at their boundaries.
COLLARS = {
    26: (("C15", "C11", "C05", "C10"), "C18", "aprendiz"),
    27: (("C17", "C12", "C06", "C09"), "C14", "artista"),
    30: (("C17", "C05", "C01", "C03"), "C16", "artista"),
    31: (("C11", "C14", "C18", "C05"), "C01", "oficial"),
    33: (("C14", "C16", "C02", "C11"), "C17", "oficial"),
    34: (("C11", "C08", "C15", "C07"), "C18", "magister"),
}


@pytest.mark.parametrize("florins", sorted(COLLARS))
def test_the_final_collar_gives_the_rank_its_florins_reach(florins: int) -> None:
    hand, common, rank = COLLARS[florins]
    spare = [card for card in deck(False, False) if card not in (*hand, common)]
    state = replace(new_game(), hands=(hand,), common=common, offer=tuple(spare[:2]), turn=5)
    state = ENGINE.apply(state, 0, {"type": "keep", "which": "shown"})
    state = ENGINE.apply(state, 0, {"type": "discard", "card": spare[0]})
    result = ENGINE.result(state)
    assert result is not None
    assert result.totals[0] == florins
    assert result.extra["solo"]["rank"] == rank
    assert result.extra["solo"]["message"]
    assert ENGINE.events(state)[-1]["code"] == f"collar.rank_{rank}"


def test_a_timed_out_solo_turn_keeps_the_hand_as_it_was() -> None:
    state = new_game()
    hand = state.hands[0]
    state = ENGINE.skip(state, 0)
    assert state.hands[0] == hand and state.turn == 2 and len(state.discard) == 1


def test_leaving_a_solo_game_ends_it_without_a_winner() -> None:
    state = ENGINE.apply(new_game(), 0, {"type": "keep", "which": "unseen"})
    state = ENGINE.leave(state, 0)
    result = ENGINE.result(state)
    assert result is not None and result.winners == () and result.ranking == ((0,),)
    assert result.totals[0] == sum(line.points for line in result.breakdown[0])
