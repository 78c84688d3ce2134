"""Caching of the public catalogue answers.

Every cached answer's key holds a content version. Any save or delete of a catalogue
model (admin edits, list_editable, bulk delete) bumps the version through the
post_save/post_delete receivers in `catalog.signals`, so the next request rebuilds from the
database. Old entries are never looked up again and expire on their own. Writes that skip
model signals (QuerySet.update(), a data migration) are picked up when entries expire,
after CATALOG_CACHE_SECONDS at most.

The version lives in the shared cache (Redis in production), so one bump reaches every
server process.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache
from django.db import transaction

VERSION_KEY = "catalog:content-version"
CATALOG_CACHE_SECONDS = 60 * 60

T = TypeVar("T")


def catalog_cache_version() -> str | None:
    """The current content version; None when the cache cannot hold one (Redis is
    unreachable: core/cache.py), and then nothing is cached: a version made up here could
    not be bumped by an edit, and its answers would outlive the edit."""
    version = cache.get(VERSION_KEY)
    if version is None:
        cache.add(VERSION_KEY, uuid.uuid4().hex, timeout=None)
        version = cache.get(VERSION_KEY)
    return None if version is None else str(version)


def catalog_cache_bump() -> None:
    """Invalidate every cached catalogue answer, now and again once the transaction commits.

    The second bump closes the window in which another request could cache the old rows
    between this write and its commit.
    """
    cache.set(VERSION_KEY, uuid.uuid4().hex, timeout=None)
    transaction.on_commit(lambda: cache.set(VERSION_KEY, uuid.uuid4().hex, timeout=None))


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

    The version is still read from the shared cache on every call, so an edit reaches
    every process on its next request; only the bytes are kept in this process, which
    saves the second cache read, unpickling and serialising on every request
    (bench/api.py measures GET /api/courses).
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
