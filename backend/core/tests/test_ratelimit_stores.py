"""The rate-limit counters in each store: database rows, Redis, any other cache."""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Iterator

import pytest
from django.core.cache import caches
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext

from core.errors import RateLimited
from core.models import RateLimitCounter
from core.ratelimit import rate_limit_check, rate_limit_hit, rate_limit_reset
from core.tests.services import service_missing

pytestmark = pytest.mark.django_db

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def _hit(ident: str = "1.2.3.4", rate: str = "2/h") -> None:
    rate_limit_hit(scope="t", ident=ident, rate=rate, message="Slow down.")


def test_it_counts_with_the_database_cache_in_one_statement_per_hit() -> None:
    _hit()
    with CaptureQueriesContext(connection) as queries:
        _hit()
    assert len(queries.captured_queries) == 1
    assert "ON CONFLICT" in queries.captured_queries[0]["sql"]
    assert RateLimitCounter.objects.get().hits == 2
    with pytest.raises(RateLimited):
        _hit()


def test_it_drops_the_rows_of_windows_that_are_over() -> None:
    RateLimitCounter.objects.create(key="rl:old", hits=3, expires=int(time.time()) - 1)
    RateLimitCounter.objects.create(key="rl:live", hits=3, expires=int(time.time()) + 60)
    _hit()  # the first hit of a new window
    keys = set(RateLimitCounter.objects.values_list("key", flat=True))
    assert "rl:old" not in keys
    assert "rl:live" in keys
    assert len(keys) == 2


def test_check_and_reset_read_the_same_database_counter() -> None:
    for _ in range(2):
        _hit()
    with pytest.raises(RateLimited):
        rate_limit_check(scope="t", ident="1.2.3.4", rate="2/h", message="Locked.")
    rate_limit_reset(scope="t", ident="1.2.3.4", rate="2/h")
    rate_limit_check(scope="t", ident="1.2.3.4", rate="2/h", message="Locked.")
    assert not RateLimitCounter.objects.exists()


LOCMEM = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


@override_settings(CACHES=LOCMEM)
def test_it_counts_with_any_other_cache_through_add_and_incr() -> None:
    caches["default"].clear()
    _hit(ident="locmem")
    _hit(ident="locmem")
    with pytest.raises(RateLimited):
        _hit(ident="locmem")
    assert not RateLimitCounter.objects.exists()
    rate_limit_reset(scope="t", ident="locmem", rate="2/h")
    _hit(ident="locmem")


def _redis_answers() -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping())
    except (redis.RedisError, OSError):
        return False


@pytest.fixture
def redis_cache() -> Iterator[str]:
    if not _redis_answers():
        service_missing(f"Redis does not answer at {REDIS_URL} (set TEST_REDIS_URL)")
    prefix = f"test-{secrets.token_hex(6)}"
    config = {
        "default": {"BACKEND": "core.cache.RedisCache", "LOCATION": REDIS_URL, "KEY_PREFIX": prefix}
    }
    with override_settings(CACHES=config):
        yield prefix
        cache = caches["default"]
        client = cache._cache.get_client(write=True)  # type: ignore[attr-defined]
        keys = list(client.scan_iter(match=f"{prefix}:*"))
        if keys:
            client.delete(*keys)


def test_it_counts_in_redis_with_one_round_trip_and_a_lifetime(redis_cache: str) -> None:
    cache = caches["default"]
    _hit(ident="redis")
    _hit(ident="redis")
    with pytest.raises(RateLimited):
        _hit(ident="redis")
    client = cache._cache.get_client(write=True)  # type: ignore[attr-defined]
    [key] = list(client.scan_iter(match=f"{redis_cache}:*"))
    assert int(client.get(key)) == 3
    assert 0 < client.ttl(key) <= 3600 + 5
    # The counter is a plain integer that check() reads through the cache API.
    with pytest.raises(RateLimited):
        rate_limit_check(scope="t", ident="redis", rate="2/h", message="Locked.")
    rate_limit_reset(scope="t", ident="redis", rate="2/h")
    rate_limit_check(scope="t", ident="redis", rate="2/h", message="Locked.")
    assert not RateLimitCounter.objects.exists()


def test_the_redis_cache_reuses_one_client(redis_cache: str) -> None:
    cache = caches["default"]
    cache.set("a", 1)
    assert cache.get("a") == 1
    client = cache._cache  # type: ignore[attr-defined]
    assert client.get_client("a") is client.get_client("b")


def _counter(redis_cache: str) -> int:
    client = caches["default"]._cache.get_client(write=True)  # type: ignore[attr-defined]
    [key] = list(client.scan_iter(match=f"{redis_cache}:*"))
    return int(client.get(key))


def test_it_counts_on_one_connection_of_its_own(redis_cache: str) -> None:
    cache = caches["default"]
    _hit(ident="own", rate="5/h")
    connection = cache._connection  # type: ignore[attr-defined]
    assert connection.is_connected
    _hit(ident="own", rate="5/h")
    assert cache._connection is connection  # type: ignore[attr-defined]
    assert _counter(redis_cache) == 2


def test_it_loads_its_script_when_redis_has_lost_it(redis_cache: str) -> None:
    _hit(ident="flushed", rate="5/h")
    caches["default"]._cache.get_client(write=True).script_flush()  # type: ignore[attr-defined]
    _hit(ident="flushed", rate="5/h")
    assert _counter(redis_cache) == 2


def test_a_connection_redis_has_closed_is_replaced_without_an_outage(
    redis_cache: str, caplog: pytest.LogCaptureFixture
) -> None:
    cache = caches["default"]
    _hit(ident="restart", rate="5/h")
    own_id = cache.command("CLIENT", "ID")  # type: ignore[attr-defined]
    client = cache._cache.get_client(write=True)  # type: ignore[attr-defined]
    assert client.client_kill_filter(_id=own_id) == 1  # as a Redis restart would
    with caplog.at_level("ERROR", logger="core.cache"):
        _hit(ident="restart", rate="5/h")
    assert not caplog.records  # no outage declared, no fallback to the database
    assert _counter(redis_cache) == 2
    assert not RateLimitCounter.objects.exists()


def test_a_forked_process_opens_its_own_connection(redis_cache: str) -> None:
    cache = caches["default"]
    _hit(ident="fork", rate="5/h")
    inherited = cache._connection  # type: ignore[attr-defined]
    inherited.pid = -1  # as if this process had been forked from the one that opened it
    _hit(ident="fork", rate="5/h")
    assert cache._connection is not inherited  # type: ignore[attr-defined]
    assert _counter(redis_cache) == 2


def test_it_counts_with_djangos_own_redis_cache_too(redis_cache: str) -> None:
    plain = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": redis_cache,
        }
    }
    with override_settings(CACHES=plain):
        caches["default"]._cache.get_client(write=True).script_flush()  # type: ignore[attr-defined]
        _hit(ident="plain")
        _hit(ident="plain")
        with pytest.raises(RateLimited):
            _hit(ident="plain")
    assert _counter(redis_cache) == 3
