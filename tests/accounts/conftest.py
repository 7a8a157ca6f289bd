"""Account tests: fast password hashes (every test starts with empty caches, so the login
lock and allauth's rate limits count from zero: ``tests/conftest.py``)."""

from typing import Any

import pytest


@pytest.fixture(autouse=True)
def fast_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
