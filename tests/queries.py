"""What a page's query bound depends on besides the page."""

from __future__ import annotations

from django.conf import settings

#: A page reads the reader's session from Redis when there is one (the CI passes), else from
#: the database: one query more on a developer's machine without Redis.
SESSION_QUERIES = 0 if settings.CACHE_URL else 1
