"""A real Celery worker, as `make run` starts it, takes tasks from the broker and runs them."""

import os
import time
from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.db import connection
from django.utils import timezone

from games.accounts.tasks import clear_expired_sessions


@pytest.fixture
def worker(start_worker):
    return start_worker()


def test_the_worker_runs_the_daily_session_cleanup(worker):
    Session.objects.create(
        session_key="old", session_data="", expire_date=timezone.now() - timedelta(days=1)
    )
    Session.objects.create(
        session_key="new", session_data="", expire_date=timezone.now() + timedelta(days=1)
    )
    clear_expired_sessions.delay()
    deadline = time.monotonic() + 60
    while Session.objects.filter(session_key="old").exists():
        assert worker.poll() is None, worker.stdout.read()
        assert time.monotonic() < deadline, "the worker did not run the task within a minute"
        time.sleep(0.2)
    assert Session.objects.filter(session_key="new").exists()


def test_ci_runs_on_the_services_it_promised(require):
    """In CI (REQUIRE_SERVICES=1) the suite really runs on the database and broker it claims."""
    expected = os.environ.get("EXPECT_DATABASE")
    if expected:
        assert connection.vendor == expected
    if os.environ.get("REQUIRE_SERVICES") == "1":
        require("redis")
        require("chromium")
        require("gettext")


def test_every_periodic_job_expires_after_five_of_its_periods(settings):
    """Beat's jobs expire: after a backlog or a worker outage, a worker drops the stale sweeps
    (the next one does their work) instead of running them all before the first email."""
    for name, job in settings.CELERY_BEAT_SCHEDULE.items():
        period = job["schedule"].total_seconds()
        assert job.get("options", {}).get("expires") == 5 * period, name


@pytest.mark.services
def test_a_sweep_is_taken_before_the_emails_waiting_ahead_of_it(require, settings):
    """On Redis, the clocks' sweep jumps a backlog: the month's soak saw a time-out five hours
    late, its sweeps having waited behind emails until they expired."""
    require("redis")
    from config.celery import app

    queue = f"test-priority-{os.getpid()}-{time.monotonic_ns()}"
    sweep = settings.CELERY_BEAT_SCHEDULE["sweep-clocks"]
    with app.connection_for_write() as connection:
        for _ in range(3):
            app.send_task("games.notifications.tasks.deliver", args=[1], queue=queue,
                          connection=connection)  # fmt: skip
        app.send_task(sweep["task"], queue=queue, connection=connection, **sweep["options"])
        channel = connection.default_channel
        try:
            taken = [channel.basic_get(queue, no_ack=True).headers["task"] for _ in range(4)]
        finally:
            channel.queue_purge(queue)
            channel.queue_delete(queue)
    assert taken == [sweep["task"]] + ["games.notifications.tasks.deliver"] * 3


def test_only_the_clocks_sweep_jumps_the_queue(settings):
    """The outbox's and the house players' sweeps queue again what waited past its lease: ahead
    of a backlog they would feed it (a month's soak with every sweep first ended with 270,000
    tasks waiting)."""
    default = settings.CELERY_TASK_DEFAULT_PRIORITY
    jobs = settings.CELERY_BEAT_SCHEDULE.items()
    first = [name for name, job in jobs if job["options"].get("priority", default) == 0]
    assert first == ["sweep-clocks"]
