"""Web Push against a push service of our own: a tiny HTTP server on loopback that keeps
what it is sent, answers as told, and decrypts each message with the browser's keys."""

from __future__ import annotations

import base64
import json
import secrets
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from games.push import subscriptions
from tests.notifications.conftest import committed, move, quick_passwords, started

__all__ = ["committed", "move", "quick_passwords", "started"]


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def new_key_pair() -> tuple[ec.EllipticCurvePrivateKey, str]:
    key = ec.generate_private_key(ec.SECP256R1())
    point = key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return key, b64(point)


@pytest.fixture
def vapid(settings: Any) -> str:
    """The site's VAPID keys (Web Push on); returns the public key."""
    key, public = new_key_pair()
    settings.VAPID_PRIVATE_KEY = b64(key.private_numbers().private_value.to_bytes(32, "big"))
    settings.VAPID_PUBLIC_KEY = public
    settings.VAPID_SUBJECT = "mailto:admin@example.com"
    settings.PUSH_ALLOW_PRIVATE = True  # the push service of the tests is on loopback
    return public


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Browser:
    """A browser's side of a subscription: its keys, to read what the service got for it."""

    endpoint: str
    key: ec.EllipticCurvePrivateKey
    p256dh: str
    auth: bytes
    service: PushService
    subscription: Any = None

    def messages(self) -> list[dict[str, Any]]:
        return [self.decrypt(r.body) for r in self.service.received if r.path == self.path]

    @property
    def path(self) -> str:
        return "/" + self.endpoint.split("/", 3)[3]

    def decrypt(self, body: bytes) -> dict[str, Any]:
        text = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(text)


@dataclass
class PushService:
    url: str = ""
    received: list[Received] = field(default_factory=list)
    #: Path -> the status to answer with (201 otherwise).
    answers: dict[str, int] = field(default_factory=dict)

    def browser(
        self, user: Any, user_agent: str = "Mozilla/5.0 (X11; Linux) Firefox/140.0"
    ) -> Browser:
        """Subscribe a new browser of ``user``, as the settings page does."""
        key, public = new_key_pair()
        auth = secrets.token_bytes(16)
        endpoint = f"{self.url}/push/{secrets.token_urlsafe(12)}"
        browser = Browser(endpoint, key, public, auth, self)
        browser.subscription = subscriptions.subscribe(
            user, endpoint, public, b64(auth), user_agent
        )
        return browser


@pytest.fixture
def push_service(vapid: str) -> Any:
    service = PushService()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server's name)
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            headers = {name.lower(): value for name, value in self.headers.items()}
            service.received.append(Received(self.path, headers, body))
            self.send_response(service.answers.get(self.path, 201))
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    service.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield service
    server.shutdown()
    server.server_close()
