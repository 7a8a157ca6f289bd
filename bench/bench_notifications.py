"""Turn notifications: one Celery worker drains queued emails into a loopback SMTP server.

1. Drain: 10,000 your-turn rows are written while no worker runs, each in its own
   transaction, so each commit queues its own ``deliver_batch`` task of one id, as a move does
   in production; then one worker starts. The first tasks take over the rows whose own task is
   late (a backlog) in batches; the tasks of those rows then find nothing to send.
   Throughput = emails / time from the worker's first to its last SMTP delivery (and from its
   start, including the worker's start-up); then how long the worker took to get through the
   tasks left behind.
2. Latency at a normal load: with the worker idle, rows are committed one by one at a steady
   rate; latency = SMTP acceptance - commit, p50 and p95.

The SMTP server keeps each message as it came and reads its Message-ID after the run.

Needs Redis for the broker and, for meaningful numbers, PostgreSQL (a throw-away database;
the script migrates it and adds its own users and matches):

    DATABASE_URL=postgres://postgres@127.0.0.1:PORT/partida_bench \
    CELERY_BROKER_URL=redis://127.0.0.1:PORT/0 DEBUG=0 SECRET_KEY=... \
        .venv/bin/python bench/bench_notifications.py [--rows 10000] [--concurrency 2] [--short]

``--short`` writes 30 rows over 4 matches and paces 20 more over a second (the suite runs it,
to keep the script working).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from email.parser import BytesHeaderParser
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "1")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import transaction  # noqa: E402

from config.celery import app  # noqa: E402
from games.accounts.models import User  # noqa: E402
from games.accounts.verification import mark_verified  # noqa: E402
from games.actions import lifecycle  # noqa: E402
from games.notifications import outbox  # noqa: E402
from games.notifications.models import Notification  # noqa: E402
from games.play.models import Match  # noqa: E402
from tests.notifications.smtp import Recorder, SmtpServer  # noqa: E402

MATCHES = 100
#: ``--short``: the matches, the rows of the drain and the rows per second of phase 2.
SHORT_MATCHES, SHORT_ROWS, SHORT_RATE = 4, 30, 20.0


class RawRecorder(Recorder):
    """Keeps each accepted message as it came and reads its Message-ID only when asked, after
    the run: the server shares the two cores with the worker, and a real MTA (on its own
    machine) would not parse every message with Python's email package either."""

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self.lock:
            self.messages.append(envelope.content)
            self.arrived.append(time.time())
        return "250 2.0.0 Message accepted for delivery"


def message_id(raw: bytes) -> str:
    return str(BytesHeaderParser().parsebytes(raw)["Message-ID"])


def matches(count: int) -> list[Match]:
    made = []
    for n in range(count):
        a, _ = User.objects.get_or_create(
            username=f"nb-a{n}", email=f"nb-a{n}@bench.invalid", defaults={"language": "es"}
        )
        b, _ = User.objects.get_or_create(
            username=f"nb-b{n}", email=f"nb-b{n}@bench.invalid", defaults={"language": "it"}
        )
        for user in (a, b):  # only verified addresses are sent to
            mark_verified(user)
        match = lifecycle.do_create_match(a, "collar", {}, 2, invite=[b.username])
        lifecycle.do_accept_invitation(match.seats.get(user=b).pk, b)
        match.refresh_from_db()
        made.append(match)
    return made


def to_act(match: Match) -> User:
    return match.seats.get(is_to_act=True).user


def queue(games: list[Match], count: int, tag: str, pace: float = 0.0) -> dict[str, float]:
    """Write ``count`` your-turn rows, each in its own transaction; returns id -> commit time."""
    readers = {m.pk: to_act(m) for m in games}
    committed = {}
    started = time.perf_counter()
    for n in range(count):
        match = games[n % len(games)]
        with transaction.atomic():
            row = outbox.record(
                "your_turn",
                recipient=readers[match.pk],
                match=match,
                version=match.version,
                ref=f"{tag}{n}",
            )
        committed[row.message_id] = time.time()
        if pace:
            time.sleep(max(0.0, started + (n + 1) / pace - time.perf_counter()))
    return committed


