"""The arena: house players against each other, engines only (no database, no Django).

    python -m games.bots.arena GAME --mode M --players P --a LEVEL --b LEVEL --games N --seed S

plays N seeded matches. Side a holds one seat, which rotates from match to match (seat 0 in the
first, 1 in the second, …) so that the first player's advantage cancels; side b holds the
others. The matches of one rotation share their seed (the same deal, with side a in each seat
in turn), which cancels much of the luck of the deal; the intervals treat the matches as
independent, which overstates the noise, so they err on the side of caution. Each bot decides
from its ``Situation`` only, exactly as on the site.

How a match counts: the winners share one point (a shared win of two is half a point each); a
match that reaches the move cap (random Risk players can play for ever), or that ends with no
winner, is a draw, and every seat gets an equal share of its point. A side's win rate is its
points over the matches, with a 95 % Wilson interval; its fair share is the rate of a side no
better than the others (1/P for side a). Decision times are CPU time (``time.process_time``)
per decision; the peak memory is the process's maximum resident set size.

A long run may be shared between processes: ``--start K`` plays only the run's matches from
number K on (the same deals, with side a in the same seats, as the whole run), ``--games N``
still ending the run at match N; the parts' points and matches add up to the whole run's.
``--each`` prints a line per match as it ends (to stderr), so that a run stopped early still
tells exactly how its first matches went.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import resource
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.bots import search
from games.bots.base import Level, decide, parse_level
from games.bots.fairness import situation_of
from games.engines.base import BaseEngine, EngineError, Event, redact_event
from games.engines.registry import get_engine

#: The option each game's ``--mode`` sets, and the flags that may follow it ("intro+short").
MODE_OPTION = {"richelieu": "ruleset", "risk": "mode", "collar": "mode"}
MODE_FLAGS = {"richelieu": {"short": "short"}, "risk": {"short": "short_game"}}
#: The z of a 95 % interval.
Z95 = 1.959963984540054


@dataclass
class Side:
    """One side's tally."""

    level: Level
    points: float = 0.0
    wins: int = 0
    times: list[float] = field(default_factory=list)


@dataclass
class Tally:
    games: int = 0
    draws: int = 0
    moves: int = 0
    sides: dict[str, Side] = field(default_factory=dict)


def options_for(game: str, mode: str | None, extra: Sequence[str]) -> dict[str, Any]:
    """The match options from ``--mode`` and ``--option name=value`` (JSON values, or text)."""
    options: dict[str, Any] = {}
    if mode:
        first, *flags = mode.replace(",", "+").split("+")
        if game not in MODE_OPTION:
            raise ValueError(f"{game} has no mode")
        options[MODE_OPTION[game]] = first
        for flag in flags:
            name = MODE_FLAGS.get(game, {}).get(flag)
            if name is None:
                raise ValueError(f"unknown mode flag {flag!r} for {game}")
            options[name] = True
    for item in extra:
        name, sep, raw = item.partition("=")
        if not sep:
            raise ValueError(f"an option is name=value, not {item!r}")
        try:
            options[name] = json.loads(raw)
        except json.JSONDecodeError:
            options[name] = raw
    return options


