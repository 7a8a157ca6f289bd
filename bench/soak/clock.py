"""The soak's simulated time: one clock for the driver and every process of the site.

The site's processes (gunicorn, the Celery workers and beat, ``manage.py`` commands) run under
libfaketime: each starts at the simulated time of its start and runs ``speed`` times faster
than real time, so that ``time.time()``, ``datetime.now()`` and ``time.sleep()`` in Python
follow it. libfaketime restarts its clock in every new process, so each one is given the
simulated time of its own start (``Clock.environment``); the driver itself keeps real time and
converts (``Clock.now``), because its own waits (HTTP time-outs, the pauses between a person's
sessions) must not be shortened.

Which durations are simulated and which stay real. A duration of play (a deadline, a reminder,
a digest hour, a vacation, the wait before a retry, beat's minute) is simulated. A guard
against slowness (a socket time-out, how long a worker may hold the work it claimed, gunicorn's
worker time-out) is about how long a computer takes, not about the calendar: at x720 a
notification lease of 120 s would be 0.17 s of real time and an SMTP send that takes longer
would be claimed and sent again by another worker. The soak keeps those in real seconds:
socket time-outs and psycopg's polls through ``realtime/sitecustomize.py``, the others by the
environment variables the site reads them from (``guard_environment``) and psycopg's connection
time-out in the database URL.

PostgreSQL and Redis keep real time. Nothing in the site reads PostgreSQL's clock: every time it
stores comes from Python (``auto_now``/``auto_now_add`` are filled in by Django, and no
default, query or migration uses ``now()``); under libfaketime the server's own timers
(checkpoints, autovacuum's naptime, the WAL writer) would run 720 times as often for nothing.
Redis' clock only expires keys: the throttle's windows, rate limits and cached sessions are
decided by Python's clock and merely linger longer in simulated time. A task's ETA is counted by
the Celery processes, in simulated time; the broker's visibility time-out, counted by them too,
is a guard against slowness and is lengthened like the leases.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

LIBFAKETIME = Path("/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1")
REALTIME_SITE = Path(__file__).resolve().parent / "realtime"

#: Guards against slowness, in real seconds, and the variables the site reads them from:
#: how long a worker holds the work it claimed, how long a process keeps its connection.
GUARDS_REAL_SECONDS = {
    "NOTIFICATIONS_LEASE_SECONDS": 10,
    "WEBHOOKS_LEASE_SECONDS": 10,
    "BOTS_LEASE_SECONDS": 10,
    # How long a task may wait unacknowledged (in a worker's prefetch, or running) before the
    # broker delivers it again: at x720 the site's hour would be 5 real seconds, and under a
    # backlog each waiting task would be delivered again and again (the likely cause of the
    # 10:28 full run's 16,780 tasks in the broker). What a killed worker held is queued again
    # by the sweeps, from the outbox and house-turn leases above, not by this.
    "CELERY_VISIBILITY_TIMEOUT": 3600,
    "DATABASE_CONN_MAX_AGE": 60,
}
#: psycopg's connection time-out (``connect_timeout`` in the database URL), in real seconds.
DATABASE_CONNECT_REAL_SECONDS = 10
#: gunicorn's worker time-out, in real seconds (its default, 30 s).
GUNICORN_TIMEOUT_REAL_SECONDS = 30


@dataclass
class Clock:
    """Simulated time as a function of the driver's real monotonic clock."""

    start: datetime
    speed: float
    real_start: float = field(default_factory=time.monotonic)

    def now(self) -> datetime:
        return self.at(time.monotonic())

    def at(self, real: float) -> datetime:
        """The simulated time at the driver's ``time.monotonic()`` value ``real``."""
        return self.start + timedelta(seconds=(real - self.real_start) * self.speed)

    def real_at(self, moment: datetime) -> float:
        """The driver's ``time.monotonic()`` value when the simulated clock shows ``moment``."""
        return self.real_start + (moment - self.start).total_seconds() / self.speed

    def elapsed(self) -> timedelta:
        return self.now() - self.start

    def real_seconds(self, simulated: timedelta) -> float:
        return simulated.total_seconds() / self.speed

    def sleep_until(self, moment: datetime) -> None:
        wait = self.real_at(moment) - time.monotonic()
        if wait > 0:
            time.sleep(wait)

    def environment(self, python_path: list[str]) -> dict[str, str]:
        """What a process started now needs to share this clock (see the module's text), with
        ``python_path`` after the folder of ``sitecustomize``."""
        started = self.now().astimezone(UTC)
        python_path = [str(REALTIME_SITE), *python_path]
        return {
            "LD_PRELOAD": str(LIBFAKETIME),
            "FAKETIME": f"@{started:%Y-%m-%d %H:%M:%S} x{self.speed:g}",
            "TZ": "UTC",
            "SOAK_SPEED": f"{self.speed:g}",
            "PYTHONPATH": os.pathsep.join(python_path),
        }


def guard_environment(speed: float) -> dict[str, str]:
    """The site's guard durations, lengthened so that they last as long in real time."""
    return {name: str(int(seconds * speed)) for name, seconds in GUARDS_REAL_SECONDS.items()}


def faketime_missing() -> str | None:
    """Why the accelerated clock cannot run here, or None."""
    if not LIBFAKETIME.exists():
        return f"{LIBFAKETIME} is missing (apt-get install faketime)"
    return None
