"""Settings come from the environment and refuse bad values with a message naming the variable."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "k" * 20 + "-production-like-key-with-enough-entropy-0123456789",
    "ALLOWED_HOSTS": "partida.example.org",
    "SITE_URL": "https://partida.example.org",
}
# Variables the test process may carry that would leak into the subprocess under test.
INHERITED_SETTINGS = {
    "DEBUG",
    "SECRET_KEY",
    "SECURE_SSL_REDIRECT",
    "DATABASE_URL",
    "LANGUAGE_CODE",
    "EMAIL_URL",
    "CELERY_BROKER_URL",
    "CACHE_URL",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
}


def run_django(tmp_path, env, *args):
    clean = {k: v for k, v in os.environ.items() if k not in INHERITED_SETTINGS}
    clean.update({"VAR_DIR": str(tmp_path), **env})
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"DEBUG": "0", "SECRET_KEY": ""}, "SECRET_KEY must be set when DEBUG is off"),
        ({"DATABASE_URL": "mysql://u:hunter2@db/x"}, "DATABASE_URL must be a postgres://"),
        ({"DATABASE_URL": "postgres://u:p@db:notaport/x"}, "DATABASE_URL is not a valid"),
        ({"LANGUAGE_CODE": "fr"}, "LANGUAGE_CODE must be one of es, it, en"),
        ({"DEBUG": "maybe"}, "DEBUG must be a boolean"),
        ({"EMAIL_URL": "pigeon://coop"}, "EMAIL_URL must be an smtp://"),
        ({"CELERY_BROKER_URL": "amqp://rabbit"}, "CELERY_BROKER_URL must be a redis://"),
        ({"AXES_FAILURE_LIMIT": "many"}, "AXES_FAILURE_LIMIT must be a whole number"),
        (
            {"DATABASE_URL": "postgres://u:p@db/x", "DATABASE_CONN_MAX_AGE": "long"},
            "DATABASE_CONN_MAX_AGE must be a whole number",
        ),
    ],
)
def test_each_bad_variable_stops_the_start_with_its_message(tmp_path, env, message):
    base = {"DEBUG": "1"} if "DEBUG" not in env else {}
    result = run_django(tmp_path, {**base, **env}, "check")
    assert result.returncode != 0
    assert message in result.stderr
    assert "hunter2" not in result.stderr  # a password in a URL is never printed


def test_check_deploy_is_clean_under_production_settings(tmp_path):
    result = run_django(tmp_path, PRODUCTION, "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_database_url_switches_to_postgresql_and_email_url_to_smtp(tmp_path):
    code = (
        "from django.conf import settings as s;"
        "print(s.DATABASES['default']['ENGINE'], s.EMAIL_BACKEND, s.EMAIL_HOST, s.EMAIL_PORT)"
    )
    env = {
        **PRODUCTION,
        "DATABASE_URL": "postgres://u:p@db.internal:5432/partida",
        "EMAIL_URL": "smtp+tls://mailer:secret@smtp.internal:587",
    }
    result = run_django(tmp_path, env, "shell", "-v", "0", "-c", code)
    assert result.stdout.split() == [
        "django.db.backends.postgresql",
        "django.core.mail.backends.smtp.EmailBackend",
        "smtp.internal",
        "587",
    ]


def test_a_postgresql_connection_is_kept_for_database_conn_max_age_seconds(tmp_path):
    code = "from django.conf import settings as s; print(s.DATABASES['default']['CONN_MAX_AGE'])"
    env = {**PRODUCTION, "DATABASE_URL": "postgres://u:p@db.internal:5432/partida"}
    kept = [
        run_django(tmp_path, {**env, **extra}, "shell", "-v", "0", "-c", code).stdout.strip()
        for extra in ({}, {"DATABASE_CONN_MAX_AGE": "0"}, {"DATABASE_CONN_MAX_AGE": "600"})
    ]
    assert kept == ["60", "0", "600"]


def test_beats_sweeps_run_every_sweep_seconds(tmp_path):
    code = (
        "from django.conf import settings as s; j = s.CELERY_BEAT_SCHEDULE;"
        "print(*(int(j[n]['schedule'].total_seconds()) for n in"
        " ('sweep-clocks', 'notifications-sweep', 'tournaments', 'house-players',"
        " 'notifications-digests')), int(j['sweep-clocks']['options']['expires']))"
    )
    periods = [
        run_django(tmp_path, {**PRODUCTION, **extra}, "shell", "-v", "0", "-c", code).stdout.split()
        for extra in ({}, {"SWEEP_SECONDS": "300"})
    ]
    assert periods == [["60"] * 4 + ["600", "300"], ["300"] * 4 + ["600", "1500"]]


def test_the_defaults_need_nothing_installed(tmp_path):
    code = (
        "from django.conf import settings as s;"
        "db = s.DATABASES['default'];"
        "print(db['ENGINE'], db['OPTIONS']['transaction_mode'], s.CELERY_BROKER_URL,"
        " s.EMAIL_BACKEND)"
    )
    result = run_django(tmp_path, {"DEBUG": "1"}, "shell", "-v", "0", "-c", code)
    assert result.stdout.split() == [
        "django.db.backends.sqlite3",
        "IMMEDIATE",
        "filesystem://",
        "games.core.mail.ConsoleAndFileBackend",
    ]


def test_a_redis_broker_redelivers_after_celery_visibility_timeout_seconds(tmp_path):
    """The soak keeps it in real seconds: at x720 the site's hour would be 5 real seconds, and a
    task that waited longer in a busy worker would be delivered again."""
    code = (
        "from django.conf import settings as s;"
        "print(s.CELERY_BROKER_TRANSPORT_OPTIONS['visibility_timeout'])"
    )
    env = {**PRODUCTION, "CELERY_BROKER_URL": "redis://redis.internal:6379/0"}
    timeouts = [
        run_django(tmp_path, {**env, **extra}, "shell", "-v", "0", "-c", code).stdout.strip()
        for extra in ({}, {"CELERY_VISIBILITY_TIMEOUT": "2592000"})
    ]
    assert timeouts == ["3600", "2592000"]
