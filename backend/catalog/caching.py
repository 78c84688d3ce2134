"""Caching of the public catalogue answers.

Every cached answer's key holds a content version. Any save or delete of a catalogue
model (admin edits, list_editable, bulk delete) bumps the version through the
post_save/post_delete receivers in `catalog.signals`, so the next request rebuilds from the
database. Old entries are never looked up again and expire on their own. Writes that skip
model signals (QuerySet.update(), a data migration) are picked up when entries expire,
after CATALOG_CACHE_SECONDS at most.

The version lives in the shared cache (Redis in production), so one bump reaches every
server process. Each process trusts the version it last read for VERSION_SECONDS (one
second), which saves a cache round trip on almost every catalogue request: an edit shows
at once in the process that made it and within a second in every other process
(tests/system/test_scale_out.py checks the bound with two servers).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from time import monotonic
from typing import TypeVar

from django.core.cache import cache
from django.db import transaction

VERSION_KEY = "catalog:content-version"
CATALOG_CACHE_SECONDS = 60 * 60
# How long a process goes on using the version it read before asking the shared cache
# again: the longest an edit made in another process stays unseen here.
VERSION_SECONDS = 1.0

T = TypeVar("T")

# (monotonic() when read, version) in this process; None: ask the shared cache.
_held: tuple[float, str | None] | None = None


def catalog_cache_version() -> str | None:
    """The current content version; None when the cache cannot hold one (Redis is
    unreachable: core/cache.py), and then nothing is cached: a version made up here could
    not be bumped by an edit, and its answers would outlive the edit.

    Read from the shared cache at most once every VERSION_SECONDS per process."""
    global _held
    held, now = _held, monotonic()
    if held is not None and now - held[0] < VERSION_SECONDS:
        return held[1]
    version = cache.get(VERSION_KEY)
    if version is None:
        cache.add(VERSION_KEY, uuid.uuid4().hex, timeout=None)
        version = cache.get(VERSION_KEY)
    found = None if version is None else str(version)
    _held = (now, found)
    return found


def catalog_cache_forget() -> None:
    """Read the version from the shared cache on the next call (after a bump here, or
    when the cache itself was cleared or swapped, as tests do)."""
    global _held
    _held = None


def _bump() -> None:
    cache.set(VERSION_KEY, uuid.uuid4().hex, timeout=None)
    catalog_cache_forget()


def catalog_cache_bump() -> None:
    """Invalidate every cached catalogue answer, now and again once the transaction commits.

    The second bump closes the window in which another request could cache the old rows
    between this write and its commit. This process sees each bump on its next request;
    the others within VERSION_SECONDS.
    """
    _bump()
    transaction.on_commit(_bump)


def catalog_cached(name: str, build: Callable[[], T]) -> T:
    version = catalog_cache_version()
    if version is None:
        return build()
    return _cached(f"catalog:{version}:{name}", build)


def _cached(key: str, build: Callable[[], T]) -> T:
    value = cache.get(key)
    if value is None:
        value = build()
        cache.set(key, value, timeout=CATALOG_CACHE_SECONDS)
    return value


# Rendered answers of this process, by cache key (which holds the content version).
_rendered: dict[str, bytes] = {}
_RENDERED_MAX = 64


def catalog_cached_bytes(name: str, render: Callable[[], bytes]) -> bytes:
    """A rendered answer (JSON bytes), built once per content version.

    Only the version is read from the shared cache (at most once a second, see
    catalog_cache_version); the bytes are kept in this process, which saves the second
    cache read, unpickling and serialising on every request (bench/api.py measures
    GET /api/courses).
    """
    version = catalog_cache_version()
    if version is None:
        return render()
    key = f"catalog:{version}:{name}"
    body = _rendered.get(key)
    if body is None:
        body = _cached(key, render)
        if len(_rendered) >= _RENDERED_MAX:
            _rendered.clear()  # entries of older versions are never asked for again
        _rendered[key] = body
    return body
