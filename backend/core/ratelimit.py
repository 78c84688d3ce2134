"""Fixed-window rate limits shared by every server process.

Counters live in Redis when the cache is Redis (REDIS_URL), in the database otherwise:
with the default database cache they are rows of core.RateLimitCounter, because the cache
table stores pickled values that cannot be counted atomically in one statement. Any other
cache backend (local memory in a test, memcached) uses the cache's add() and incr().
While Redis is unreachable (core/cache.py) its counters move to the database rows.
Limits are settings written "<count>/<period>" (period s, m, h or d), each with its own
environment variable.

Each counter is one atomic operation per hit: a script around INCR on Redis, one INSERT ... ON CONFLICT DO UPDATE ... RETURNING in the database. bench/api.py
measures the difference on the certificate verify endpoint, which counts every lookup.
"""

from __future__ import annotations

import functools
import hashlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import DEFAULT_CACHE_ALIAS, BaseCache, cache, caches
from django.core.cache.backends.db import DatabaseCache
from django.core.cache.backends.redis import RedisCache
from django.core.exceptions import ImproperlyConfigured
from django.db import connections, router
from redis.exceptions import NoScriptError

from core.cache import CacheUnavailable
from core.cache import RedisCache as FailSoftRedisCache
from core.errors import RateLimited
from core.models import RateLimitCounter

_PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


@dataclass(frozen=True)
class Rate:
    count: int
    seconds: int


@functools.lru_cache(maxsize=64)  # the few rates in settings, parsed once
def rate_parse(value: str) -> Rate:
    try:
        count_text, period = value.strip().split("/")
        count = int(count_text)
        unit = period.strip()[-1:]
        multiplier = int(period.strip()[:-1] or "1")
        seconds = _PERIODS[unit] * multiplier
    except (ValueError, KeyError) as exc:
        raise ImproperlyConfigured(
            f"Rate limit {value!r} must look like '5/m', '10/h' or '100/15m'"
        ) from exc
    if count < 1 or seconds < 1:
        raise ImproperlyConfigured(f"Rate limit {value!r} must allow at least one request")
    return Rate(count=count, seconds=seconds)


def _key(scope: str, ident: str, window: int) -> str:
    digest = hashlib.sha256(ident.encode()).hexdigest()[:32]
    return f"rl:{scope}:{digest}:{window}"


def _backend() -> BaseCache:
    return caches[DEFAULT_CACHE_ALIAS]


def _database_get(key: str) -> int:
    row = RateLimitCounter.objects.filter(key=key, expires__gte=int(time.time()))
    return int(row.values_list("hits", flat=True).first() or 0)


def _counter_get(key: str) -> int:
    backend = _backend()
    if isinstance(backend, DatabaseCache):
        return _database_get(key)
    if isinstance(backend, FailSoftRedisCache):
        try:
            return int(backend.strict(lambda: RedisCache.get(backend, key)) or 0)
        except CacheUnavailable:
            return _database_get(key)
    return int(cache.get(key) or 0)


def _counter_delete(key: str) -> None:
    backend = _backend()
    if isinstance(backend, FailSoftRedisCache):
        try:
            backend.strict(lambda: RedisCache.delete(backend, key))
            return
        except CacheUnavailable:
            pass
    if isinstance(backend, (DatabaseCache, FailSoftRedisCache)):
        RateLimitCounter.objects.filter(key=key).delete()
    else:
        cache.delete(key)


def _counter_incr(key: str, timeout: int) -> int:
    """Count one hit on `key` (created with a lifetime of `timeout` seconds); the new count.

    While Redis is unreachable its counters are kept in the database instead, so limits
    (login lockouts above all) still hold during an outage; they restart from zero when
    Redis is back, at worst one window's worth of extra attempts.
    """
    backend = _backend()
    if isinstance(backend, FailSoftRedisCache):
        try:
            return backend.strict(lambda: _redis_incr(backend, key, timeout))
        except CacheUnavailable:
            return _database_incr(key, timeout)
    if isinstance(backend, RedisCache):
        return _redis_incr(backend, key, timeout)
    if isinstance(backend, DatabaseCache):
        return _database_incr(key, timeout)
    # add() is atomic on every backend: it only sets a missing key.
    cache.add(key, 0, timeout=timeout)
    try:
        return int(cache.incr(key))
    except ValueError:  # expired between add() and incr()
        cache.add(key, 1, timeout=timeout)
        return 1


