"""The site's coded error: why a request was refused, as a stable code, a message and an
HTTP status.

Every use case raises it (or a subclass: play's stale version and illegal move); pages turn it
into form errors or pages, the API into its JSON error shape. Messages are lazy, so they are
translated in the language active when they are shown.
"""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    status = 400

    def __init__(self, code: str, message: Any, status: int | None = None, **extra: Any) -> None:
        super().__init__(code)
        self.code = code
        self.message = message
        if status is not None:
            self.status = status
        self.extra = extra

    def __str__(self) -> str:
        return str(self.message)
