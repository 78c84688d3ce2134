"""The outside services some tests need (Redis, PostgreSQL): skipped where they are not
running, but under CI (CI=true), where they are started before the tests, a missing one
fails the test instead of hiding it behind a skip."""

from __future__ import annotations

import os
from typing import NoReturn

import pytest

TEST_REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def service_missing(reason: str) -> NoReturn:
    """Skip the test; fail it under CI=true."""
    if in_ci():
        pytest.fail(f"{reason} (CI=true: the service must be running)", pytrace=False)
    pytest.skip(reason)


def redis_url() -> str:
    """TEST_REDIS_URL when a Redis answers there (skip, or fail under CI, when none does)."""
    import redis

    try:
        redis.Redis.from_url(TEST_REDIS_URL, socket_connect_timeout=1).ping()
    except (redis.RedisError, OSError) as exc:
        service_missing(f"Redis does not answer at {TEST_REDIS_URL} (set TEST_REDIS_URL): {exc}")
    return TEST_REDIS_URL
