"""API test helpers: callers with a personal token, and the site served by gunicorn.

Every test starts with empty caches (``tests/conftest.py``), so with fresh request counters."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import url_of_test_database

V1 = "/api/v1"
ROOT = Path(__file__).resolve().parents[2]
#: High enough that the bots and the concurrency tests are never throttled.
UNTHROTTLED = "user=1000000/min,moves=1000000/min,anon=1000000/min"


class Caller:
    """Requests to the API as one user (by token), or anonymously when ``token`` is None."""

    def __init__(self, client: Any, token: str | None = None, **headers: str) -> None:
        self.client = client
        self.headers = dict(headers)
        if token:
            self.headers["HTTP_AUTHORIZATION"] = f"Bearer {token}"

    def _url(self, path: str) -> str:
        if path.startswith("http"):
            return "/" + path.split("/", 3)[3]  # a `next` link: keep its path and query
        return path if path.startswith("/api/") else V1 + path

    def get(self, path: str, params: dict[str, Any] | None = None) -> Any:
        return self.client.get(self._url(path), params or {}, **self.headers)

    def send(self, method: str, path: str, data: Any = None) -> Any:
        payload = "" if data is None else json.dumps(data)
        return getattr(self.client, method)(
            self._url(path), payload, content_type="application/json", **self.headers
        )

    def post(self, path: str, data: Any = None) -> Any:
        return self.send("post", path, data)

    def put(self, path: str, data: Any = None) -> Any:
        return self.send("put", path, data)

    def patch(self, path: str, data: Any = None) -> Any:
        return self.send("patch", path, data)

    def delete(self, path: str) -> Any:
        return self.send("delete", path)


@pytest.fixture(autouse=True)
def fast_passwords(settings: Any) -> None:
    """The tests make many users; a slow password hash would only slow them down."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def token_of(db: None) -> Any:
    from games.api.tokens import create_token

    def make(user: Any, name: str = "test") -> str:
        return create_token(user, name)[1]

    return make


@pytest.fixture
def as_user(client: Any, token_of: Any) -> Any:
    """``as_user(user)``: a caller authenticated with a fresh token of ``user``."""

    def make(user: Any | None) -> Caller:
        from django.test import Client

        return Caller(Client(), token_of(user) if user is not None else None)

    return make


def to_act(match: Any) -> Any:
    """The user whose turn it is (the first seat to act)."""
    match.refresh_from_db()
    return match.seats.filter(is_to_act=True).select_related("user").first().user


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def live_api(transactional_db: None) -> Iterator[str]:
    """The site served by gunicorn (as in production) on a free loopback port, on this test's
    database; its URL. Two worker processes with eight threads each."""
    from django.conf import settings

    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": url_of_test_database(),
        "VAR_DIR": str(settings.VAR_DIR),
        "API_THROTTLE_RATES": UNTHROTTLED,
        "API_WEBHOOK_ALLOW_PRIVATE": "1",
    }
    command = [
        sys.executable, "-m", "gunicorn", "config.wsgi", "--workers", "2",
        "--worker-class", "gthread", "--threads", "8", "--bind", f"127.0.0.1:{port}",
        "--log-level", "warning",
    ]  # fmt: skip
    process = subprocess.Popen(command, cwd=ROOT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, "gunicorn exited"
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                assert time.monotonic() < deadline, "gunicorn did not start within 30 s"
                time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)
