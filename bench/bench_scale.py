"""Pages at scale: a million finished matches, a hundred thousand live ones, 50,000 players.

Run against a throw-away PostgreSQL database (it fills it once, then measures):

    DATABASE_URL=postgres://postgres@127.0.0.1:PORT/partida_scale \\
        .venv/bin/python bench/bench_scale.py

The rows are written by PostgreSQL itself from ``generate_series`` (one ``INSERT … SELECT``
per table, no round trip per row): 50,000 players, 1,000,000 finished and 100,000 live
two-seat matches spread over them and over the three games, ratings for every player in
Risk's classic game, and one busy player with 200 live and 2,000 finished matches (the
dashboard's case). The
matches carry no state and no moves: these pages never read them. Then each page is fetched
``ROUNDS`` times with Django's test client as a logged-in player (the site as in production:
``DEBUG`` off, HTTPS), the deadline sweep is timed, and every query the pages make on the big
tables is shown with its ``EXPLAIN`` plan's scan nodes. Goals (issue 19): each page ≤ 50 ms
median server time, the sweep ≤ 2 s, index scans only.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("SECRET_KEY", "bench-scale-throw-away-key-" + "x" * 40)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from games.accounts.models import User  # noqa: E402
from games.actions import moves  # noqa: E402
from games.play.models import Match  # noqa: E402

ROUNDS = 15
PLAYERS = 50_000
FINISHED = 1_000_000
LIVE = 100_000
BIG_TABLES = ("play_match", "play_seat", "ratings_rating", "ratings_ratingchange")

FILL = [
    # Players: the usernames p0 … p49999, with an unusable password.
    f"""
    INSERT INTO accounts_user (password, is_superuser, username, first_name, last_name, email,
        is_staff, is_active, date_joined, display_name, language, timezone)
    SELECT '!', false, 'p' || g, '', '', 'p' || g || '@scale.invalid', false, true,
        now() - make_interval(days => g % 900), '', 'en', 'UTC'
    FROM generate_series(0, {PLAYERS - 1}) g
    """,
    # Matches: finished ones back in time, one every 30 s; then the live ones.
    f"""
    INSERT INTO play_match (game, options, players, engine_version, seed, seed_sha256, version,
        status, visibility, days_per_move, timeout_policy, deadline, created_by_id, created_at,
        started_at, finished_at, result, rated)
    SELECT (ARRAY['richelieu', 'risk', 'collar'])[1 + g % 3],
        CASE g % 3 WHEN 0 THEN '{{"ruleset": "multiplayer", "short": false}}'::jsonb
                   WHEN 1 THEN '{{"mode": "classic"}}'::jsonb
                   ELSE '{{"mode": "duel"}}'::jsonb END,
        2, 1, g, md5(g::text), 10,
        CASE WHEN g <= {FINISHED} THEN 'finished' ELSE 'active' END,
        CASE WHEN g % 4 = 0 THEN 'private' ELSE 'open' END, 3, 'lose',
        CASE WHEN g > {FINISHED} THEN now() + make_interval(mins => 60 + g % 4320) END,
        (SELECT min(id) FROM accounts_user) + (g::bigint * 7919) % {PLAYERS},
        now() - make_interval(secs => g * 31), now() - make_interval(secs => g * 30),
        CASE WHEN g <= {FINISHED} THEN now() - make_interval(secs => g * 30) END,
        CASE WHEN g <= {FINISHED} THEN '{{"winners": [0], "ranking": [[0], [1]]}}'::jsonb END,
        g % 2 = 0
    FROM generate_series(1, {FINISHED + LIVE}) g
    """,
    # Two seats each: the creator first (the winner of a finished match), someone else second.
    """
    INSERT INTO play_seat (match_id, user_id, invited_email, number, status, is_to_act,
        wants_abort, skips, out_reason, seen_version, outcome, created_at)
    SELECT m.id, m.created_by_id, '', 0, 'joined', m.status = 'active', false, 0, '', 0,
        CASE WHEN m.status = 'finished' THEN 'won' ELSE '' END, m.created_at
    FROM play_match m
    """,
    f"""
    INSERT INTO play_seat (match_id, user_id, invited_email, number, status, is_to_act,
        wants_abort, skips, out_reason, seen_version, outcome, created_at)
    SELECT m.id, (SELECT min(id) FROM accounts_user)
            + (m.created_by_id - (SELECT min(id) FROM accounts_user) + 1 + m.id % 997) % {PLAYERS},
        '', 1, 'joined', false, false, 0, '', 0,
        CASE WHEN m.status = 'finished' THEN 'lost' ELSE '' END, m.created_at
    FROM play_match m
    ON CONFLICT DO NOTHING
    """,
    # A rating in Risk's classic game for every player.
    """
    INSERT INTO ratings_rating (user_id, game, mode, mu, sigma, value, games, updated_at)
    SELECT id, 'risk', 'classic', 20 + (id % 1000) / 100.0, 3, 1000 + (id % 1000), 10 + id % 40,
        now()
    FROM accounts_user WHERE username LIKE 'p%'
    """,
]


def fill() -> None:
    if Match.objects.exists():
        print("(database already filled)")
        return
    started = time.perf_counter()
    with connection.cursor() as cursor:
        for statement in FILL:
            cursor.execute(statement)
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


def timed(client: Client, url: str) -> tuple[float, list[str]]:
    client.get(url, secure=True)
    times = []
    for _ in range(ROUNDS):
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
    call_command("migrate", verbosity=0)
    fill()
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
    person = User.objects.get(username="p4567")
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
        "leaderboard (50,000 ratings)": "/en/leaderboards/risk/classic/",
        "lobby": "/en/play/lobby/",
    }
    print("| page | median (ms) | queries | scans on the big tables |")
    print("|---|---|---|---|")
    for label, url in pages.items():
        median, queries = timed(client, url)
        found = sorted({scan for sql in queries if sql.startswith("SELECT") for scan in scans(sql)})
        print(f"| {label} | {median:.1f} | {len(queries)} | {'; '.join(found) or '—'} |")
    started = time.perf_counter()
    handled = moves.sweep_deadlines()
    print(f"\nDeadline sweep over {LIVE:,} live matches: {handled} due, "
          f"{(time.perf_counter() - started) * 1000:.1f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
