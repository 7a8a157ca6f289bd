"""Waits on a peer in real seconds, for the processes the soak runs under an accelerated clock.

libfaketime shortens every wait a program asks the kernel for (``poll``, ``select``,
``epoll_wait``, ``nanosleep``) by the clock's speed: right for a scheduler's sleep (beat's
minute is 1/720 of a real minute at x720), wrong for a socket time-out, which guards against a
slow peer and not against the passing of simulated time. A Redis read that may take 0.5 s
would have 0.7 ms; under load most of them would fail and the site would run as if Redis were
down. This file is put on ``PYTHONPATH`` (Python imports ``sitecustomize`` at start-up) only
for those processes, with ``SOAK_SPEED``: each socket time-out is lengthened by the speed, so
that it lasts as long in real time as the site meant.

psycopg waits for PostgreSQL's answers in polls of 0.1 s (so that Ctrl-C is heard between
them): shortened 720 times they round down to no wait at all and every query would spin the
CPU until its answer came, on the cores PostgreSQL needs. They are lengthened the same way,
once psycopg is imported.
"""

import importlib.abc
import importlib.util
import os
import socket
import sys
from types import ModuleType
from typing import Any

_SPEED = float(os.environ.get("SOAK_SPEED", "1") or 1)
#: A longer time-out than this (a day) is a way of saying "no time-out": it stays as it is
#: (lengthened, it would not fit the system's time type).
_LONGEST = 86400.0


def _lengthened(value: float | None) -> float | None:
    if not value or value * _SPEED > _LONGEST:
        return value
    return value * _SPEED


if _SPEED > 1:
    _settimeout = socket.socket.settimeout
    _setdefaulttimeout = socket.setdefaulttimeout

    def settimeout(self: socket.socket, value: float | None) -> None:
        _settimeout(self, _lengthened(value))

    def setdefaulttimeout(value: float | None) -> None:
        _setdefaulttimeout(_lengthened(value))

    socket.socket.settimeout = settimeout  # type: ignore[method-assign]
    socket.setdefaulttimeout = setdefaulttimeout


class _PsycopgPolls(importlib.abc.MetaPathFinder):
    """Lengthens psycopg's polling interval once ``psycopg.connection`` is imported."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != "psycopg.connection":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.loader is not None:
            run = spec.loader.exec_module

            def exec_module(module: ModuleType) -> None:
                run(module)
                interval = module._WAIT_INTERVAL * _SPEED
                module._WAIT_INTERVAL = interval  # read by connect() at each call
                module.Connection.wait.__defaults__ = (interval, None)

            spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


if _SPEED > 1:
    sys.meta_path.insert(0, _PsycopgPolls())
