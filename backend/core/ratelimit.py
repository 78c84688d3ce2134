"""Fixed-window rate limits shared by every server process.

Counters live in Redis when the cache is Redis (REDIS_URL), in the database otherwise:
with the default database cache they are rows of core.RateLimitCounter, because the cache
table stores pickled values that cannot be counted atomically in one statement. Any other
cache backend (local memory in a test, memcached) uses the cache's add() and incr().
While Redis is unreachable (core/cache.py) its counters move to the database rows.
Limits are settings written "<count>/<period>" (period s, m, h or d), each with its own
environment variable.

Each counter is one atomic operation per hit: a script around INCRBY on Redis, one
INSERT ... ON CONFLICT DO UPDATE ... RETURNING in the database.

The certificate lookup, the busiest endpoint, counts in batches (rate_limit_hit(...,
batched=True), _Tallies below): each process adds its lookups to the shared counter a
few at a time while the count is far from the limit, and one at a time near it, so nobody
is refused early and a visitor spread over several processes gets at most a few more
lookups than the limit. bench/api.py measures the endpoint.
"""

from __future__ import annotations

import functools
import hashlib
import math
import threading
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


def _counter_add(key: str, amount: int, timeout: int) -> int:
    """Add `amount` hits to `key` (created with a lifetime of `timeout` seconds); the new count.

    While Redis is unreachable its counters are kept in the database instead, so limits
    (login lockouts above all) still hold during an outage; they restart from zero when
    Redis is back, at worst one window's worth of extra attempts.
    """
    backend = _backend()
    if isinstance(backend, FailSoftRedisCache):
        try:
            return backend.strict(lambda: _redis_add(backend, key, amount, timeout))
        except CacheUnavailable:
            return _database_add(key, amount, timeout)
    if isinstance(backend, RedisCache):
        return _redis_add(backend, key, amount, timeout)
    if isinstance(backend, DatabaseCache):
        return _database_add(key, amount, timeout)
    # add() is atomic on every backend: it only sets a missing key.
    cache.add(key, 0, timeout=timeout)
    try:
        return int(cache.incr(key, amount))
    except ValueError:  # expired between add() and incr()
        cache.add(key, amount, timeout=timeout)
        return amount


# INCRBY creates a missing key at the amount; the first hits of a window also set its
# lifetime. As a script it is one atomic round trip (Django's RedisCache.incr() asks EXISTS
# first and needs add() before it: three). The value stays a plain Redis integer, which
# cache.get() reads back as an int.
_REDIS_ADD = """
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count
"""
_REDIS_ADD_SHA = hashlib.sha1(_REDIS_ADD.encode()).hexdigest()  # noqa: S324 (Redis names scripts so)


def _redis_add(backend: RedisCache, key: str, amount: int, timeout: int) -> int:
    # make_key(), not make_and_validate_key(): the check only warns about keys memcached
    # would refuse, and these keys are short, printable and built right here.
    redis_key = backend.make_key(key)
    if isinstance(backend, FailSoftRedisCache):
        call: Callable[..., Any] = backend.command  # its own connection (core/cache.py)
    else:
        call = backend._cache.get_client(redis_key, write=True).execute_command
    try:
        return int(call("EVALSHA", _REDIS_ADD_SHA, 1, redis_key, timeout, amount))
    except NoScriptError:  # not loaded on this Redis yet (or since a restart): EVAL loads it
        return int(call("EVAL", _REDIS_ADD, 1, redis_key, timeout, amount))


def _database_add(key: str, amount: int, timeout: int) -> int:
    now = int(time.time())
    connection = connections[router.db_for_write(RateLimitCounter)]
    quote = connection.ops.quote_name
    table = quote(RateLimitCounter._meta.db_table)
    key_column, hits, expires = quote("key"), quote("hits"), quote("expires")
    with connection.cursor() as cursor:
        # SQLite (3.35+) and PostgreSQL both run this as one atomic statement.
        cursor.execute(
            f"INSERT INTO {table} ({key_column}, {hits}, {expires}) VALUES (%s, %s, %s) "  # noqa: S608 (quoted names, values as parameters)
            f"ON CONFLICT ({key_column}) DO UPDATE SET {hits} = {table}.{hits} + %s "
            f"RETURNING {hits}",
            [key, amount, now + timeout, amount],
        )
        count = int(cursor.fetchone()[0])
        if count == amount:
            # A new window: the time to drop the rows of windows that are over.
            cursor.execute(f"DELETE FROM {table} WHERE {expires} < %s", [now])  # noqa: S608
    return count


