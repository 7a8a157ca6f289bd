"""Risk's house player: legal moves in every phase of every mode at every level, the exact
battle odds it reasons with, and that it decides from its seat's view only."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from games.bots import Situation, decide
from games.engines.base import EngineError
from games.risk.bot import POLICY, RiskPolicy
from games.risk.bot.actions import uniform_cards
from games.risk.bot.cards import best_set
from games.risk.bot.odds import TABLE_LIMIT, blitz_odds, roll_outcomes, sample_blitz, table
from games.risk.bot.plan import Budget
from games.risk.engine import ENGINE
from games.risk.engine.data import board
from games.risk.engine.state import RiskState

#: Small budgets without a time cap: the same choice on any machine, quickly.
SMALL = {
    2: Budget(samples=4, screen=2, keep=2, depth=2, sweep=3, chains_per_source=1, seconds=None),
    3: Budget(samples=6, screen=2, keep=3, depth=3, sweep=4, chains_per_source=2, seconds=None),
}
SMALL_POLICY = RiskPolicy(SMALL)
MODES: list[tuple[str, int, dict[str, Any]]] = [
    ("intro", 3, {"mode": "intro"}),
    ("intro", 4, {"mode": "intro"}),
    ("classic", 3, {"mode": "classic"}),
    ("classic", 4, {"mode": "classic", "deal_territories": True}),
    ("two-player", 2, {"mode": "two-player"}),
]
#: The keys of each concrete action ``apply`` takes (no template's ranges left in it).
SHAPES = {
    "claim": {"type", "territory"},
    "place": {"type", "territory", "troops"},
    "place_neutral": {"type", "territory", "troops"},
    "trade": {"type", "cards"},
    "attack": {"type", "from", "to", "dice"},
    "blitz": {"type", "from", "to", "dice", "stop_at"},
    "move_in": {"type", "troops"},
    "maneuver": {"type", "from", "to", "troops"},
    "end_attack": {"type"},
    "end_turn": {"type"},
}


def situation(state: RiskState, seat: int, options: dict[str, Any]) -> Situation:
    return Situation(
        game="risk",
        seat=seat,
        players=state.players,
        options=ENGINE.normalise_options(options),
        version=ENGINE.version,
        view=ENGINE.view(state, seat),
        legal=tuple(ENGINE.legal_actions(state, seat)),
    )


def choose(policy: RiskPolicy, here: Situation, level: Any, seed: int) -> dict[str, Any]:
    if level == "random":
        return decide(here, "random", seed)
    return policy.choose(here, level, random.Random(seed))


def play(
    options: dict[str, Any],
    players: int,
    levels: list[Any],
    seed: int,
    cap: int = 400,
    policy: RiskPolicy = SMALL_POLICY,
) -> tuple[RiskState, dict[Any, set[str]], list[tuple[RiskState, int]]]:
    """A whole game (up to ``cap`` turns): the end state, the phases each level acted in, and
    a sample of the states met, with the seat to act."""
    state = ENGINE.setup(players, ENGINE.normalise_options(options), seed)
    phases: dict[Any, set[str]] = {level: set() for level in levels}
    met: list[tuple[RiskState, int]] = []
    moves = 0
    while not ENGINE.is_over(state) and state.turn <= cap:
        seat = ENGINE.to_act(state)[0]
        here = situation(state, seat, options)
        action = choose(policy, here, levels[seat], seed * 7919 + moves)
        assert set(action) == SHAPES[action["type"]], action
        assert any(t["type"] == action["type"] for t in here.legal), action
        phases[levels[seat]].add(state.phase)
        if moves % 17 == 0:
            met.append((state, seat))
        try:
            state = ENGINE.apply(state, seat, action)
        except EngineError as error:  # pragma: no cover - the failure this test looks for
            pytest.fail(f"level {levels[seat]} sent {action} in {state.phase}: {error}")
        moves += 1
    return state, phases, met


# The battle odds -----------------------------------------------------------------------------


def test_one_roll_matches_the_dice_counted_by_hand() -> None:
    one_on_one = dict(((a, d), p) for a, d, p in roll_outcomes(1, 1))
    assert one_on_one[(0, 1)] == pytest.approx(15 / 36)
    two_on_one = dict(((a, d), p) for a, d, p in roll_outcomes(2, 1))
    assert two_on_one[(0, 1)] == pytest.approx(125 / 216)
    three_on_two = dict(((a, d), p) for a, d, p in roll_outcomes(3, 2))
    assert three_on_two[(0, 2)] == pytest.approx(2890 / 7776)
    assert three_on_two[(1, 1)] == pytest.approx(2611 / 7776)
    assert three_on_two[(2, 0)] == pytest.approx(2275 / 7776)
    one_on_two = dict(((a, d), p) for a, d, p in roll_outcomes(1, 2))
    assert one_on_two[(0, 1)] == pytest.approx(55 / 216)


def test_blitz_odds_match_exact_fractions() -> None:
    # 3 troops against 1: two dice win at once (125/216), or one die wins after a loss.
    assert blitz_odds(3, 1).win == pytest.approx(
        float(Fraction(125, 216) + Fraction(91, 216) * Fraction(15, 36))
    )
    # 2 against 2: one die must win twice, against two dice then one.
    assert blitz_odds(2, 2).win == pytest.approx(float(Fraction(55, 216) * Fraction(15, 36)))
    assert blitz_odds(1, 1).win == 0.0
    assert blitz_odds(5, 0).win == 1.0


def engine_blitz_wins(source: int, defenders: int, stop_at: int, tries: int) -> float:
    """How often the engine's own blitz takes the target, over many positions of the dice."""
    b = board()
    state = ENGINE.setup(3, ENGINE.normalise_options({"mode": "intro"}), 11)
    data = ENGINE.to_json(state)
    a, d = b.index["alaska"], b.index["kamchatka"]
    data["owner"][a], data["troops"][a] = data["current"], source
    data["owner"][d] = (data["current"] + 1) % 3
    data["troops"][d] = defenders
    data.update(phase="attack", reserve=0)
    wins = 0
    for value in range(tries):
        data["rng"] = value * 2654435761
        start = ENGINE.from_json(data)
        action = {
            "type": "blitz",
            "from": "alaska",
            "to": "kamchatka",
            "dice": 3,
            "stop_at": stop_at,
        }
        after = ENGINE.apply(start, data["current"], action)
        wins += after.owner[d] == data["current"]
    return wins / tries


