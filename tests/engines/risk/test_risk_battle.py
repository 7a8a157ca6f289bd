"""Battles: the dice, the defender's automatic dice, the odds, and the blitz."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import Any

from games.engines.base import Rng
from games.risk.engine import ENGINE
from games.risk.engine.battle import compare_dice, roll_battle
from games.risk.engine.state import RiskState


def battles(state: RiskState) -> list[dict[str, Any]]:
    return [e["params"] for e in ENGINE.events(state) if e["code"] == "risk.battle"]


def troops(state: RiskState, territory: str) -> int:
    view = ENGINE.view(state, None)
    return next(t["troops"] for t in view["territories"] if t["id"] == territory)


def owner(state: RiskState, territory: str) -> int | None:
    view = ENGINE.view(state, None)
    return next(t["owner"] for t in view["territories"] if t["id"] == territory)


def test_russia_rolls_6_3_1_against_4_2_and_scandinavia_loses_both_troops() -> None:
    assert compare_dice([6, 3, 1], [4, 2]) == (0, 2)


def test_ties_go_to_the_defender() -> None:
    assert compare_dice([5], [5]) == (1, 0)
    assert compare_dice([6, 4], [6, 4]) == (2, 0)
    assert compare_dice([6, 4, 4], [5, 4]) == (1, 1)


def test_the_rulebook_battle_through_the_engine_records_both_rolls(kit: SimpleNamespace) -> None:
    # Russia (our "ukraine") attacks Scandinavia with 3 dice; Scandinavia defends with 2.
    start = kit.position(held={"ukraine": (0, 4), "scandinavia": (1, 2)})
    attack = {"type": "attack", "from": "ukraine", "to": "scandinavia", "dice": 3}

    def rulebook_roll(after: RiskState) -> bool:
        roll = battles(after)[0]
        return roll["attacker_dice"][:2] == [6, 3] and roll["defender_dice"] == [4, 2]

    state = ENGINE.apply(kit.first_rng(start, 0, attack, rulebook_roll), 0, attack)
    roll = battles(state)[0]
    assert (roll["attacker_losses"], roll["defender_losses"]) == (0, 2)
    assert roll["attacker_roll"].startswith("6 3")
    assert owner(state, "scandinavia") == 0
    assert troops(state, "scandinavia") == 3


def test_the_defender_rolls_the_most_dice_allowed_without_being_asked(
    kit: SimpleNamespace,
) -> None:
    for defenders, dice in ((1, 1), (2, 2), (7, 2)):
        state = kit.position(held={"ukraine": (0, 10), "scandinavia": (1, defenders)})
        attack = {"type": "attack", "from": "ukraine", "to": "scandinavia", "dice": 3}
        roll = battles(ENGINE.apply(state, 0, attack))[0]
        assert len(roll["defender_dice"]) == dice
        assert len(roll["attacker_dice"]) == 3


def test_each_roll_is_applied_exactly_as_recorded(kit: SimpleNamespace) -> None:
    for seed in range(40):
        state = kit.with_rng(kit.position(held={"ukraine": (0, 9), "scandinavia": (1, 5)}), seed)
        after = ENGINE.apply(
            state, 0, {"type": "attack", "from": "ukraine", "to": "scandinavia", "dice": 3}
        )
        roll = battles(after)[0]
        assert roll["attacker_dice"] == sorted(roll["attacker_dice"], reverse=True)
        lost, killed = compare_dice(roll["attacker_dice"], roll["defender_dice"])
        assert (roll["attacker_losses"], roll["defender_losses"]) == (lost, killed)
        assert troops(after, "ukraine") == 9 - lost
        assert troops(after, "scandinavia") == 5 - killed


def test_three_dice_against_two_match_the_exact_odds_over_many_seeded_rolls() -> None:
    rolls = 60_000
    outcomes: Counter[int] = Counter()
    rng = Rng(20101)
    for _ in range(rolls):
        _, _, lost, _ = roll_battle(rng, 3, 2)
        outcomes[lost] += 1
    exact = {0: 2890 / 7776, 1: 2611 / 7776, 2: 2275 / 7776}
    for lost, probability in exact.items():
        assert abs(outcomes[lost] / rolls - probability) < 0.01


def test_a_blitz_rolls_until_the_target_falls_and_records_every_roll(
    kit: SimpleNamespace,
) -> None:
    state = kit.position(held={"ukraine": (0, 30), "scandinavia": (1, 6)})
    after = ENGINE.apply(
        state, 0, {"type": "blitz", "from": "ukraine", "to": "scandinavia", "dice": 3}
    )
    rolls = battles(after)
    assert owner(after, "scandinavia") == 0
    assert sum(r["defender_losses"] for r in rolls) == 6
    assert sum(r["attacker_losses"] for r in rolls) == 30 - 3 - troops(after, "ukraine")
    summary = next(e for e in ENGINE.events(after) if e["code"] == "risk.blitz_ended")
    assert summary["params"]["rolls"] == len(rolls)
    assert ENGINE.view(after, 0)["phase"] == "move_in"


def test_a_blitz_stops_when_the_attacker_is_down_to_the_chosen_number(
    kit: SimpleNamespace,
) -> None:
    state = kit.position(held={"ukraine": (0, 8), "scandinavia": (1, 60)})
    for seed in range(20):
        after = ENGINE.apply(
            kit.with_rng(state, seed),
            0,
            {"type": "blitz", "from": "ukraine", "to": "scandinavia", "dice": 3, "stop_at": 4},
        )
        left = troops(after, "ukraine")
        assert 2 <= left <= 4  # one roll loses at most 2 troops
        assert owner(after, "scandinavia") == 1


def test_a_blitz_rolls_fewer_dice_as_the_attacking_army_shrinks(kit: SimpleNamespace) -> None:
    state = kit.position(held={"ukraine": (0, 4), "scandinavia": (1, 60)})
    after = ENGINE.apply(
        state, 0, {"type": "blitz", "from": "ukraine", "to": "scandinavia", "dice": 3}
    )
    for roll in battles(after):
        assert len(roll["attacker_dice"]) <= 3
    assert troops(after, "ukraine") == 1
    last = battles(after)[-1]
    assert len(last["attacker_dice"]) in (1, 2)


def test_an_attack_keeps_one_troop_behind(kit: SimpleNamespace) -> None:
    state = kit.position(held={"ukraine": (0, 3), "scandinavia": (1, 2), "ural": (0, 1)})
    three = {"type": "attack", "from": "ukraine", "to": "scandinavia", "dice": 3}
    assert kit.error_code(lambda: ENGINE.apply(state, 0, three)) == "risk.attack_dice"
    lone = {"type": "attack", "from": "ural", "to": "siberia", "dice": 1}
    assert kit.error_code(lambda: ENGINE.apply(state, 0, lone)) == "risk.attack_too_few"


def test_attacks_need_a_border_or_sea_line_and_an_enemy(kit: SimpleNamespace) -> None:
    state = kit.position(
        held={"ukraine": (0, 5), "india": (1, 2), "ural": (0, 2), "alaska": (0, 4)},
    )
    far = {"type": "attack", "from": "ukraine", "to": "india", "dice": 1}
    assert kit.error_code(lambda: ENGINE.apply(state, 0, far)) == "risk.not_adjacent"
    own = {"type": "attack", "from": "ukraine", "to": "ural", "dice": 1}
    assert kit.error_code(lambda: ENGINE.apply(state, 0, own)) == "risk.attack_own"
    sea = {"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 3}
    assert battles(ENGINE.apply(state, 0, sea))
