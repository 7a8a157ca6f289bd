"""The shared search (ISMCTS) on Race to ten (``tests/tinygame``), a game small enough to know
the best move: the player who leaves the count at 1, 4 or 7 wins (target 10)."""

from __future__ import annotations

import random
from typing import Any

from games.bots import search
from games.bots.fairness import situation_of
from games.engines.base import Action
from tests.tinygame.engine import ENGINE


def random_playout(state: dict[str, Any], seat: int, rng: random.Random) -> Action:
    return rng.choice(ENGINE.legal_actions(state, seat))


def winner_reward(state: dict[str, Any]) -> list[float]:
    winner = state["winner"]
    return [0.5, 0.5] if winner is None else [float(seat == winner) for seat in (0, 1)]


PLAYBOOK = search.Playbook(engine=ENGINE, playout=random_playout, reward=winner_reward)


def position(count: int) -> dict[str, Any]:
    state = ENGINE.setup(2, {}, 0)
    return {**state, "count": count, "to_move": count % 2}


def situation(count: int) -> Any:
    state = position(count)
    seat = state["to_move"]
    return situation_of(ENGINE, state, seat, players=2, options={"target": 10}, version=1)


def test_the_search_finds_the_winning_move_from_every_winning_position():
    for count in (0, 2, 3, 5, 6, 8, 9):
        chosen = search.search(
            PLAYBOOK, situation(count), search.Budget(600, 60.0), random.Random(count)
        )
        assert (count + chosen["amount"]) % 3 == 1 or count + chosen["amount"] == 10, count


def test_the_same_seed_gives_the_same_search_when_the_iteration_cap_binds():
    budget = search.Budget(200, 60.0)
    with search.limits(time_cap=False):
        outcomes = [search.run(PLAYBOOK, situation(3), budget, random.Random(5)) for _ in "ab"]
    first, second = ((o.action, o.iterations, o.stats) for o in outcomes)
    assert first == second
    assert outcomes[0].iterations == 200
    assert sum(visits for _, visits, _ in outcomes[0].stats) == 200


def test_the_cpu_time_cap_stops_the_search_and_limits_scale_it():
    outcome = search.run(PLAYBOOK, situation(3), search.Budget(10**6, 0.0), random.Random(1))
    assert outcome.iterations == 1
    with search.limits(scale=0.1):
        scaled = search.run(PLAYBOOK, situation(3), search.Budget(100, 60.0), random.Random(1))
    assert scaled.iterations == 10


def test_a_single_choice_is_played_without_searching():
    outcome = search.run(PLAYBOOK, situation(9), search.Budget(100, 60.0), random.Random(1))
    assert outcome.action == {"type": "add", "amount": 1} and outcome.iterations == 0


def test_a_games_own_rollout_replaces_the_move_by_move_playout():
    def never(state: dict[str, Any], seat: int, rng: random.Random) -> Action:
        raise AssertionError("the playout policy is not used when the game rolls out itself")

    def rollout(state: dict[str, Any], rng: random.Random) -> list[float]:
        while not ENGINE.is_over(state):
            seat = ENGINE.to_act(state)[0]
            state = ENGINE.apply(state, seat, random_playout(state, seat, rng))
        return winner_reward(state)

    playbook = search.Playbook(ENGINE, never, winner_reward, rollout=rollout)
    chosen = search.search(playbook, situation(5), search.Budget(600, 60.0), random.Random(2))
    assert chosen == {"type": "add", "amount": 2}
