"""Move submission over HTTP against a trivial authenticated endpoint, at 1, 8 and 32 clients.

Run against a throw-away PostgreSQL database (it migrates it and fills it with bench users and
matches) and, for the throttle counters, Redis as in production:

    DATABASE_URL=postgres://postgres@127.0.0.1:PORT/partida_bench \\
    CACHE_URL=redis://127.0.0.1:RPORT/1 .venv/bin/python bench/bench_api.py

It starts gunicorn (``--workers 4 --worker-class gthread --threads 4``, DEBUG off) on a free
loopback port and, in the same run, for each number of clients:

- ``GET /api/v1/ping/`` (token authentication, throttling, a JSON answer: the floor of any
  authenticated request), each client sending requests back to back;
- ``POST /api/v1/matches/{id}/moves/``: each client plays its own El collar matches (both
  seats' tokens), always drawing and then discarding the first card offered, with
  ``expected_version``; ``include_actions`` only on the draw, to learn the cards to discard.

Each client keeps one HTTP/1.1 connection open. Reported: requests per second over the whole
phase, median and 95th percentile latency, and the ratio of moves/s to pings/s.

Then the 32 clients send moves at a steady rate in all (25, 50 and 100 per second), each
move due at its time whatever the answers before it: the latency a player meets when the site
is busy but not saturated, counted from the moment the move was due.
"""

from __future__ import annotations

import argparse
import cProfile
import http.client
import json
import os
import pstats
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", "bench-only-key-" + "x" * 40)
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
os.environ["API_THROTTLE_RATES"] = "user=10000000/min,moves=10000000/min"

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

from games.accounts.models import User  # noqa: E402
from games.actions import lifecycle, moves  # noqa: E402
from games.api.tokens import create_token  # noqa: E402

OPTIONS = {"mode": "duel", "rainbow": True, "gold": True, "anti_stall": False}


@dataclass(frozen=True)
class Size:
    levels: tuple[int, ...]
    #: Requests per phase and number of clients.
    requests: dict[int, int]
    #: Then the most clients send moves at a steady rate in all (per second), not back to back.
    paced_rates: tuple[float, ...]
    paced_seconds: float
    workers: tuple[str, ...]
    #: Moves through ``moves.do_submit_move`` in process, and how many of them are profiled.
    alone: int
    profiled: int


#: Enough requests for a stable p95, short enough for a 2-core machine.
FULL = Size(
    levels=(1, 8, 32), requests={1: 400, 8: 1600, 32: 3200}, paced_rates=(25.0, 50.0, 100.0),
    paced_seconds=20.0, workers=("--workers", "4", "--worker-class", "gthread", "--threads", "4"),
    alone=200, profiled=30,
)  # fmt: skip
#: ``--short``: every phase, a few requests each (the suite runs it, to keep the script working).
SHORT = Size(
    levels=(1, 2), requests={1: 6, 2: 8}, paced_rates=(10.0,), paced_seconds=1.0,
    workers=("--workers", "1", "--worker-class", "gthread", "--threads", "2"),
    alone=6, profiled=2,
)  # fmt: skip


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Client:
    """One keep-alive connection; ``call`` returns (status, body, seconds)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(self, method: str, path: str, token: str, body: Any = None) -> tuple[int, Any, float]:
        headers = {"Authorization": f"Bearer {token}", "Accept": "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body)
            headers["Content-Type"] = "application/json"
        started = time.perf_counter()
        try:
            self.connection.request(method, path, data, headers)
            response = self.connection.getresponse()
            raw = response.read()
        except (http.client.HTTPException, OSError):
            self.connection.close()  # the server closed a kept-alive connection: once more
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            self.connection.request(method, path, data, headers)
            response = self.connection.getresponse()
            raw = response.read()
        elapsed = time.perf_counter() - started
        return response.status, json.loads(raw or b"null"), elapsed


class Player:
    """One benchmark client: its matches (two seats each) and the moves it sends.

    Every move is one of the legal actions the API listed for the seat to move: the answer to
    a move lists the mover's next actions (``include_actions``); when the turn passes to the
    other seat, or in a new match, the client asks ``GET …/actions/`` first, as a bot does.
    """

    def __init__(self, n: int, port: int) -> None:
        self.client = Client(port)
        self.n = n
        self.users = [bench_user(f"bench-api-{n}-a"), bench_user(f"bench-api-{n}-b")]
        self.tokens = {u.pk: create_token(u, "bench")[1] for u in self.users}
        self.match: dict[str, Any] | None = None
        self.actions: list[dict[str, Any]] = []
        self.ready: list[dict[str, Any]] = []
        #: Requests sent for moves: the moves and the ``GET …/actions/`` before some of them.
        self.requests = 0

    def prepare(self, moves: int) -> None:
        """Matches made beforehand, so that the phases measure only HTTP requests."""
        for _ in range(moves // 30 + 2):
            self.ready.append(self.make_match())

    def make_match(self) -> dict[str, Any]:
        a, b = self.users
        match = lifecycle.do_create_match(a, "collar", OPTIONS, 2, invite=[b.username])
        lifecycle.do_accept_invitation(match.seats.get(user=b).pk, b)
        match.refresh_from_db()
        mover = match.seats.get(is_to_act=True).user_id
        return {"id": match.pk, "version": match.version, "mover": mover}

    def new_match(self) -> None:
        self.match = self.ready.pop() if self.ready else self.make_match()
        self.actions = []

    def ping(self, timings: list[float]) -> None:
        status, _body, elapsed = self.client.call("GET", "/api/v1/ping/", self.token(0))
        assert status == 200, status
        timings.append(elapsed)

    def token(self, index: int) -> str:
        return self.tokens[self.users[index].pk]

    def listed_actions(self, match: dict[str, Any]) -> None:
        """The mover's legal actions, asked of the API (a new match, or the turn passed)."""
        path = f"/api/v1/matches/{match['id']}/actions/"
        status, answer, _elapsed = self.client.call("GET", path, self.tokens[match["mover"]])
        self.requests += 1
        assert status == 200 and answer["my_turn"], (status, answer)
        match["version"] = answer["version"]
        self.actions = [listed["action"] for listed in answer["actions"]]

    def move(self, timings: list[float]) -> None:
        """Send one move: the last legal action listed (as ``bench_play`` and the service
        alone choose), with ``expected_version``; any answer but 201 stops the benchmark."""
        if self.match is None:
            self.new_match()
        match = self.match
        assert match is not None
        if not self.actions:
            self.listed_actions(match)
        body = {
            "action": self.actions[-1],
            "expected_version": match["version"],
            "include_actions": True,
        }
        path = f"/api/v1/matches/{match['id']}/moves/"
        status, answer, elapsed = self.client.call("POST", path, self.tokens[match["mover"]], body)
        self.requests += 1
        assert status == 201, (status, answer, body)
        timings.append(elapsed)
        if answer["status"] != "active":
            self.match = None
            return
        match["version"] = answer["version"]
        self.actions = [listed["action"] for listed in answer.get("actions", [])]
        if not answer["my_turn"]:
            match["mover"] = next(u.pk for u in self.users if u.pk != match["mover"])
            self.actions = []


