"""What players, bots and the operator meet when PostgreSQL, Redis or the broker goes away:
503s that say to try again (JSON under /api/, a short page in the reader's language
elsewhere), a site that goes on without Redis, emails that are delayed and never lost, and
one line in the log per outage instead of a traceback per request."""

from __future__ import annotations

import logging
import shutil
import socket
import subprocess
import time
from contextlib import contextmanager
from datetime import timedelta
from unittest import mock

import pytest
from django.db import OperationalError, connections
from django.test import Client
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

from games.core import outages
from games.notifications import delivery
from games.notifications.models import Notification
from games.play.models import Match
from tests.conftest import service_missing

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("players_draw_themselves")]


@pytest.fixture(autouse=True)
def no_outage_left_over():
    """Each test starts, and leaves, with every service counted as up in this process."""
    outages._down.clear()
    yield
    outages._down.clear()


@contextmanager
def database_down():
    """Every query fails as it does when PostgreSQL is stopped (the connection is refused)."""
    refused = OperationalError('connection to server at "127.0.0.1", port 5432 failed')
    with mock.patch.object(connections["default"], "cursor", side_effect=refused):
        yield


def outage_lines(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "partida.outages"]


def request_tracebacks(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "django.request" and r.exc_info]


def test_during_a_database_outage_the_api_answers_503_json_and_the_log_says_it_once(player, caplog):
    from games.api.tokens import create_token

    token = create_token(player, "bot")[1]
    client = Client(raise_request_exception=False, HTTP_AUTHORIZATION=f"Bearer {token}")
    caplog.set_level(logging.WARNING)
    with database_down():
        answers = [client.get("/api/v1/matches/", HTTP_ACCEPT_LANGUAGE="es") for _ in range(5)]
        moved = client.post("/api/v1/matches/1/moves/", {}, content_type="application/json")
    for answer in [*answers, moved]:
        assert answer.status_code == 503
        assert answer["Content-Type"] == "application/json"
        assert answer.json()["code"] == "unavailable"
        assert int(answer["Retry-After"]) == answer.json()["retry_after"] > 0
    assert "base de datos" in answers[0].json()["message"]  # in the caller's language
    assert len(outage_lines(caplog)) == 1 and "unavailable" in outage_lines(caplog)[0].message
    assert request_tracebacks(caplog) == []
    # Back: the next answer is an ordinary one, and the log says so once.
    assert client.get("/api/v1/matches/").status_code == 200
    assert client.get("/api/v1/matches/").status_code == 200
    lines = outage_lines(caplog)
    assert len(lines) == 2 and lines[1].message == "The database is back."


def test_during_a_database_outage_pages_answer_a_short_503_page_in_the_readers_language(
    client, player, caplog
):
    client.force_login(player)
    caplog.set_level(logging.WARNING)
    client.raise_request_exception = False
    with database_down():
        pages = [client.get(path) for path in ("/es/play/", "/it/play/lobby/", "/en/")]
    assert [page.status_code for page in pages] == [503, 503, 503]
    assert all(int(page["Retry-After"]) > 0 for page in pages)
    spanish, italian, english = (page.content.decode() for page in pages)
    assert 'lang="es"' in spanish and "base de datos" in spanish
    assert 'lang="it"' in italian and "database" in italian and "Riprova" in italian
    assert "cannot reach its database" in english
    assert len(outage_lines(caplog)) == 1 and request_tracebacks(caplog) == []


def test_an_error_that_is_not_an_outage_is_still_a_500_with_its_traceback(caplog):
    from django.test import override_settings

    caplog.set_level(logging.WARNING)
    with override_settings(ROOT_URLCONF="tests.api.failing_urls"):
        response = Client(raise_request_exception=False).get("/api/v1/fails/")
    assert response.status_code == 500 and response.json()["code"] == "server_error"
    assert len(request_tracebacks(caplog)) == 1 and outage_lines(caplog) == []


# Redis ------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def private_redis(settings, tmp_path):
    """A Redis of this test's own as the site's cache, and a way to stop it."""
    if not shutil.which("redis-server"):
        service_missing("Redis", "redis-server is not on the PATH")
    port = free_port()
    process = subprocess.Popen(
        ["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--save", "",
         "--appendonly", "no", "--dir", str(tmp_path)],
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + 10
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)
    settings.CACHES = {
        "default": {
            "BACKEND": "games.core.cache.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{port}/0",
            "OPTIONS": {"socket_connect_timeout": 0.25, "socket_timeout": 0.5},
        }
    }
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

    def stop() -> None:
        process.terminate()
        process.wait(timeout=10)

    yield stop
    if process.poll() is None:
        stop()


def test_without_redis_moves_and_pages_go_on_and_throttling_fails_open(
    private_redis, start_match, caplog, settings
):
    from games.api.tokens import create_token
    from tests.api.conftest import to_act

    settings.API_THROTTLE_RATES = {"user": "3/min"}
    match = start_match("collar")
    mover = to_act(match)
    api = Client(HTTP_AUTHORIZATION=f"Bearer {create_token(mover, 'bot')[1]}")
    pages = Client()
    pages.force_login(mover)
    assert pages.get(f"/en/play/{match.pk}/").status_code == 200
    caplog.set_level(logging.WARNING)
    private_redis()
    # The rate is 3 a minute, but nobody can count without Redis: every request is let through.
    for _ in range(4):
        assert api.get(f"/api/v1/matches/{match.pk}/").status_code == 200
    moved = api.post(
        f"/api/v1/matches/{match.pk}/moves/",
        {"action": {"type": "draw"}, "expected_version": 0},
        content_type="application/json",
    )
    assert moved.status_code == 201, moved.json()
    page = pages.get(f"/en/play/{match.pk}/")  # the session is read from the database
    assert page.status_code == 200 and mover.public_name in page.content.decode()
    lines = outage_lines(caplog)
    assert len(lines) == 1 and "cache (Redis)" in lines[0].message
    assert request_tracebacks(caplog) == []


def test_a_match_that_starts_while_the_broker_is_away_still_gets_its_emails_from_the_sweep(
    start_match, mailoutbox, caplog, django_capture_on_commit_callbacks
):
    from games.notifications.tasks import deliver_batch

    caplog.set_level(logging.WARNING)
    with mock.patch.object(
        deliver_batch, "apply_async", side_effect=BrokerError("Connection refused")
    ):
        with django_capture_on_commit_callbacks(execute=True):
            match = start_match("collar")  # nothing fails for the players
    assert match.status == Match.Status.ACTIVE
    started = Notification.objects.filter(match=match, kind=Notification.Kind.STARTED)
    assert started.count() == 2 and not started.exclude(status=Notification.Status.PENDING)
    assert mailoutbox == []
    assert [r.message for r in outage_lines(caplog)] == [
        "The Celery broker is unavailable (OperationalError: Connection refused); the site "
        "answers without it until it is back."
    ]
    # Beat's sweep, once the tasks' lease has run out, queues the rows again: each sent once.
    later = timezone.now() + delivery.lease() + timedelta(seconds=1)
    with django_capture_on_commit_callbacks(execute=True):
        delivery.queue_due(now=later)
    assert sorted(m.to[0] for m in mailoutbox) == sorted(r.address for r in started)
    assert not started.exclude(status=Notification.Status.SENT)
    with django_capture_on_commit_callbacks(execute=True):
        delivery.queue_due(now=later + timedelta(minutes=5))
    assert len(mailoutbox) == 2
    assert outage_lines(caplog)[-1].message == "The Celery broker is back."
