"""Account tests: fast password hashes, and request counters that start from zero."""

from typing import Any

import pytest


@pytest.fixture(autouse=True)
def fast_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fresh_counters() -> None:
    """The login lock and allauth's rate limits count in the cache."""
    from django.core.cache import cache

    cache.clear()
