"""Partida's settings: one module, configured by environment variables only.

The defaults need nothing installed (SQLite and a filesystem Celery broker under ``var/``, email
to the console and to ``var/mail/``). Production sets ``DATABASE_URL``, ``CELERY_BROKER_URL``,
``EMAIL_URL``, ``SECRET_KEY`` and ``ALLOWED_HOSTS``; the README lists every variable.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any, Literal, NotRequired, TypedDict

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.env import (
    env_bool,
    env_choice,
    env_database,
    env_email,
    env_int,
    env_list,
    env_str,
    env_vapid,
)

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("VAR_DIR", str(BASE_DIR / "var")))
VAR_DIR.mkdir(parents=True, exist_ok=True)

DEBUG = env_bool("DEBUG", False)

SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set when DEBUG is off (a long random string; keep it secret)."
        )
    # Only for a developer's machine: DEBUG is on and nothing secret depends on this key.
    SECRET_KEY = "insecure-development-key-only-used-with-DEBUG-on"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
# The address in emails; by default the local server of `make run`, on its PORT. `make run`
# serves and prints the same host: localhost and 127.0.0.1 keep two cookie jars, so a player
# logged in at one address would be logged out at the other one, the emailed links'.
DEV_HOST = "127.0.0.1"
PORT = env_int("PORT", 8000, minimum=1)
SITE_URL = (env_str("SITE_URL") or f"http://{DEV_HOST}:{PORT}").rstrip("/")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [SITE_URL])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "django_htmx",
    "csp",
    "axes",
    "games.core",
    "games.accounts",
    "allauth",
    "allauth.account",
    "games.play",
    "games.social",
    "games.rulebooks",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "games.api",
    "games.notifications",
    "games.push",
    "games.ratings",
    "games.house",
    "games.tournaments",
]

#: The installed games, one package each (see ``games/registry.py``); each is also an app, so
#: its templates, static files and translations are found.
PARTIDA_GAMES = ["games.richelieu", "games.risk", "games.collar"]
INSTALLED_APPS += PARTIDA_GAMES

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # After the static files (they say nothing of the database): notes a database outage's end.
    "games.core.outages.RecoveryMiddleware",
    "games.api.middleware.QueryLengthMiddleware",
    # ETag and 304 for the API's GET answers; above the rest, it hashes the body they made.
    "games.api.middleware.ApiConditionalGetMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "games.accounts.middleware.UserTimezoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Axes comes last so that it sees the outcome of the authentication above it.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.core.context_processors.site",
                "games.play.context_processors.turns",
            ],
        },
    },
]

# Database ---------------------------------------------------------------------------------

SQLITE_DEFAULT = {
    "ENGINE": "django.db.backends.sqlite3",
    "NAME": VAR_DIR / "partida.sqlite3",
    "OPTIONS": {
        # WAL lets readers work while one writer writes; IMMEDIATE takes the write lock at the
        # start of a transaction so two writers queue instead of failing half-way.
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    },
}
DATABASES = {"default": env_database("DATABASE_URL", SQLITE_DEFAULT)}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("TEST", {})["NAME"] = str(VAR_DIR / "test.sqlite3")
else:
    # Seconds a process keeps its PostgreSQL connection from one request or task to the next
    # (0: a connection per request, as a pooler in transaction mode wants).
    DATABASES["default"]["CONN_MAX_AGE"] = env_int("DATABASE_CONN_MAX_AGE", 60, minimum=0)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Cache: Redis when a REDIS/CACHE URL is given (needed by throttling across processes).
CACHE_URL = env_str("CACHE_URL")
if CACHE_URL:
    if not CACHE_URL.startswith(("redis://", "rediss://")):
        raise ImproperlyConfigured(f"CACHE_URL must be a redis:// URL, not {CACHE_URL!r}.")
    CACHES = {
        "default": {
            "BACKEND": "games.core.cache.RedisCache",
            "LOCATION": CACHE_URL,
            # A Redis that is down or hung is given up on at once: the site goes on without it.
            "OPTIONS": {"socket_connect_timeout": 0.25, "socket_timeout": 0.5},
        }
    }
    # Sessions read from the shared cache, written through to the database. Only with Redis:
    # a per-process cache would keep a session another process has ended.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Accounts and security --------------------------------------------------------------------

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    # Axes first: it refuses every attempt on a locked account before a password is checked.
    "axes.backends.AxesStandaloneBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 10},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "play:dashboard"
LOGOUT_REDIRECT_URL = "core:home"

# Accounts (django-allauth): sign-up with a verified email, log-in by username or email,
# password reset and email change by emailed link. Enumeration prevention: sign-up and reset
# answer alike whether an address is registered (the owner of a registered address gets an
# email saying so instead). Rates per address and per client address: see ACCOUNT_RATE_LIMITS.
ACCOUNT_ADAPTER = "games.accounts.adapter.AccountAdapter"
ACCOUNT_FORMS = {
    "signup": "games.accounts.forms.SignupForm",
    "login": "games.accounts.forms.LoginForm",
}
ACCOUNT_SIGNUP_OPEN = env_bool("ACCOUNT_SIGNUP_OPEN", True)
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_EMAIL_CONFIRMATION_EXPIRE_DAYS = env_int(
    "ACCOUNT_EMAIL_CONFIRMATION_EXPIRE_DAYS", 3, minimum=1
)
ACCOUNT_CONFIRM_EMAIL_ON_GET = False  # mail scanners open links: confirming takes a POST
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_PREVENT_ENUMERATION = True
ACCOUNT_EMAIL_UNKNOWN_ACCOUNTS = False  # a reset for an unknown address sends nothing
ACCOUNT_SESSION_REMEMBER = True
ACCOUNT_LOGOUT_ON_GET = False
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Partida] "
ACCOUNT_USER_DISPLAY = "games.accounts.models.public_name"
ACCOUNT_PASSWORD_INPUT_RENDER_VALUE = False
ACCOUNT_RATE_LIMITS = {
    # Past allauth's defaults: one reset email per address a minute and five an hour (and
    # twenty requests a minute per client address); sign-ups per client address an hour too.
    "reset_password": "20/m/ip,1/m/key,5/h/key",
    "signup": "20/m/ip,100/h/ip",
    # Failed logins are django-axes' to count (below), per account whatever its spelling.
    "login_failed": None,
}

# Repeated failed logins lock the account (whatever spelling reached it: username or email,
# any case, spaces around) from that client address for a while.
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("AXES_COOLOFF_MINUTES", 15, minimum=1))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_USERNAME_CALLABLE = "games.accounts.lock.lock_key"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "accounts/locked_out.html"
AXES_IPWARE_PROXY_COUNT = env_int("PROXY_COUNT", 0, minimum=0) or None
AXES_VERBOSE = False

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if env_bool("BEHIND_PROXY") else None
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
LANGUAGE_COOKIE_SECURE = not DEBUG
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE: Literal["Lax"] = "Lax"
# The colour theme a visitor chose (system, light or dark): games/core/theme.py.
THEME_COOKIE_NAME = "partida_theme"
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = 0 if DEBUG else env_int("HSTS_SECONDS", 31536000, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

# Languages and time -----------------------------------------------------------------------

LANGUAGES = [("es", _("Spanish")), ("it", _("Italian")), ("en", _("English"))]
LANGUAGE_CODE = env_choice("LANGUAGE_CODE", [code for code, _name in LANGUAGES], "en")
LOCALE_PATHS = [BASE_DIR / "locale"]
# Our own date formats per language (config/formats/<code>/formats.py), e.g. Italian's "5 gennaio".
FORMAT_MODULE_PATH = ["config.formats"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

# Static files -----------------------------------------------------------------------------

STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = DEBUG

# Email ------------------------------------------------------------------------------------

DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Partida <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
EMAIL_FILE_PATH = VAR_DIR / "mail"
_email = env_email("EMAIL_URL")
if _email is None:
    EMAIL_BACKEND = "games.core.mail.ConsoleAndFileBackend"
else:
    EMAIL_BACKEND = _email["EMAIL_BACKEND"]
    EMAIL_HOST = _email["EMAIL_HOST"]
    EMAIL_PORT = _email["EMAIL_PORT"]
    EMAIL_HOST_USER = _email["EMAIL_HOST_USER"]
    EMAIL_HOST_PASSWORD = _email["EMAIL_HOST_PASSWORD"]
    EMAIL_USE_TLS = _email["EMAIL_USE_TLS"]
    EMAIL_USE_SSL = _email["EMAIL_USE_SSL"]
    EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 20, minimum=1)

# Celery -----------------------------------------------------------------------------------

CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "filesystem://")
if not CELERY_BROKER_URL.startswith(("filesystem://", "redis://", "rediss://", "memory://")):
    raise ImproperlyConfigured(
        f"CELERY_BROKER_URL must be a redis:// URL or filesystem://, not {CELERY_BROKER_URL!r}."
    )
CELERY_BROKER_DIR = VAR_DIR / "celery"
#: kombu's transport options, as kombu takes them (their values differ by transport).
CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, Any]
if CELERY_BROKER_URL.startswith("filesystem://"):
    for _folder in ("queue", "processed", "control"):
        (CELERY_BROKER_DIR / _folder).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(CELERY_BROKER_DIR / "queue"),
        "data_folder_out": str(CELERY_BROKER_DIR / "queue"),
        "processed_folder": str(CELERY_BROKER_DIR / "processed"),
        "control_folder": str(CELERY_BROKER_DIR / "control"),
        "store_processed": False,
    }
else:
    # Tasks are acknowledged late; a task not acknowledged within this time is redelivered.
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 3600, minimum=60),
        "socket_connect_timeout": 1,
    }
# A request that queues a task never waits long for a broker that is away: every task the site
# queues is for an outbox row that stays due, and the minute sweep queues it again.
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.2,
}
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A worker keeps its database connection from one task to the next (Celery's Django fixup
# otherwise closes it around every task: a new PostgreSQL connection, ~10 ms, per task). It
# still reconnects every this many tasks, and each task first drops a broken or old one
# (CONN_MAX_AGE), as a request does: see config/celery.py.
CELERY_DB_REUSE_MAX = 1000
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# The house players' turns have a queue of their own, so that no email waits behind a bot's
# search: `celery -A config worker -Q bots` runs them (`make run` runs both queues).
CELERY_TASK_ROUTES = {"games.house.tasks.play_turn": {"queue": "bots"}}
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
# Beat's sweeps (time-outs, the outbox of emails, pushes and webhook notices, house players) run
# every this many seconds; a minute by default. A longer period trades a little lateness for
# fewer tasks (the soak's accelerated clock, where a minute lasts 83 ms, uses five).
SWEEP_SECONDS = env_int("SWEEP_SECONDS", 60, minimum=1)
_SWEEP = timedelta(seconds=SWEEP_SECONDS)


class _BeatJob(TypedDict):
    """One periodic task of Celery beat."""

    task: str
    schedule: timedelta
    options: NotRequired[dict[str, float]]


CELERY_BEAT_SCHEDULE: dict[str, _BeatJob] = {
    "sweep-clocks": {"task": "games.play.tasks.sweep_clocks", "schedule": _SWEEP},
    "notifications-sweep": {"task": "games.notifications.tasks.sweep", "schedule": _SWEEP},
    "notifications-digests": {
        "task": "games.notifications.tasks.send_digests",
        "schedule": timedelta(minutes=10),
    },
    "house-players": {"task": "games.house.tasks.sweep", "schedule": _SWEEP},
    "tournaments": {"task": "games.tournaments.tasks.sweep", "schedule": _SWEEP},
    "prune-event-feeds": {"task": "games.api.tasks.prune_feeds", "schedule": timedelta(hours=24)},
    "clear-expired-sessions": {
        "task": "games.accounts.tasks.clear_expired_sessions",
        "schedule": timedelta(hours=24),
    },
}
# A periodic job that has waited in the queue for five of its periods is dropped when a worker
# reaches it: the next one does the same work. After a backlog or a worker outage, the workers
# then do not run hundreds of stale sweeps before the first email. Five periods leave room for
# clocks that differ a little between machines (a worker compares with its own clock).
#
# The time-outs' sweep also jumps the queue: on Redis a message of priority 0 is taken before
# any of a lower one (a higher number; kombu keeps a list per step of 0, 3, 6, 9), and every
# other task is sent at 3. A backlog of emails then never holds a time-out back: before, that
# sweep waited behind it and expired, and the next one too (the month's soak saw a time-out
# five hours late). Only that sweep: the outbox's and the house players' sweeps queue again
# what has waited past its lease, so ahead of a backlog they would feed it (a month's soak
# with every sweep at 0 ended with 270,000 tasks waiting). The filesystem broker of `make run`
# keeps plain arrival order.
CELERY_TASK_DEFAULT_PRIORITY = 3
for _job in CELERY_BEAT_SCHEDULE.values():
    _job.setdefault("options", {})["expires"] = 5 * _job["schedule"].total_seconds()
CELERY_BEAT_SCHEDULE["sweep-clocks"]["options"]["priority"] = 0

# House players (games/house): a turn queued at once that has not moved after this long counts
# as lost, and the minute sweep queues it again.
BOTS_LEASE_SECONDS = env_int("BOTS_LEASE_SECONDS", 120, minimum=1)

# Correspondence play: the yearly bank of vacation days during which a player's clocks pause.
VACATION_DAYS_PER_YEAR = env_int("VACATION_DAYS_PER_YEAR", 14, minimum=0)

# The outbox (games/notifications/delivery.py): a worker holds a claimed email or push this long
# (then the minute sweep may queue it again); a failed send is retried after 1, 2, 4… times the
# retry delay, this many times in all.
NOTIFICATIONS_LEASE_SECONDS = env_int("NOTIFICATIONS_LEASE_SECONDS", 120, minimum=1)
NOTIFICATIONS_RETRY_SECONDS = env_int("NOTIFICATIONS_RETRY_SECONDS", 30, minimum=1)
NOTIFICATIONS_MAX_ATTEMPTS = env_int("NOTIFICATIONS_MAX_ATTEMPTS", 8, minimum=1)
# The same outbox, for webhook notices: a worker holds one it is sending this long (longer than
# the HTTP time-out, 10 s); after that the minute sweep may send it again.
WEBHOOKS_LEASE_SECONDS = env_int("WEBHOOKS_LEASE_SECONDS", 60, minimum=11)

# Web Push (games/push): the site's VAPID key pair and contact. Without them Web Push is off:
# the settings page says so and no push is recorded. A push endpoint must be an https address
# of the internet, unless PUSH_ALLOW_PRIVATE (on by default with DEBUG only).
VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT = env_vapid()
PUSH_ALLOW_PRIVATE = env_bool("PUSH_ALLOW_PRIVATE", DEBUG)
# Seconds a push service may take to answer; shorter than the outbox lease.
PUSH_TIMEOUT_SECONDS = env_int("PUSH_TIMEOUT_SECONDS", 20, minimum=1)

# REST API (games/api/conf.py): throttle rates ("moves=600/min,chat=20/min"), and whether a
# webhook may call a private or loopback address (on by default with DEBUG only).
from games.api.conf import REST_FRAMEWORK, SPECTACULAR_SETTINGS  # noqa: E402, F401

API_THROTTLE_RATES = dict(
    pair.split("=", 1) for pair in env_list("API_THROTTLE_RATES") if "=" in pair
)
API_WEBHOOK_ALLOW_PRIVATE = env_bool("API_WEBHOOK_ALLOW_PRIVATE", DEBUG)
# The longest a request to the event feed waits for a new event (``wait``, long polling). A
# waiting request holds a gunicorn worker that long (0 turns long polling off).
API_EVENTS_MAX_WAIT = env_int("API_EVENTS_MAX_WAIT", 20, minimum=0)
# A feed event older than this many days is removed by beat's daily job (a reader who resumes
# from before it is told so: ``missed``). Sent or given-up webhook notices go with it.
API_EVENTS_KEEP_DAYS = env_int("API_EVENTS_KEEP_DAYS", 30, minimum=1)
# The largest request body the API reads (its inputs are small; see games/api/parsers.py).
API_MAX_BODY_BYTES = env_int("API_MAX_BODY_BYTES", 64 * 1024, minimum=1024)

# Logging: warnings and errors to the console; never log a game state (views only).
# A database outage is logged once (games.core.outages), not as a traceback per request.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"outages": {"()": "games.core.outages.OutageTracebacks"}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"django.request": {"filters": ["outages"]}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "WARNING")},
}