def test_huge_battles_are_judged_without_growing_the_tables_past_their_limit() -> None:
    """A classic game's stacks of thousands once made one decision take minutes and gigabytes
    (the tables doubled to cover them); beyond the limit a battle is scaled down."""
    certain = blitz_odds(2559, 632)
    hopeless = blitz_odds(632, 2559)
    even = blitz_odds(1500, 1500)
    assert certain.win > 0.99 and hopeless.win < 0.01
    assert 0.6 < even.win < 1  # three dice against two favour the attacker
    assert 1500 < certain.attackers_left < 2559 and certain.defenders_left < 10
    assert table(1).sources <= TABLE_LIMIT and table(1).defenders <= TABLE_LIMIT
    assert blitz_odds(TABLE_LIMIT, 40) == table(1).odds(TABLE_LIMIT, 40)


@pytest.mark.parametrize(("source", "defenders", "stop_at"), [(6, 4, 1), (10, 8, 1), (12, 6, 4)])
def test_blitz_odds_agree_with_the_engines_dice(source: int, defenders: int, stop_at: int) -> None:
    tries = 3000
    seen = engine_blitz_wins(source, defenders, stop_at, tries)
    expected = blitz_odds(source, defenders, stop_at).win
    assert abs(seen - expected) < 4 * (expected * (1 - expected) / tries) ** 0.5 + 0.005
    sampled = [sample_blitz(random.Random(i), source, defenders, stop_at) for i in range(tries)]
    assert abs(sum(d == 0 for _, d in sampled) / tries - expected) < 0.04


def test_the_best_card_set_has_the_most_stars_up_to_ten() -> None:
    hand = [("alaska", 1), ("brazil", 2), ("peru", 1), ("egypt", 2), ("ural", 2), ("siam", 2)]
    chosen = best_set(hand)
    stars = dict(hand)
    assert sum(stars[c] for c in chosen) == 10
    assert sum(stars[c] for c in best_set(hand[:3])) == 4