def bench_user(username: str) -> User:
    user, _created = User.objects.get_or_create(
        username=username, defaults={"email": f"{username}@bench.invalid"}
    )
    return user


def run_phase(players: list[Player], kind: str, total: int) -> dict[str, float]:
    per_client = total // len(players)
    timings: list[float] = []
    errors: list[str] = []

    def work(player: Player) -> None:
        try:
            for _ in range(per_client):
                getattr(player, kind)(timings)
        except Exception as error:  # noqa: BLE001 - reported after the phase
            errors.append(repr(error))

    threads = [threading.Thread(target=work, args=(p,)) for p in players]
    requests_before = sum(player.requests for player in players)
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    assert not errors, errors[:3]
    ms = sorted(t * 1000 for t in timings)
    return {
        "count": len(ms),
        "per_second": len(ms) / elapsed,
        "requests": sum(player.requests for player in players) - requests_before,
        "median": statistics.median(ms),
        "p95": ms[max(0, int(len(ms) * 0.95) - 1)],
    }


def run_paced(players: list[Player], rate: float, seconds: float) -> dict[str, float]:
    """Moves at a steady ``rate`` in all (each client in turn, evenly spread), not back to back.

    A move's latency counts from the moment it was due, so a client held up by a slow answer
    reports the wait too (no coordinated omission).
    """
    interval = len(players) / rate
    timings: list[float] = []
    errors: list[str] = []
    start = time.perf_counter() + 0.5

    def work(n: int, player: Player) -> None:
        due = start + n * interval / len(players)
        try:
            while due < start + seconds:
                time.sleep(max(0.0, due - time.perf_counter()))
                answered: list[float] = []
                player.move(answered)  # its GET of the legal actions, when needed, included
                if answered:
                    timings.append(time.perf_counter() - due)
                due += interval
        except Exception as error:  # noqa: BLE001 - reported after the phase
            errors.append(repr(error))

    threads = [threading.Thread(target=work, args=(n, p)) for n, p in enumerate(players)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors[:3]
    ms = sorted(t * 1000 for t in timings)
    return {
        "count": len(ms),
        "median": statistics.median(ms),
        "p95": ms[max(0, int(len(ms) * 0.95) - 1)],
        "max": ms[-1],
    }


def next_moves(count: int) -> Iterator[tuple[int, User, dict[str, Any], int]]:
    """``count`` El collar moves for ``moves.do_submit_move`` (match, user, action, version): the
    last legal action each time, in new matches as they end. The caller plays each one."""
    a, b = bench_user("bench-api-svc-a"), bench_user("bench-api-svc-b")
    given = 0
    while given < count:
        match = lifecycle.do_create_match(a, "collar", OPTIONS, 2, invite=[b.username])
        lifecycle.do_accept_invitation(match.seats.get(user=b).pk, b)
        match.refresh_from_db()
        while match.status == "active" and given < count:
            seat = match.seats.get(is_to_act=True)
            action = match.engine.legal_actions(match.engine_state(), seat.number)[-1]
            yield match.pk, seat.user, action, match.version
            given += 1
            match.refresh_from_db()


def service_alone(size: Size) -> dict[str, float]:
    """The same moves through ``moves.do_submit_move`` in this process: the floor under HTTP;
    then a few more, each under ``cProfile``, for the Python calls per move (the work, which
    does not move with this virtual machine's speed)."""
    timings: list[float] = []
    calls: list[int] = []
    for n, (pk, user, action, version) in enumerate(next_moves(size.alone + size.profiled)):
        if n < size.alone:
            started = time.perf_counter()
            moves.do_submit_move(pk, user, action, version)
            timings.append(time.perf_counter() - started)
        else:
            profiler = cProfile.Profile()
            profiler.runcall(moves.do_submit_move, pk, user, action, version)
            calls.append(pstats.Stats(profiler).total_calls)  # type: ignore[attr-defined]
    ms = sorted(t * 1000 for t in timings)
    return {
        "median": statistics.median(ms),
        "p95": ms[max(0, int(len(ms) * 0.95) - 1)],
        "calls": statistics.median(calls),
    }


def start_server(port: int, workers: tuple[str, ...]) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "gunicorn", "config.wsgi", *workers,
               "--bind", f"127.0.0.1:{port}", "--log-level", "warning"]  # fmt: skip
    server = subprocess.Popen(command, cwd=ROOT, env={**os.environ, "DEBUG": "0"})
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("gunicorn did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--short", action="store_true", help="1 and 2 clients, a few requests")
    size = SHORT if parser.parse_args().short else FULL
    call_command("migrate", verbosity=0)
    print(f"database: {connection.vendor}, cache: {os.environ.get('CACHE_URL') or 'local memory'}")
    alone = service_alone(size)
    print(
        f"do_submit_move alone, in process, 1 thread: median {alone['median']:.1f} ms, "
        f"p95 {alone['p95']:.1f} ms, {alone['calls'] / 1000:.1f} thousand Python calls per move "
        f"(median of {size.profiled})"
    )
    port = free_port()
    server = start_server(port, size.workers)
    try:
        rows, steady = run_phases(size, port)
    finally:
        server.terminate()
        server.wait(timeout=30)
    print_figures(size, rows, steady)


