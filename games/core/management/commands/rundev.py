"""Run the web server, one Celery worker and Celery beat together; Ctrl-C stops all three."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Run the development web server, a Celery worker and Celery beat until Ctrl-C."

    def add_arguments(self, parser):  # type: ignore[no-untyped-def]
        parser.add_argument("--addr", default=os.environ.get("ADDR", "127.0.0.1"))
        parser.add_argument("--port", default=os.environ.get("PORT", "8000"))

    def handle(self, *args: object, **options: object) -> None:
        python = sys.executable
        commands = {
            "web": [python, "manage.py", "runserver", f"{options['addr']}:{options['port']}"],
            "worker": [
                python,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "--pool=solo",
                "--without-gossip",
                "--without-mingle",
                "--loglevel=INFO",
            ],
            "beat": [python, "-m", "celery", "-A", "config", "beat", "--loglevel=INFO"],
        }
        processes: dict[str, subprocess.Popen[bytes]] = {}
        stopping = False

        def stop(*_args: object) -> None:
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGINT, stop)
        signal.signal(signal.SIGTERM, stop)
        for name, command in commands.items():
            # Each child gets its own process group, so our Ctrl-C handling decides the order.
            processes[name] = subprocess.Popen(command, start_new_session=True)
        url = f"http://{options['addr']}:{options['port']}/"
        self.stdout.write(self.style.SUCCESS(f"Partida is running at {url} (Ctrl-C stops it)."))
        try:
            while not stopping:
                for name, process in processes.items():
                    if process.poll() is not None:
                        self.stderr.write(f"{name} exited with code {process.returncode}.")
                        stopping = True
                time.sleep(0.5)
        finally:
            for process in processes.values():
                if process.poll() is None:
                    process.terminate()
            deadline = time.monotonic() + 10
            for process in processes.values():
                try:
                    process.wait(timeout=max(0.1, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    process.kill()
            self.stdout.write("Stopped the web server, the worker and beat.")
