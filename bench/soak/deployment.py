"""The site as the README's deployment section runs it, on the soak's servers and clock.

gunicorn (four sync workers), one Celery worker (prefork, four processes) for both queues
(``celery`` and the house players' ``bots``, as ``make run`` does) and Celery beat,
from the same environment: ``DEBUG`` off, PostgreSQL, Redis as broker and cache, the soak's
SMTP sink, Web Push keys and webhooks allowed to call the soak's receivers on loopback. Every
process and ``manage.py`` command starts under the accelerated clock.
"""

from __future__ import annotations

import base64
import secrets
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from .clock import (
    DATABASE_CONNECT_REAL_SECONDS,
    GUNICORN_TIMEOUT_REAL_SECONDS,
    Clock,
    guard_environment,
)
from .servers import ROOT, Process, free_port, python_command

WORKER_CONCURRENCY = 4
#: The house players' own worker, as the README deploys it (``-Q bots``).
BOTS_CONCURRENCY = 2
#: Beat's sweeps every five simulated minutes, not one: at x720 a minute lasts 83 ms, and four
#: sweeps a minute would be 48 tasks a real second, more than one worker runs on two cores
#: shared with the rest of the site (the sweeps then wait in the broker and expire, and the
#: time-outs they would fire come hours late). The checks allow two hours' lateness.
SWEEP_SIMULATED_SECONDS = 300


def vapid_keys() -> dict[str, str]:
    key = ec.generate_private_key(ec.SECP256R1())

    def b64(data: bytes) -> str:
        return base64.urlsafe_b64encode(data).decode().rstrip("=")

    public = key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return {
        "VAPID_PRIVATE_KEY": b64(key.private_numbers().private_value.to_bytes(32, "big")),
        "VAPID_PUBLIC_KEY": b64(public),
        "VAPID_SUBJECT": "mailto:soak@example.com",
    }


@dataclass
class Deployment:
    folder: Path
    clock: Clock
    database_url: str
    redis_url: str
    smtp_port: int
    port: int = field(default_factory=free_port)
    processes: dict[str, Process] = field(default_factory=dict)
    incarnations: dict[str, int] = field(default_factory=dict)
    #: The processes the soak itself has stopped for a while (a worker killed on purpose).
    held: set[str] = field(default_factory=set)
    #: Each process that exited by itself and was started again: its name, its incarnation,
    #: and when (simulated) it was found gone.
    exits: list[tuple[str, int, datetime]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        connect_timeout = int(DATABASE_CONNECT_REAL_SECONDS * self.clock.speed)
        self.environment = {
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": str(self.folder),
            "LANG": "C.UTF-8",
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "SITE_URL": f"http://127.0.0.1:{self.port}",
            "SECURE_SSL_REDIRECT": "0",
            "DATABASE_URL": f"{self.database_url}?connect_timeout={connect_timeout}",
            "CELERY_BROKER_URL": f"{self.redis_url}/0",
            "CACHE_URL": f"{self.redis_url}/1",
            "EMAIL_URL": f"smtp://127.0.0.1:{self.smtp_port}",
            # A send must end well within the outbox lease (10 real seconds here, 120 s in
            # production beside the default 20 s): the sink is on loopback.
            "EMAIL_TIMEOUT": "4",
            "PUSH_TIMEOUT_SECONDS": "4",
            "VAR_DIR": str(self.folder / "var"),
            "PUSH_ALLOW_PRIVATE": "1",
            "API_WEBHOOK_ALLOW_PRIVATE": "1",
            "LOG_LEVEL": "WARNING",
            "SWEEP_SECONDS": str(SWEEP_SIMULATED_SECONDS),
            **vapid_keys(),
            **guard_environment(self.clock.speed),
        }

    def env(self) -> dict[str, str]:
        """The environment of a process started now (the clock starts at its start)."""
        return {**self.environment, **self.clock.environment([str(ROOT / "bench")])}

    def manage(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return self.run_python(str(ROOT / "manage.py"), *args, check=check)

    def run_python(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            python_command(*args), cwd=ROOT, env=self.env(), check=check, text=True,
            capture_output=True,
        )  # fmt: skip

    def commands(self) -> dict[str, list[str]]:
        celery = [sys.executable, "-m", "celery", "-A", "config"]
        return {
            "gunicorn": [sys.executable, "-m", "gunicorn", "config.wsgi", "--workers", "4",
                         "--bind", f"127.0.0.1:{self.port}", "--no-control-socket",
                         "--timeout", str(int(GUNICORN_TIMEOUT_REAL_SECONDS * self.clock.speed))],
            "worker": [*celery, "worker", "-Q", "celery", "-n", "mail@%h",
                       "--concurrency", str(WORKER_CONCURRENCY),
                       "--without-gossip", "--without-mingle", "--without-heartbeat",
                       "--loglevel=WARNING"],
            "bots": [*celery, "worker", "-Q", "bots", "-n", "bots@%h",
                     "--concurrency", str(BOTS_CONCURRENCY),
                     "--without-gossip", "--without-mingle", "--without-heartbeat",
                     "--loglevel=WARNING"],
            "beat": [*celery, "beat", "--loglevel=WARNING",
                     "--schedule", str(self.folder / "var" / "celerybeat-schedule")],
        }  # fmt: skip

    def start(self, name: str) -> Process:
        (self.folder / "var").mkdir(parents=True, exist_ok=True)
        self.incarnations[name] = self.incarnations.get(name, 0) + 1
        process = Process(name, self.commands()[name], self.folder / f"{name}.log")
        process.start(self.env())
        self.processes[name] = process
        return process

    def hold(self, name: str) -> Process:
        """The process ``name``, which the soak is about to stop on purpose (not revived)."""
        with self.lock:
            self.held.add(name)
            return self.processes[name]

    def release(self, name: str) -> None:
        """Start the held process ``name`` again."""
        with self.lock:
            self.start(name)
            self.held.discard(name)

    def revive(self) -> None:
        """Start again a process that exited by itself, as a supervisor (systemd's
        ``Restart=always``, a container's restart policy) would, and note it."""
        with self.lock:
            for name, process in list(self.processes.items()):
                if name not in self.held and not process.running():
                    self.exits.append((name, self.incarnations[name], self.clock.now()))
                    self.start(name)

    def start_all(self) -> None:
        for name in self.commands():
            self.start(name)

    def stop_all(self) -> None:
        for process in reversed(list(self.processes.values())):
            process.stop()

    def log_text(self, name: str) -> str:
        path = self.folder / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""
