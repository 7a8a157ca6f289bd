"""What the site sends to the world during the soak, received and written down line by line.

Run by the soak as a process of its own, on real time (``python -m soak.receivers``):

- an SMTP sink (aiosmtpd) that keeps each accepted email's Message-ID, recipient and subject;
- a push service at ``/push/<n>`` that keeps each message's encrypted body (the soak made the
  browsers' keys, so it can read them afterwards);
- a webhook receiver at ``/hook/<username>`` that keeps each notice's delivery id, body and
  signature.

Each refuses a share of what it is sent (``--refuse``: SMTP 451, HTTP 503), as real servers
sometimes do, so that the site's retries are part of the soak. A refused message is written
down as refused: "delivered" means accepted, and each must be accepted exactly once.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import signal
import threading
import time
from email.parser import BytesHeaderParser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, TextIO

from aiosmtpd.controller import Controller

MAIL = "mail.jsonl"
PUSH = "push.jsonl"
HOOKS = "hooks.jsonl"


class Journal:
    """One JSON object a line, flushed at once: what was received survives a crash."""

    def __init__(self, path: Path) -> None:
        self.file: TextIO = path.open("a", encoding="utf-8")
        self.lock = threading.Lock()

    def write(self, entry: dict[str, Any]) -> None:
        line = json.dumps({"at": time.time(), **entry}, separators=(",", ":"))
        with self.lock:
            self.file.write(line + "\n")
            self.file.flush()


class Refusals:
    def __init__(self, share: float, seed: int) -> None:
        self.share = share
        self.rng = random.Random(seed)
        self.lock = threading.Lock()

    def now(self) -> bool:
        with self.lock:
            return self.rng.random() < self.share


class MailSink:
    """aiosmtpd's handler: headers only are parsed (the bodies are not the soak's concern)."""

    def __init__(self, journal: Journal, refusals: Refusals) -> None:
        self.journal = journal
        self.refusals = refusals

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        headers = BytesHeaderParser().parsebytes(envelope.content)
        entry = {
            "message_id": str(headers.get("Message-ID", "")),
            "to": list(envelope.rcpt_tos),
            "subject": str(headers.get("Subject", ""))[:120],
        }
        if self.refusals.now():
            self.journal.write({**entry, "refused": True})
            return "451 4.3.0 Try again later"
        self.journal.write(entry)
        return "250 2.0.0 Accepted"


def handler_class(push: Journal, hooks: Journal, refusals: Refusals) -> type:
    class Receiver(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:  # noqa: N802 (the name http.server calls)
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length)
            refused = refusals.now()
            if self.path.startswith("/push/"):
                push.write({
                    "path": self.path,
                    "body": base64.b64encode(body).decode(),
                    "encoding": self.headers.get("Content-Encoding", ""),
                    "refused": refused,
                })  # fmt: skip
                self.answer(500 if refused else 201)
            elif self.path.startswith("/hook/"):
                hooks.write({
                    "path": self.path,
                    "delivery": self.headers.get("X-Partida-Delivery", ""),
                    "signature": self.headers.get("X-Partida-Signature", ""),
                    "body": body.decode("utf-8", "replace"),
                    "refused": refused,
                })  # fmt: skip
                self.answer(503 if refused else 200)
            else:
                self.answer(404)

        def answer(self, status: int) -> None:
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass  # the journals say what came

    return Receiver


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folder", type=Path, required=True)
    parser.add_argument("--smtp-port", type=int, required=True)
    parser.add_argument("--http-port", type=int, required=True)
    parser.add_argument("--refuse", type=float, default=0.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    args.folder.mkdir(parents=True, exist_ok=True)
    refusals = Refusals(args.refuse, args.seed)
    smtp = Controller(
        MailSink(Journal(args.folder / MAIL), refusals), hostname="127.0.0.1", port=args.smtp_port
    )
    smtp.start()
    receiver = handler_class(Journal(args.folder / PUSH), Journal(args.folder / HOOKS), refusals)
    http = ThreadingHTTPServer(("127.0.0.1", args.http_port), receiver)
    http.daemon_threads = True
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=http.shutdown).start())
    try:
        http.serve_forever()
    finally:
        smtp.stop()


if __name__ == "__main__":
    main()
