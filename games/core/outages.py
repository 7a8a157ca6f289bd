"""When PostgreSQL, Redis or the Celery broker goes away, and comes back.

The site keeps answering through an outage (the database: a 503 that says to try again; the
cache and the broker: without them), and the log says so once per outage and process, not
once per request: ``went_down`` writes the first failure of a service, ``came_back`` the first
success after it.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.db import DatabaseError, InterfaceError, OperationalError, connection
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError
from redis.exceptions import RedisError

logger = logging.getLogger("partida.outages")

DATABASE = "the database"
CACHE = "the cache (Redis)"
BROKER = "the Celery broker"

#: What the database driver raises when the server cannot be reached or went away (Django
#: wraps psycopg's and sqlite3's errors in these).
DATABASE_ERRORS: tuple[type[Exception], ...] = (OperationalError, InterfaceError)
CACHE_ERRORS: tuple[type[Exception], ...] = (RedisError,)
BROKER_ERRORS: tuple[type[Exception], ...] = (BrokerError, RedisError, OSError)

#: Seconds a client is asked to wait before it tries again (``Retry-After``).
RETRY_AFTER = 30

_down: set[str] = set()
_lock = threading.Lock()


def went_down(service: str, error: BaseException) -> None:
    """Note that ``service`` failed; the first failure of an outage is logged, once."""
    with _lock:
        if service in _down:
            return
        _down.add(service)
    logger.error(
        "%s is unavailable (%s: %s); the site answers without it until it is back.",
        _sentence(service),
        type(error).__name__,
        str(error).strip().splitlines()[0] if str(error).strip() else "",
    )


def came_back(service: str) -> None:
    """Note that ``service`` answered; logged once, if it was down."""
    if service not in _down:  # the usual case, without the lock
        return
    with _lock:
        if service not in _down:
            return
        _down.discard(service)
    logger.warning("%s is back.", _sentence(service))


def _sentence(service: str) -> str:
    return service[:1].upper() + service[1:]


def is_down(service: str) -> bool:
    return service in _down


def is_database_outage(error: BaseException | None) -> bool:
    return isinstance(error, DATABASE_ERRORS)


class OutageTracebacks(logging.Filter):
    """Drops the per-request tracebacks of a database outage from ``django.request``: the
    outage is logged once by ``went_down``, and each request answered 503."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        return not is_database_outage(error)


def enqueue(task: Any, *args: Any) -> None:
    """Send ``task`` to the broker; if the broker is away, leave the work to the beat sweep.

    Every task the site queues after a commit is for outbox rows that stay due until they are
    sent, and the minute sweep queues due rows again: a broker outage delays an email or a
    notice, it never loses one, and it never fails the change that wrote the rows.
    """
    try:
        task.delay(*args)
    except BROKER_ERRORS as error:
        went_down(BROKER, error)
        return
    came_back(BROKER)


def recorded(write: Callable[[], Any], until: datetime | None, pause: float = 0.5) -> Any:
    """Run ``write`` (a statement saying that something was done outside the database: an
    email the server accepted) until the database takes it, retrying until ``until`` (the
    lease of the row it records).

    A short outage (a restart, a fail-over) between the send and its record would otherwise
    leave the row due, and the sweep would send it again once its lease ran out. Once the
    lease is over, the error is raised as before.
    """
    failed = False
    while True:
        try:
            done = write()
        except DATABASE_ERRORS as error:
            left = (until - timezone.now()).total_seconds() if until else 0.0
            if left < pause:
                raise
            went_down(DATABASE, error)
            failed = True
            # A connection the outage broke is dropped, and the next query opens a new one
            # (outside a transaction: the sends record themselves in autocommit).
            if not connection.in_atomic_block:
                connection.close_if_unusable_or_obsolete()
            time.sleep(pause)
            continue
        if failed:
            came_back(DATABASE)
        return done


def database_answers() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except DatabaseError:
        return False


class RecoveryMiddleware:
    """Logs the end of a database outage once, at the first request answered after it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if is_down(DATABASE) and response.status_code < 500 and database_answers():
            came_back(DATABASE)
        return response
