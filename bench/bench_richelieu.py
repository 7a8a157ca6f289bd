"""Benchmark of the Richelieu engine (not a test).

Run: .venv/bin/python bench/bench_richelieu.py [games per rule set] [--short]

For each rule set it plays random legal games (seeded, so runs are comparable), then reports:
the median and p99 time of one ``apply`` (which checks legality itself), the time to replay a
whole game from its log, and how many complete random games (choosing among
``legal_actions`` and applying) one core plays per second. Goals: ``apply`` <= 0.2 ms median,
a whole game replays in <= 20 ms. ``--short`` plays two games per setup (the suite runs it, to
keep the script working).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.richelieu.engine import ENGINE  # noqa: E402

SETUPS: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("fun-for-2, 2 players", 2, {"ruleset": "fun-for-2"}),
    ("multiplayer, 2 players", 2, {"ruleset": "multiplayer"}),
    ("multiplayer, 3 players", 3, {"ruleset": "multiplayer"}),
    ("multiplayer, 4 players", 4, {"ruleset": "multiplayer"}),
    ("multiplayer, 4 players, short", 4, {"ruleset": "multiplayer", "short": True}),
)


def random_game(players: int, options: dict[str, Any], seed: int) -> list[dict[str, Any]]:
    rnd = random.Random(seed)
    state = ENGINE.setup(players, options, seed)
    log: list[dict[str, Any]] = []
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        action = rnd.choice(ENGINE.legal_actions(state, seat))
        state = ENGINE.apply(state, seat, action)
        log.append({"seat": seat, "action": action})
    return log


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def bench(players: int, options: dict[str, Any], games: int) -> dict[str, float]:
    started = time.perf_counter()
    logs = [random_game(players, options, seed) for seed in range(games)]
    games_per_second = games / (time.perf_counter() - started)
    apply_times: list[float] = []
    replay_times: list[float] = []
    for seed, log in enumerate(logs):
        replay_started = time.perf_counter()
        state = ENGINE.setup(players, options, seed)
        for entry in log:
            before = time.perf_counter_ns()
            state = ENGINE.apply(state, entry["seat"], entry["action"])
            apply_times.append((time.perf_counter_ns() - before) / 1e6)
        replay_times.append((time.perf_counter() - replay_started) * 1000)
    return {
        "moves": statistics.mean(len(log) for log in logs),
        "apply_median": statistics.median(apply_times),
        "apply_p99": percentile(apply_times, 0.99),
        "replay_median": statistics.median(replay_times),
        "replay_p99": percentile(replay_times, 0.99),
        "games_per_second": games_per_second,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", type=int, nargs="?", default=300, help="games per setup")
    parser.add_argument("--short", action="store_true", help="two games per setup")
    args = parser.parse_args()
    games = 2 if args.short else args.games
    print(f"Richelieu engine, {games} random games per setup, Python {platform.python_version()}")
    print()
    print(
        "| Setup | moves/game | apply median (ms) | apply p99 (ms) "
        "| replay median (ms) | replay p99 (ms) | random games/s |"
    )
    print("|---|---|---|---|---|---|---|")
    for label, players, options in SETUPS:
        figures = bench(players, options, games)
        print(
            f"| {label} | {figures['moves']:.0f} | {figures['apply_median']:.4f} "
            f"| {figures['apply_p99']:.4f} | {figures['replay_median']:.2f} "
            f"| {figures['replay_p99']:.2f} | {figures['games_per_second']:.0f} |"
        )


if __name__ == "__main__":
    main()
