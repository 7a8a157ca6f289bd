"""What goes wrong during the soak, on purpose, and the watch kept on the worker's memory.

The Celery workers are killed with SIGKILL (each with its pool processes, as when a machine or a
container dies) every few simulated days and started again a few minutes later; PostgreSQL
and Redis are each stopped once for a few real seconds and started again. Each outage is a
window of real time: inside it the site may answer 503, outside it never 5xx. ``Watch``
samples the processes' memory and the broker's queue meanwhile.
"""

from __future__ import annotations

import os
import random
import signal
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import redis

from .client import Answer, Api, Http
from .clock import Clock
from .deployment import Deployment
from .servers import Postgres, Redis

#: How long a server stays down, in real seconds (about 24 simulated minutes at x720).
DOWN_SECONDS = 2.0
#: After a server is back, how long the site may take to reconnect (real seconds).
RECOVERY_SECONDS = 3.0
#: The Celery workers: the mail and sweeps one, and the house players' (``-Q bots``).
WORKERS = ("worker", "bots")
#: How often (real seconds) a process that exited by itself is looked for and started again:
#: systemd's ``Restart=always`` takes a tenth of a second; half a second is six simulated
#: minutes at x720.
SUPERVISOR_SECONDS = 0.5
#: A killed worker is started again this long after (simulated).
WORKER_RESTART_AFTER = timedelta(minutes=5)


@dataclass(frozen=True)
class Window:
    what: str
    started: float
    ended: float

    def holds(self, moment: float) -> bool:
        return self.started <= moment <= self.ended


@dataclass(frozen=True)
class Probe:
    down: str
    what: str
    answer: Answer
    seconds: float


#: The broker's lists: kombu keeps a queue's tasks of priority 0 (beat's sweeps) under its name
#: and those of each lower step under the name, "\x06\x16" and the step (the site's default is 3).
QUEUE_KEYS = [f"{queue}{step}" for queue in ("celery", "bots")
              for step in ("", "\x06\x163", "\x06\x166", "\x06\x169")]  # fmt: skip


@dataclass
class Faults:
    clock: Clock
    deployment: Deployment
    postgres: Postgres
    redis: Redis
    end: datetime
    kill_every_days: float
    seed: int
    http: Http
    token: str
    windows: list[Window] = field(default_factory=list)
    kills: list[datetime] = field(default_factory=list)
    #: The same kills in real time (``time.time()``, as the receivers stamp what they accept).
    killed_at: list[float] = field(default_factory=list)
    probes: list[Probe] = field(default_factory=list)
    stopping: threading.Event = field(default_factory=threading.Event)

    def plan(self) -> list[tuple[datetime, str]]:
        rng = random.Random(self.seed)
        start, span = self.clock.start, self.end - self.clock.start
        events = [(start + span * 0.4, "postgres"), (start + span * 0.65, "redis")]
        kill = start + timedelta(days=self.kill_every_days * rng.uniform(0.5, 1.0))
        while kill < self.end - timedelta(hours=6):
            events.append((kill, "worker"))
            kill += timedelta(days=self.kill_every_days * rng.uniform(0.7, 1.3))
        return sorted(events)

    def run(self) -> None:
        for when, what in self.plan():
            while not self.stopping.is_set() and self.clock.now() < when:
                self.stopping.wait(min(0.5, max(0.01, self.clock.real_at(when) - time.monotonic())))
            if self.stopping.is_set():
                return
            getattr(self, f"restart_{what}")()

    def restart_worker(self) -> None:
        """Both Celery workers die at once, as the machine they share would."""
        self.kills.append(self.clock.now())
        self.killed_at.append(time.time())
        for name in WORKERS:
            self.deployment.hold(name).kill(signal.SIGKILL)
        self.stopping.wait(self.clock.real_seconds(WORKER_RESTART_AFTER))
        for name in WORKERS:
            self.deployment.release(name)

    def restart_postgres(self) -> None:
        started = time.monotonic()
        self.postgres.stop("fast")
        self.probe("PostgreSQL", started + DOWN_SECONDS)
        self.postgres.start()
        self.windows.append(Window("PostgreSQL", started, time.monotonic() + RECOVERY_SECONDS))

    def restart_redis(self) -> None:
        started = time.monotonic()
        self.redis.stop()
        self.probe("Redis", started + DOWN_SECONDS)
        self.redis.start()
        self.windows.append(Window("Redis", started, time.monotonic() + RECOVERY_SECONDS))

    def probe(self, down: str, until: float) -> None:
        """While a server is down, ask what a client would: the API, a page, the health check
        (at least once each, however long they take)."""
        api = Api(self.http, self.token)
        while True:
            for what, ask in (
                ("api", lambda: api.get("/matches/?status=active")),
                ("page", lambda: self.http.request("GET", "/en/play/archive/")),
                ("healthz", lambda: self.http.request("GET", "/healthz")),
            ):
                began = time.monotonic()
                answer = ask()
                self.probes.append(Probe(down, what, answer, time.monotonic() - began))
            if time.monotonic() >= until:
                return

    def inside(self, moment: float) -> Window | None:
        return next((w for w in self.windows if w.holds(moment)), None)


@dataclass
class Watch:
    """Every simulated hour: the resident memory of the site's processes, and how many tasks
    wait in the broker's queue (the worker keeps up when it stays short). Every half second:
    a process that exited by itself is started again, as its supervisor would in a deployment
    (and noted)."""

    clock: Clock
    deployment: Deployment
    redis: Redis
    samples: list[tuple[datetime, str, int, int]] = field(default_factory=list)
    queued: list[int] = field(default_factory=list)
    load: list[float] = field(default_factory=list)
    stopping: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        every = self.clock.real_seconds(timedelta(hours=1))
        broker = redis.Redis(port=self.redis.port, db=0, socket_timeout=2)
        sample_at = time.monotonic() + every
        while not self.stopping.wait(SUPERVISOR_SECONDS):
            self.deployment.revive()
            if time.monotonic() < sample_at:
                continue
            sample_at += every
            now = self.clock.now()
            self.load.append(os.getloadavg()[0])
            for name, process in list(self.deployment.processes.items()):
                if process.running():
                    incarnation = self.deployment.incarnations[name]
                    self.samples.append((now, name, incarnation, process.memory()))
            try:
                self.queued.append(sum(int(broker.llen(key)) for key in QUEUE_KEYS))
            except redis.RedisError:
                pass  # Redis is being restarted
