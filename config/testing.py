"""A pytest plugin loaded before Django starts (``-p config.testing`` in pyproject.toml).

The suite runs with production-like settings (DEBUG off), so it needs a SECRET_KEY; the test
client speaks plain HTTP, so the HTTPS redirect is off. Values already in the environment win.
"""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", "test-only-key-not-secret-" + "x" * 32)
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("DEBUG", "0")
