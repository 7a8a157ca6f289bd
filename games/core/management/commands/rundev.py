"""Run the web server, one Celery worker and Celery beat together; Ctrl-C stops all three.

The children's output is passed through line by line; once each has said it is ready (or after
a minute), the site's address and the demo logins are printed last, below their banners. The
routine lines of the minutely sweeps (a task sent, received, succeeded) are left out so that the
logins stay in view; warnings, errors, failed tasks and emails printed by the worker pass through.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from typing import IO, Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from games.accounts.demo import demo_logins

#: What each process prints last once it is ready. Django 5.2's runserver ends its banner with
#: a line about production servers (after "Quit the server with CONTROL-C."), unless
#: DJANGO_RUNSERVER_HIDE_WARNING hides that warning.
READY = {
    "web": re.compile(r"For more information on production servers"),
    "worker": re.compile(r"\bready\.\s*$"),
    "beat": re.compile(r"beat: Starting"),
}
if os.environ.get("DJANGO_RUNSERVER_HIDE_WARNING") == "true":
    READY["web"] = re.compile(r"Quit the server with")
READY_TIMEOUT = 60.0
ROUTINE = re.compile(
    r"INFO/MainProcess\] "
    r"(Scheduler: Sending due task |Task [\w.]+\[[\w-]+\] (received|succeeded in))"
)


class DevStack:
    """Processes started together, their output echoed, each watched until it says it is ready."""

    def __init__(
        self,
        commands: dict[str, list[str]],
        out: Any,
        spawn: Callable[..., Any] = subprocess.Popen,
        env: dict[str, str] | None = None,
    ) -> None:
        self.commands = commands
        self.out = out
        self.spawn = spawn
        self.env = env
        self.processes: dict[str, Any] = {}
        self.ready = {name: threading.Event() for name in commands}
        self.readers: list[threading.Thread] = []
        self.lock = threading.Lock()

    def start(self) -> None:
        for name, command in self.commands.items():
            # Each child gets its own process group, so our Ctrl-C handling decides the order.
            process = self.spawn(
                command,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                bufsize=1,
                start_new_session=True,
                env=self.env,
            )
            self.processes[name] = process
            reader = threading.Thread(target=self._echo, args=(name, process.stdout), daemon=True)
            reader.start()
            self.readers.append(reader)

    def _echo(self, name: str, stream: Iterable[str] | IO[str]) -> None:
        pattern = READY.get(name)
        for line in stream:
            if ROUTINE.search(line):
                continue
            with self.lock:
                self.out.write(line.rstrip("\n"))
            if pattern and pattern.search(line):
                self.ready[name].set()

    def wait_until_ready(self, timeout: float, stop: threading.Event) -> list[str]:
        """The names of the processes that did not say they were ready within ``timeout``
        (waiting ends early when ``stop`` is set or a process exits)."""
        deadline = time.monotonic() + timeout
        for name, event in self.ready.items():
            while not event.wait(0.2):
                if stop.is_set() or time.monotonic() > deadline:
                    break
                if self.processes[name].poll() is not None:
                    break
        return [name for name, event in self.ready.items() if not event.is_set()]

    def say(self, text: str) -> None:
        with self.lock:
            self.out.write(text)

    def first_exited(self) -> tuple[str, int] | None:
        for name, process in self.processes.items():
            if process.poll() is not None:
                return name, process.returncode
        return None

    def stop(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                process.terminate()
        deadline = time.monotonic() + 10
        for process in self.processes.values():
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
        for reader in self.readers:
            reader.join(timeout=2)


class Command(BaseCommand):
    help = "Run the development web server, a Celery worker and Celery beat until Ctrl-C."
    spawn: Callable[..., Any] = staticmethod(subprocess.Popen)
    ready_timeout = READY_TIMEOUT

    def add_arguments(self, parser: CommandParser) -> None:
        # The host of SITE_URL's default, so that the address printed is the emails' address.
        parser.add_argument("--addr", default=os.environ.get("ADDR", settings.DEV_HOST))
        parser.add_argument("--port", default=os.environ.get("PORT", "8000"))

    def commands(self, addr: str, port: str) -> dict[str, list[str]]:
        python = sys.executable
        celery = [python, "-m", "celery", "-A", "config"]
        return {
            "web": [python, "manage.py", "runserver", f"{addr}:{port}"],
            # One worker takes both queues here: the default one (emails, sweeps) and the
            # house players' (`bots`); a deployment runs a worker for each (README).
            "worker": [
                *celery,
                "worker",
                "--queues=celery,bots",
                "--pool=solo",
                "--without-gossip",
                "--without-mingle",
                "--loglevel=INFO",
            ],
            "beat": [*celery, "beat", "--loglevel=INFO"],
        }

    def handle(self, *args: object, **options: Any) -> None:
        addr, port = str(options["addr"]), str(options["port"])
        # The children build the links in emails from PORT (SITE_URL's default), and print at
        # once rather than when a buffer fills.
        env = {**os.environ, "PORT": port, "PYTHONUNBUFFERED": "1"}
        stack = DevStack(self.commands(addr, port), self.stdout, spawn=self.spawn, env=env)
        stopping = threading.Event()
        previous = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
        for sig in previous:
            signal.signal(sig, lambda *_args: stopping.set())
        try:
            stack.start()
            late = stack.wait_until_ready(self.ready_timeout, stopping)
            if not stopping.is_set() and not stack.first_exited():
                for name in late:
                    stack.say(self.style.WARNING(f"{name} has not said it is ready yet."))
                self._welcome(stack, f"http://{addr}:{port}/")
            while True:
                exited = stack.first_exited()
                if exited:
                    stack.say(f"{exited[0]} exited with code {exited[1]}.")
                    break
                if stopping.wait(0.5):
                    break
        finally:
            stack.stop()
            for sig, handler in previous.items():
                signal.signal(sig, handler)
            self.stdout.write("Stopped the web server, the worker and beat.")

    def _welcome(self, stack: DevStack, url: str) -> None:
        lines = ["", self.style.SUCCESS(f"Partida is running at {url} (Ctrl-C stops it).")]
        logins = demo_logins()
        if logins:
            lines.append("Log in as one of the demo users:")
            lines.extend(f"  {line}" for line in logins)
        stack.say("\n".join(lines))
