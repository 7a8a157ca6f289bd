"""Scoring: the rulebooks' worked examples, both rule sets, every bonus and penalty, and the
tie-break on fewer cards."""

from __future__ import annotations

from games.richelieu.engine import ENGINE
from games.richelieu.engine.data import COMPONENTS
from games.richelieu.engine.scenarios import build, cards_of

BOURGOGNE_FIVE_A = ["R04", "R05", "R07"]  # 2 + 2 + 1 shields
BOURGOGNE_FIVE_B = ["R01", "R02", "R03", "R06"]  # 1 + 1 + 1 + 2 shields
CROSS_CARDS = cards_of(symbol="cross")  # one per region, nine in all


def finished(hands, players=2, ruleset="multiplayer", held=None):
    return build(players, ruleset=ruleset, hands=hands, held=held, over=True)


def points(result, seat, code, **params):
    """The points of the score line ``code`` whose params include ``params``."""
    for line in result.breakdown[seat]:
        if line.code == code and all(line.params.get(k) == v for k, v in params.items()):
            return line.points
    return None


def test_bourgogne_five_shields_and_the_disc_beat_five_shields():
    # Rulebook example 1: 5 shields + the Bourgogne disc score 6; the other 5 shields nothing.
    for ruleset in ("fun-for-2", "multiplayer"):
        result = ENGINE.result(
            finished(
                {0: BOURGOGNE_FIVE_A, 1: BOURGOGNE_FIVE_B},
                ruleset=ruleset,
                held={0: ["disc-bourgogne"]},
            )
        )
        assert points(result, 0, "richelieu.region_majority", region="bourgogne", shields=6) == 6
        assert points(result, 1, "richelieu.region_majority", region="bourgogne", shields=5) == 0


def test_normandie_four_against_four_scores_nothing_under_fun_for_2():
    hands = {0: ["R23", "R24"], 1: ["R20", "R21", "R22", "R25"]}
    result = ENGINE.result(finished(hands, ruleset="fun-for-2"))
    assert points(result, 0, "richelieu.region_majority", region="normandie", shields=4) == 0
    assert points(result, 1, "richelieu.region_majority", region="normandie", shields=4) == 0


def test_normandie_four_against_four_scores_four_each_under_multiplayer():
    hands = {0: ["R23", "R24"], 1: ["R20", "R21", "R22", "R25"]}
    result = ENGINE.result(finished(hands, ruleset="multiplayer"))
    assert points(result, 0, "richelieu.region_majority", region="normandie") == 4
    assert points(result, 1, "richelieu.region_majority", region="normandie") == 4


def test_crosses_five_against_four_without_the_cross_disc():
    hands = {0: CROSS_CARDS[:5], 1: CROSS_CARDS[5:]}
    for ruleset in ("fun-for-2", "multiplayer"):
        result = ENGINE.result(finished(hands, ruleset=ruleset))
        assert points(result, 0, "richelieu.symbol_majority", symbol="cross", count=5) == 5
        assert points(result, 1, "richelieu.symbol_majority", symbol="cross", count=4) == 0


def test_crosses_five_against_four_with_the_cross_disc_for_the_four():
    hands = {0: CROSS_CARDS[:5], 1: CROSS_CARDS[5:]}
    held = {1: ["disc-cross"]}
    multiplayer = ENGINE.result(finished(hands, ruleset="multiplayer", held=held))
    assert points(multiplayer, 0, "richelieu.symbol_majority", symbol="cross") == 5
    assert points(multiplayer, 1, "richelieu.symbol_majority", symbol="cross", count=5) == 5
    fun_for_2 = ENGINE.result(finished(hands, ruleset="fun-for-2", held=held))
    assert points(fun_for_2, 0, "richelieu.symbol_majority", symbol="cross") == 0
    assert points(fun_for_2, 1, "richelieu.symbol_majority", symbol="cross") == 0


def test_provence_seven_shields_against_only_the_provence_disc():
    # Rulebook example 3: the disc alone does not save the player from the −5.
    hands = {0: cards_of("provence"), 1: ["R01"]}
    for ruleset in ("fun-for-2", "multiplayer"):
        result = ENGINE.result(finished(hands, ruleset=ruleset, held={1: ["disc-provence"]}))
        assert points(result, 0, "richelieu.region_majority", region="provence", shields=7) == 7
        assert points(result, 1, "richelieu.region_majority", region="provence", shields=1) == 0
        assert points(result, 1, "richelieu.region_missing", region="provence") == -5
        assert points(result, 0, "richelieu.region_missing", region="provence") is None


def test_fun_for_2_minus_five_for_each_symbol_without_a_card_even_with_its_disc():
    hands = {0: ["R01", "R02"], 1: ["R03"]}
    result = ENGINE.result(finished(hands, ruleset="fun-for-2", held={0: ["disc-tower"]}))
    assert points(result, 0, "richelieu.symbol_missing", symbol="tower") == -5
    assert points(result, 0, "richelieu.symbol_missing", symbol="sword") is None
    assert points(result, 1, "richelieu.symbol_missing", symbol="sword") == -5


