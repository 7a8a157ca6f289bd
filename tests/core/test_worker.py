"""A real Celery worker, as `make run` starts it, takes tasks from the broker and runs them."""

import os
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.db import connection
from django.utils import timezone

from games.accounts.tasks import clear_expired_sessions

ROOT = Path(__file__).resolve().parents[2]


def database_url_of_test_database():
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    return (
        f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or 'localhost'}:"
        f"{db['PORT'] or 5432}/{db['NAME']}"
    )


@pytest.fixture
def worker(transactional_db):
    env = {
        **os.environ,
        "DATABASE_URL": database_url_of_test_database(),
        "VAR_DIR": str(settings.VAR_DIR),
    }
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "--loglevel=WARNING",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    yield process
    process.terminate()
    process.wait(timeout=20)


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
