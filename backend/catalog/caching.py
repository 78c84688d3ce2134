"""The public catalogue's rows (with their Markdown rendered), kept in Django's cache and
dropped on every edit; the API's schemas render each answer from them.

Each cached entry's key holds the catalogue's content version, itself a cache entry. A
save or delete of any catalogue model (admin edits, list_editable, bulk delete) bumps the
version through the receivers in `catalog.signals`, so the next request in any process
reads them again from the database; entries of older versions are never asked for
again and expire on their own. `migrate` (every deploy runs it) bumps it too, so entries
cached by the previous release, or before a data migration, are not served again. Other
writes that skip model signals (QuerySet.update()) show once entries expire, after
CATALOG_CACHE_SECONDS at most.

With Redis (production) one bump reaches every server process at once. While Redis is
unreachable nothing is cached: a version made up in one process could not be bumped by an
edit made in another.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import TypeVar, cast

from django.core.cache import cache
from django.db import transaction

VERSION_KEY = "catalog:content-version"
CATALOG_CACHE_SECONDS = 60 * 60

T = TypeVar("T")


def catalog_cache_version() -> str | None:
    """The current content version; None when the cache cannot hold one."""
    version = cache.get(VERSION_KEY)
    if version is None:
        cache.add(VERSION_KEY, uuid.uuid4().hex, timeout=None)
        version = cache.get(VERSION_KEY)
    return None if version is None else str(version)


def _bump() -> None:
    cache.set(VERSION_KEY, uuid.uuid4().hex, timeout=None)


def catalog_cache_bump() -> None:
    """Invalidate every cached catalogue answer, now and again once the transaction commits.

    The second bump closes the window in which another request could cache the old rows
    between this write and its commit.
    """
    _bump()
    transaction.on_commit(_bump)


def catalog_cached(name: str, build: Callable[[], T]) -> T:
    version = catalog_cache_version()
    if version is None:
        return build()
    value = cache.get_or_set(f"catalog:{version}:{name}", build, timeout=CATALOG_CACHE_SECONDS)
    return build() if value is None else cast(T, value)