@dataclass
class _Tally:
    known: int  # the shared count when this process last added to it
    pending: int  # hits counted here, not added yet
    ends: int  # Unix time after which the window is over


class _Tallies:
    """One process's batched counting (rate_limit_hit(..., batched=True)).

    A hit is kept here while this process's unsent hits for the key stay within its
    allowance, (limit - known) // (2 * RATE_LIMIT_PROCESSES), at most BATCH; otherwise the
    hits are added to the shared counter together and the new total decides. So a
    visitor far from the limit costs no write per lookup, near it the allowance is 0 and
    every hit is counted at once, and nobody is refused before the limit is used up (a
    refusal is decided on the shared count, or on knowing it is used up: then without a
    write). What other processes had not sent yet when the limit was reached still got
    through: with RATE_LIMIT_PROCESSES processes or fewer sharing the limit, under half
    of it in the worst case and a few per cent when lookups spread over the processes
    (core/tests/test_ratelimit_batched.py); with more, up to BATCH per process. Unsent hits of
    a window that is over were never needed; those of a process that stops are lost.
    """

    BATCH = 50
    MAX_KEYS = 10_000  # distinct keys kept (a busy minute); beyond, unsent hits are sent

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tallies: dict[str, _Tally] = {}

    def hit(self, key: str, limit: int, timeout: int) -> int:
        """Count one hit; the count to compare with the limit."""
        now = int(time.time())
        unsent: list[tuple[str, _Tally]] = []
        with self._lock:
            tally = self._tallies.get(key)
            if tally is None:
                if len(self._tallies) >= self.MAX_KEYS:
                    unsent = self._make_room(now)
                tally = self._tallies[key] = _Tally(known=0, pending=0, ends=now + timeout)
        for other, other_tally in unsent:
            _counter_add(other, other_tally.pending, max(1, other_tally.ends - now))
        with self._lock:
            if tally.known >= limit:
                return tally.known + 1
            sharers = 2 * max(1, settings.RATE_LIMIT_PROCESSES)
            allowance = min(self.BATCH, (limit - tally.known) // sharers)
            if tally.pending < allowance:
                tally.pending += 1
                return tally.known + tally.pending
            amount, tally.pending = tally.pending + 1, 0
        total = _counter_add(key, amount, timeout)
        with self._lock:
            tally.known = max(tally.known, total)
        return total

    def forget(self, key: str | None = None) -> None:
        """Drop this process's tallies (of one key): unsent hits are not sent."""
        with self._lock:
            if key is None:
                self._tallies.clear()
            else:
                self._tallies.pop(key, None)

    def _make_room(self, now: int) -> list[tuple[str, _Tally]]:
        """With the lock held: drop the tallies of windows that are over; if that is not
        enough, drop them all and return those with unsent hits, for the caller to send
        (after releasing the lock). Every key then starts again as a new one."""
        for key in [k for k, t in self._tallies.items() if t.ends < now]:
            del self._tallies[key]
        if len(self._tallies) < self.MAX_KEYS:
            return []
        unsent = [(k, t) for k, t in self._tallies.items() if t.pending]
        self._tallies.clear()
        return unsent


_tallies = _Tallies()


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
    key = _key(scope, ident, window)
    _tallies.forget(key)
    _counter_delete(key)


def rate_limit_forget_local() -> None:
    """Drop this process's batched tallies (tests, which clear the shared counters)."""
    _tallies.forget()


def rate_limit_hit(
    *, scope: str, ident: str, rate: str, message: str, batched: bool = False
) -> None:
    """Count one attempt for (scope, ident); raise RateLimited once the limit is passed.

    `message` is the sentence shown to the visitor; " Please try again in <wait>." is added.
    `batched` counts in batches while far from the limit (_Tallies): for busy endpoints.
    """
    if not settings.RATE_LIMIT_ENABLED:
        return
    parsed, now, window = _window(rate)
    key, timeout = _key(scope, ident, window), parsed.seconds + 5
    count = _tallies.hit(key, parsed.count, timeout) if batched else _counter_add(key, 1, timeout)
    if count > parsed.count:
        raise _refuse(parsed, now, window, message)
