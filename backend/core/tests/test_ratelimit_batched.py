"""Batched counting (rate_limit_hit(..., batched=True)), as the certificate lookup counts."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from django.core.cache import caches
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core import ratelimit
from core.errors import RateLimited
from core.models import RateLimitCounter
from core.ratelimit import _Tallies, rate_limit_hit, rate_limit_reset
from core.tests.test_ratelimit_stores import redis_cache  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db


def _hit(ident: str = "1.2.3.4", rate: str = "60/m") -> None:
    rate_limit_hit(scope="b", ident=ident, rate=rate, message="Slow down.", batched=True)


def _shared_count() -> int:
    return int(RateLimitCounter.objects.get().hits)


def _key(ident: str, rate: str) -> tuple[str, int, int]:
    parsed, _now, window = ratelimit._window(rate)
    return ratelimit._key("b", ident, window), parsed.count, parsed.seconds + 5


def _writes(queries: CaptureQueriesContext) -> int:
    return sum("core_ratelimitcounter" in q["sql"] for q in queries.captured_queries)


def test_far_from_the_limit_hits_reach_the_shared_counter_in_batches(settings: Any) -> None:
    settings.RATE_LIMIT_PROCESSES = 8  # allowance (60 - known) // 16: 3 unsent hits at first
    with CaptureQueriesContext(connection) as queries:
        for _ in range(3):
            _hit()
    assert _writes(queries) == 0
    assert not RateLimitCounter.objects.exists()
    _hit()  # the fourth goes with the three before it
    assert _shared_count() == 4


def test_near_the_limit_every_hit_is_counted_and_the_limit_is_exact(settings: Any) -> None:
    settings.RATE_LIMIT_PROCESSES = 8
    for _ in range(60):
        _hit()
    assert _shared_count() == 60  # allowance 0 from 45 on: the last hits went one by one
    # Known to be used up for this window: refused without another write.
    with CaptureQueriesContext(connection) as queries, pytest.raises(RateLimited) as caught:
        _hit()
    assert caught.value.message.startswith("Slow down. Please try again in ")
    assert _writes(queries) == 0


def test_a_limit_used_up_by_other_processes_is_found_at_the_next_write(settings: Any) -> None:
    settings.RATE_LIMIT_PROCESSES = 8
    _hit()  # unsent: this process knows of no other hits
    key, limit, timeout = _key("1.2.3.4", "60/m")
    RateLimitCounter.objects.create(key=key, hits=limit, expires=int(time.time()) + timeout)
    _hit()
    _hit()  # still within this process's allowance: allowed on what it knew
    with pytest.raises(RateLimited):
        _hit()  # the batch is added: 64 > 60
    assert _shared_count() == 64


def test_small_limits_count_every_hit(settings: Any) -> None:
    settings.RATE_LIMIT_PROCESSES = 8
    _hit(rate="3/m")
    assert _shared_count() == 1
    _hit(rate="3/m")
    _hit(rate="3/m")
    with pytest.raises(RateLimited):
        _hit(rate="3/m")


@pytest.mark.parametrize("seed", range(5))
def test_processes_sharing_a_limit_pass_it_by_less_than_half(settings: Any, seed: int) -> None:
    """Four processes' tallies, one shared counter: lookups arrive at random processes.

    Nobody is refused before the limit is used up; the hits that other processes had not
    sent yet when it was reached get through too: under half the limit in the worst case
    (_Tallies), 7 to 10 of 200 (4-5%) in these runs."""
    settings.RATE_LIMIT_PROCESSES = 4
    processes = [_Tallies() for _ in range(4)]
    key, limit, timeout = _key("shared", "200/h")
    chance = random.Random(seed)
    allowed = 0
    for _ in range(400):
        if chance.choice(processes).hit(key, limit, timeout) <= limit:
            allowed += 1
    assert limit <= allowed < limit + limit // 2
    assert _shared_count() > limit  # the refusals were decided on the shared count


def test_with_more_processes_than_configured_each_passes_it_by_a_batch_at_most(
    settings: Any,
) -> None:
    settings.RATE_LIMIT_PROCESSES = 1  # but eight processes share it
    processes = [_Tallies() for _ in range(8)]
    key, limit, timeout = _key("crowd", "200/h")
    allowed = sum(p.hit(key, limit, timeout) <= limit for _ in range(60) for p in processes)
    assert limit <= allowed <= limit + 8 * _Tallies.BATCH  # 430 in this run


def test_reset_forgets_the_unsent_hits_too(settings: Any) -> None:
    settings.RATE_LIMIT_PROCESSES = 1  # allowance 30 at first
    for _ in range(5):
        _hit()
    assert not RateLimitCounter.objects.exists()
    rate_limit_reset(scope="b", ident="1.2.3.4", rate="60/m")
    for _ in range(30):
        _hit()
    assert not RateLimitCounter.objects.exists()  # 30 unsent: the 5 before were forgotten
    _hit()
    assert _shared_count() == 31


def test_a_full_table_drops_windows_that_are_over_and_sends_the_rest(
    settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.RATE_LIMIT_PROCESSES = 1
    monkeypatch.setattr(_Tallies, "MAX_KEYS", 3)
    tallies = _Tallies()
    tallies.hit("rl:b:over", 60, 65)
    tallies._tallies["rl:b:over"].ends = int(time.time()) - 1
    tallies.hit("rl:b:one", 60, 65)
    tallies.hit("rl:b:two", 60, 65)
    tallies.hit("rl:b:three", 60, 65)  # room made by dropping the window that is over
    assert set(tallies._tallies) == {"rl:b:one", "rl:b:two", "rl:b:three"}
    assert not RateLimitCounter.objects.exists()
    tallies.hit("rl:b:four", 60, 65)  # no window over: the unsent hits are sent
    counts = dict(RateLimitCounter.objects.values_list("key", "hits"))
    assert counts == {"rl:b:one": 1, "rl:b:two": 1, "rl:b:three": 1}
    assert set(tallies._tallies) == {"rl:b:four"}


@pytest.mark.usefixtures("redis_cache")
def test_with_redis_the_batches_are_added_in_one_round_trip(settings: Any) -> None:
    settings.RATE_LIMIT_PROCESSES = 8
    for _ in range(4):
        _hit(ident="redis")
    cache = caches["default"]
    client = cache._cache.get_client(write=True)  # type: ignore[attr-defined]
    key = cache.make_key(_key("redis", "60/m")[0])
    assert int(client.get(key)) == 4
    assert 0 < client.ttl(key) <= 65
    assert not RateLimitCounter.objects.exists()