Row = tuple[int, dict[str, float], dict[str, float]]


def run_phases(size: Size, port: int) -> tuple[list[Row], list[tuple[float, dict[str, float]]]]:
    players = [Player(n, port) for n in range(max(size.levels))]
    for n, player in enumerate(players):
        closed = sum(size.requests[level] // level for level in size.levels if n < level)
        paced = sum(int(r * size.paced_seconds) // len(players) + 1 for r in size.paced_rates)
        player.prepare(closed + paced)
    connection.close()
    for player in players:  # warm the workers up: imports, connections, caches
        player.ping([])
        player.move([])
    rows = []
    for level in size.levels:
        ping = run_phase(players[:level], "ping", size.requests[level])
        move = run_phase(players[:level], "move", size.requests[level])
        rows.append((level, ping, move))
    steady = [(rate, run_paced(players, rate, size.paced_seconds)) for rate in size.paced_rates]
    return rows, steady


def print_figures(
    size: Size, rows: list[Row], steady: list[tuple[float, dict[str, float]]]
) -> None:
    print(
        "| clients | ping req/s | ping median ms | ping p95 ms | moves/s | move median ms "
        "| move p95 ms | moves/s ÷ pings/s | requests per move |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for level, ping, move in rows:
        print(
            f"| {level} | {ping['per_second']:.0f} | {ping['median']:.1f} | {ping['p95']:.1f} | "
            f"{move['per_second']:.0f} | {move['median']:.1f} | {move['p95']:.1f} | "
            f"{move['per_second'] / ping['per_second']:.2f} | "
            f"{move['requests'] / move['count']:.2f} |"
        )
    print(
        f"\n{max(size.levels)} clients, moves at a steady rate in all, "
        f"{size.paced_seconds:.0f} s each:"
    )
    print("| moves/s offered | moves | median ms | p95 ms | max ms |\n|---|---|---|---|---|")
    for rate, paced in steady:
        print(
            f"| {rate:.0f} | {paced['count']} | {paced['median']:.1f} | {paced['p95']:.1f} | "
            f"{paced['max']:.1f} |"
        )


if __name__ == "__main__":
    main()
