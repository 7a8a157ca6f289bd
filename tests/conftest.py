"""Shared fixtures: a small cast of users, required services and a headless browser."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(
    os.environ.get("TEST_ARTIFACTS", Path(__file__).resolve().parent.parent / "test-results")
)


def service_missing(name: str, why: str) -> None:
    """Fail when CI promised the service (REQUIRE_SERVICES=1), otherwise skip the test."""
    message = f"{name} is needed by this test but {why}"
    if REQUIRE_SERVICES:
        pytest.fail(f"{message} (REQUIRE_SERVICES=1)")
    pytest.skip(message)  # only on a developer machine without the service (REQUIRE_SERVICES unset)


@pytest.fixture
def require() -> Any:
    """``require("chromium")`` etc.: fail or skip when a service is not available."""

    def check(service: str) -> None:
        if service == "chromium" and not Path(CHROMIUM).exists():
            service_missing("Chromium", f"{CHROMIUM} does not exist")
        elif service == "gettext" and not shutil.which("xgettext"):
            service_missing("gettext", "xgettext is not on the PATH")
        elif service == "redis":
            url = os.environ.get("CELERY_BROKER_URL", "")
            if not url.startswith("redis"):
                service_missing("Redis", "CELERY_BROKER_URL is not a redis:// URL")
        elif service == "postgresql":
            from django.db import connection

            if connection.vendor != "postgresql":
                if os.environ.get("EXPECT_DATABASE") == "sqlite":
                    # CI's second pass runs on SQLite on purpose; the PostgreSQL pass ran this.
                    pytest.skip("PostgreSQL-only test in the SQLite pass")  # REQUIRE_SERVICES ok
                service_missing("PostgreSQL", "DATABASE_URL does not point to PostgreSQL")

    return check


@pytest.fixture(autouse=True)
def celery_runs_tasks_inline(request: pytest.FixtureRequest) -> Iterator[None]:
    """Tasks run inline in the test's own process (their emails land in ``mailoutbox``).

    A test that talks to a real worker (marked ``services``, or using a ``worker`` fixture)
    sends its tasks through the broker instead.
    """
    from config.celery import app

    # As a worker does when it starts: load every app's tasks, so that a task a recorder names
    # (a signature, ``games.house.recorder.PLAY_TURN``) runs inline too.
    app.loader.import_default_modules()
    real = request.node.get_closest_marker("services") or "worker" in request.fixturenames
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = not real
    yield
    app.conf.task_always_eager = previous


@pytest.fixture(autouse=True)
def _house_players(request: pytest.FixtureRequest) -> None:
    """The house players' accounts come from a data migration, so every database has them;
    a transactional test (a live server, a worker) empties the tables when it ends, so each
    test that uses the database gets back the ones missing (none, as a rule: one query)."""
    uses_database = {"db", "transactional_db", "live_server"} & set(request.fixturenames)
    if not uses_database and not request.node.get_closest_marker("django_db"):
        return
    request.getfixturevalue("db")
    from games.house.accounts import ensure_house_players

    ensure_house_players()


@pytest.fixture
def password() -> str:
    return "a-long-Password-2026"


@pytest.fixture
def make_user(db: None, password: str) -> Any:
    """``make_user(name, language, verified=True, **fields)``: an account whose email address
    is verified (``verified=False``: one that signed up and has not opened the link yet)."""
    from games.accounts.models import User
    from games.accounts.verification import mark_verified

    def make(username: str, language: str = "en", verified: bool = True, **extra: Any) -> User:
        user = User(
            username=username,
            email=f"{username}@example.com",
            display_name=username.capitalize(),
            language=language,
            **extra,
        )
        user.set_password(password)
        user.save()
        if verified:
            mark_verified(user)
        return user

    return make


@pytest.fixture
def players_draw_themselves(monkeypatch: pytest.MonkeyPatch) -> None:
    """New accounts play their own forced moves: for tests whose first move is El collar's
    opening draw at version 0 (a stale version, an illegal move, concurrency, the emails of a
    move), which would otherwise play itself when the match starts."""
    from games.accounts.models import User

    field = User._meta.get_field("auto_forced_moves")
    monkeypatch.setattr(field, "default", False)
    # Django keeps the default it first read (a cached property): only this changes it.
    monkeypatch.setattr(field, "_get_default", lambda: False)


@pytest.fixture
def player(make_user: Any) -> Any:
    """The one who plays: writes in Spanish, lives in Madrid."""
    return make_user("paula", language="es", timezone="Europe/Madrid")


@pytest.fixture
def opponent(make_user: Any) -> Any:
    """The opponent: reads Italian."""
    return make_user("oscar", language="it", timezone="Europe/Rome")


@pytest.fixture
def outsider(make_user: Any) -> Any:
    """Someone who may see nothing private."""
    return make_user("olga", language="en")


def artifact_dir(node_name: str) -> Path:
    folder = ARTIFACTS / re.sub(r"[^A-Za-z0-9_.-]+", "_", node_name)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def artifacts(request: pytest.FixtureRequest) -> Path:
    """The test's output folder (screenshots and other artefacts)."""
    return artifact_dir(request.node.name)


@pytest.fixture(scope="session")
def browser_instance() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        service_missing("Chromium", f"{CHROMIUM} does not exist")
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def browser(browser_instance: Any) -> Iterator[Any]:
    """A fresh browser context (its own cookies) per test."""
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    context = browser_instance.new_context(viewport={"width": 1280, "height": 900})
    yield context
    context.close()


