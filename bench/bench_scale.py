"""Pages at scale: a million finished matches, a hundred thousand live ones, 50,000 players.

Run against a throw-away PostgreSQL database (it fills it once, then measures):

    DATABASE_URL=postgres://postgres@127.0.0.1:PORT/partida_scale \\
        .venv/bin/python bench/bench_scale.py [--short]

The rows are written by PostgreSQL itself from ``generate_series`` (one ``INSERT … SELECT``
per table, no round trip per row): 50,000 players, 1,000,000 finished and 100,000 live
two-seat matches spread over them and over the three games, ratings for every player in
Risk's classic game, and one busy player with 200 live and 2,000 finished matches (the
dashboard's case). The
matches carry no state and no moves: these pages never read them. Then each page is fetched
15 times with Django's test client as a logged-in player (the site as in production:
``DEBUG`` off, HTTPS), the deadline sweep is timed, and every query the pages make on the big
tables is shown with its ``EXPLAIN`` plan's scan nodes. Goals (issue 19): each page ≤ 50 ms
median server time, the sweep ≤ 2 s, index scans only.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("SECRET_KEY", "bench-scale-throw-away-key-" + "x" * 40)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.models import Model  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from games.accounts.models import User  # noqa: E402
from games.actions import moves  # noqa: E402
from games.play.models import Match, Seat  # noqa: E402
from games.ratings.models import Rating  # noqa: E402


@dataclass(frozen=True)
class Size:
    players: int
    finished: int
    live: int
    rounds: int


FULL = Size(players=50_000, finished=1_000_000, live=100_000, rounds=15)
#: ``--short``: the same pages and plans on a few thousand rows, once each (the suite runs it).
SHORT = Size(players=300, finished=3_000, live=300, rounds=1)
BIG_TABLES = ("play_match", "play_seat", "ratings_rating", "ratings_ratingchange")


def fill_statements(size: Size) -> list[tuple[type[Model], dict[str, str], str]]:
    """Each table's rows: (model, its columns with their SQL expressions, the rest of the
    ``SELECT``); ``insert`` gives every column left out its model default."""
    first_user = "(SELECT min(id) FROM accounts_user)"
    finished, players = size.finished, size.players
    # Players: the usernames p0 … p(players - 1), with an unusable password.
    users = {
        "password": "'!'", "is_superuser": "false", "username": "'p' || g",
        "first_name": "''", "last_name": "''", "email": "'p' || g || '@scale.invalid'",
        "is_staff": "false", "is_active": "true",
        "date_joined": "now() - make_interval(days => g % 900)", "display_name": "''",
        "language": "'en'", "timezone": "'UTC'",
    }  # fmt: skip
    # Matches: finished ones back in time, one every 30 s; then the live ones.
    matches = {
        "game": "(ARRAY['richelieu', 'risk', 'collar'])[1 + g % 3]",
        "options": """CASE g % 3 WHEN 0 THEN '{"ruleset": "multiplayer", "short": false}'::jsonb
                                 WHEN 1 THEN '{"mode": "classic"}'::jsonb
                                 ELSE '{"mode": "duel"}'::jsonb END""",
        "players": "2", "engine_version": "1", "seed": "g", "seed_sha256": "md5(g::text)",
        "version": "10",
        "status": f"CASE WHEN g <= {finished} THEN 'finished' ELSE 'active' END",
        "visibility": "CASE WHEN g % 4 = 0 THEN 'private' ELSE 'open' END",
        "days_per_move": "3", "timeout_policy": "'lose'",
        "deadline": f"""CASE WHEN g > {finished}
                        THEN now() + make_interval(mins => 60 + g % 4320) END""",
        "created_by_id": f"{first_user} + (g::bigint * 7919) % {players}",
        "created_at": "now() - make_interval(secs => g * 31)",
        "started_at": "now() - make_interval(secs => g * 30)",
        "finished_at": f"CASE WHEN g <= {finished} THEN now() - make_interval(secs => g * 30) END",
        "result": f"""CASE WHEN g <= {finished}
                      THEN '{{"winners": [0], "ranking": [[0], [1]]}}'::jsonb END""",
        "rated": "g % 2 = 0",
    }  # fmt: skip
    # Two seats each: the creator first (the winner of a finished match), someone else second.
    seat = {
        "match_id": "m.id", "invited_email": "''", "status": "'joined'", "wants_abort": "false",
        "skips": "0", "out_reason": "''", "seen_version": "0", "created_at": "m.created_at",
    }  # fmt: skip
    first_seat = {
        **seat, "user_id": "m.created_by_id", "number": "0", "is_to_act": "m.status = 'active'",
        "outcome": "CASE WHEN m.status = 'finished' THEN 'won' ELSE '' END",
    }  # fmt: skip
    second_seat = {
        **seat,
        "user_id": f"{first_user} + (m.created_by_id - {first_user} + 1 + m.id % 997) % {players}",
        "number": "1", "is_to_act": "false",
        "outcome": "CASE WHEN m.status = 'finished' THEN 'lost' ELSE '' END",
    }  # fmt: skip
    # A rating in Risk's classic game for every player.
    ratings = {
        "user_id": "id", "game": "'risk'", "mode": "'classic'", "mu": "20 + (id % 1000) / 100.0",
        "sigma": "3", "value": "1000 + (id % 1000)", "games": "10 + id % 40",
        "updated_at": "now()",
    }  # fmt: skip
    return [
        (User, users, f"FROM generate_series(0, {players - 1}) g"),
        (Match, matches, f"FROM generate_series(1, {finished + size.live}) g"),
        (Seat, first_seat, "FROM play_match m"),
        (Seat, second_seat, "FROM play_match m ON CONFLICT DO NOTHING"),
        (Rating, ratings, "FROM accounts_user WHERE username LIKE 'p%'"),
    ]


def insert(model: type[Model], columns: dict[str, str], rest: str) -> tuple[str, list[Any]]:
    """One ``INSERT … SELECT`` of ``columns``; every other NOT NULL column gets its model
    default, so that a field added to the model later (``followers_only`` was one) does not
    leave the bulk insert with a null."""
    # The parameters are the defaults; the expressions' own % (modulo, LIKE) are escaped.
    named = {name: expression.replace("%", "%%") for name, expression in columns.items()}
    params: list[Any] = []
    for field in model._meta.concrete_fields:
        if field.primary_key or field.null or field.column in named:
            continue
        named[field.column] = "%s"
        params.append(field.get_db_prep_save(field.get_default(), connection))
    sql = (
        f"INSERT INTO {model._meta.db_table} ({', '.join(named)}) "
        f"SELECT {', '.join(named.values())} {rest.replace('%', '%%')}"
    )
    return sql, params


def fill(size: Size) -> None:
    if Match.objects.exists():
        print("(database already filled)")
        return
    started = time.perf_counter()
    with connection.cursor() as cursor:
        for model, columns, rest in fill_statements(size):
            cursor.execute(*insert(model, columns, rest))
        busy = User.objects.create_user("busy", "busy@scale.invalid", "busy-player-password")
        # The busy player takes the second seat of 200 live matches.
        cursor.execute(
            """
            UPDATE play_seat SET user_id = %s, is_to_act = true
            WHERE id IN (SELECT s.id FROM play_seat s JOIN play_match m ON m.id = s.match_id
                         WHERE m.status = 'active' AND s.number = 1 ORDER BY m.id LIMIT 200)
            """,
            [busy.pk],
        )
    print(f"filled in {time.perf_counter() - started:.0f} s")


def timed(client: Client, url: str, rounds: int) -> tuple[float, list[str]]:
    client.get(url, secure=True)
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        response = client.get(url, secure=True)
        times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    with CaptureQueriesContext(connection) as captured:
        client.get(url, secure=True)
    return statistics.median(times), [q["sql"] for q in captured.captured_queries]


def scans(sql: str) -> list[str]:
    """The scan nodes of the plan of ``sql`` on the big tables."""
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN " + sql)
        plan = [row[0].strip() for row in cursor.fetchall()]
    return [
        line.split("  (")[0].lstrip("-> ")
        for line in plan
        if "Scan" in line and any(table in line for table in BIG_TABLES)
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--short", action="store_true", help="a few thousand rows, one round")
    size = SHORT if parser.parse_args().short else FULL
    call_command("migrate", verbosity=0)
    fill(size)
    busy = User.objects.get(username="busy")
    with connection.cursor() as cursor:
        # The fill's deadlines were hours ahead of its own time: ahead of now again.
        cursor.execute(
            "UPDATE play_match SET deadline = now() + make_interval(mins => (60 + id % 4320)::int)"
            " WHERE status = 'active' AND deadline IS NOT NULL"
        )
        # The busy player has also finished 2,000 matches (the dashboard shows the latest).
        cursor.execute(
            """
            UPDATE play_seat SET user_id = %s
            WHERE id IN (SELECT s.id FROM play_seat s JOIN play_match m ON m.id = s.match_id
                         WHERE m.status = 'finished' AND s.number = 1 ORDER BY m.id LIMIT 2000)
              AND NOT EXISTS (SELECT 1 FROM play_seat b WHERE b.user_id = %s
                              AND b.outcome <> '')
            """,
            [busy.pk, busy.pk],
        )
        # What autovacuum does on a live site: statistics, and the visibility map that lets
        # a count read an index alone.
        cursor.execute("VACUUM ANALYZE")
        # And its writes flushed now, not by the checkpointer while the pages are timed.
        cursor.execute("CHECKPOINT")
    person = User.objects.get(username=f"p{4567 % size.players}")
    client = Client(HTTP_HOST="localhost")
    client.force_login(busy)
    archive = "/en/play/archive/"
    first = client.get(archive, secure=True).content.decode()
    deep = archive
    for _ in range(20):  # twenty pages back, by the page's own "older" links
        marker = 'href="?cursor='
        start = first.find(marker)
        if start < 0:
            break
        end = first.find('"', start + 6)
        deep = archive + first[start + 6 : end].replace("&amp;", "&")
        first = client.get(deep, secure=True).content.decode()
    pages = {
        "dashboard (200 live matches)": "/en/play/",
        "profile": f"/en/play/players/{person.username}/",
        "archive, first page": archive,
        "archive, 20 pages back (keyset)": deep,
        "archive, game=risk": archive + "?game=risk",
        "archive, player": archive + f"?player={person.username}",
        "archive, player + result=won": archive + f"?player={person.username}&result=won",
        f"leaderboard ({size.players:,} ratings)": "/en/leaderboards/risk/classic/",
        "lobby": "/en/play/lobby/",
    }
    print("| page | median (ms) | queries | scans on the big tables |")
    print("|---|---|---|---|")
    for label, url in pages.items():
        median, queries = timed(client, url, size.rounds)
        found = sorted({scan for sql in queries if sql.startswith("SELECT") for scan in scans(sql)})
        print(f"| {label} | {median:.1f} | {len(queries)} | {'; '.join(found) or '—'} |")
    started = time.perf_counter()
    handled = moves.sweep_deadlines()
    print(f"\nDeadline sweep over {size.live:,} live matches: {handled} due, "
          f"{(time.perf_counter() - started) * 1000:.1f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
