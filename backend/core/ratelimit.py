"""Per-client limits: a fixed-window counter on Django's cache.

A limit is a setting written "<count>/<period>" (period s, m, h or d with an optional
multiplier: "5/15m"), each with its own environment variable. The window is the current
period, aligned on the clock; its counter is one cache key made with `cache.add()` and
counted with `cache.incr()`. With Redis (REDIS_URL, django-redis) `incr` is atomic across
every server process; with the embedded database cache it is a read and a write, so two
requests at the same instant may both pass as one: acceptable for the single-machine
demo, which is why production runs Redis. While Redis is unreachable django-redis answers
nothing (IGNORE_EXCEPTIONS) and the limits let requests through rather than fail them.

Login lockouts are django-axes plus the ceilings in accounts.backends, which use these
counters too.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, ParamSpec, TypeVar

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

from core.env import rate_parts
from core.errors import RateLimited
from core.http import client_key

P = ParamSpec("P")
R = TypeVar("R")


@dataclass(frozen=True)
class Rate:
    count: int
    seconds: int


@functools.lru_cache(maxsize=64)  # the few rates in settings, parsed once
def rate_parse(value: str) -> Rate:
    count, seconds = rate_parts(value)
    return Rate(count=count, seconds=seconds)


@dataclass(frozen=True)
class _Window:
    rate: Rate
    key: str
    ends_in: int  # seconds until the window closes


def _window(scope: str, ident: str, rate: str) -> _Window:
    parsed = rate_parse(rate)
    now = time.time()
    number = int(now // parsed.seconds)
    digest = hashlib.sha256(ident.encode()).hexdigest()[:32]
    ends_in = max(1, math.ceil((number + 1) * parsed.seconds - now))
    return _Window(parsed, f"rl:{scope}:{digest}:{parsed.seconds}:{number}", ends_in)


def _describe_wait(seconds: int) -> str:
    if seconds < 60:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    minutes = math.ceil(seconds / 60)
    if minutes < 60:
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    hours = math.ceil(minutes / 60)
    return f"{hours} hour{'s' if hours != 1 else ''}"


def _refuse(window: _Window, message: str) -> RateLimited:
    return RateLimited(
        f"{message} Please try again in {_describe_wait(window.ends_in)}.",
        retry_after=window.ends_in,
    )


def rate_limit_count(*, scope: str, ident: str, rate: str) -> int:
    """How many hits (scope, ident) has in the current window."""
    return int(cache.get(_window(scope, ident, rate).key) or 0)


def rate_limit_check(*, scope: str, ident: str, rate: str, message: str) -> None:
    """Raise RateLimited if (scope, ident) has used up its limit, without counting."""
    if not settings.RATE_LIMIT_ENABLED:
        return
    window = _window(scope, ident, rate)
    if int(cache.get(window.key) or 0) >= window.rate.count:
        raise _refuse(window, message)


def rate_limit_hit(*, scope: str, ident: str, rate: str, message: str) -> None:
    """Count one attempt for (scope, ident); raise RateLimited once the limit is passed.

    `message` is the sentence shown to the visitor; " Please try again in <wait>." is added.
    """
    if not settings.RATE_LIMIT_ENABLED:
        return
    window = _window(scope, ident, rate)
    if int(_increment(window) or 0) > window.rate.count:
        raise _refuse(window, message)


def rate_limited(
    *, scope: str, rate: str, message: str, per: Literal["client", "account"] = "client"
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """An endpoint's limit, counted before its body runs (after the payload's schema, which
    refuses malformed requests first): every request that reaches the view counts, the
    ones it then refuses too. `rate` names the setting ("RATE_LIMIT_ENQUIRY"), read at
    each request; `per` is who is counted: the client's address (`client_key`) or the
    logged-in account. Place it under the router's decorator."""

    def decorate(view: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(view)
        def limited(*args: P.args, **kwargs: P.kwargs) -> R:
            request: Any = args[0]
            assert isinstance(request, HttpRequest)
            ident = client_key(request) if per == "client" else str(request.user.pk)
            rate_limit_hit(scope=scope, ident=ident, rate=getattr(settings, rate), message=message)
            return view(*args, **kwargs)

        # django-ninja reads the view's parameters from its signature: the view's own, with
        # its annotations evaluated in the view's module (they are strings there).
        limited.__signature__ = inspect.signature(view, eval_str=True)  # type: ignore[attr-defined]
        return limited

    return decorate


def rate_limit_reset(*, scope: str, ident: str, rate: str) -> None:
    cache.delete(_window(scope, ident, rate).key)


# Cache backends whose incr() keeps the key's expiry; the others (the database cache)
# store the new value with the default timeout, so the counter's is set again.
INCR_KEEPS_EXPIRY = frozenset(
    {
        "django_redis.cache.RedisCache",
        # django-redis's, counting hits for the metrics (settings.CACHES).
        "django_prometheus.cache.backends.redis.RedisCache",
        "django.core.cache.backends.redis.RedisCache",
        "django.core.cache.backends.locmem.LocMemCache",
    }
)


def _increment(window: _Window) -> int | None:
    """Count one hit in the window's counter: `incr`, and `add` when the window has no
    counter yet. Counting first makes the usual hit one cache round trip (with Redis, one
    atomic command); only a window's first hit, or two first hits at once, take more."""
    # A few seconds beyond the window, so a counter never expires while it is counted.
    timeout = window.ends_in + 5
    for _attempt in range(2):
        try:
            count = cache.incr(window.key)
        except ValueError:  # no counter in this window yet: this hit opens it
            if cache.add(window.key, 1, timeout=timeout):
                return 1
            continue  # another request opened it in the meantime: count on that one
        if count is None:  # Redis unreachable (django-redis ignored the error): not counted
            return None
        if settings.CACHES["default"]["BACKEND"] not in INCR_KEEPS_EXPIRY:
            cache.touch(window.key, timeout=timeout)
        return int(count)
    return None  # the cache refuses both add() and incr(): not counted
