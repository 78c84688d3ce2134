"""The fixed-window counter on each cache the site runs with: the database cache (the
embedded default), Redis through django-redis (production), and any other cache."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
import time_machine
from django.core.cache import caches
from django.test import override_settings

from core.errors import RateLimited
from core.ratelimit import rate_limit_check, rate_limit_count, rate_limit_hit, rate_limit_reset
from core.tests.services import redis_url

pytestmark = pytest.mark.django_db

START = datetime(2026, 11, 24, 10, 0, 0, tzinfo=UTC)  # on a whole hour: a window starts


def _hit(ident: str = "1.2.3.4", rate: str = "2/h") -> None:
    rate_limit_hit(scope="t", ident=ident, rate=rate, message="Slow down.")


def _counts_and_refuses(ident: str) -> None:
    with time_machine.travel(START, tick=False) as clock:
        _hit(ident)
        _hit(ident)
        with pytest.raises(RateLimited) as caught:
            _hit(ident)
        assert caught.value.extra["retry_after"] == 3600
        assert rate_limit_count(scope="t", ident=ident, rate="2/h") == 3
        clock.move_to(datetime(2026, 11, 24, 10, 59, 59, tzinfo=UTC))
        with pytest.raises(RateLimited) as caught:
            rate_limit_check(scope="t", ident=ident, rate="2/h", message="Locked.")
        assert caught.value.extra["retry_after"] == 1
        clock.move_to(datetime(2026, 11, 24, 11, 0, 0, tzinfo=UTC))  # a new window
        _hit(ident)
        rate_limit_reset(scope="t", ident=ident, rate="2/h")
        assert rate_limit_count(scope="t", ident=ident, rate="2/h") == 0


def test_it_counts_with_the_database_cache() -> None:
    _counts_and_refuses("db")


@override_settings(CACHES={"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}})
def test_it_counts_with_any_other_cache() -> None:
    caches["default"].clear()
    _counts_and_refuses("locmem")


@pytest.fixture
def redis_cache() -> Iterator[str]:
    """The production cache (django-redis) on a key prefix of this test's own."""
    prefix = f"test-{secrets.token_hex(6)}"
    config = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": redis_url(),
            "KEY_PREFIX": prefix,
            "OPTIONS": {"IGNORE_EXCEPTIONS": True},
        }
    }
    with override_settings(CACHES=config):
        yield prefix
        caches["default"].delete_pattern("*")  # django-redis: only this prefix's keys


def test_it_counts_in_redis(redis_cache: str) -> None:
    _counts_and_refuses("redis")


def test_redis_counters_expire_with_their_window(redis_cache: str) -> None:
    with time_machine.travel(START, tick=False):
        _hit("ttl")
        [key] = caches["default"].keys("rl:*")
        assert 3600 < caches["default"].ttl(key) <= 3600 + 5
