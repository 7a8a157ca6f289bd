"""A pytest plugin loaded before Django starts (``-p config.testing`` in pyproject.toml).

The suite runs with production-like settings (DEBUG off), so it needs a SECRET_KEY; the test
client speaks plain HTTP, so the HTTPS redirect is off. Values already in the environment win.
"""

import os
from typing import Any

import pytest

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", "test-only-key-not-secret-" + "x" * 32)
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("DEBUG", "0")


def pytest_addoption(parser: Any) -> None:
    parser.addoption(
        "--reverse-order",
        action="store_true",
        default=False,
        help="Run the tests in the reverse of their usual order (CI does once), to show that no "
        "test depends on what an earlier one left behind.",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    """Reverse before pytest-django sorts the tests into its groups (database tests, then
    transactional ones, then the rest): its sort is stable, so each group runs reversed and
    the transactional tests still come after the ones that rely on migrated data."""
    if config.getoption("--reverse-order"):
        items.reverse()
    if os.environ.get("EXPECT_DATABASE") == "sqlite":
        # The slow checks (a browser, schemathesis) say nothing about the database under the
        # site: CI runs them once, in its PostgreSQL pass, to keep within its time.
        once = pytest.mark.skip(reason="a slow check, run once in the PostgreSQL pass")
        no_database = pytest.mark.skip(reason="opens no database: run once, in the PostgreSQL pass")
        for item in items:
            if item.get_closest_marker("browser") or item.get_closest_marker("once"):
                item.add_marker(once)
            elif not opens_the_database(item) and "tests/core/" not in item.nodeid:
                # The same engines, bots and texts give the same answer on either database;
                # tests/core checks the configuration each pass sets, so it runs in both.
                item.add_marker(no_database)


def opens_the_database(item: Any) -> bool:
    """pytest-django refuses a database to any test that asks for none of these."""
    fixtures = set(getattr(item, "fixturenames", ()))
    return bool(
        item.get_closest_marker("django_db")
        or fixtures & {"db", "transactional_db", "live_server", "django_db_reset_sequences"}
    )
