"""Typed readers for the environment variables that configure the site.

Each reader fails loudly, naming the variable, when a value is malformed: a site that starts
with a silently wrong database or language is worse than one that refuses to start.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any
from urllib.parse import unquote, urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


def _raw(name: str) -> str | None:
    value = os.environ.get(name)
    return None if value is None else value.strip()


def env_str(name: str, default: str = "") -> str:
    value = _raw(name)
    return default if value is None else value


def env_bool(name: str, default: bool = False) -> bool:
    value = _raw(name)
    if value is None:
        return default
    if value.lower() in TRUE_WORDS:
        return True
    if value.lower() in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(
        f"{name} must be a boolean (1/0, true/false, yes/no), not {value!r}."
    )


def env_int(name: str, default: int, minimum: int | None = None) -> int:
    value = _raw(name)
    if value is None or value == "":
        return default
    try:
        number = int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}.") from None
    if minimum is not None and number < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, not {number}.")
    return number


def env_list(name: str, default: Iterable[str] = ()) -> list[str]:
    value = _raw(name)
    if value is None:
        return list(default)
    return [item.strip() for item in value.split(",") if item.strip()]


def env_choice(name: str, choices: Iterable[str], default: str) -> str:
    allowed = list(choices)
    value = _raw(name)
    if value is None or value == "":
        return default
    if value not in allowed:
        raise ImproperlyConfigured(f"{name} must be one of {', '.join(allowed)}, not {value!r}.")
    return value


def env_database(name: str, default: dict[str, Any]) -> dict[str, Any]:
    """A Django DATABASES entry from a URL such as postgres://user:pass@host:5432/db."""
    value = _raw(name)
    if not value:
        return default
    scheme = value.split("://", 1)[0] if "://" in value else ""
    if scheme not in {"postgres", "postgresql", "pgsql", "sqlite"}:
        raise ImproperlyConfigured(
            f"{name} must be a postgres://user:password@host:port/name or sqlite:///path URL, "
            f"not {_redact(value)!r}."
        )
    try:
        config = dict(dj_database_url.parse(value, conn_max_age=60, conn_health_checks=True))
    except Exception as error:  # dj-database-url raises several kinds of errors
        raise ImproperlyConfigured(f"{name} is not a valid database URL: {error}") from None
    if not config.get("NAME"):
        raise ImproperlyConfigured(f"{name} must name a database (…/name at the end).")
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = default.get("OPTIONS", {})
        config["CONN_MAX_AGE"] = 0
    return config


SMTP_SCHEMES = {
    "smtp": (False, False, 25),
    "smtp+tls": (True, False, 587),
    "submission": (True, False, 587),
    "smtps": (False, True, 465),
    "smtp+ssl": (False, True, 465),
}


def env_email(name: str) -> dict[str, Any] | None:
    """Django email settings from smtp://user:pass@host:port (smtp+tls://, smtps://)."""
    value = _raw(name)
    if not value:
        return None
    parts = urlsplit(value)
    if parts.scheme not in SMTP_SCHEMES or not parts.hostname:
        raise ImproperlyConfigured(
            f"{name} must be an smtp://user:password@host:port URL (or smtp+tls://, smtps://), "
            f"not {_redact(value)!r}."
        )
    use_tls, use_ssl, default_port = SMTP_SCHEMES[parts.scheme]
    try:
        port = parts.port or default_port
    except ValueError:
        raise ImproperlyConfigured(f"{name} has a port that is not a number.") from None
    return {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": parts.hostname,
        "EMAIL_PORT": port,
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_TLS": use_tls,
        "EMAIL_USE_SSL": use_ssl,
    }


def _redact(url: str) -> str:
    """The URL without its password, so that an error message never prints a secret."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        credentials, host = rest.rsplit("@", 1)
        user = credentials.split(":", 1)[0]
        return f"{scheme}://{user}:***@{host}"
    return url


VAPID_NAMES = ("VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT")


def env_vapid() -> tuple[str, str, str]:
    """The VAPID public key, private key and subject of Web Push: all three, or none (off).

    The keys are base64url, as key generators print them: the private key as its 32 bytes,
    the public key as the uncompressed point (65 bytes) that browsers take; the public key
    must be the private key's own.
    """
    public, private, subject = values = [env_str(name) for name in VAPID_NAMES]
    given = [name for name, value in zip(VAPID_NAMES, values, strict=True) if value]
    if not given:
        return "", "", ""
    if len(given) < len(VAPID_NAMES):
        missing = ", ".join(name for name in VAPID_NAMES if name not in given)
        raise ImproperlyConfigured(f"Web Push needs {', '.join(VAPID_NAMES)}: {missing} missing.")
    if not subject.startswith(("mailto:", "https://")):
        raise ImproperlyConfigured(
            f"VAPID_SUBJECT must be a mailto: or https: URL, not {subject!r}."
        )
    if _vapid_public_of(private) != public.rstrip("="):
        raise ImproperlyConfigured(
            "VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes) and "
            "VAPID_PUBLIC_KEY its public key (the uncompressed point, base64url)."
        )
    return public.rstrip("="), private, subject


def _vapid_public_of(private: str) -> str | None:
    import base64

    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    try:
        raw = base64.urlsafe_b64decode(private + "=" * (-len(private) % 4))
        if len(raw) != 32:
            return None
        key = ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1())
    except ValueError:
        return None
    point = key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(point).decode().rstrip("=")
