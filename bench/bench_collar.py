"""Benchmark of the El collar de la duquesa engine: apply timings and random games per second.

Run: .venv/bin/python bench/bench_collar.py [--games N] [--short]

``--short`` plays a few games per set (the suite runs it, to keep the script working).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.collar.engine import ENGINE  # noqa: E402
from games.collar.engine.state import CollarState  # noqa: E402

COMBOS: list[dict[str, Any]] = [
    {"mode": mode, "rainbow": rainbow, "gold": gold}
    for mode in ("duel", "solo")
    for rainbow in (False, True)
    for gold in (False, True)
]
GAMES = 2000
SHORT_GAMES = 3


def play(options: dict[str, Any], seed: int, timings: list[float] | None) -> CollarState:
    players = 1 if options["mode"] == "solo" else 2
    chooser = random.Random(seed)
    state = ENGINE.setup(players, options, seed)
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        action = chooser.choice(ENGINE.legal_actions(state, seat))
        if timings is None:
            state = ENGINE.apply(state, seat, action)
        else:
            start = time.perf_counter()
            state = ENGINE.apply(state, seat, action)
            timings.append(time.perf_counter() - start)
    return state


def label(options: dict[str, Any]) -> str:
    extras = [name for name in ("rainbow", "gold") if options[name]] or ["base"]
    return f"{options['mode']} {'+'.join(extras)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=GAMES, help="random games per set, twice")
    parser.add_argument("--short", action="store_true", help=f"{SHORT_GAMES} games per set")
    args = parser.parse_args()
    games = SHORT_GAMES if args.short else args.games
    header = ("set", "apply median µs", "apply p99 µs", "games/s", "applies/game")
    print(f"{header[0]:<22} {header[1]:>16} {header[2]:>13} {header[3]:>9} {header[4]:>13}")
    for options in COMBOS:
        timings: list[float] = []
        for seed in range(games):
            play(options, seed, timings)
        start = time.perf_counter()
        for seed in range(games, 2 * games):
            play(options, seed, None)
        elapsed = time.perf_counter() - start
        ordered = sorted(timings)
        median = statistics.median(ordered) * 1e6
        p99 = ordered[int(len(ordered) * 0.99)] * 1e6
        print(
            f"{label(options):<22} {median:>16.1f} {p99:>13.1f} {games / elapsed:>9.0f}"
            f" {len(timings) / games:>13.1f}"
        )


if __name__ == "__main__":
    main()
