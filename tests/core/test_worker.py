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