# INCR creates a missing key at 1; the first hit of a window also sets its lifetime. As a
# script it is one atomic round trip (Django's RedisCache.incr() asks EXISTS first and
# needs add() before it: three). The value stays a plain Redis integer, which cache.get()
# reads back as an int.
_REDIS_INCR = """
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count
"""
_REDIS_INCR_SHA = hashlib.sha1(_REDIS_INCR.encode()).hexdigest()  # noqa: S324 (Redis names scripts so)


def _redis_incr(backend: RedisCache, key: str, timeout: int) -> int:
    # make_key(), not make_and_validate_key(): the check only warns about keys memcached
    # would refuse, and these keys are short, printable and built right here.
    redis_key = backend.make_key(key)
    if isinstance(backend, FailSoftRedisCache):
        call: Callable[..., Any] = backend.command  # its own connection (core/cache.py)
    else:
        call = backend._cache.get_client(redis_key, write=True).execute_command
    try:
        return int(call("EVALSHA", _REDIS_INCR_SHA, 1, redis_key, timeout))
    except NoScriptError:  # not loaded on this Redis yet (or since a restart): EVAL loads it
        return int(call("EVAL", _REDIS_INCR, 1, redis_key, timeout))


def _database_incr(key: str, timeout: int) -> int:
    now = int(time.time())
    connection = connections[router.db_for_write(RateLimitCounter)]
    quote = connection.ops.quote_name
    table = quote(RateLimitCounter._meta.db_table)
    key_column, hits, expires = quote("key"), quote("hits"), quote("expires")
    with connection.cursor() as cursor:
        # SQLite (3.35+) and PostgreSQL both run this as one atomic statement.
        cursor.execute(
            f"INSERT INTO {table} ({key_column}, {hits}, {expires}) VALUES (%s, 1, %s) "  # noqa: S608 (quoted names, values as parameters)
            f"ON CONFLICT ({key_column}) DO UPDATE SET {hits} = {table}.{hits} + 1 "
            f"RETURNING {hits}",
            [key, now + timeout],
        )
        count = int(cursor.fetchone()[0])
        if count == 1:
            # A new window: the time to drop the rows of windows that are over.
            cursor.execute(f"DELETE FROM {table} WHERE {expires} < %s", [now])  # noqa: S608
    return count


def _describe_wait(seconds: int) -> str:
    if seconds < 60:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    minutes = math.ceil(seconds / 60)
    if minutes < 60:
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    hours = math.ceil(minutes / 60)
    return f"{hours} hour{'s' if hours != 1 else ''}"


def _window(rate: str) -> tuple[Rate, int, int]:
    parsed = rate_parse(rate)
    now = int(time.time())
    return parsed, now, now // parsed.seconds


def _refuse(parsed: Rate, now: int, window: int, message: str) -> RateLimited:
    retry_after = max(1, (window + 1) * parsed.seconds - now)
    return RateLimited(
        f"{message} Please try again in {_describe_wait(retry_after)}.",
        retry_after=retry_after,
    )


def rate_limit_check(*, scope: str, ident: str, rate: str, message: str) -> None:
    """Raise RateLimited if (scope, ident) has used up its limit, without counting.

    Used with rate_limit_hit for lockouts that count failures only (login).
    """
    if not settings.RATE_LIMIT_ENABLED:
        return
    parsed, now, window = _window(rate)
    if _counter_get(_key(scope, ident, window)) >= parsed.count:
        raise _refuse(parsed, now, window, message)


def rate_limit_reset(*, scope: str, ident: str, rate: str) -> None:
    _parsed, _now, window = _window(rate)
    _counter_delete(_key(scope, ident, window))


def rate_limit_hit(*, scope: str, ident: str, rate: str, message: str) -> None:
    """Count one attempt for (scope, ident); raise RateLimited once the limit is passed.

    `message` is the sentence shown to the visitor; " Please try again in <wait>." is added.
    """
    if not settings.RATE_LIMIT_ENABLED:
        return
    parsed, now, window = _window(rate)
    count = _counter_incr(_key(scope, ident, window), parsed.seconds + 5)
    if count > parsed.count:
        raise _refuse(parsed, now, window, message)
