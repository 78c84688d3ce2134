"""Django's Redis cache backend, reusing one redis client per connection pool.

Django's RedisCacheClient builds a new `redis.Redis` object, with its table of some 170
response callbacks, for every cache call; that costs more CPU than the round trip to a
local Redis (about 0.1 ms a call on the benchmark machine, measured by bench/api.py). The
connection pools are shared either way and redis clients are thread-safe, so one client
per pool does the same work.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient


class _ReusingRedisCacheClient(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        base: Any = self  # the private helpers below are missing from django-stubs
        index = base._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            pool = base._get_connection_pool(write)
            client = self._clients[index] = base._client(connection_pool=pool)
        return client


class RedisCache(DjangoRedisCache):
    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = _ReusingRedisCacheClient
