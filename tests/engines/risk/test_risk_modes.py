"""The three games: introductory, classic and two-player, from their setup to their end."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from games.engines.base import EngineError
from games.risk.engine import ENGINE
from games.risk.engine.data import CEASE_FIRE, board
from games.risk.engine.state import RiskState


def held_counts(state: RiskState) -> list[int]:
    return [s["territories"] for s in ENGINE.view(state, None)["seats"]]


def cards_in_play(state: RiskState) -> int:
    data = ENGINE.to_json(state)
    return (
        len(data["deck"])
        + len(data["discard"])
        + len(data["removed"])
        + sum(len(h) for h in data["hands"])
        + sum(len(c) for c in data["neutral_cards"])
    )


# Options -------------------------------------------------------------------------------


def test_each_mode_has_its_player_counts() -> None:
    assert ENGINE.player_counts(ENGINE.normalise_options({})) == (3, 4, 5)
    assert ENGINE.player_counts(ENGINE.normalise_options({"mode": "intro"})) == (3, 4, 5)
    assert ENGINE.player_counts(ENGINE.normalise_options({"mode": "two-player"})) == (2,)
    short = ENGINE.normalise_options({"mode": "intro", "short_game": True})
    assert ENGINE.player_counts(short) == (4, 5)  # the rulebook has no short 3-player band


@pytest.mark.parametrize(
    "options",
    [
        {"mode": "intro", "deal_territories": True},
        {"mode": "two-player", "deal_territories": True},
        {"mode": "classic", "short_game": True},
        {"mode": "two-player", "short_game": True},
    ],
)
def test_an_option_of_another_mode_is_refused(options: dict[str, object]) -> None:
    with pytest.raises(EngineError) as caught:
        ENGINE.normalise_options(options)
    assert caught.value.code == "risk.option_not_for_mode"
    assert caught.value.section == "options"


def test_unknown_options_and_player_counts_are_refused() -> None:
    for options in ({"mode": "world"}, {"speed": 1}, {"deal_territories": "yes"}):
        with pytest.raises(EngineError):
            ENGINE.setup(3, options, 1)
    with pytest.raises(EngineError):
        ENGINE.setup(2, {"mode": "classic"}, 1)
    with pytest.raises(EngineError):
        ENGINE.setup(3, {"mode": "two-player"}, 1)
    with pytest.raises(EngineError):
        ENGINE.setup(3, {"mode": "intro", "short_game": True}, 1)


# The introductory game -----------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_introductory_deal_gives_the_extra_cards_to_the_last_players(players: int) -> None:
    for seed in range(5):
        state = ENGINE.setup(players, {"mode": "intro"}, seed)
        first = ENGINE.view(state, None)["first_player"]
        in_turn_order = [held_counts(state)[(first + i) % players] for i in range(players)]
        assert in_turn_order == {3: [14] * 3, 4: [10, 10, 11, 11], 5: [8, 8, 8, 9, 9]}[players]


def test_the_introductory_deal_puts_one_troop_per_star() -> None:
    b = board()
    state = ENGINE.setup(3, {"mode": "intro"}, 7)
    for t, territory in enumerate(ENGINE.view(state, None)["territories"]):
        assert territory["troops"] == b.stars[t]
    assert ENGINE.view(state, None)["phase"] == "reinforce"
    assert cards_in_play(state) == 43


@pytest.mark.parametrize(
    ("players", "short", "band"),
    [
        (3, False, (11, 20)),
        (4, False, (21, 30)),
        (5, False, (31, 42)),
        (4, True, (11, 20)),
        (5, True, (21, 30)),
    ],
)
def test_the_cease_fire_card_is_shuffled_into_its_band(
    players: int, short: bool, band: tuple[int, int]
) -> None:
    positions = set()
    for seed in range(150):
        options = {"mode": "intro", "short_game": short}
        data = ENGINE.to_json(ENGINE.setup(players, options, seed))
        positions.add(data["deck"].index(CEASE_FIRE) + 1)
        assert len(data["deck"]) == 43
    assert min(positions) >= band[0] and max(positions) <= band[1]
    assert len(positions) > (band[1] - band[0]) // 2  # it really moves inside the band


def test_the_introductory_target_wins_at_the_end_of_the_turn_not_before(
    kit: SimpleNamespace,
) -> None:
    b = board()
    mine = {b.ids[t]: (0, 2) for t in range(25)}
    mine["scandinavia"] = (1, 1)
    mine["ukraine"] = (0, 9)
    state = kit.position(mode="intro", held=mine)
    state = ENGINE.apply(
        state, 0, {"type": "blitz", "from": "ukraine", "to": "scandinavia", "dice": 3}
    )
    assert held_counts(state)[0] == 25
    assert not ENGINE.is_over(state)
    state = ENGINE.apply(state, 0, {"type": "move_in", "troops": 0})
    state = ENGINE.apply(state, 0, {"type": "end_turn"})
    assert ENGINE.is_over(state)
    result = ENGINE.result(state)
    assert result is not None and result.winners == (0,)
    assert "risk.won_target" in [e["code"] for e in ENGINE.events(state)]


def cease_fire_next(
    kit: SimpleNamespace, held: dict[str, tuple[int, int]], rest: tuple[int, ...]
) -> RiskState:
    state = kit.position(mode="intro", held=held, rest=rest, phase="maneuver", conquered=True)
    data = ENGINE.to_json(state)
    data["deck"].remove(CEASE_FIRE)
    data["deck"].insert(0, CEASE_FIRE)
    return ENGINE.from_json(data)


def test_the_cease_fire_card_ends_the_game_and_most_territories_win(kit: SimpleNamespace) -> None:
    b = board()
    held = {b.ids[t]: (2, 1) for t in range(16)}
    state = cease_fire_next(kit, held, rest=(0, 1))
    after = ENGINE.apply(state, 0, {"type": "end_turn"})
    assert ENGINE.is_over(after)
    result = ENGINE.result(after)
    assert result is not None and result.winners == (2,)
    assert "risk.cease_fire_drawn" in [e["code"] for e in ENGINE.events(after)]


def test_a_cease_fire_tie_on_territories_goes_to_the_most_troops_then_is_shared(
    kit: SimpleNamespace,
) -> None:
    # 14 territories each; seat 1 has one more troop.
    data = ENGINE.to_json(cease_fire_next(kit, {}, rest=(0, 1, 2)))
    data["troops"][data["owner"].index(1)] += 1
    state = ENGINE.from_json(data)
    result = ENGINE.result(ENGINE.apply(state, 0, {"type": "end_turn"}))
    assert result is not None and result.winners == (1,)
    state = cease_fire_next(kit, {}, rest=(0, 1, 2))
    result = ENGINE.result(ENGINE.apply(state, 0, {"type": "end_turn"}))
    assert result is not None and result.winners == (0, 1, 2)
    assert result.ranking == ((0, 1, 2),)


# The classic game ----------------------------------------------------------------------


def test_the_classic_game_starts_by_claiming_one_empty_territory_at_a_time() -> None:
    state = ENGINE.setup(4, {}, 3)
    view = ENGINE.view(state, None)
    assert view["phase"] == "claim"
    assert view["setup_pools"] == [30, 30, 30, 30]
    first = view["current"]
    legal = ENGINE.legal_actions(state, first)
    assert len(legal) == 42 and {a["type"] for a in legal} == {"claim"}
    state = ENGINE.apply(state, first, {"type": "claim", "territory": "japan"})
    assert ENGINE.to_act(state) == [(first + 1) % 4]
    with pytest.raises(EngineError) as caught:
        ENGINE.apply(state, (first + 1) % 4, {"type": "claim", "territory": "japan"})
    assert caught.value.code == "risk.territory_taken"
    assert ENGINE.to_json(state)["deck"].count(CEASE_FIRE) == 0


@pytest.mark.parametrize(("players", "pool"), [(3, 35), (4, 30), (5, 25)])
def test_after_claiming_the_pools_are_placed_one_troop_at_a_time(players: int, pool: int) -> None:
    state = ENGINE.setup(players, {}, players)
    while ENGINE.view(state, None)["phase"] == "claim":
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    seat = ENGINE.to_act(state)[0]
    legal = ENGINE.legal_actions(state, seat)
    assert {(a["min"], a["max"]) for a in legal} == {(1, 1)}
    with pytest.raises(EngineError) as caught:
        ENGINE.apply(state, seat, {**legal[0], "troops": 2})
    assert caught.value.code == "risk.setup_one_troop"
    while ENGINE.view(state, None)["phase"] == "setup_place":
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(
            state,
            seat,
            {"type": "place", "territory": ENGINE.legal_actions(state, seat)[-1]["territory"]},
        )
    view = ENGINE.view(state, None)
    assert view["phase"] == "reinforce" and view["current"] == view["first_player"]
    assert [s["troops"] for s in view["seats"]] == [pool] * players


def test_dealing_the_classic_territories_skips_the_claiming() -> None:
    state = ENGINE.setup(4, {"deal_territories": True}, 5)
    view = ENGINE.view(state, None)
    assert view["phase"] == "setup_place"
    assert sorted(held_counts(state)) == [10, 10, 11, 11]
    assert all(t["troops"] == 1 for t in view["territories"])
    assert [p + h for p, h in zip(view["setup_pools"], held_counts(state), strict=True)] == [30] * 4


def test_the_discard_pile_is_reshuffled_when_the_deck_runs_out(kit: SimpleNamespace) -> None:
    state = kit.position(held={"ukraine": (0, 3)}, phase="maneuver", conquered=True)
    data = ENGINE.to_json(state)
    data["discard"], data["deck"] = data["deck"], []
    after = ENGINE.apply(ENGINE.from_json(data), 0, {"type": "end_turn"})
    assert [e["code"] for e in ENGINE.events(after)][:3] == [
        "risk.turn_ended",
        "risk.deck_reshuffled",
        "risk.card_drawn",
    ]
    assert ENGINE.view(after, None)["deck_count"] == 41
    assert cards_in_play(after) == 43


def test_the_classic_game_is_won_by_holding_all_42_territories(kit: SimpleNamespace) -> None:
    held = {tid: (0, 1) for tid in board().ids}
    held["ukraine"] = (0, 30)
    held["scandinavia"] = (1, 1)
    held["japan"] = (2, 1)
    held["kamchatka"] = (0, 30)
    state = kit.position(held=held)
    state = ENGINE.apply(
        state, 0, {"type": "blitz", "from": "ukraine", "to": "scandinavia", "dice": 3}
    )
    assert not ENGINE.is_over(state)
    state = ENGINE.apply(state, 0, {"type": "move_in", "troops": 0})
    state = ENGINE.apply(state, 0, {"type": "blitz", "from": "kamchatka", "to": "japan", "dice": 3})
    assert ENGINE.is_over(state)
    assert held_counts(state)[0] == 42
    result = ENGINE.result(state)
    assert result is not None
    assert result.winners == (0,)
    assert result.ranking == ((0,), (2,), (1,))  # the last one out ranks higher
    assert result.totals == {0: 42, 1: 0, 2: 0}


# The two-player game -------------------------------------------------------------------


def test_the_two_player_setup_deals_to_two_players_and_three_neutral_armies() -> None:
    b = board()
    state = ENGINE.setup(2, {"mode": "two-player"}, 11)
    view = ENGINE.view(state, None)
    assert held_counts(state) == [12, 12]
    assert [(n["territories"], n["cards"]) for n in view["neutrals"]] == [(6, 3)] * 3
    for t, territory in enumerate(view["territories"]):
        assert territory["troops"] == b.stars[t]
    assert view["deck_count"] == 33
    assert cards_in_play(state) == 43
    assert view["phase"] == "neutral"
    assert view["target"] == 30


def test_each_turn_starts_with_three_troops_for_one_neutral_army() -> None:
    state = ENGINE.setup(2, {"mode": "two-player"}, 11)
    seat = ENGINE.to_act(state)[0]
    view = ENGINE.view(state, None)
    by_army: dict[int, list[str]] = {}
    for t in view["territories"]:
        if t["neutral"] is not None:
            by_army.setdefault(t["neutral"], []).append(t["id"])
    first, other = by_army[1], by_army[2]
    state = ENGINE.apply(state, seat, {"type": "place_neutral", "territory": first[0], "troops": 1})
    with pytest.raises(EngineError) as caught:
        ENGINE.apply(state, seat, {"type": "place_neutral", "territory": other[0], "troops": 1})
    assert caught.value.code == "risk.one_neutral_only"
    with pytest.raises(EngineError) as caught:
        ENGINE.apply(state, seat, {"type": "place_neutral", "territory": first[1], "troops": 3})
    assert caught.value.code == "risk.neutral_troops"
    state = ENGINE.apply(state, seat, {"type": "place_neutral", "territory": first[1], "troops": 2})
    view = ENGINE.view(state, None)
    assert view["phase"] == "reinforce"
    assert view["neutrals"][0]["troops"] == sum(board().stars[board().index[t]] for t in first) + 3


def test_taking_a_neutral_armys_last_territory_gives_its_three_cards(kit: SimpleNamespace) -> None:
    state = kit.position(
        players=2,
        mode="two-player",
        held={"ukraine": (0, 20), "scandinavia": (11, 1)},
        rest=(0, 1, 12, 13),
    )
    after = ENGINE.apply(
        state, 0, {"type": "blitz", "from": "ukraine", "to": "scandinavia", "dice": 3}
    )
    view = ENGINE.view(after, 0)
    assert len(view["hand"]) == 3
    assert view["neutrals"][0] == {
        "neutral": 1,
        "from_seat": None,
        "territories": 0,
        "troops": 0,
        "cards": 0,
    }
    assert "risk.neutral_eliminated" in [e["code"] for e in ENGINE.events(after)]


def test_thirty_territories_win_at_the_start_of_ones_own_turn(kit: SimpleNamespace) -> None:
    b = board()
    held = {b.ids[t]: (0, 1) for t in range(30)}
    state = kit.position(
        players=2, mode="two-player", held=held, rest=(1, 11), phase="maneuver", current=0
    )
    after = ENGINE.apply(state, 0, {"type": "end_turn"})
    assert not ENGINE.is_over(after)  # not at the end of one's turn
    assert ENGINE.to_act(after) == [1]
    after = ENGINE.skip(after, 1)
    assert ENGINE.is_over(after)
    result = ENGINE.result(after)
    assert result is not None and result.winners == (0,)
    assert "risk.won_thirty" in [e["code"] for e in ENGINE.events(after)]


def test_neutral_armies_never_take_a_turn() -> None:
    state = ENGINE.setup(2, {"mode": "two-player"}, 4)
    for _ in range(4):
        seat = ENGINE.to_act(state)[0]
        assert seat in (0, 1)
        state = ENGINE.skip(state, seat)