def test_a_random_trade_is_any_allowed_set_alike() -> None:
    b = board()
    cards = [c for c in b.ids if b.stars[b.index[c]] == 2][:6]
    cards += [c for c in b.ids if b.stars[b.index[c]] == 1][:2]
    seen: dict[tuple[str, ...], int] = {}
    rng = random.Random(3)
    for _ in range(4000):
        chosen = uniform_cards(cards, 10, rng)
        assert chosen and sum(b.stars[b.index[c]] for c in chosen) <= 10
        seen[tuple(chosen)] = seen.get(tuple(chosen), 0) + 1
    assert len(seen) > 100
    assert max(seen.values()) < 4 * 4000 / len(seen)


# Legal moves at every level -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "players", "options"), MODES, ids=[f"{m}-{p}" for m, p, _ in MODES]
)
def test_level_one_plays_whole_games_against_random_players(
    mode: str, players: int, options: dict[str, Any]
) -> None:
    levels: list[Any] = [1] + ["random"] * (players - 1)
    state, phases, _ = play(options, players, levels, seed=5)
    assert ENGINE.is_over(state), "level 1 finishes its games against random players"
    assert 0 in state.winners
    expected = {"reinforce", "attack", "move_in"}
    expected |= {"neutral"} if mode == "two-player" else set()
    expected |= {"setup_place"} if mode == "classic" else set()
    expected |= {"claim"} if options == {"mode": "classic"} else set()
    assert expected <= phases[1]


@pytest.mark.parametrize(
    ("mode", "players", "options"), MODES, ids=[f"{m}-{p}" for m, p, _ in MODES]
)
def test_every_level_plays_legal_moves_in_every_phase(
    mode: str, players: int, options: dict[str, Any]
) -> None:
    levels: list[Any] = [3, 2, 1, "random", 1][:players]
    seen: dict[Any, set[str]] = {}
    for seed in (1, 2):
        _, phases, _ = play(options, players, levels, seed=seed, cap=60)
        for level, names in phases.items():
            seen.setdefault(level, set()).update(names)
    for level in (2, 3):
        assert {"reinforce", "attack"} <= seen[level]
        assert "neutral" in seen[level] or mode != "two-player"
        assert "setup_place" in seen[level] or mode != "classic"


# Blindness -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "players", "options"), MODES, ids=[f"{m}-{p}" for m, p, _ in MODES]
)
def test_the_choice_depends_only_on_what_the_seat_may_see(
    mode: str, players: int, options: dict[str, Any]
) -> None:
    _, _, met = play(options, players, [1] * players, seed=9, cap=40)
    assert len(met) >= 5
    for number, (state, seat) in enumerate(met[:12]):
        variant = ENGINE.hidden_variant(state, seat, 1000 + number)
        assert ENGINE.to_json(variant) != ENGINE.to_json(state) or not state.deck
        for level in ("random", 1, 2, 3):
            seed = 31 * number + 7
            original = choose(SMALL_POLICY, situation(state, seat, options), level, seed)
            hidden = choose(SMALL_POLICY, situation(variant, seat, options), level, seed)
            assert original == hidden, (level, state.phase)


def test_decide_finds_the_house_player_and_repeats_itself() -> None:
    state = ENGINE.setup(2, ENGINE.normalise_options({"mode": "two-player"}), 4)
    here = situation(state, ENGINE.to_act(state)[0], {"mode": "two-player"})
    first = decide(here, 1, 12)
    assert first == decide(here, 1, 12)
    assert first["type"] == "place_neutral"
    assert POLICY.concrete(here.legal[0], random.Random(1))["type"] == "place_neutral"


def test_bots_with_armies_of_thousands_finish_the_game() -> None:
    """A classic match of the soak (level 2 against level 3, 1,577 moves): the last enemy held
    one territory of 307 troops next to stacks of over a thousand, and neither bot attacked,
    because its score for the position outgrew the score of a won game. From there the bots
    now end the match."""
    data = json.loads((Path(__file__).parent / "data" / "risk_classic_stalemate.json").read_text())
    state = ENGINE.from_json(data)
    options = {"mode": "classic", "deal_territories": True}
    levels = {0: 3, 1: 2}
    for move in range(300):
        if ENGINE.is_over(state):
            break
        seat = ENGINE.to_act(state)[0]
        seen = situation(state, seat, options)
        action = SMALL_POLICY.choose(seen, levels[seat], random.Random(move))
        state = ENGINE.apply(state, seat, action)
    assert ENGINE.is_over(state)
    result = ENGINE.result(state)
    assert result is not None and result.winners == (1,)
