"""The database cache (the embedded default), counting hits and misses as
django-prometheus's cache backends do for Redis, so the hit ratio can be watched on
either (django_cache_hits_total / django_cache_get_total)."""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.db import DatabaseCache as DjangoDatabaseCache
from django_prometheus.cache.metrics import (
    django_cache_get_total,
    django_cache_hits_total,
    django_cache_misses_total,
)

_MISSING = object()


class DatabaseCache(DjangoDatabaseCache):
    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        django_cache_get_total.labels(backend="database").inc()
        value = super().get(key, _MISSING, version=version)
        if value is _MISSING:
            django_cache_misses_total.labels(backend="database").inc()
            return default
        django_cache_hits_total.labels(backend="database").inc()
        return value
