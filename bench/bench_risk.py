"""Benchmark of the Risk engine (not a test).

Run: .venv/bin/python bench/bench_risk.py [games] [--short]

It plays seeded games in every mode with a mixed player (half the moves a random choice inside
a random ``legal_actions`` template, half an aggressive choice: mass troops, blitz, move all
in), records every state before a placement, a single attack and a blitz, and times ``apply``
on each of them (``apply`` checks the action's legality itself). Then it builds a log of
exactly 2,000 actions of one classic 5-player game and times its full replay
(``setup`` plus 2,000 ``apply`` calls). Goal: ``apply`` <= 0.2 ms median. ``--short`` plays one
game per setup and replays a log of 200 actions once (the suite runs it, to keep the script
working).
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

from games.risk.engine import ENGINE  # noqa: E402
from games.risk.engine.data import board  # noqa: E402
from games.risk.engine.state import RiskState  # noqa: E402

GAMES: tuple[tuple[int, dict[str, Any]], ...] = (
    (3, {"mode": "intro"}),
    (5, {"mode": "intro"}),
    (3, {"mode": "classic", "deal_territories": True}),
    (5, {"mode": "classic"}),
    (2, {"mode": "two-player"}),
)
TIMED = ("place", "attack", "blitz")


def concrete(template: dict[str, Any], rnd: random.Random, state: RiskState) -> dict[str, Any]:
    action = dict(template)
    kind = action["type"]
    if kind in ("place", "place_neutral", "move_in"):
        action["troops"] = rnd.randint(action.pop("min"), action.pop("max"))
        action.pop("neutral", None)
    elif kind in ("attack", "blitz"):
        action["dice"] = rnd.randint(action.pop("min_dice"), action.pop("max_dice"))
        if kind == "blitz":
            action["stop_at"] = rnd.randint(action.pop("min_stop"), action.pop("max_stop"))
    elif kind == "maneuver":
        action["to"] = rnd.choice(action.pop("to_choices"))
        action["troops"] = rnd.randint(action.pop("min"), action.pop("max"))
    elif kind == "trade":
        stars = board().stars
        chosen: list[str] = []
        for card in action.pop("choose_from"):
            if sum(stars[board().index[c]] for c in chosen) + stars[board().index[card]] <= 10:
                chosen.append(card)
        action = {"type": "trade", "cards": chosen}
    return action


def aggressive(state: RiskState, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    b = board()
    for template in legal:
        if template["type"] == "move_in":
            return {"type": "move_in", "troops": template["max"]}
    places = [t for t in legal if t["type"] == "place" and t["max"] > 1]
    if places:
        best = max(places, key=lambda t: state.troops[b.index[t["territory"]]])
        return {"type": "place", "territory": best["territory"], "troops": best["max"]}
    blitzes = [t for t in legal if t["type"] == "blitz"]
    if blitzes:
        best = max(blitzes, key=lambda t: state.troops[b.index[t["from"]]])
        if state.troops[b.index[best["from"]]] > state.troops[b.index[best["to"]]] + 1:
            return {
                "type": "blitz",
                "from": best["from"],
                "to": best["to"],
                "dice": best["max_dice"],
            }
    return None


def play(
    players: int, options: dict[str, Any], seed: int, cap: int
) -> tuple[list[dict[str, Any]], list[tuple[RiskState, int, dict[str, Any]]]]:
    rnd = random.Random(seed)
    state = ENGINE.setup(players, options, seed)
    log: list[dict[str, Any]] = []
    samples: list[tuple[RiskState, int, dict[str, Any]]] = []
    while not ENGINE.is_over(state) and len(log) < cap:
        seat = ENGINE.to_act(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        action = aggressive(state, legal) if rnd.random() < 0.5 else None
        if action is None:
            action = concrete(rnd.choice(legal), rnd, state)
        if action["type"] in TIMED and state.phase != "setup_place":
            samples.append((state, seat, action))
        state = ENGINE.apply(state, seat, action)
        log.append({"seat": seat, "action": action})
    return log, samples


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def time_apply(samples: list[tuple[RiskState, int, dict[str, Any]]]) -> list[float]:
    times = []
    for state, seat, action in samples:
        before = time.perf_counter_ns()
        ENGINE.apply(state, seat, action)
        times.append((time.perf_counter_ns() - before) / 1e6)
    return times


def log_of(length: int) -> tuple[int, dict[str, Any], list[dict[str, Any]]]:
    options = {"mode": "classic"}
    for seed in range(1000):
        log, _ = play(5, options, seed, cap=length)
        if len(log) == length:
            return seed, options, log
    raise SystemExit(f"no game lasted {length:,} actions")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", type=int, nargs="?", default=40, help="games per setup")
    parser.add_argument("--short", action="store_true", help="one game per setup, a short log")
    args = parser.parse_args()
    games = 1 if args.short else args.games
    length, replays = (200, 1) if args.short else (2000, 7)
    print(f"Risk engine, {games} seeded games per setup, Python {platform.python_version()}")
    print()
    samples: dict[str, list[tuple[RiskState, int, dict[str, Any]]]] = {k: [] for k in TIMED}
    lengths: list[int] = []
    for players, options in GAMES:
        for seed in range(games):
            log, found = play(players, options, seed, cap=3000)
            lengths.append(len(log))
            for sample in found:
                samples[sample[2]["type"]].append(sample)
    print(f"Games played: {len(lengths)}, actions per game: median {statistics.median(lengths)}")
    print()
    print("| apply of | calls timed | median (ms) | p99 (ms) |")
    print("|---|---|---|---|")
    for kind in TIMED:
        times = time_apply(samples[kind])
        median, p99 = statistics.median(times), percentile(times, 0.99)
        print(f"| {kind} | {len(times)} | {median:.4f} | {p99:.4f} |")
    seed, options, log = log_of(length)
    runs = []
    for _ in range(replays):
        before = time.perf_counter()
        ENGINE.replay(5, options, seed, log)
        runs.append((time.perf_counter() - before) * 1000)
    blitzes = sum(1 for entry in log if entry["action"]["type"] == "blitz")
    print()
    print(
        f"Replay of a {length:,}-action classic 5-player game (seed {seed}, {blitzes} blitzes): "
        f"median {statistics.median(runs):.1f} ms, best {min(runs):.1f} ms, "
        f"worst {max(runs):.1f} ms over {len(runs)} runs."
    )


if __name__ == "__main__":
    main()
