"""Fixed-window rate limits kept in Django's cache.

The cache is the database cache by default and Redis when REDIS_URL is set, so every
server process shares the same counters. Limits are settings written "<count>/<period>"
(period s, m, h or d), each with its own environment variable.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured

from core.errors import RateLimited

_PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


@dataclass(frozen=True)
class Rate:
    count: int
    seconds: int


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
    if (cache.get(_key(scope, ident, window)) or 0) >= parsed.count:
        raise _refuse(parsed, now, window, message)


def rate_limit_reset(*, scope: str, ident: str, rate: str) -> None:
    _parsed, _now, window = _window(rate)
    cache.delete(_key(scope, ident, window))


def rate_limit_hit(*, scope: str, ident: str, rate: str, message: str) -> None:
    """Count one attempt for (scope, ident); raise RateLimited once the limit is passed.

    `message` is the sentence shown to the visitor; " Please try again in <wait>." is added.
    """
    if not settings.RATE_LIMIT_ENABLED:
        return
    parsed, now, window = _window(rate)
    key = _key(scope, ident, window)
    # add() is atomic on every backend: it only sets a missing key.
    cache.add(key, 0, timeout=parsed.seconds + 5)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add() and incr()
        cache.add(key, 1, timeout=parsed.seconds + 5)
        count = 1
    if count > parsed.count:
        raise _refuse(parsed, now, window, message)
