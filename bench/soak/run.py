"""The soak from start to end: servers, the site, the people, the faults, the checks.

1. A private PostgreSQL and Redis, the receivers (SMTP sink, push service, webhook receiver).
2. The site's database migrated and its accounts written, under the simulated clock.
3. gunicorn, the Celery worker and beat started; the people and bots play for ``--days``
   simulated days while the faults happen; the worker's memory is sampled every hour.
4. The site is left to send what is due, then stopped; the checks read what it left.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TypeVar

from . import checks, deliveries
from .behaviour import World
from .client import Api, Http, Ledger
from .clock import Clock, faketime_missing
from .deployment import Deployment
from .director import Director
from .faults import Faults, Watch
from .population import Member, plan
from .report import Finding, render
from .schedule import Schedule
from .servers import ROOT, Postgres, Process, Redis, free_port, services_missing, wait_for_port

#: How far the site may lag behind the simulated clock before a check calls it late.
GRACE = timedelta(hours=2)
WORKER = "worker"
#: At the end, the longest the site is given (real seconds) to send what is due.
DRAIN_SECONDS = 180


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bench/soak.py", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument("--matches", type=int, default=1000, help="matches started in all")
    parser.add_argument("--days", type=float, default=30, help="simulated days")
    parser.add_argument("--speed", type=float, default=720, help="simulated seconds a second")
    parser.add_argument("--threads", type=int, default=8, help="visits played at once")
    parser.add_argument("--kill-every", type=float, default=3, help="days between worker kills")
    parser.add_argument("--refuse", type=float, default=0.02, help="share refused by receivers")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--start", default="2026-01-01T00:00:00+00:00", help="simulated start")
    parser.add_argument("--folder", type=Path, help="work folder (default: a temporary one)")
    parser.add_argument("--keep", action="store_true", help="keep the work folder")
    return parser.parse_args(argv)


T = TypeVar("T")


@dataclass
class Played:
    """The month as it was played: what the checks and the report read."""

    clock: Clock
    world: World
    schedule: Schedule
    faults: Faults
    watch: Watch


class Soak:
    def __init__(self, options: argparse.Namespace, folder: Path) -> None:
        self.options = options
        self.folder = folder
        self.postgres = Postgres(folder / "postgres")
        self.redis = Redis(folder / "redis")
        self.receivers: Process | None = None
        self.deployment: Deployment | None = None
        self.figures: list[tuple[str, object]] = []

    def run(self) -> int:
        started = time.monotonic()
        self.start_servers()
        clock = Clock(
            datetime.fromisoformat(self.options.start).astimezone(UTC), self.options.speed
        )
        deployment = self.deployment = Deployment(
            self.folder / "site", clock, self.postgres.url("partida_soak"),
            f"redis://127.0.0.1:{self.redis.port}", self.smtp_port,
        )  # fmt: skip
        self.step("migrating", lambda: deployment.manage("migrate", "--no-input"))
        members = self.step("writing the accounts", lambda: self.prepare(deployment))
        self.site_started = clock.now()
        self.step("starting the site", lambda: self.start_site(deployment, members))
        setup_django(deployment)
        played = self.play(clock, deployment, members)
        now = self.step("letting the site send what is due", lambda: self.drain(clock))
        deployment.stop_all()
        self.save_records(played)
        findings = self.check(played, deployment, members, now)
        self.figures[:0] = self.summary(played, started, now)
        text = render("Soak: a month of play in an hour", self.figures, findings)
        print(text, flush=True)
        (self.folder / "report.txt").write_text(text + "\n")
        return 0 if all(finding.ok for finding in findings) else 1

    def step(self, what: str, action: Callable[[], T]) -> T:
        print(f"… {what}", flush=True)
        return action()

    def start_servers(self) -> None:
        self.postgres.init()
        self.postgres.create_database("partida_soak")
        self.redis.start()
        self.smtp_port, self.http_port = free_port(), free_port()
        self.receivers = Process(
            "receivers",
            [sys.executable, "-m", "soak.receivers", "--folder", str(self.folder / "received"),
             "--smtp-port", str(self.smtp_port), "--http-port", str(self.http_port),
             "--refuse", str(self.options.refuse), "--seed", str(self.options.seed)],
            self.folder / "receivers.log",
        )  # fmt: skip
        self.receivers.start({**os.environ, "PYTHONPATH": str(ROOT / "bench")})
        wait_for_port(self.smtp_port)
        wait_for_port(self.http_port)

    def prepare(self, deployment: Deployment) -> list[Member]:
        people = max(10, round(self.options.matches * 0.3))
        push_url = f"http://127.0.0.1:{self.http_port}/push/"
        members = plan(people, self.options.days, self.options.seed, push_url)
        path = self.folder / "population.json"
        path.write_text(json.dumps([member.as_json() for member in members]))
        deployment.run_python("-m", "soak.prepare", str(path),
                              f"http://127.0.0.1:{self.http_port}/hook/")  # fmt: skip
        return [Member.from_json(entry) for entry in json.loads(path.read_text())]

    def start_site(self, deployment: Deployment, members: list[Member]) -> None:
        """Start the site and open its main pages a few times, so that each gunicorn worker has
        loaded its code before the month begins (a first request costs seconds)."""
        deployment.start_all()
        wait_for_port(deployment.port, seconds=120)
        http = Http(deployment.port, Ledger())
        api = Api(http, members[0].token)
        for _ in range(8):
            http.request("GET", "/healthz")
            http.request("GET", "/en/")
            api.get("/matches/?my_turn=true")
            api.get("/lobby/")

    def play(self, clock: Clock, deployment: Deployment, members: list[Member]) -> Played:
        start = clock.now()
        end = start + timedelta(days=self.options.days)
        director = Director(self.options.matches, start, self.options.days, self.options.seed)
        world = World(
            Http(deployment.port, Ledger()), director, start, self.options.days,
            {m.username: m for m in members}, self.options.seed,
        )  # fmt: skip
        schedule = Schedule(clock, world, end, self.options.seed)
        faults = Faults(
            clock, deployment, self.postgres, self.redis, end, self.options.kill_every,
            self.options.seed, world.http, members[0].token,
        )  # fmt: skip
        watch = Watch(clock, deployment, self.redis)
        threads = [threading.Thread(target=t.run, daemon=True) for t in (faults, watch)]
        for thread in threads:
            thread.start()
        print(f"… playing {self.options.days:g} days from {start:%Y-%m-%d %H:%M} (simulated)",
              flush=True)  # fmt: skip
        schedule.first_visits(random.Random(self.options.seed))
        schedule.run(self.options.threads)
        faults.stopping.set()
        watch.stopping.set()
        for thread in threads:
            thread.join()
        return Played(clock, world, schedule, faults, watch)

    def drain(self, clock: Clock) -> datetime:
        """Wait until no email, push or notice is due any more (or ``DRAIN_SECONDS``)."""
        from games.notifications.models import Notification

        deadline = time.monotonic() + DRAIN_SECONDS
        while time.monotonic() < deadline:
            now = clock.now() - timedelta(minutes=5)
            # Emails, pushes and webhook notices: one outbox.
            due = Notification.objects.filter(status="pending", delivery="now", due_at__lt=now)
            if not due.exists():
                break
            time.sleep(1)
        return clock.now()

    def check(
        self, played: Played, deployment: Deployment, members: list[Member], now: datetime
    ) -> list[Finding]:
        world, faults, watch = played.world, played.faults, played.watch
        received = self.folder / "received"
        verified = deployment.manage("verify_matches", check=False)
        findings = [
            checks.matches(now, GRACE),
            checks.time_outs(now, GRACE, checks.worker_absences(
                sorted([*faults.kills, *(at for who, _, at in deployment.exits if who == WORKER)]),
                deployment.log_text(WORKER),
            )),  # fmt: skip
            checks.reminders(now, GRACE),
            checks.digests(self.site_started, now, GRACE),
            deliveries.emails(received, now, GRACE, faults.killed_at),
            deliveries.pushes(received, members, now, GRACE),
            deliveries.webhooks(received, members, now, GRACE),
            checks.replayed(verified),
            checks.answers(world.http.ledger.snapshot(), faults.windows),
            checks.outage_answers(faults.probes),
            checks.memory(watch.samples, judged=("worker", "bots")),
        ]
        driver = Finding("the soak's own clients ran without errors")
        driver.fail_if(world.errors, f"{len(world.errors)} errors in the driver", world.errors[:2])
        return [*findings, driver]

    def summary(self, played: Played, started: float, now: datetime) -> list[tuple[str, object]]:
        clock, world, schedule, faults = played.clock, played.world, played.schedule, played.faults
        delays = [d / 60 for d in schedule.delays]
        watch = played.watch
        return [
            ("command", "bench/soak.py " + " ".join(sys.argv[1:])),
            ("played", f"{world.start:%Y-%m-%d %H:%M} → {schedule.end:%Y-%m-%d %H:%M} (simulated)"),
            ("checked at", f"{now:%Y-%m-%d %H:%M} (simulated), clock x{clock.speed:g}"),
            ("real time, in all", f"{(time.monotonic() - started) / 60:.1f} min"),
            ("machine load (1 min average: median / 95 % / max)", spread_or_dash(watch.load)),
            ("cores", os.cpu_count()),
            ("matches started", world.director.created),
            ("requests", len(world.http.ledger.exchanges)),
            ("visits late, minutes (median / 95 % / max)", spread_or_dash(delays)),
            (
                "tasks waiting in the broker, hourly (median / 95 % / max)",
                spread_or_dash(watch.queued),
            ),
            ("tracebacks in the logs", self.tracebacks()),
            ("worker kills", len(faults.kills)),
            ("exited by themselves (started again, as a supervisor would)", self.exits()),
            ("outages", ", ".join(f"{w.what} {w.ended - w.started:.1f} s" for w in faults.windows)),
            *sorted(world.counts.items()),
        ]

    def exits(self) -> str:
        assert self.deployment is not None
        exits = self.deployment.exits
        return ", ".join(f"{name} #{n} ({at:%m-%d %H:%M})" for name, n, at in exits) or "none"

    def tracebacks(self) -> str:
        assert self.deployment is not None
        found = {name: self.deployment.log_text(name).count("Traceback") for name in
                 ("gunicorn", "worker", "bots", "beat")}  # fmt: skip
        return ", ".join(f"{name} {n}" for name, n in found.items())

    def save_records(self, played: Played) -> None:
        """Every request, outage and memory sample, for a look after the run."""
        origin = played.clock.real_start
        with (self.folder / "requests.jsonl").open("w") as out:
            for e in played.world.http.ledger.snapshot():
                out.write(json.dumps([round(e.started - origin, 3), round(e.ended - origin, 3),
                                      e.status, e.method, e.route]) + "\n")  # fmt: skip
        outages = [[w.what, w.started - origin, w.ended - origin] for w in played.faults.windows]
        samples = [[str(when), name, n, rss] for when, name, n, rss in played.watch.samples]
        (self.folder / "outages.json").write_text(json.dumps(outages))
        (self.folder / "memory.json").write_text(json.dumps(samples))

    def shut_down(self) -> None:
        for stop in (
            lambda: self.deployment and self.deployment.stop_all(),
            lambda: self.receivers and self.receivers.stop(),
            self.redis.shut_down,
            self.postgres.shut_down,
        ):
            try:
                stop()
            except Exception as error:  # noqa: BLE001 (every server is stopped, whatever failed)
                print(f"while stopping: {error!r}", file=sys.stderr)


def spread_or_dash(values: list[float] | list[int]) -> str:
    return checks.spread(values) if values else "-"


def setup_django(deployment: Deployment) -> None:
    """The driver reads the database for its checks (on real time: it only reads)."""
    sys.path.insert(0, str(ROOT))
    os.environ.update(
        {k: v for k, v in deployment.environment.items() if k not in ("PATH", "HOME")}
    )
    import django

    django.setup()


def main(argv: list[str]) -> int:
    options = parse(argv)
    missing = services_missing() + list(filter(None, [faketime_missing()]))
    if missing:
        print("The soak needs: " + "; ".join(missing), file=sys.stderr)
        return 2
    folder = options.folder or Path(tempfile.mkdtemp(prefix="partida-soak-"))
    folder.mkdir(parents=True, exist_ok=True)
    os.chmod(folder, 0o755)
    soak = Soak(options, folder)
    try:
        return soak.run()
    finally:
        soak.shut_down()
        if not options.keep and options.folder is None:
            shutil.rmtree(folder, ignore_errors=True)
        else:
            print(f"work folder: {folder}")
