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
once psycopg is imported; so are kombu's health checks of its Redis connections.
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


def _lengthen_psycopg_polls(module: ModuleType) -> None:
    interval = module._WAIT_INTERVAL * _SPEED
    module._WAIT_INTERVAL = interval  # read by connect() at each call
    module.Connection.wait.__defaults__ = (interval, None)


def _lengthen_kombu_health_checks(module: ModuleType) -> None:
    # Kombu's checks of its Redis connections (every 25 s by default, and a BRPOP unanswered
    # for its 1 s server-side wait plus that interval counts as a dead connection) would come
    # 720 times as often: every wait for an empty queue would be dropped as stale, and the
    # worker would spend its time reconnecting (and, once, stopped consuming altogether).
    interval = module.DEFAULT_HEALTH_CHECK_INTERVAL * _SPEED
    module.DEFAULT_HEALTH_CHECK_INTERVAL = interval  # read when the event loop is set up
    module.Channel.health_check_interval = interval


_AFTER_IMPORT = {
    "psycopg.connection": _lengthen_psycopg_polls,
    "kombu.transport.redis": _lengthen_kombu_health_checks,
}


class _RealTimeGuards(importlib.abc.MetaPathFinder):
    """Lengthens a module's waits in ``_AFTER_IMPORT`` once it is imported."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        adjust = _AFTER_IMPORT.pop(name, None)
        if adjust is None:
            return None
        if not _AFTER_IMPORT:
            sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.loader is not None:
            run = spec.loader.exec_module

            def exec_module(module: ModuleType) -> None:
                run(module)
                adjust(module)

            spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


if _SPEED > 1:
    sys.meta_path.insert(0, _RealTimeGuards())
