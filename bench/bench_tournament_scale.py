"""Tournaments at scale: a 1,000-player group stage started, and its tournament page.

Run against a throw-away database (it makes its own players and tournaments; it may be run
again on the same database):

    DATABASE_URL=postgres://postgres@127.0.0.1:PORT/partida_bench CELERY_BROKER_URL=memory:// \\
        .venv/bin/python bench/bench_tournament_scale.py [--short]

The site runs as in production (``DEBUG`` off, HTTPS requests; a throw-away ``SECRET_KEY``
unless one is set). For each game, 1,000 players (``bulk_create``, no passwords) enter a
round-robin groups tournament (``Entry.objects.bulk_create``: the setup, not measured) whose
date has passed; then ``do_advance`` starts it, as the minute sweep would: under the
tournament's lock and in one transaction, the entrants' ratings noted, the groups dealt, and
every match of stage 1 created and seated (the pairing); then, after that commit, the matches
started with their clocks, ``START_BATCH`` to a transaction (``start_paired``). Both parts are
timed (wall; this process's CPU time and queries for the whole). El collar's duel plays groups
of 3–4 in which every pair meets (about 1,500 matches); Risk's classic game one table of 3–5
per group (200 matches). The Celery tasks the start sends (none is needed to start) stay in
memory with ``CELERY_BROKER_URL=memory://``; the notification rows are written, as on the site.

The tournament's page (``/en/tournaments/<pk>/``) is fetched ``ROUNDS`` times with Django's
test client, as an entrant and anonymously, while the tournament is open (its first page of 100
entrants listed, and the count of all) and once stage 1 runs (its first page of 8 groups, or
the entrant's own). Goals (issue 33): the stage's matches created in ≤ 10 s, the page ≤ 50 ms
median. ``--short``: 24 players, 3 fetches a page (the suite runs it, to keep the script
working).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("SECRET_KEY", "bench-tournament-scale-throw-away-key-" + "x" * 40)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.utils import timezone  # noqa: E402

from games.accounts.models import User  # noqa: E402
from games.actions import tournament_matches, tournaments  # noqa: E402
from games.play.models import Match  # noqa: E402
from games.tournaments.models import Entry, Tournament  # noqa: E402

PLAYERS, ROUNDS = 1000, 15
#: ``--short``: the players of each tournament and the fetches of each page.
SHORT_PLAYERS, SHORT_ROUNDS = 24, 3
#: The goals: the stage's matches created in seconds, a page's median in milliseconds.
START_GOAL, PAGE_GOAL = 10.0, 50.0
VARIANTS = [
    ("collar", {"mode": "duel"}, "El collar, duel (groups of 3–4)"),
    ("risk", {"mode": "classic"}, "Risk, classic (tables of 3–5)"),
]


def players(prefix: str, count: int) -> list[User]:
    """``count`` new players, written in one ``INSERT`` (an unusable password: no hashing)."""
    User.objects.bulk_create(
        User(username=f"{prefix}-{n}", email=f"{prefix}-{n}@bench.invalid", password="!")
        for n in range(count)
    )
    return list(User.objects.filter(username__startswith=f"{prefix}-").order_by("pk"))


def entered(game: str, options: dict, cast: list[User], name: str) -> Tournament:
    """An open groups tournament of ``cast`` whose date has passed (the sweep would start it)."""
    tournament = tournaments.do_create_tournament(
        cast[0], name, game, options, format=Tournament.Format.GROUPS, min_players=3,
        max_players=max(len(cast), 3), starts_at=timezone.now() - timedelta(minutes=1),
    )  # fmt: skip
    Entry.objects.bulk_create(Entry(tournament=tournament, user=user) for user in cast[1:])
    return tournament


class Counted:
    """Counts the queries it wraps (``CaptureQueriesContext`` keeps only the last 9,000)."""

    def __init__(self) -> None:
        self.queries = 0

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        self.queries += 1
        return execute(sql, params, many, context)


class Paired:
    """Stands in for ``start_paired`` in ``do_advance``: notes when the pairing's transaction
    has committed, then starts the matches."""

    def __init__(self) -> None:
        self.at = 0.0

    def __call__(self, tournament_id: Any) -> int:
        self.at = time.perf_counter()
        return tournament_matches.start_paired(tournament_id)


def fetch(client: Client, url: str, rounds: int) -> tuple[float, float, int]:
    """The page's median and p95 (ms) over ``rounds`` fetches, and the queries of one more."""
    client.get(url, secure=True)
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        response = client.get(url, secure=True)
        times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    with CaptureQueriesContext(connection) as captured:
        client.get(url, secure=True)
    p95 = sorted(times)[max(0, int(len(times) * 0.95) - 1)]
    return statistics.median(times), p95, len(captured.captured_queries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--short", action="store_true", help="24 players, 3 fetches a page")
    short = parser.parse_args().short
    count, rounds = (SHORT_PLAYERS, SHORT_ROUNDS) if short else (PLAYERS, ROUNDS)
    call_command("migrate", verbosity=0)
    run = f"ts{int(time.time())}"
    starts, pages = [], []
    worst_start, worst_page = 0.0, 0.0
    for n, (game, options, label) in enumerate(VARIANTS):
        cast = players(f"{run}{n}", count)
        tournament = entered(game, options, cast, f"Bench {label}")
        url = f"/en/tournaments/{tournament.pk}/"
        entrant, anonymous = Client(HTTP_HOST="localhost"), Client(HTTP_HOST="localhost")
        entrant.force_login(cast[-1])
        for who, client in (("entrant", entrant), ("anonymous", anonymous)):
            pages.append((label, "open, 100 entrants a page", who, *fetch(client, url, rounds)))
        counted, paired = Counted(), Paired()
        tournaments.start_paired = paired
        with connection.execute_wrapper(counted):
            started, started_cpu = time.perf_counter(), time.process_time()
            assert tournaments.do_advance(tournament.pk, timezone.now())
            wall = time.perf_counter() - started
            cpu = time.process_time() - started_cpu
        tournaments.start_paired = tournament_matches.start_paired
        pairing = paired.at - started
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.RUNNING, tournament.status
        matches = Match.objects.filter(pairing__tournament=tournament)
        started_matches = matches.filter(status=Match.Status.ACTIVE).count()
        groups = matches.values("pairing__group").distinct().count()
        queries = counted.queries
        made = matches.count()
        starts.append((label, count, groups, made, pairing, started_matches, wall, cpu, queries))
        worst_start = max(worst_start, pairing)
        for who, client in (("entrant", entrant), ("anonymous", anonymous)):
            state = "stage 1 running, 8 groups a page"
            pages.append((label, state, who, *fetch(client, url, rounds)))
    print(f"database: {connection.vendor}\n")
    print("| Group stage started | players | groups | matches | created, under the lock (s) | "
          "started | all started (s) | CPU (s) | queries | ms per match |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|---|")
    for label, size, groups, made, pairing, active, wall, cpu, queries in starts:
        print(f"| {label} | {size:,} | {groups:,} | {made:,} | {pairing:.2f} | {active:,} | "
              f"{wall:.2f} | {cpu:.2f} | {queries:,} | "
              f"{wall * 1000 / max(made, 1):.1f} |")  # fmt: skip
    print(f"\n| Tournament page ({count:,} entrants) | state | reader | median (ms) | p95 (ms) | "
          "queries |")  # fmt: skip
    print("|---|---|---|---|---|---|")
    for label, state, who, median, p95, queries in pages:
        worst_page = max(worst_page, median)
        print(f"| {label} | {state} | {who} | {median:.1f} | {p95:.1f} | {queries} |")
    met = {True: "met", False: "NOT met"}
    print(f"\nGoal: a {count:,}-player group stage's matches created in ≤ {START_GOAL:.0f} s: "
          f"{met[worst_start <= START_GOAL]} (slowest {worst_start:.2f} s).")  # fmt: skip
    print(f"Goal: the tournament page ≤ {PAGE_GOAL:.0f} ms median: "
          f"{met[worst_page <= PAGE_GOAL]} (slowest {worst_page:.1f} ms).")  # fmt: skip


if __name__ == "__main__":
    main()
