"""Benchmark of the tournaments' formats: pairing each round of a large Swiss.

Run: .venv/bin/python bench/bench_tournaments.py [--players N] [--rounds R] [--seed S] [--short]

Plays a Swiss of N players (256) over R rounds (7) with random results (a win, a draw or a
loss, equally likely) and prints the CPU time of each round's pairing, its band and whether it
needed a rematch. ``--short`` pairs 16 players over 3 rounds (the suite runs it, to keep the
script working).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.tournaments.swiss import Entrant, Played, pair_round  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--short", action="store_true")
    args = parser.parse_args()
    players, rounds = (16, 3) if args.short else (args.players, args.rounds)
    rng = random.Random(args.seed)
    entrants = [Entrant(n, rng.randrange(1000, 2200)) for n in range(players)]
    scores: Counter[int] = Counter()
    history: list[Played] = []
    byes: list[int] = []
    print(f"Swiss of {players} players, {rounds} rounds, seed {args.seed}\n")
    print("| round | pairing CPU (ms) | pairs | pairs of unequal scores | rematches |")
    print("|---|---|---|---|---|")
    worst = 0.0
    for number in range(1, rounds + 1):
        start = time.process_time()
        pairing = pair_round(entrants, scores, history, byes)
        took = (time.process_time() - start) * 1000
        worst = max(worst, took)
        unequal = sum(scores[a] != scores[b] for a, b in pairing.pairs)
        print(f"| {number} | {took:.0f} | {len(pairing.pairs)} | {unequal} | {pairing.repeats} |")
        for first, second in pairing.pairs:
            history.append(Played(first, second))
            share = rng.choice((1.0, 0.5, 0.0))
            scores[first] += share
            scores[second] += 1 - share
        if pairing.bye is not None:
            byes.append(pairing.bye)
            scores[pairing.bye] += 1
    print(f"\nSlowest round: {worst:.0f} ms of CPU (goal: 1000 ms at 256 players).")


if __name__ == "__main__":
    main()
