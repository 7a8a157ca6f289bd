"""The soak's own servers and the site's processes, each started and stopped by its PID.

PostgreSQL and Redis are private instances on free loopback ports, in the soak's work folder
(never the machine's shared ones): the soak stops and restarts them on purpose. The site runs
as the README's deployment section says: gunicorn, a Celery worker, Celery beat, all from the
same environment, each under the accelerated clock (``clock.Clock.environment``).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for_port(port: int, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"nothing answers on port {port} after {seconds:.0f} s")


def postgres_bin() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    return found[-1].parent if found else None


def services_missing() -> list[str]:
    """What the soak needs from the machine and does not find."""
    missing = []
    if postgres_bin() is None:
        missing.append("PostgreSQL (apt-get install postgresql)")
    if not shutil.which("redis-server"):
        missing.append("Redis (apt-get install redis-server)")
    return missing


def as_postgres(command: Sequence[str]) -> list[str]:
    """PostgreSQL refuses to run as root: as root, run its commands as the postgres user."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return list(command)


@dataclass
class Postgres:
    """A private cluster (trust authentication, no fsync: a throw-away database)."""

    folder: Path
    port: int = field(default_factory=free_port)

    @property
    def data(self) -> Path:
        return self.folder / "data"

    def url(self, name: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{name}"

    def init(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust",
                  "-E", "UTF8", "--locale=C.UTF-8")  # fmt: skip
        self.start()

    def start(self) -> None:
        options = (
            f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        )
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "log"), "-w",
                  "start", "-o", options)  # fmt: skip

    def stop(self, mode: str = "fast") -> None:
        """Stop the server; ``fast`` ends every connection at once, as a crash would."""
        self._run("pg_ctl", "-D", str(self.data), "-w", "-m", mode, "stop")

    def pid(self) -> int | None:
        pidfile = self.data / "postmaster.pid"
        try:
            return int(pidfile.read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def create_database(self, name: str) -> None:
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", name)

    def shut_down(self) -> None:
        """At the end, whatever happened: stop by its PID."""
        pid = self.pid()
        if pid is None:
            return
        try:
            os.kill(pid, signal.SIGINT)  # PostgreSQL's "fast" shutdown
        except ProcessLookupError:
            return
        for _ in range(100):
            if not _alive(pid):
                return
            time.sleep(0.1)

    def _run(self, program: str, *args: str) -> None:
        binary = postgres_bin()
        assert binary is not None
        subprocess.run(as_postgres([str(binary / program), *args]), check=True,
                       stdout=subprocess.DEVNULL, cwd="/")  # fmt: skip


@dataclass
class Redis:
    """A private Redis without persistence: a restart loses every queued task, on purpose."""

    folder: Path
    port: int = field(default_factory=free_port)

    @property
    def pidfile(self) -> Path:
        return self.folder / "redis.pid"

    def url(self, db: int) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.pidfile.unlink(missing_ok=True)
        subprocess.run(
            ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--save", "",
             "--appendonly", "no", "--daemonize", "yes", "--pidfile", str(self.pidfile),
             "--dir", str(self.folder), "--logfile", str(self.folder / "redis.log")],
            check=True, stdout=subprocess.DEVNULL,
        )  # fmt: skip
        for _ in range(100):
            if self.pidfile.exists() and self.pidfile.read_text().strip():
                break
            time.sleep(0.05)
        wait_for_port(self.port)

    def pid(self) -> int | None:
        try:
            return int(self.pidfile.read_text().strip())
        except (OSError, ValueError):
            return None

    def stop(self) -> None:
        pid = self.pid()
        if pid is None:
            return
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        for _ in range(100):
            if not _alive(pid):
                return
            time.sleep(0.05)
        os.kill(pid, signal.SIGKILL)

    shut_down = stop


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@dataclass
class Process:
    """One process of the site, in its own process group (its children go with it)."""

    name: str
    command: list[str]
    log: Path
    popen: subprocess.Popen[bytes] | None = None

    def start(self, environment: Mapping[str, str]) -> None:
        with self.log.open("ab") as out:
            self.popen = subprocess.Popen(
                self.command, cwd=ROOT, env=dict(environment), stdout=out,
                stderr=subprocess.STDOUT, start_new_session=True,
            )  # fmt: skip

    @property
    def pid(self) -> int | None:
        return self.popen.pid if self.popen is not None else None

    def running(self) -> bool:
        return self.popen is not None and self.popen.poll() is None

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Send ``sig`` to the whole group (a worker's pool processes with it)."""
        if self.popen is None:
            return
        try:
            os.killpg(self.popen.pid, sig)
        except ProcessLookupError:
            pass

    def stop(self, seconds: float = 30.0) -> None:
        """Ask the process to stop (it stops its own children), then kill what is left."""
        if self.popen is not None and self.running():
            self.popen.send_signal(signal.SIGTERM)
            try:
                self.popen.wait(timeout=seconds)
            except subprocess.TimeoutExpired:
                pass
        self.kill(signal.SIGKILL)
        if self.popen is not None:
            self.popen.wait(timeout=seconds)

    def memory(self) -> int:
        """Resident memory in bytes of the process and its children (a worker and its pool)."""
        if self.popen is None:
            return 0
        return sum(resident_bytes(pid) for pid in group_pids(self.popen.pid))


def group_pids(pgid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if os.getpgid(int(entry.name)) == pgid:
                found.append(int(entry.name))
        except (ProcessLookupError, PermissionError):
            continue
    return found


def resident_bytes(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return 0


def python_command(*args: str) -> list[str]:
    return [sys.executable, *args]
