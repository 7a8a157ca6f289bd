"""Requests the site makes to addresses its users give it: webhooks and Web Push endpoints.

One guard for both. A URL's host name is resolved once per send and every address it gives
must be public (not private, loopback, link-local, reserved or multicast), unless the site
allows private ones (development); the connection is then made to the very address that was
checked, the name sent as the Host header and, for HTTPS, as SNI and checked against the
certificate. A name cannot answer the check with a public address and the connection with a
private one (DNS rebinding), and the site never becomes a way into its own network.
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any
from urllib.parse import urlsplit

from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _

from games.core.text import LINE_FORBIDDEN

#: An http or https URL as the API takes one (the schema shows this pattern): a host name, a
#: port if any, then anything visible. Whether the name resolves, and to what, is checked
#: when the URL is saved and again at each send.
_VISIBLE = rf"[^{LINE_FORBIDDEN}\s]"
_PORT = r"(6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3})"
HTTP_URL = rf"\Ahttps?://[^{LINE_FORBIDDEN}\s/?#@:\[\]]+(:{_PORT})?([/?#]{_VISIBLE}*)?\Z"
validate_http_url = RegexValidator(
    HTTP_URL, _("Enter an http:// or https:// address."), code="invalid_url"
)


class Refusal(Enum):
    """Why a URL may not be called."""

    SCHEME = "scheme"
    HOST = "host"
    UNRESOLVED = "unresolved"
    PRIVATE = "private"


class RefusedAddress(Exception):
    def __init__(self, reason: Refusal) -> None:
        super().__init__(reason.value)
        self.reason = reason


def resolve(host: str, port: int) -> list[str]:
    """The addresses ``host`` resolves to (one DNS lookup)."""
    # An IPv4 or IPv6 address is a string (typeshed allows the int of other families).
    return list(dict.fromkeys(str(info[4][0]) for info in socket.getaddrinfo(host, port)))


def is_public(address: str) -> bool:
    """An address of the internet: global, and not a multicast group (``224.0.0.1`` is
    "global" to Python's ``ipaddress`` but reaches every host of the local network)."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    return ip.is_global and not ip.is_multicast


def checked_shape(url: str, schemes: tuple[str, ...]) -> tuple[str, int]:
    """The URL's host and port, if its scheme is one of ``schemes`` and it names a host and
    no credentials; else ``RefusedAddress``. Nothing is resolved."""
    parts = urlsplit(url)
    if parts.scheme not in schemes:
        raise RefusedAddress(Refusal.SCHEME)
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise RefusedAddress(Refusal.HOST) from None
    if not parts.hostname or parts.username or parts.password:
        raise RefusedAddress(Refusal.HOST)
    return parts.hostname, port


def checked_address(url: str, schemes: tuple[str, ...], allow_private: bool) -> str:
    """Resolve the URL's host once, check every address it gives; the one to connect to.

    Raises ``RefusedAddress`` with the reason: a scheme not in ``schemes``, no host or
    credentials in the URL, a name that does not resolve, or a non-public address (unless
    ``allow_private``).
    """
    host, port = checked_shape(url, schemes)
    try:
        addresses = resolve(host, port)
    except (OSError, UnicodeError, ValueError):
        raise RefusedAddress(Refusal.UNRESOLVED) from None
    if not addresses:
        raise RefusedAddress(Refusal.UNRESOLVED)
    if not allow_private and not all(is_public(address) for address in addresses):
        raise RefusedAddress(Refusal.PRIVATE)
    return addresses[0]


class PinnedHTTPConnection(http.client.HTTPConnection):
    """HTTP to ``address``, whatever ``host`` (sent as the Host header) resolves to now."""

    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class PinnedHTTPSConnection(http.client.HTTPSConnection):
    """HTTPS to ``address``; the certificate is checked for ``host`` (also sent as SNI)."""

    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self.address = address

    def connect(self) -> None:
        sock = socket.create_connection((self.address, self.port), self.timeout)
        # HTTPSConnection keeps its context in ``_context``; typeshed leaves it out.
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)  # type: ignore[attr-defined]


def connection_for(url: str, address: str, timeout: float) -> http.client.HTTPConnection:
    parts = urlsplit(url)
    https = parts.scheme == "https"
    port = parts.port or (443 if https else 80)
    kind = PinnedHTTPSConnection if https else PinnedHTTPConnection
    return kind(parts.hostname or "", port, address, timeout)


def target_of(url: str) -> str:
    """The request target of ``url``: its path (``/`` when empty) and query."""
    parts = urlsplit(url)
    return (parts.path or "/") + (f"?{parts.query}" if parts.query else "")


@dataclass
class Answer:
    """What a POST got back, with the attributes of a ``requests`` response that callers read."""

    status_code: int
    reason: str = ""
    text: str = ""
    headers: Mapping[str, str] = field(default_factory=dict)


def post(url: str, address: str, body: bytes, headers: Mapping[str, str], timeout: float) -> Answer:
    """One POST to ``url`` on ``address`` (redirects not followed); raises ``OSError`` or
    ``http.client.HTTPException`` when the connection fails."""
    connection = connection_for(url, address, timeout)
    try:
        connection.request("POST", target_of(url), body=body, headers=dict(headers))
        response = connection.getresponse()
        text = response.read(4096).decode("utf-8", "replace")
        return Answer(response.status, response.reason, text, dict(response.getheaders()))
    finally:
        connection.close()


class PinnedSession:
    """What pywebpush calls as its ``requests_session``: a ``post`` to the checked address."""

    def __init__(self, address: str) -> None:
        self.address = address

    def post(
        self, url: str, data: Any = b"", headers: Mapping[str, str] | None = None, **kwargs: Any
    ) -> Answer:
        body = data if isinstance(data, bytes) else str(data or "").encode()
        timeout = float(kwargs.get("timeout") or 20)
        return post(url, self.address, body, headers or {}, timeout)
