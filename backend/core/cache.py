"""Django's Redis cache backend, made cheaper and made to survive a Redis outage.

Cheaper: Django's RedisCacheClient builds a new `redis.Redis` object, with its table of
some 170 response callbacks, for every cache call; that costs more CPU than the round trip
to a local Redis (about 0.1 ms a call on the benchmark machine, measured by bench/api.py).
The connection pools are shared either way and redis clients are thread-safe, so one
client per pool does the same work.

Cheaper still for the one Redis call of the busiest endpoint (the rate-limit counter of
every certificate lookup): `command()` sends it on a connection of the cache object's own,
without borrowing one from redis-py's pool, whose poll of the socket, locks and
bookkeeping around each call cost more CPU than the call itself.

Outage: Redis holds only what can be rebuilt (cached catalogue reads, rendered QR codes,
rate-limit counters), so losing it must not take the site down. When Redis cannot be
reached, reads miss and writes are dropped (the site answers from the database), one error
is logged, and Redis is not asked again for `OUTAGE_RETRY_SECONDS` in this process, so a
dead Redis costs one failed connection per process every few seconds rather than one per
call. Code that must know (the rate-limit counters, which then count in the database)
calls `strict()`, which raises `CacheUnavailable` instead.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

import redis
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient

logger = logging.getLogger(__name__)

T = TypeVar("T")

# Errors that mean "Redis is not there", not "this call was wrong".
OUTAGE_ERRORS: tuple[type[Exception], ...] = (
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
)
OUTAGE_RETRY_SECONDS = 5.0


class CacheUnavailable(Exception):
    """Redis could not be reached (or was found unreachable a moment ago)."""


class _ReusingRedisCacheClient(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        base: Any = self  # the private helpers below are missing from django-stubs
        index = base._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            pool = base._get_connection_pool(write)
            client = self._clients[index] = base._client(connection_pool=pool)
        return client


class _Breaker:
    """Per process and per Redis location: is Redis worth asking right now?"""

    def __init__(self) -> None:
        self.down_until = 0.0
        self.lock = threading.Lock()

    def allows(self) -> bool:
        return time.monotonic() >= self.down_until

    def trip(self, location: str, exc: Exception) -> None:
        with self.lock:
            was_up = self.down_until == 0.0
            self.down_until = time.monotonic() + OUTAGE_RETRY_SECONDS
        if was_up:
            logger.error(
                "Redis at %s is unreachable (%s): serving without the cache, "
                "rate limits count in the database",
                location,
                exc,
            )

    def succeeded(self, location: str) -> None:
        if self.down_until:
            with self.lock:
                self.down_until = 0.0
            logger.warning("Redis at %s is reachable again", location)


_breakers: dict[str, _Breaker] = {}
_breakers_lock = threading.Lock()


def _breaker_for(location: str) -> _Breaker:
    with _breakers_lock:
        return _breakers.setdefault(location, _Breaker())


class RedisCache(DjangoRedisCache):
    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = _ReusingRedisCacheClient
        self._location = server if isinstance(server, str) else ",".join(server)
        self._breaker = _breaker_for(self._location)
        self._connection: Any = None

    def command(self, *args: Any) -> Any:
        """Run one command (on the primary) and return its reply, as redis-py raises errors.

        On this cache object's own connection: Django keeps one cache object per thread,
        so the connection is never shared; a process made by fork() opens its own. A
        connection Redis has closed since its last use (a Redis restart) fails on its
        next send or read: that call is made once more on a new connection, as the pool
        would have done after polling the socket. Wrap in strict() for outage handling.
        """
        connection = self._connection
        if connection is None or connection.pid != os.getpid():
            pool = self._cache._get_connection_pool(write=True)  # type: ignore[attr-defined]
            connection = self._connection = pool.connection_class(**pool.connection_kwargs)
        elif connection.is_connected:
            try:
                return self._round_trip(connection, args)
            except redis.exceptions.ConnectionError:
                pass  # a stale connection (it has disconnected itself): once more, anew
        return self._round_trip(connection, args)

    @staticmethod
    def _round_trip(connection: Any, args: tuple[Any, ...]) -> Any:
        try:
            connection.send_command(*args)
            return connection.read_response()
        except redis.exceptions.ResponseError:
            raise  # an error reply: the connection is in step and stays
        except BaseException:
            # Interrupted between sending and reading, a later call could read this
            # call's reply: the connection goes.
            connection.disconnect()
            raise

    def strict(self, call: Callable[[], T]) -> T:
        """Run one Redis call; CacheUnavailable when Redis is (recently found) unreachable."""
        if not self._breaker.allows():
            raise CacheUnavailable(self._location)
        try:
            result = call()
        except OUTAGE_ERRORS as exc:
            self._breaker.trip(self._location, exc)
            raise CacheUnavailable(self._location) from exc
        self._breaker.succeeded(self._location)
        return result

    def _soft(self, call: Callable[[], T], fallback: T) -> T:
        try:
            return self.strict(call)
        except CacheUnavailable:
            return fallback

    # Reads miss and writes are dropped while Redis is unreachable.
    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        return self._soft(lambda: super(RedisCache, self).get(key, default, version), default)

    def get_many(self, keys: Any, version: Any = None) -> Any:
        return self._soft(lambda: super(RedisCache, self).get_many(keys, version), {})

    def has_key(self, key: Any, version: Any = None) -> Any:
        return self._soft(lambda: super(RedisCache, self).has_key(key, version), False)

    def add(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> Any:
        return self._soft(lambda: super(RedisCache, self).add(key, value, timeout, version), False)

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> None:
        self._soft(lambda: super(RedisCache, self).set(key, value, timeout, version), None)

    def set_many(self, data: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> Any:
        return self._soft(
            lambda: super(RedisCache, self).set_many(data, timeout, version), list(data)
        )

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> Any:
        return self._soft(lambda: super(RedisCache, self).touch(key, timeout, version), False)

    def delete(self, key: Any, version: Any = None) -> Any:
        return self._soft(lambda: super(RedisCache, self).delete(key, version), False)

    def delete_many(self, keys: Any, version: Any = None) -> None:
        self._soft(lambda: super(RedisCache, self).delete_many(keys, version), None)