@pytest.fixture
def start_match(player: Any, opponent: Any, make_user: Any) -> Any:
    """A started match between the cast (more users are made for more seats)."""
    from games.actions import lifecycle
    from games.play.models import Match

    def start(
        game: str, options: dict[str, Any] | None = None, players: int = 2, **kwargs: Any
    ) -> Match:
        from games.accounts.models import User

        extra = [
            User.objects.filter(username=f"extra{n}").first() or make_user(f"extra{n}")
            for n in range(players - 2)
        ]
        invite = ([opponent.username] if players >= 2 else []) + [u.username for u in extra]
        match = lifecycle.do_create_match(
            player, game, options or {}, players, invite=invite, **kwargs
        )
        for user in ([opponent] if players >= 2 else []) + extra:
            seat = match.seats.get(user=user)
            lifecycle.do_accept_invitation(seat.pk, user)
        match.refresh_from_db()
        assert match.status == Match.Status.ACTIVE
        return match

    return start


@pytest.fixture(autouse=True)
def _empty_caches() -> None:
    """Each test starts with empty caches: request counters (API throttles, the login lock,
    allauth's rate limits), sessions kept in a cache and anything else an earlier test left
    there would otherwise decide the next test's answer (the shared Redis of CI included)."""
    from django.core.cache import caches

    for cache in caches.all():
        cache.clear()


@pytest.fixture(autouse=True)
def _english_outside_requests() -> Iterator[None]:
    """Each test starts in the source language (a request may leave another one active)."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.deactivate()


def url_of_test_database() -> str:
    """The URL of the database this test writes to, for a server or worker in another process."""
    from django.db import connection

    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    return (
        f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or 'localhost'}:"
        f"{db['PORT'] or 5432}/{db['NAME']}"
    )


@pytest.fixture
def start_worker(transactional_db: None) -> Iterator[Any]:
    """``start_worker(quiet=False, **env)``: a real Celery worker, as ``make run`` starts it
    (both queues: the default one and the house players' ``bots``), on the test database and
    the configured broker; every worker started is stopped after."""
    from django.conf import settings

    started: list[subprocess.Popen[str]] = []

    def start(quiet: bool = False, **env: str) -> subprocess.Popen[str]:
        environment = {
            **os.environ,
            "DATABASE_URL": url_of_test_database(),
            "VAR_DIR": str(settings.VAR_DIR),
            **env,
        }
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "--queues=celery,bots",
                "--pool=solo",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "--loglevel=WARNING",
            ],
            cwd=Path(__file__).resolve().parent.parent,
            env=environment,
            text=True,
            stdout=subprocess.DEVNULL if quiet else subprocess.PIPE,
            stderr=subprocess.DEVNULL if quiet else subprocess.STDOUT,
        )
        started.append(process)
        return process

    yield start
    for process in started:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=20)


# Accessibility: axe-core (bundled by axe-playwright-python) in the page ------------------------

#: The impacts a page may not have; axe's "moderate" and "minor" findings are reported only.
AXE_BLOCKING = ("serious", "critical")


@pytest.fixture
def open_page(browser_instance: Any) -> Iterator[Any]:
    """``open_page(width, height, color_scheme="light", cookies=[...])``: a page in a fresh
    context where axe can run (``bypass_csp``: the site's CSP would block the injected script)."""
    contexts: list[Any] = []

    def open_(
        width: int = 1280,
        height: int = 800,
        color_scheme: str = "light",
        cookies: list[dict[str, Any]] | None = None,
    ) -> Any:
        context = browser_instance.new_context(
            viewport={"width": width, "height": height},
            color_scheme=color_scheme,
            bypass_csp=True,
        )
        if cookies:
            context.add_cookies(cookies)
        contexts.append(context)
        return context.new_page()

    yield open_
    for context in contexts:
        context.close()


def axe_report(violations: list[dict[str, Any]]) -> str:
    lines = []
    for violation in violations:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"][:5]:
            lines.append(f"    {', '.join(map(str, node['target']))}: {node['html'][:160]}")
    return "\n".join(lines)


@pytest.fixture
def axe(artifacts: Path) -> Any:
    """``axe(page, name)``: a full-page screenshot ``<name>.png`` in the test's folder, then
    axe-core on the page; fails, listing them, on any serious or critical violation.

    Returns every violation found (moderate and minor ones included) for a test to look at.
    Board builders: open the game page with ``open_page`` and call ``axe(page, "risk-start")``.
    """
    from axe_playwright_python.sync_playwright import Axe

    runner = Axe()

    def check(page: Any, name: str) -> list[dict[str, Any]]:
        page.screenshot(path=artifacts / f"{name}.png", full_page=True)
        (artifacts / f"{name}-axe.txt").unlink(missing_ok=True)
        violations = runner.run(page).response["violations"]
        blocking = [v for v in violations if v["impact"] in AXE_BLOCKING]
        if violations:
            (artifacts / f"{name}-axe.txt").write_text(axe_report(violations) + "\n")
        assert not blocking, f"axe on {name} ({page.url}):\n{axe_report(blocking)}"
        return violations

    return check


@pytest.fixture
def tiny(settings: Any) -> Any:
    """The fourth game of the tests (Race to ten, ``tests/tinygame``), installed for one test."""
    from games.registry import installed_games

    settings.PARTIDA_GAMES = [*settings.PARTIDA_GAMES, "tests.tinygame"]
    settings.INSTALLED_APPS = [*settings.INSTALLED_APPS, "tests.tinygame"]
    return installed_games()["tiny"]
