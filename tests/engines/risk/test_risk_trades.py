"""Trading cards at any moment of one's own turn (rulebook: "en cualquier momento durante tu
turno"): the troops are placed at once, then the turn goes on where it was.

Version 1 refused a trade after a conquest before the move-in, in the maneuver and during the
two-player game's neutral troops; every one of those now works.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from games.risk.engine import ENGINE
from games.risk.engine.state import RiskState


def troops(state: RiskState, territory: str) -> int:
    return next(
        t["troops"] for t in ENGINE.view(state, None)["territories"] if t["id"] == territory
    )


def trade_listed(state: RiskState, seat: int = 0) -> bool:
    return any(a["type"] == "trade" for a in ENGINE.legal_actions(state, seat))


def conquest_pending(kit: SimpleNamespace, hand: list[str]) -> RiskState:
    start = kit.position(held={"ukraine": (0, 15), "scandinavia": (1, 1)}, hands={0: hand})
    attack = {"type": "attack", "from": "ukraine", "to": "scandinavia", "dice": 3}

    def conquered(after: RiskState) -> bool:
        return ENGINE.view(after, None)["phase"] == "move_in"

    return ENGINE.apply(kit.first_rng(start, 0, attack, conquered), 0, attack)


def test_a_trade_after_a_conquest_is_placed_and_the_move_in_follows(kit: SimpleNamespace) -> None:
    state = conquest_pending(kit, ["alaska", "egypt"])  # 2 + 2 stars: 7 troops
    assert trade_listed(state)
    traded = ENGINE.apply(state, 0, {"type": "trade", "cards": ["alaska", "egypt"]})
    view = ENGINE.view(traded, 0)
    assert (view["phase"], view["reserve"], view["resume_phase"]) == ("reinforce", 7, "move_in")
    assert view["pending_move"] == {"from": "ukraine", "to": "scandinavia", "min": 0, "max": 11}
    move_in = {"type": "move_in", "troops": 1}
    assert kit.error_code(lambda: ENGINE.apply(traded, 0, move_in)) == "risk.wrong_phase"
    placed = ENGINE.apply(traded, 0, {"type": "place", "territory": "ukraine", "troops": 7})
    view = ENGINE.view(placed, 0)
    assert (view["phase"], view["resume_phase"]) == ("move_in", None)
    assert view["pending_move"]["max"] == 12 + 7 - 1  # the placed troops may move in too
    moved = ENGINE.apply(placed, 0, {"type": "move_in", "troops": 18})
    assert (troops(moved, "ukraine"), troops(moved, "scandinavia")) == (1, 21)
    assert ENGINE.view(moved, 0)["phase"] == "attack"


def test_a_trade_in_the_maneuver_is_placed_and_the_maneuver_follows(kit: SimpleNamespace) -> None:
    state = kit.position(
        held={"ukraine": (0, 3), "scandinavia": (0, 1)}, phase="maneuver", hands={0: ["peru"]}
    )
    assert trade_listed(state)
    traded = ENGINE.apply(state, 0, {"type": "trade", "cards": ["peru"]})
    assert ENGINE.view(traded, 0)["resume_phase"] == "maneuver"
    attack = {"type": "attack", "from": "ukraine", "to": "ural", "dice": 1}
    assert kit.error_code(lambda: ENGINE.apply(traded, 0, attack)) == "risk.reserve_left"
    placed = ENGINE.apply(traded, 0, {"type": "place", "territory": "ukraine", "troops": 1})
    assert ENGINE.view(placed, 0)["phase"] == "maneuver"
    assert kit.error_code(lambda: ENGINE.apply(placed, 0, attack)) == "risk.wrong_phase"
    move = {"type": "maneuver", "from": "ukraine", "to": "scandinavia", "troops": 3}
    done = ENGINE.apply(placed, 0, move)
    assert troops(done, "scandinavia") == 4
    assert ENGINE.to_act(done) == [1]


def test_a_trade_in_the_attacks_is_placed_and_the_attacks_go_on(kit: SimpleNamespace) -> None:
    state = kit.position(held={"ukraine": (0, 2)}, phase="attack", hands={0: ["peru"]})
    traded = ENGINE.apply(state, 0, {"type": "trade", "cards": ["peru"]})
    assert ENGINE.view(traded, 0)["resume_phase"] == "attack"
    placed = ENGINE.apply(traded, 0, {"type": "place", "territory": "ukraine", "troops": 1})
    assert ENGINE.view(placed, 0)["phase"] == "attack"


def two_player_neutral_step(kit: SimpleNamespace) -> RiskState:
    state = ENGINE.setup(2, {"mode": "two-player"}, 5)
    seat = ENGINE.to_act(state)[0]
    data = ENGINE.to_json(state)
    deck = data["deck"]
    data["hands"][seat], data["deck"] = deck[:2], deck[2:]
    return ENGINE.from_json(data)


def test_a_trade_during_the_neutral_troops_joins_the_reinforcements(kit: SimpleNamespace) -> None:
    state = two_player_neutral_step(kit)
    seat = ENGINE.to_act(state)[0]
    view = ENGINE.view(state, seat)
    assert view["phase"] == "neutral" and trade_listed(state, seat)
    reserve = view["reserve"]
    cards = [card["card"] for card in view["hand"]]
    stars = sum(card["stars"] for card in view["hand"])
    gained = {2: 2, 3: 4, 4: 7}[stars]
    traded = ENGINE.apply(state, seat, {"type": "trade", "cards": cards})
    view = ENGINE.view(traded, seat)
    assert (view["phase"], view["reserve"], view["neutral_troops_left"]) == (
        "neutral",
        reserve + gained,
        3,
    )
    neutral = next(t["id"] for t in view["territories"] if t["neutral"] is not None)
    done = ENGINE.apply(traded, seat, {"type": "place_neutral", "territory": neutral, "troops": 3})
    view = ENGINE.view(done, seat)
    assert (view["phase"], view["reserve"]) == ("reinforce", reserve + gained)


@pytest.mark.parametrize("phase", ["claim", "setup_place"])
def test_no_trade_in_the_classic_setup_which_is_nobodys_turn_yet(
    kit: SimpleNamespace, phase: str
) -> None:
    state = kit.position(phase=phase, hands={0: ["peru"]})
    assert not trade_listed(state)
    trade = {"type": "trade", "cards": ["peru"]}
    assert kit.error_code(lambda: ENGINE.apply(state, 0, trade)) == "risk.wrong_phase"


def test_no_trade_in_another_players_turn(kit: SimpleNamespace) -> None:
    state = kit.position(phase="attack", current=1, hands={0: ["peru"]})
    assert not trade_listed(state, 0)
    trade = {"type": "trade", "cards": ["peru"]}
    assert kit.error_code(lambda: ENGINE.apply(state, 0, trade)) == "risk.not_your_turn"


def test_a_time_out_while_placing_traded_troops_before_a_move_in_ends_the_turn(
    kit: SimpleNamespace,
) -> None:
    state = conquest_pending(kit, ["peru"])
    traded = ENGINE.apply(state, 0, {"type": "trade", "cards": ["peru"]})
    skipped = ENGINE.skip(traded, 0)
    found = [e["code"] for e in ENGINE.events(skipped)]
    assert found[:3] == ["risk.turn_skipped", "risk.moved_in", "risk.reserve_lost"]
    assert "risk.card_drawn" in found  # the conquest still earns its card
    assert ENGINE.to_act(skipped) == [1]


def test_a_state_saved_before_version_2_reads_as_having_no_trade_to_place(
    kit: SimpleNamespace,
) -> None:
    data = ENGINE.to_json(kit.position(phase="reinforce", reserve=3))
    del data["resume"]
    state = ENGINE.from_json(data)
    assert state.resume == ""
    data["resume"] = "claim"
    assert kit.error_code(lambda: ENGINE.from_json(data)) == "risk.bad_state"
