"""Django's Redis cache, with one client object per connection pool instead of one per call,
and that keeps the site up when Redis is not.

Django's ``RedisCacheClient.get_client`` builds a new ``redis.Redis`` for every cache call, and
redis-py fills a table of some 200 response callbacks each time it builds one: about 0.1 ms of
Python per call, several times per API request (the throttle counters). A ``redis.Redis`` is
safe to share between threads (it takes a connection from its pool for each command), so each
pool keeps one.

Nothing the site keeps in the cache is needed to answer: request counters (API throttles,
allauth's rate limits), sessions (written through to the database) and copies of what the
database has. So when Redis is away, every call answers as an empty cache would (a miss, a
write that keeps nothing) and the outage is logged once (``games.core.outages``): throttling
fails open, sessions are read from the database, moves and pages go on.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient

from games.core import outages


class ReusedRedisCacheClient(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        # Django's RedisCacheClient has these two; django-stubs leave them out.
        pool = self._get_connection_pool(write)  # type: ignore[attr-defined]
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)  # type: ignore[attr-defined]
        return client


class RedisCache(DjangoRedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = ReusedRedisCacheClient

    def _failed(self, error: Exception) -> None:
        outages.went_down(outages.CACHE, error)

    def _answered(self) -> None:
        outages.came_back(outages.CACHE)

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        try:
            value = super().get(key, default, version)
        except outages.CACHE_ERRORS as error:
            self._failed(error)
            return default
        self._answered()
        return value

    def get_many(self, keys: Any, version: Any = None) -> dict[Any, Any]:
        try:
            found = super().get_many(keys, version)
        except outages.CACHE_ERRORS as error:
            self._failed(error)
            return {}
        self._answered()
        return found

    def has_key(self, key: Any, version: Any = None) -> bool:
        try:
            return bool(super().has_key(key, version))
        except outages.CACHE_ERRORS as error:
            self._failed(error)
            return False

    def add(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> bool:
        try:
            return bool(super().add(key, value, timeout, version))
        except outages.CACHE_ERRORS as error:
            self._failed(error)
            return False

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> None:
        try:
            super().set(key, value, timeout, version)
        except outages.CACHE_ERRORS as error:
            self._failed(error)

    def set_many(self, data: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> list[Any]:
        try:
            return list(super().set_many(data, timeout, version))
        except outages.CACHE_ERRORS as error:
            self._failed(error)
            return list(data)

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> bool:
        try:
            return bool(super().touch(key, timeout, version))
        except outages.CACHE_ERRORS as error:
            self._failed(error)
            return False

    def incr(self, key: Any, delta: int = 1, version: Any = None) -> int:
        try:
            return int(super().incr(key, delta, version))
        except outages.CACHE_ERRORS as error:
            self._failed(error)
            raise ValueError(f"Key '{key}' not found") from None  # as for a missing key

    def delete(self, key: Any, version: Any = None) -> bool:
        try:
            return bool(super().delete(key, version))
        except outages.CACHE_ERRORS as error:
            self._failed(error)
            return False

    def delete_many(self, keys: Any, version: Any = None) -> None:
        try:
            super().delete_many(keys, version)
        except outages.CACHE_ERRORS as error:
            self._failed(error)

    def clear(self) -> None:
        try:
            super().clear()
        except outages.CACHE_ERRORS as error:
            self._failed(error)
