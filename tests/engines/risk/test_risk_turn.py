"""A turn: reinforcements, card trades, conquest and move-in, the maneuver and the card draw."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from games.engines.base import redact_event
from games.risk.engine import ENGINE
from games.risk.engine.data import board
from games.risk.engine.state import RiskState


def codes(state: RiskState) -> list[str]:
    return [e["code"] for e in ENGINE.events(state)]


def troops(state: RiskState, territory: str) -> int:
    return next(
        t["troops"] for t in ENGINE.view(state, None)["territories"] if t["id"] == territory
    )


def spread(seat: int, count: int) -> dict[str, tuple[int, int]]:
    """``count`` territories, one per continent in turn, so that no continent is complete."""
    b = board()
    order = [t for i in range(12) for members in b.continent_members for t in members[i : i + 1]]
    chosen = [b.ids[t] for t in order if b.continent_members[b.continent_of[t]][-1] != t]
    return {tid: (seat, 1) for tid in chosen[:count]}


def next_turn_reserve(kit: SimpleNamespace, held: dict[str, tuple[int, int]]) -> int:
    before = kit.position(held=held, rest=(1, 2), phase="maneuver", current=2)
    after = ENGINE.apply(before, 2, {"type": "end_turn"})
    view = ENGINE.view(after, 0)
    assert view["current"] == 0 and view["phase"] == "reinforce"
    return int(view["reserve"])


def test_twelve_to_fourteen_territories_give_one_extra_troop(kit: SimpleNamespace) -> None:
    assert next_turn_reserve(kit, spread(0, 11)) == 3
    assert next_turn_reserve(kit, spread(0, 12)) == 4
    assert next_turn_reserve(kit, spread(0, 14)) == 4
    assert next_turn_reserve(kit, spread(0, 15)) == 5


def test_whole_continents_add_their_bonus_at_the_start_of_the_turn(kit: SimpleNamespace) -> None:
    b = board()
    held = {
        b.ids[t]: (0, 1)
        for name in ("australia", "south_america")
        for t in b.continent_members[b.continent_ids.index(name)]
    }
    assert next_turn_reserve(kit, held) == 3 + 2 + 2


def test_reinforcements_go_only_to_own_territories_and_then_the_attack_opens(
    kit: SimpleNamespace,
) -> None:
    state = kit.position(held={"ukraine": (0, 2)}, phase="reinforce", reserve=5)
    enemy = {"type": "place", "territory": "ural", "troops": 1}
    assert kit.error_code(lambda: ENGINE.apply(state, 0, enemy)) == "risk.place_not_own"
    too_many = {"type": "place", "territory": "ukraine", "troops": 6}
    assert kit.error_code(lambda: ENGINE.apply(state, 0, too_many)) == "risk.place_troops"
    attack = {"type": "attack", "from": "ukraine", "to": "ural", "dice": 1}
    assert kit.error_code(lambda: ENGINE.apply(state, 0, attack)) == "risk.reserve_left"
    state = ENGINE.apply(state, 0, {"type": "place", "territory": "ukraine", "troops": 2})
    assert ENGINE.view(state, 0)["phase"] == "reinforce"
    state = ENGINE.apply(state, 0, {"type": "place", "territory": "ukraine", "troops": 3})
    assert troops(state, "ukraine") == 7
    assert ENGINE.view(state, 0)["phase"] == "attack"


def test_four_stars_traded_give_seven_troops(kit: SimpleNamespace) -> None:
    state = kit.position(
        held={"ukraine": (0, 2)}, phase="reinforce", reserve=3, hands={0: ["alaska", "egypt"]}
    )
    after = ENGINE.apply(state, 0, {"type": "trade", "cards": ["alaska", "egypt"]})
    assert ENGINE.view(after, 0)["reserve"] == 3 + 7
    assert ENGINE.view(after, 0)["hand"] == []
    assert ENGINE.view(after, None)["discard_count"] == 2


def test_cards_can_be_traded_in_the_middle_of_the_attacks(kit: SimpleNamespace) -> None:
    state = kit.position(held={"ukraine": (0, 2)}, phase="attack", hands={0: ["peru"]})
    after = ENGINE.apply(state, 0, {"type": "trade", "cards": ["peru"]})
    view = ENGINE.view(after, 0)
    assert (view["phase"], view["reserve"]) == ("reinforce", 1)  # 1 star: reconstruction, 1 troop
    attack = {"type": "attack", "from": "ukraine", "to": "ural", "dice": 1}
    assert kit.error_code(lambda: ENGINE.apply(after, 0, attack)) == "risk.reserve_left"


def test_a_trade_is_refused_above_ten_stars_or_with_cards_not_held(kit: SimpleNamespace) -> None:
    two_stars = ["alaska", "greenland", "central_america", "venezuela", "brazil", "iceland"]
    state = kit.position(phase="reinforce", reserve=3, hands={0: two_stars}, held={"peru": (0, 1)})
    assert (
        kit.error_code(lambda: ENGINE.apply(state, 0, {"type": "trade", "cards": two_stars}))
        == "risk.trade_too_many_stars"
    )
    after = ENGINE.apply(state, 0, {"type": "trade", "cards": two_stars[:5]})
    assert ENGINE.view(after, 0)["reserve"] == 3 + 30
    for cards, code in (
        (["japan"], "risk.card_not_held"),
        (["atlantis"], "risk.unknown_card"),
        ([], "risk.trade_empty"),
        (["alaska", "alaska"], "risk.trade_duplicate"),
    ):
        trade = {"type": "trade", "cards": cards}
        assert kit.error_code(lambda trade=trade: ENGINE.apply(state, 0, trade)) == code


def conquest_from_fifteen(kit: SimpleNamespace) -> RiskState:
    start = kit.position(held={"ukraine": (0, 15), "scandinavia": (1, 1)})
    attack = {"type": "attack", "from": "ukraine", "to": "scandinavia", "dice": 3}

    def conquered(after: RiskState) -> bool:
        return ENGINE.view(after, None)["pending_move"] is not None

    return ENGINE.apply(kit.first_rng(start, 0, attack, conquered), 0, attack)


def test_fifteen_troops_attack_with_three_win_and_may_move_up_to_eleven_more(
    kit: SimpleNamespace,
) -> None:
    state = conquest_from_fifteen(kit)
    assert troops(state, "scandinavia") == 3
    assert troops(state, "ukraine") == 12
    assert ENGINE.view(state, 0)["pending_move"] == {
        "from": "ukraine",
        "to": "scandinavia",
        "min": 0,
        "max": 11,
    }
    twelve = {"type": "move_in", "troops": 12}
    assert kit.error_code(lambda: ENGINE.apply(state, 0, twelve)) == "risk.move_in_range"
    attack = {"type": "attack", "from": "ukraine", "to": "northern_europe", "dice": 1}
    assert kit.error_code(lambda: ENGINE.apply(state, 0, attack)) == "risk.wrong_phase"
    moved = ENGINE.apply(state, 0, {"type": "move_in", "troops": 11})
    assert (troops(moved, "ukraine"), troops(moved, "scandinavia")) == (1, 14)
    assert ENGINE.view(moved, 0)["phase"] == "attack"


def maneuver_board(kit: SimpleNamespace, afghanistan_owner: int) -> RiskState:
    held = {
        "scandinavia": (0, 7),
        "ukraine": (0, 2),
        "afghanistan": (afghanistan_owner, 2),
        "india": (0, 1),
        "peru": (0, 1),
    }
    return kit.position(held=held, phase="maneuver")


def test_the_maneuver_from_scandinavia_to_india_runs_through_a_chain_of_own_territories(
    kit: SimpleNamespace,
) -> None:
    state = maneuver_board(kit, afghanistan_owner=0)
    move = {"type": "maneuver", "from": "scandinavia", "to": "india", "troops": 6}
    after = ENGINE.apply(state, 0, move)
    assert (troops(after, "scandinavia"), troops(after, "india")) == (1, 7)
    assert ENGINE.view(after, None)["current"] == 1  # one maneuver ends the turn


def test_the_maneuver_cannot_cross_an_enemy_territory(kit: SimpleNamespace) -> None:
    state = maneuver_board(kit, afghanistan_owner=1)
    move = {"type": "maneuver", "from": "scandinavia", "to": "india", "troops": 6}
    assert kit.error_code(lambda: ENGINE.apply(state, 0, move)) == "risk.maneuver_not_connected"
    far = {"type": "maneuver", "from": "scandinavia", "to": "peru", "troops": 1}
    assert kit.error_code(lambda: ENGINE.apply(state, 0, far)) == "risk.maneuver_not_connected"
    everyone = {"type": "maneuver", "from": "scandinavia", "to": "ukraine", "troops": 7}
    assert kit.error_code(lambda: ENGINE.apply(state, 0, everyone)) == "risk.maneuver_troops"


def drawn_cards(state: RiskState, seat: int) -> list[dict[str, Any]]:
    return [e for e in ENGINE.events(state) if e["code"] == "risk.card_drawn"]


def test_one_card_is_drawn_after_a_turn_with_conquests_and_only_the_drawer_sees_it(
    kit: SimpleNamespace,
) -> None:
    state = ENGINE.apply(conquest_from_fifteen(kit), 0, {"type": "move_in", "troops": 5})
    state = ENGINE.apply(
        state, 0, {"type": "blitz", "from": "scandinavia", "to": "iceland", "dice": 3}
    )
    assert ENGINE.view(state, None)["seats"][0]["territories"] == 3  # two conquests
    state = ENGINE.apply(state, 0, {"type": "move_in", "troops": 0})
    after = ENGINE.apply(state, 0, {"type": "end_turn"})
    draws = drawn_cards(after, 0)
    assert len(draws) == 1
    assert len(ENGINE.view(after, 0)["hand"]) == 1
    card = ENGINE.view(after, 0)["hand"][0]["card"]
    assert redact_event(draws[0], 0)["params"]["card"] == card
    assert "card" not in redact_event(draws[0], 1)["params"]
    assert "card" not in redact_event(draws[0], None)["params"]


def test_no_card_is_drawn_after_a_turn_without_conquest(kit: SimpleNamespace) -> None:
    state = kit.position(held={"ukraine": (0, 2)})
    after = ENGINE.apply(state, 0, {"type": "end_turn"})
    assert drawn_cards(after, 0) == []
    assert ENGINE.view(after, 0)["hand"] == []


def test_end_attack_leads_to_the_maneuver_and_end_turn_passes_the_turn(
    kit: SimpleNamespace,
) -> None:
    state = kit.position(held={"ukraine": (0, 5)})
    state = ENGINE.apply(state, 0, {"type": "end_attack"})
    assert ENGINE.view(state, 0)["phase"] == "maneuver"
    attack = {"type": "attack", "from": "ukraine", "to": "ural", "dice": 1}
    assert kit.error_code(lambda: ENGINE.apply(state, 0, attack)) == "risk.wrong_phase"
    state = ENGINE.apply(state, 0, {"type": "end_turn"})
    assert ENGINE.to_act(state) == [1]
    assert "risk.turn_started" in codes(state)


def test_an_eliminated_players_cards_go_to_the_eliminator(kit: SimpleNamespace) -> None:
    state = kit.position(
        held={"ukraine": (0, 20), "scandinavia": (2, 1)},
        rest=(1,),
        hands={2: ["peru", "japan"], 0: ["egypt"]},
    )
    after = ENGINE.apply(
        state, 0, {"type": "blitz", "from": "ukraine", "to": "scandinavia", "dice": 3}
    )
    view = ENGINE.view(after, 0)
    assert {c["card"] for c in view["hand"]} == {"peru", "japan", "egypt"}
    assert view["seats"][2]["status"] == "eliminated"
    eliminated = next(e for e in ENGINE.events(after) if e["code"] == "risk.eliminated")
    assert eliminated["params"]["cards"] == 2
    assert "card_ids" not in redact_event(eliminated, 1)["params"]
    assert set(redact_event(eliminated, 0)["params"]["card_ids"]) == {"peru", "japan"}
    assert not ENGINE.is_over(after)
