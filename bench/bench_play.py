"""Submit-move latency and throughput with 1, 8 and 32 concurrent players, and page timings.

Run against a throw-away database (it creates and deletes its own users and matches):

    DATABASE_URL=postgres://postgres@127.0.0.1:PORT/partida_bench DEBUG=1 \
        .venv/bin/python bench/bench_play.py [--short]

Each player thread plays its own El collar match (draw, discard, ...) through
``moves.do_submit_move``, the service both the pages and the API call. ``--short``: 1 and 2
players, a few moves and page fetches (the suite runs it, to keep the script working).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "1")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from games.accounts.models import User  # noqa: E402
from games.actions import lifecycle, moves  # noqa: E402
from games.play.models import Match  # noqa: E402


@dataclass(frozen=True)
class Size:
    threads: tuple[int, ...]
    moves_per_player: int
    matches_on_dashboard: int
    page_rounds: int


FULL = Size(threads=(1, 8, 32), moves_per_player=60, matches_on_dashboard=200, page_rounds=30)
SHORT = Size(threads=(1, 2), moves_per_player=4, matches_on_dashboard=3, page_rounds=2)


def new_match(n: int) -> Match:
    a, _ = User.objects.get_or_create(username=f"bench-a{n}", email=f"a{n}@bench.invalid")
    b, _ = User.objects.get_or_create(username=f"bench-b{n}", email=f"b{n}@bench.invalid")
    match = lifecycle.do_create_match(a, "collar", {"anti_stall": False}, 2, invite=[b.username])
    lifecycle.do_accept_invitation(match.seats.get(user=b).pk, b)
    match.refresh_from_db()
    return match


def play(match: Match, timings: list[float], moves_wanted: int) -> None:
    engine = match.engine
    try:
        for _ in range(moves_wanted):
            match.refresh_from_db()
            if match.status != Match.Status.ACTIVE:
                break
            seat = match.seats.get(is_to_act=True)
            action = engine.legal_actions(match.engine_state(), seat.number)[-1]
            started = time.perf_counter()
            moves.do_submit_move(match.pk, seat.user, action, match.version)
            timings.append(time.perf_counter() - started)
    finally:
        connection.close()


def run(threads: int, moves_wanted: int) -> str:
    matches = [new_match(n) for n in range(threads)]
    timings: list[float] = []
    workers = [threading.Thread(target=play, args=(m, timings, moves_wanted)) for m in matches]
    started = time.perf_counter()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    elapsed = time.perf_counter() - started
    ms = sorted(t * 1000 for t in timings)
    p95 = ms[max(0, int(len(ms) * 0.95) - 1)]
    return (
        f"| {threads} | {len(ms)} | {statistics.median(ms):.1f} | {p95:.1f} | "
        f"{len(ms) / elapsed:.0f} |"
    )


def page_timings(size: Size) -> list[str]:
    user = User.objects.get(username="bench-a0")
    opponents = max(size.threads)
    for n in range(size.matches_on_dashboard):
        lifecycle.do_create_match(user, "collar", {}, 2, invite=[f"bench-b{n % opponents}"])
    client = Client(HTTP_HOST="localhost")
    client.force_login(user)
    rows = []
    match = Match.objects.filter(seats__user=user, status=Match.Status.ACTIVE).first()
    for label, url in (
        (f"dashboard, {size.matches_on_dashboard}+ matches", "/en/play/"),
        ("El collar game page", f"/en/play/{match.pk}/"),
    ):
        client.get(url)
        times = []
        for _ in range(size.page_rounds):
            started = time.perf_counter()
            assert client.get(url, HTTP_HOST="localhost").status_code == 200
            times.append((time.perf_counter() - started) * 1000)
        rows.append(f"| {label} | {statistics.median(times):.1f} | {max(times):.1f} |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--short", action="store_true", help="1 and 2 players, a few moves")
    size = SHORT if parser.parse_args().short else FULL
    call_command("migrate", verbosity=0)
    User.objects.filter(
        username__startswith="bench-"
    ).delete() if not Match.objects.exists() else None
    print(f"database: {connection.vendor}")
    print("| players | moves | median ms | p95 ms | moves/s |")
    print("|---|---|---|---|---|")
    for threads in size.threads:
        print(run(threads, size.moves_per_player))
    print()
    print("| page | median ms | max ms |")
    print("|---|---|---|")
    for row in page_timings(size):
        print(row)


if __name__ == "__main__":
    main()
