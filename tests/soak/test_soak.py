"""The soak's short run: two simulated days of play on the whole deployment, with the worker
killed and PostgreSQL and Redis restarted, and every check of ``bench/soak.py`` passing.

The full month (1,000 matches, 30 days) is a benchmark, run by hand; its figures are in
docs/benchmarks.md ("Soak"). This run is the same script, smaller: once, in the PostgreSQL
pass of CI (it starts its own PostgreSQL and Redis, and needs libfaketime).
"""

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import service_missing

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from soak.clock import faketime_missing  # noqa: E402
from soak.servers import services_missing  # noqa: E402

pytestmark = pytest.mark.services
SHORT_RUN = ["--matches", "24", "--days", "2", "--kill-every", "0.7", "--threads", "6"]


def test_two_days_of_play_through_kills_and_restarts_pass_every_check(require):
    require("postgresql")  # once, in the PostgreSQL pass (skipped in the SQLite one)
    for missing in [*services_missing(), *filter(None, [faketime_missing()])]:
        service_missing("The soak", f"it needs {missing}")
    result = subprocess.run(
        [sys.executable, "bench/soak.py", *SHORT_RUN],
        cwd=ROOT, capture_output=True, text=True, timeout=1500,
    )  # fmt: skip
    report = result.stdout[-8000:] + result.stderr[-4000:]
    assert result.returncode == 0, report
    assert "Every check passed." in result.stdout, report
    figures = dict(line.split("  ", 1) for line in result.stdout.splitlines() if "  " in line)
    assert int(figures["worker kills"]) >= 2, report
    assert "PostgreSQL" in figures["outages"] and "Redis" in figures["outages"], report
