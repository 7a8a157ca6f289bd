"""A real SMTP server on a free loopback port (aiosmtpd), for the tests with a real worker."""

from __future__ import annotations

import asyncio
import email
import socket
import threading
import time
from email.message import Message
from typing import Any

from aiosmtpd.controller import Controller


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Recorder:
    """Keeps every accepted message; can stall one message and then refuse it (451)."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.arrived: list[float] = []
        self.lock = threading.Lock()
        self.stall_at: int | None = None
        self.stalled = threading.Event()
        self.release = threading.Event()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self.lock:
            number = len(self.messages) + 1
        if self.stall_at == number and not self.stalled.is_set():
            self.stalled.set()
            await asyncio.get_running_loop().run_in_executor(None, self.release.wait, 30)
            return "451 4.3.0 Try again later"
        message = email.message_from_bytes(envelope.content)
        with self.lock:
            self.messages.append(message)
            self.arrived.append(time.time())
        return "250 2.0.0 Message accepted for delivery"

    def message_ids(self) -> list[str]:
        with self.lock:
            return [str(m["Message-ID"]) for m in self.messages]


class SmtpServer:
    def __init__(self) -> None:
        self.port = free_port()
        self.recorder = Recorder()
        self.controller: Controller | None = None

    def start(self) -> None:
        self.controller = Controller(self.recorder, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None
