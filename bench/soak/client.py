"""How the simulated people and bots talk to the site: HTTP through gunicorn, as clients do.

``Api`` is a bot's or a person's app: the REST API with a token. ``Browser`` is a person at
the pages: it logs in with the form, keeps its cookies and posts forms with their CSRF token.
Every answer is written in the ``Ledger`` with the real time it was asked and answered, for
the check of server errors against the outage windows.
"""

from __future__ import annotations

import http.client
import json
import re
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

#: A request that got no answer at all (the connection failed or timed out).
NO_ANSWER = 0
TIMEOUT_SECONDS = 120.0


@dataclass(frozen=True)
class Exchange:
    started: float
    ended: float
    method: str
    route: str
    status: int


@dataclass
class Ledger:
    """Every request the soak made, in the driver's real monotonic time."""

    exchanges: list[Exchange] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, exchange: Exchange) -> None:
        with self.lock:
            self.exchanges.append(exchange)

    def snapshot(self) -> list[Exchange]:
        with self.lock:
            return list(self.exchanges)


def route_of(path: str) -> str:
    """``/api/v1/matches/12/moves/`` → ``/api/v1/matches/{n}/moves/`` (for the report)."""
    path = path.split("?", 1)[0]
    return re.sub(r"/(\d+|[a-z]{2})(?=/)", lambda m: "/{n}" if m[1].isdigit() else "/{lang}", path)


@dataclass
class Answer:
    status: int
    body: bytes
    headers: dict[str, str]

    def json(self) -> Any:
        try:
            return json.loads(self.body or b"null")
        except ValueError:
            return None


class Http:
    """One request per connection (gunicorn's sync workers close it after each answer)."""

    def __init__(self, port: int, ledger: Ledger) -> None:
        self.port = port
        self.ledger = ledger

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        started = time.monotonic()
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT_SECONDS)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            headers_in: dict[str, str] = {}
            for name, value in response.getheaders():
                name = name.lower()
                # Each Set-Cookie header stays whole, one a line.
                headers_in[name] = f"{headers_in[name]}\n{value}" if name in headers_in else value
            answer = Answer(response.status, response.read(), headers_in)
        except (OSError, http.client.HTTPException):
            answer = Answer(NO_ANSWER, b"", {})
        finally:
            connection.close()
        self.ledger.add(Exchange(started, time.monotonic(), method, route_of(path), answer.status))
        return answer


class Api:
    """The REST API with a personal token."""

    def __init__(self, http: Http, token: str) -> None:
        self.http = http
        self.headers = {"Authorization": f"Bearer {token}", "Accept": "application/json"}

    def call(self, method: str, path: str, payload: Any = None) -> Answer:
        headers = dict(self.headers)
        body = None
        if payload is not None:
            body = json.dumps(payload).encode()
            headers["Content-Type"] = "application/json"
        return self.http.request(method, "/api/v1" + path, body, headers)

    def get(self, path: str) -> Answer:
        return self.call("GET", path)

    def post(self, path: str, payload: Any = None) -> Answer:
        return self.call("POST", path, payload if payload is not None else {})

    def delete(self, path: str) -> Answer:
        return self.call("DELETE", path)

    def listing(self, query: str) -> list[dict[str, Any]] | None:
        """Every page of ``GET /matches/?query``; None when an answer was not a 200."""
        found: list[dict[str, Any]] = []
        path = f"/matches/?{query}"
        while path:
            answer = self.get(path)
            if answer.status != 200:
                return None
            page = answer.json()
            found += page["results"]
            following = page.get("next")
            path = following[following.index("/api/v1") + len("/api/v1") :] if following else ""
        return found


class Browser:
    """A person at the pages: cookies kept by hand (the simulated date is not the real one,
    so a cookie jar would judge their expiry wrongly), forms posted with their CSRF token."""

    CSRF_FIELD = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')

    def __init__(self, http: Http, language: str) -> None:
        self.http = http
        self.language = language
        self.cookies: dict[str, str] = {}

    def page(self, path: str) -> str:
        return f"/{self.language}{path}"

    def get(self, path: str) -> Answer:
        return self._send("GET", self.page(path))

    def post_form(self, path: str, fields: dict[str, str], form_page: str | None = None) -> Answer:
        """Open the form's page for its CSRF token, then post the form."""
        shown = self.get(form_page or path)
        found = self.CSRF_FIELD.search(shown.body)
        if shown.status != 200 or found is None:
            return shown
        data = {**fields, "csrfmiddlewaretoken": found[1].decode()}
        return self._send("POST", self.page(path), urlencode(data).encode(),
                          {"Content-Type": "application/x-www-form-urlencoded"})  # fmt: skip

    def log_in(self, username: str, password: str) -> bool:
        answer = self.post_form("/accounts/login/", {"login": username, "password": password})
        return answer.status == 302 and "sessionid" in self.cookies

    @property
    def logged_in(self) -> bool:
        return "sessionid" in self.cookies

    def _send(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        answer = self.http.request(method, path, body, headers)
        self._keep_cookies(answer)
        return answer

    def _keep_cookies(self, answer: Answer) -> None:
        for line in answer.headers.get("set-cookie", "").splitlines():
            name, _, value = line.split(";", 1)[0].strip().partition("=")
            if name in ("sessionid", "csrftoken"):
                if value and value != '""':
                    self.cookies[name] = value
                else:
                    self.cookies.pop(name, None)
