"""Game page budget: server time and size of each game's page, and our own JavaScript.

Run against a throw-away database (it makes its own users and matches):

    DATABASE_URL=postgres://postgres@127.0.0.1:PORT/partida_bench \
        .venv/bin/python bench/bench_pages.py [--short]

The site runs as in production (``DEBUG`` off, HTTPS requests; a throw-away ``SECRET_KEY``
unless one is set).

For each game and variant a match is played at random through the move service up to a
middle position; then the page of the player to move is fetched ``ROUNDS`` times with Django's
test client (the server's time: view, queries, templates; no network). The size is the HTML
with its board, gzipped as a server would send it, plus the game's board stylesheet. Goals:
a first view ≤ 25 thousand calls and ≤ 15 ms median, a repeat view ≤ 8 ms, ≤ 40 KB gzip; our
own JavaScript (static/**/*.js of ours) ≤ 30 KB. A *first view* draws the board (the board
cache is replaced by one that keeps nothing); a *repeat view* reads the board the previous
fetch drew (``games.play.pages.rendered_board``). The CPU column is this process's CPU time
per page (the wall time less the waits for PostgreSQL and for other processes). The "calls"
column counts the Python function calls of one more request (``cProfile``): the work per
page, which does not move with this virtual machine's speed (that changed by half from one
minute to the next here), only with the code and the position.
``--short``: every variant a few moves in, each page fetched twice (the suite runs it, to keep
the script working).
"""

from __future__ import annotations

import argparse
import cProfile
import gzip
import os
import pstats
import random
import statistics
import sys
import time
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("SECRET_KEY", "bench-pages-throw-away-key-" + "x" * 40)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from games.accounts.models import User  # noqa: E402
from games.actions import lifecycle, moves  # noqa: E402
from games.play import pages  # noqa: E402
from games.play.models import Match  # noqa: E402
from games.registry import installed_games  # noqa: E402

ROUNDS = 30
#: ``--short``: the rounds per page and the moves played before it (at most).
SHORT_ROUNDS, SHORT_STEPS = 2, 4
VARIANTS = [
    ("richelieu", {"ruleset": "fun-for-2"}, 2, 40),
    ("richelieu", {"ruleset": "multiplayer"}, 4, 40),
    ("risk", {"mode": "classic"}, 3, 150),
    ("risk", {"mode": "two-player"}, 2, 150),
    ("collar", {"mode": "duel", "rainbow": True, "gold": True}, 2, 12),
    ("collar", {"mode": "solo"}, 1, 12),
]


def user(name: str) -> User:
    found, _ = User.objects.get_or_create(username=name, email=f"{name}@bench.invalid")
    return found


def middle_of(game: str, options: dict, players: int, steps: int, n: int) -> Match:
    cast = [user(f"page-{n}-{i}") for i in range(players)]
    match = lifecycle.do_create_match(
        cast[0], game, options, players, invite=[u.username for u in cast[1:]]
    )
    for other in cast[1:]:
        lifecycle.do_accept_invitation(match.seats.get(user=other).pk, other)
    rng = random.Random(n)
    for _ in range(steps):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        seat = match.seats.filter(is_to_act=True).first()
        legal = match.engine.legal_actions(match.engine_state(), seat.number)
        template = rng.choice(legal)
        action = {k: v for k, v in template.items() if not k.startswith(("min", "max"))}
        for key, high in (("troops", "max"), ("dice", "max_dice")):
            if high in template:
                action[key] = template[high]
        if "min_stop" in template:
            action["stop_at"] = template["min_stop"]
        if "to_choices" in template:
            action.pop("to_choices")
            action["to"] = template["to_choices"][0]
        if "choose_from" in template:
            action.pop("choose_from")
            action["cards"] = template["choose_from"][:3]
        try:
            moves.do_submit_move(match.pk, seat.user, action, match.version)
        except Exception:  # noqa: BLE001 - a random pick the engine refuses: try another
            continue
    match.refresh_from_db()
    return match


class NoBoards:
    """In place of the cache for the game page's board: nothing kept, nothing found (a first
    view: the board is drawn)."""

    def get(self, key: str, default: object = None) -> object:
        return default

    def set(self, *args: object, **kwargs: object) -> None:
        pass


def timed(client: Client, url: str, rounds: int) -> str:
    """``rounds`` fetches of ``url``: "median / p95 / CPU median (ms) | calls (thousands)"."""
    times, cpu = [], []
    for _ in range(rounds):
        started, started_cpu = time.perf_counter(), time.process_time()
        response = client.get(url, secure=True)
        times.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
        assert response.status_code == 200, response.status_code
    profiler = cProfile.Profile()
    profiler.runcall(client.get, url, secure=True)
    calls = pstats.Stats(profiler).total_calls  # type: ignore[attr-defined]
    p95 = sorted(times)[max(0, int(len(times) * 0.95) - 1)]
    return (
        f"{statistics.median(times):.1f} / {p95:.1f} / {statistics.median(cpu):.1f} | "
        f"{calls / 1000:.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--short", action="store_true", help="a few moves, two rounds a page")
    short = parser.parse_args().short
    rounds = SHORT_ROUNDS if short else ROUNDS
    call_command("migrate", verbosity=0)
    print("| Game | variant | players | moves | first view: median / p95 / CPU (ms) | "
          "calls (k) | repeat view: median / p95 / CPU (ms) | calls (k) | HTML gzip (KB) | "
          "+ board CSS gzip (KB) |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|---|")
    for n, (game, options, players, steps) in enumerate(VARIANTS):
        match = middle_of(game, options, players, min(steps, SHORT_STEPS) if short else steps, n)
        seat = match.seats.filter(is_to_act=True).first() or match.seats.first()
        client = Client(HTTP_HOST="localhost")
        client.force_login(seat.user)
        url = f"/en/play/{match.pk}/"
        client.get(url, secure=True)
        with mock.patch.object(pages, "cache", NoBoards()):
            first = timed(client, url, rounds)
        repeat = timed(client, url, rounds)
        response = client.get(url, secure=True)
        assert response.status_code == 200, response.status_code
        html = gzip.compress(response.content)
        sheet = installed_games()[game].board_stylesheet
        css = ROOT / "games" / game / "static" / sheet if sheet else None
        css_kb = len(gzip.compress(css.read_bytes())) / 1024 if css else 0.0
        variant = ", ".join(f"{k}={v}" for k, v in options.items())
        print(f"| {game} | {variant} | {players} | {match.version} | {first} | {repeat} | "
              f"{len(html) / 1024:.1f} | {len(html) / 1024 + css_kb:.1f} |")  # fmt: skip
    ours = [p for p in ROOT.glob("games/**/static/**/*.js")] + list(ROOT.glob("static/**/*.js"))
    total = sum(p.stat().st_size for p in ours)
    zipped = sum(len(gzip.compress(p.read_bytes())) for p in ours)
    print(f"\nOur own JavaScript: {len(ours)} files, {total / 1024:.1f} KB "
          f"({zipped / 1024:.1f} KB gzip)")  # fmt: skip


if __name__ == "__main__":
    main()