def test_multiplayer_with_two_players_minus_five_per_region_and_symbol_without_a_card():
    result = ENGINE.result(finished({0: ["R01"], 1: ["R02"]}, ruleset="multiplayer"))
    missing = [line for line in result.breakdown[0] if line.code.endswith("_missing")]
    assert len([line for line in missing if line.code == "richelieu.region_missing"]) == 8
    assert [
        line.params["symbol"] for line in missing if line.code == "richelieu.symbol_missing"
    ] == [
        "cross",
        "tower",
    ]
    assert not [line for line in result.breakdown[0] if line.code == "richelieu.region_present"]


def test_multiplayer_with_three_or_four_players_two_points_per_region_with_a_card():
    for players in (3, 4):
        hands = {0: ["R01", "R08", "R45"], 1: ["R20"]}
        result = ENGINE.result(finished(hands, players=players))
        assert points(result, 0, "richelieu.region_present", region="bourgogne") == 2
        assert points(result, 0, "richelieu.region_present", region="bretagne") == 2
        assert points(result, 0, "richelieu.region_present", region="normandie") is None
        assert not [line for line in result.breakdown[2] if line.points < 0]
        # Three majorities of 1 shield, three regions, the sword majority (3 swords).
        assert result.totals[0] == 3 + 3 * 2 + 3


def test_multiplayer_tied_leaders_all_score_with_three_players():
    hands = {0: ["R23"], 1: ["R24"], 2: ["R25"]}
    result = ENGINE.result(finished(hands, players=3))
    assert points(result, 0, "richelieu.region_majority", region="normandie") == 2
    assert points(result, 1, "richelieu.region_majority", region="normandie") == 2
    assert points(result, 2, "richelieu.region_majority", region="normandie") == 0


def test_a_shield_disc_counts_as_one_shield_and_a_symbol_disc_as_one_symbol():
    hands = {0: ["R07"], 1: ["R01"]}
    held = {0: ["disc-sword"], 1: ["disc-bourgogne"]}
    result = ENGINE.result(finished(hands, ruleset="fun-for-2", held=held))
    assert points(result, 1, "richelieu.region_majority", region="bourgogne", shields=2) == 2
    assert points(result, 0, "richelieu.symbol_majority", symbol="sword", count=1) == 0
    assert points(result, 1, "richelieu.symbol_majority", symbol="sword", count=1) == 0


def test_a_marker_back_disc_scores_nothing():
    plain = ENGINE.result(finished({0: ["R07"], 1: ["R20"]}))
    with_disc = ENGINE.result(finished({0: ["R07"], 1: ["R20"]}, held={0: ["disc-back-1"]}))
    assert plain.totals == with_disc.totals


def test_most_points_wins():
    result = ENGINE.result(finished({0: BOURGOGNE_FIVE_A, 1: ["R20"]}, players=3))
    assert (result.totals[0], result.totals[1], result.totals[2]) == (7, 4, 0)
    assert result.winners == (0,)
    assert result.ranking == ((0,), (1,), (2,))


def test_a_tie_on_points_goes_to_the_player_with_fewer_cards():
    # Seat 0: Bourgogne 2 and Bretagne 2 on two cards (2+2 shields, 2+2 regions) = 8.
    # Seat 1: Normandie 3 and Anjou 1 on three cards (3+1 shields, 2+2 regions) = 8.
    hands = {0: ["R04", "R11"], 1: ["R23", "R25", "R40"]}
    result = ENGINE.result(finished(hands, players=3))
    assert result.totals[0] == result.totals[1]
    assert result.winners == (0,)
    assert result.ranking[:2] == ((0,), (1,))
    assert result.extra["cards"] == {"0": 2, "1": 3, "2": 0}


def test_a_tie_on_points_and_cards_is_shared():
    result = ENGINE.result(finished({0: ["R04"], 1: ["R11"]}, ruleset="fun-for-2"))
    assert result.totals[0] == result.totals[1]
    assert result.winners == (0, 1)
    assert result.ranking == ((0, 1),)


def test_totals_are_the_sum_of_the_breakdown_and_every_line_has_a_section():
    result = ENGINE.result(finished({0: BOURGOGNE_FIVE_A, 1: CROSS_CARDS}, players=2))
    for seat in (0, 1):
        assert result.totals[seat] == sum(line.points for line in result.breakdown[seat])
        for line in result.breakdown[seat]:
            assert result.extra["sections"][line.code] in ENGINE.sections
            line.label.format(**line.params)
    region_lines = [x for x in result.breakdown[0] if x.code == "richelieu.region_majority"]
    assert [line.params["region"] for line in region_lines] == list(COMPONENTS.regions)


def test_no_result_before_the_end():
    assert ENGINE.result(ENGINE.setup(2, {}, seed=1)) is None