def wilson(points: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (points may be fractional: shared wins)."""
    if n == 0:
        return 0.0, 1.0
    p = points / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0–1) by the nearest-rank method; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]


def play_match(
    engine: BaseEngine[Any],
    players: int,
    options: dict[str, Any],
    seed: int,
    levels: Sequence[Level],
    max_moves: int,
) -> tuple[tuple[int, ...] | None, list[tuple[int, float]], int]:
    """One match: its winners (``None`` when the move cap ended it), each decision's
    (seat, CPU seconds), and the number of moves."""
    state = engine.setup(players, options, seed)
    seen: list[list[Event]] = [[] for _ in range(players)]
    witness(engine.events(state), seen)
    times: list[tuple[int, float]] = []
    moves = 0
    while not engine.is_over(state):
        if moves >= max_moves:
            return None, times, moves
        seat = engine.to_act(state)[0]
        situation = situation_of(
            engine,
            state,
            seat,
            players=players,
            options=options,
            version=engine.version,
            events=seen[seat],
        )
        start = time.process_time()
        action = decide(situation, levels[seat], seed * 100_003 + moves)
        times.append((seat, time.process_time() - start))
        state = engine.apply(state, seat, action)
        witness(engine.events(state), seen)
        moves += 1
    result = engine.result(state)
    return (tuple(result.winners) if result is not None else ()), times, moves


def witness(events: Sequence[Event], seen: list[list[Event]]) -> None:
    for seat, log in enumerate(seen):
        log.extend(redact_event(event, seat) for event in events)


def run_arena(
    game: str,
    players: int,
    options: dict[str, Any],
    a: Level,
    b: Level,
    games: int,
    seed: int,
    max_moves: int,
    start: int = 0,
    each: Callable[[str], None] | None = None,
) -> Tally:
    """Matches ``start`` to ``games`` − 1 of the run (see the module's docstring); ``each``
    is given a line per match as it ends."""
    engine = get_engine(game)
    options = engine.normalise_options(options)
    engine.check_players(players, options)
    tally = Tally(sides={"a": Side(a), "b": Side(b)})
    seeds = random.Random(seed)
    deal = 0
    for number in range(games):
        a_seat = number % players
        if a_seat == 0:
            deal = seeds.getrandbits(48)
        if number < start:
            continue
        levels = [a if s == a_seat else b for s in range(players)]
        winners, times, moves = play_match(engine, players, options, deal, levels, max_moves)
        before = tally.sides["a"].points
        count(tally, a_seat, players, winners)
        tally.moves += moves
        for seat, seconds in times:
            tally.sides["a" if seat == a_seat else "b"].times.append(seconds)
        if each is not None:
            each(match_line(number, a_seat, winners, moves, tally, before))
    return tally


def match_line(
    number: int,
    a_seat: int,
    winners: tuple[int, ...] | None,
    moves: int,
    tally: Tally,
    before: float,
) -> str:
    """One match's line for ``--each``: side a's seat, the winners, side a's points in the
    match and so far."""
    won = "move cap" if winners is None else ",".join(map(str, winners)) or "none"
    side = tally.sides["a"]
    return (
        f"match {number}: side a in seat {a_seat}, winners {won}, {moves} moves, "
        f"side a {side.points - before:g} (so far {side.points:g} of {tally.games})"
    )


def count(tally: Tally, a_seat: int, players: int, winners: tuple[int, ...] | None) -> None:
    tally.games += 1
    side_a, side_b = tally.sides["a"], tally.sides["b"]
    if not winners:
        tally.draws += 1
        side_a.points += 1 / players
        side_b.points += (players - 1) / players
        return
    share = 1 / len(winners)
    if a_seat in winners:
        side_a.points += share
        side_a.wins += len(winners) == 1
    others = [seat for seat in winners if seat != a_seat]
    side_b.points += share * len(others)
    side_b.wins += len(winners) == 1 and bool(others)


def summary(tally: Tally, players: int) -> dict[str, Any]:
    """The figures, as printed (and as ``--json`` writes them)."""
    sides = {}
    for name, side in tally.sides.items():
        low, high = wilson(side.points, tally.games)
        sides[name] = {
            "level": side.level,
            "seats": 1 if name == "a" else players - 1,
            "fair_share": 1 / players if name == "a" else (players - 1) / players,
            "points": side.points,
            "outright_wins": side.wins,
            "win_rate": side.points / tally.games if tally.games else 0.0,
            "interval_95": [low, high],
            "decisions": len(side.times),
            "ms_p50": 1000 * percentile(side.times, 0.5),
            "ms_p95": 1000 * percentile(side.times, 0.95),
            "ms_max": 1000 * max(side.times, default=0.0),
        }
    return {
        "games": tally.games,
        "draws": tally.draws,
        "moves_per_game": tally.moves / tally.games if tally.games else 0.0,
        "sides": sides,
        "peak_memory_mb": peak_memory_mb(),
    }


def peak_memory_mb() -> float:
    """The process's peak resident memory (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def report(figures: dict[str, Any]) -> str:
    lines = [
        f"{figures['games']} games, {figures['draws']} draws (move cap or no winner), "
        f"{figures['moves_per_game']:.0f} moves a game"
    ]
    for name, side in figures["sides"].items():
        low, high = side["interval_95"]
        lines.append(
            f"side {name} (level {side['level']}, {side['seats']} seat(s), fair share "
            f"{100 * side['fair_share']:.0f} %): win rate {100 * side['win_rate']:.1f} % "
            f"[95 % {100 * low:.1f}–{100 * high:.1f}] ({side['points']:g} points, "
            f"{side['outright_wins']} outright wins); CPU per decision p50 "
            f"{side['ms_p50']:.1f} ms, p95 {side['ms_p95']:.1f} ms, max {side['ms_max']:.1f} ms "
            f"over {side['decisions']} decisions"
        )
    lines.append(f"peak memory {figures['peak_memory_mb']:.0f} MB")
    return "\n".join(lines)


def parser() -> argparse.ArgumentParser:
    parse = argparse.ArgumentParser(
        prog="python -m games.bots.arena", description=__doc__.split("\n\n")[0]
    )
    parse.add_argument("game", help="the game's slug: richelieu, risk, collar")
    parse.add_argument(
        "--mode",
        help="the mode option (Richelieu: multiplayer or fun-for-2, +short; Risk: intro, "
        "classic or two-player, intro+short; El collar: duel)",
    )
    parse.add_argument("--players", type=int, default=2)
    parse.add_argument("--a", type=parse_level, required=True, help="1, 2, 3 or random")
    parse.add_argument("--b", type=parse_level, required=True, help="1, 2, 3 or random")
    parse.add_argument("--games", type=int, default=100)
    parse.add_argument("--seed", type=int, default=1)
    parse.add_argument(
        "--start",
        type=int,
        default=0,
        help="play only the run's matches from this number on (same deals and seats)",
    )
    parse.add_argument(
        "--each", action="store_true", help="print a line per match as it ends (to stderr)"
    )
    parse.add_argument(
        "--option", action="append", default=[], help="another option, name=value (repeatable)"
    )
    parse.add_argument(
        "--max-moves", type=int, default=5000, help="moves after which a match is a draw"
    )
    parse.add_argument(
        "--scale", type=float, default=1.0, help="multiply every level's search iterations"
    )
    parse.add_argument(
        "--no-time-cap",
        action="store_true",
        help="searches run to their iteration caps (reproducible on any machine)",
    )
    parse.add_argument("--json", action="store_true", help="print the figures as JSON")
    return parse


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        options = options_for(args.game, args.mode, args.option)
    except ValueError as error:
        parser().error(str(error))
    if args.games < 1:
        parser().error("--games must be at least 1")
    if not 0 <= args.start < args.games:
        parser().error(f"--start must be from 0 to --games − 1 ({args.games - 1})")
    each = (lambda line: print(line, file=sys.stderr, flush=True)) if args.each else None
    with search.limits(time_cap=not args.no_time_cap, scale=args.scale):
        try:
            tally = run_arena(
                args.game, args.players, options, args.a, args.b, args.games, args.seed,
                args.max_moves, args.start, each,
            )  # fmt: skip
        except (KeyError, EngineError) as error:
            parser().error(f"{args.game}: {error}")
    figures = summary(tally, args.players)
    print(json.dumps(figures) if args.json else report(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
