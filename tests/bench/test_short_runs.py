"""Each benchmark of ``bench/`` runs in its short mode (``--short``: small sizes, a few rounds)
and prints its figures, so that a change to the models or the use cases that breaks a benchmark
fails here rather than on the day someone measures.

Only that a run completes and prints its tables is asserted, never a figure: speed is measured
by hand, its figures are in docs/benchmarks.md. ``bench/soak.py`` has its own short run
(``tests/soak``). A script that needs the database writes to the test database (a
transactional test: the tables are emptied after it); its Celery tasks stay in memory, except
for the notifications benchmark, whose worker needs Redis.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import url_of_test_database

ROOT = Path(__file__).resolve().parents[2]

#: What each script prints: the headers of its tables and its closing lines.
FIGURES = {
    "collar": ["apply median µs", "duel rainbow+gold", "solo base"],
    "richelieu": ["| Setup |", "| multiplayer, 4 players, short |"],
    "risk": ["| apply of |", "| blitz |", "Replay of a 200-action"],
    "play": ["| players | moves |", "| 2 | ", "| page | median ms |", "| El collar game page |"],
    "pages": ["| Game | variant |", "| risk | mode=two-player |", "Our own JavaScript"],
    "api": ["Python calls per move", "requests per move |", "| 2 | ", "moves/s offered"],
    "scale": ["| page | median (ms) |", "| lobby |", "Deadline sweep over 300 live matches"],
    "notifications": ["drain: 30 emails", "latency at 20/s"],
    "tournaments": ["| round | pairing CPU (ms) |", "| 3 | ", "Slowest round:"],
    "tournament_scale": [
        "| Group stage started |",
        "| Risk, classic (tables of 3–5) | 24 |",
        "| Tournament page (24 entrants) |",
        "open, 100 entrants a page | anonymous",
        "stage 1 running, 8 groups a page | anonymous",
        "Goal: a 24-player group stage's matches created",
        "Goal: the tournament page",
    ],
    "bot_memory": ["moves:", "| process | peak RSS (MB) |", "| pool child "],
}


def run_short(script: str, **env: str) -> str:
    """``bench/bench_<script>.py --short``; its output, once it has exited with 0."""
    # In a session of its own, so that a run cut short takes its Celery worker with it.
    process = subprocess.Popen(
        [sys.executable, f"bench/bench_{script}.py", "--short"], cwd=ROOT,
        env={**os.environ, **env}, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )  # fmt: skip
    try:
        stdout, stderr = process.communicate(timeout=300)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        stdout, stderr = process.communicate()
    report = f"{stdout[-6000:]}\n{stderr[-6000:]}"
    assert process.returncode == 0, report
    for line in FIGURES[script]:
        assert line in stdout, f"{line!r} is missing:\n{report}"
    return stdout


@pytest.mark.parametrize("script", ["collar", "richelieu", "risk", "tournaments"])
def test_an_engine_benchmark_runs_short(script: str) -> None:
    run_short(script)


@pytest.mark.parametrize("script", ["play", "pages", "api", "tournament_scale"])
def test_a_benchmark_on_the_database_runs_short(script: str, transactional_db: None) -> None:
    run_short(script, DATABASE_URL=url_of_test_database(), CELERY_BROKER_URL="memory://")


@pytest.mark.services
def test_the_scale_benchmark_runs_short(require: Any, transactional_db: None) -> None:
    require("postgresql")  # it fills the tables with PostgreSQL's generate_series
    run_short("scale", DATABASE_URL=url_of_test_database(), CELERY_BROKER_URL="memory://")


@pytest.mark.services
def test_the_notifications_benchmark_runs_short(require: Any, transactional_db: None) -> None:
    require("redis")  # its Celery worker takes the tasks from the broker
    run_short("notifications", DATABASE_URL=url_of_test_database())


@pytest.mark.once
@pytest.mark.services
def test_the_bot_memory_benchmark_runs_short(require: Any, transactional_db: None) -> None:
    require("redis")  # its Celery worker takes the house players' turns from the broker
    run_short("bot_memory", DATABASE_URL=url_of_test_database())