def worker(smtp: SmtpServer, concurrency: int, kind: str = "") -> subprocess.Popen[bytes]:
    kind = kind or ("solo" if concurrency == 1 else "prefork")
    pool = [f"--pool={kind}"] + ([] if kind == "solo" else [f"-c{concurrency}"])
    env = {**os.environ, "EMAIL_URL": f"smtp://127.0.0.1:{smtp.port}"}
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            *pool,
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            f"--loglevel={os.environ.get('BENCH_LOG', 'WARNING')}",
        ],
        cwd=ROOT,
        env=env,
    )


def wait_idle(limit: float) -> float:
    """Wait until the broker holds no task, queued or running; returns when that was."""
    client = app.connection().default_channel.client
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if client.llen("celery") == 0 and client.hlen("unacked") == 0:
            break
        time.sleep(0.05)
    return time.time()


def wait_for(smtp: SmtpServer, total: int, limit: float) -> None:
    deadline = time.monotonic() + limit
    while len(smtp.recorder.messages) < total and time.monotonic() < deadline:
        time.sleep(0.05)


def arrivals(smtp: SmtpServer) -> dict[str, float]:
    recorder = smtp.recorder
    with recorder.lock:
        return {message_id(m): t for m, t in zip(recorder.messages, recorder.arrived, strict=True)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--rate", type=float, default=50.0, help="rows per second, phase 2")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of phase 2")
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument(
        "--pool", default="", help="solo, prefork or threads (default: solo for -c1)"
    )
    parser.add_argument("--short", action="store_true", help="a few rows, phase 2 for 1 s")
    args = parser.parse_args()
    if args.short:
        args.rows, args.rate, args.seconds = SHORT_ROWS, SHORT_RATE, 1.0
    call_command("migrate", verbosity=0)
    app.control.purge()
    Notification.objects.all().delete()
    smtp = SmtpServer()
    smtp.recorder = RawRecorder()
    smtp.start()
    games = matches(SHORT_MATCHES if args.short else MATCHES)
    Notification.objects.all().delete()  # the invitations and start emails of the setup
    app.control.purge()

    started = time.perf_counter()
    queue(games, args.rows, "drain")
    print(f"queued {args.rows} rows in {time.perf_counter() - started:.1f} s")
    process = worker(smtp, args.concurrency, args.pool)
    try:
        began = time.time()
        wait_for(smtp, args.rows, limit=60 if args.short else 600)
        got = sorted(arrivals(smtp).values())
        if len(got) < 2:
            statuses = Notification.objects.values_list("status", "reason").distinct()
            raise SystemExit(f"{len(got)} emails arrived; the rows: {list(statuses)}")
        print(
            f"drain: {len(got)} emails; {len(got) / (got[-1] - got[0]):.0f}/s first to last, "
            f"{len(got) / (got[-1] - began):.0f}/s from the worker's start"
        )

        # The broker is shared in the suite: tasks other tests left there must not hold it up.
        idle = wait_idle(limit=20 if args.short else 600)
        print(
            f"the tasks of rows sent in another task's batch: done {idle - got[-1]:.1f} s "
            "after the last email"
        )

        smtp.recorder.messages.clear()
        smtp.recorder.arrived.clear()
        count = int(args.rate * args.seconds)
        committed = queue(games, count, "paced", pace=args.rate)
        wait_for(smtp, count, limit=30 if args.short else 120)
        seen = arrivals(smtp)
        latencies = sorted((seen[mid] - at) * 1000 for mid, at in committed.items() if mid in seen)
        p95 = latencies[max(0, int(len(latencies) * 0.95) - 1)]
        print(
            f"latency at {args.rate:.0f}/s: {len(latencies)}/{count} arrived; "
            f"p50 {statistics.median(latencies):.0f} ms, p95 {p95:.0f} ms, "
            f"max {latencies[-1]:.0f} ms"
        )
        print(Notification.objects.values_list("status").order_by().distinct())
    finally:
        process.terminate()
        process.wait(timeout=30)
        smtp.stop()


if __name__ == "__main__":
    main()
