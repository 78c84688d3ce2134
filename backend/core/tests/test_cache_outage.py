"""A Redis outage degrades the site instead of taking it down (core/cache.py).

Redis is replaced by a port nobody listens on: connections are refused at once, as when
the Redis server has stopped on a machine that is still up.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from unittest import mock

import pytest
from django.core.cache import cache
from django.test import override_settings
from redis.backoff import NoBackoff
from redis.retry import Retry

from catalog.models import Course
from certificates.models import Certificate
from core import cache as core_cache
from core.errors import RateLimited
from core.models import RateLimitCounter
from core.ratelimit import rate_limit_check, rate_limit_hit, rate_limit_reset

pytestmark = pytest.mark.django_db


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def dead_redis() -> Iterator[str]:
    location = f"redis://127.0.0.1:{_closed_port()}/0"
    caches = {
        "default": {
            "BACKEND": "core.cache.RedisCache",
            "LOCATION": location,
            "KEY_PREFIX": "outage-test",
            "OPTIONS": {
                "socket_connect_timeout": 0.5,
                "socket_timeout": 0.5,
                "retry": Retry(NoBackoff(), 0),
            },
        }
    }
    with override_settings(CACHES=caches):
        yield location
    core_cache._breakers.pop(location, None)


def test_reads_miss_and_writes_are_dropped(dead_redis: str) -> None:
    cache.set("k", "v", 60)
    assert cache.get("k") is None
    assert cache.get("k", "fallback") == "fallback"
    assert cache.add("k", "v") is False
    assert cache.get_many(["a", "b"]) == {}
    assert cache.has_key("k") is False
    assert cache.set_many({"a": 1, "b": 2}) == ["a", "b"]
    cache.delete("k")
    cache.delete_many(["a"])


def test_after_a_failure_redis_is_left_alone_for_a_while(dead_redis: str) -> None:
    cache.get("first")  # finds Redis down
    backend = cache._cache  # type: ignore[attr-defined]
    with mock.patch.object(backend, "get", side_effect=AssertionError("asked Redis")):
        assert cache.get("second", "miss") == "miss"


def test_it_asks_again_once_the_pause_is_over(dead_redis: str) -> None:
    cache.get("first")
    breaker = core_cache._breakers[dead_redis]
    breaker.down_until = 0.5  # the pause is over (monotonic time is far past it)
    backend = cache._cache  # type: ignore[attr-defined]
    with mock.patch.object(backend, "get", return_value="from redis") as get:
        assert cache.get("second") == "from redis"
    get.assert_called_once()
    assert breaker.down_until == 0.0


def test_it_logs_one_error_per_outage(dead_redis: str, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level("ERROR", logger="core.cache"):
        cache.get("a")
        core_cache._breakers[dead_redis].down_until = 0.5  # retry, still down
        cache.get("b")
    errors = [r for r in caplog.records if r.levelname == "ERROR"]
    assert len(errors) == 1
    assert "unreachable" in errors[0].getMessage()


def test_rate_limits_still_hold_counting_in_the_database(dead_redis: str) -> None:
    def hit() -> None:
        rate_limit_hit(scope="t", ident="1.2.3.4", rate="2/h", message="Slow down.")

    hit()
    hit()
    with pytest.raises(RateLimited):
        hit()
    assert RateLimitCounter.objects.get().hits == 3
    with pytest.raises(RateLimited):
        rate_limit_check(scope="t", ident="1.2.3.4", rate="2/h", message="Locked.")
    rate_limit_reset(scope="t", ident="1.2.3.4", rate="2/h")
    assert not RateLimitCounter.objects.exists()


def test_the_site_answers_without_redis(dead_redis: str, client, settings, tmp_path) -> None:
    # A stand-in for the vite build, so the pages render without one.
    (tmp_path / "index.html").write_text(
        '<!doctype html><html lang="en"><head><!--app-head--></head>'
        '<body><div id="root"></div></body></html>'
    )
    settings.FRONTEND_DIST = tmp_path
    Certificate.objects.create(
        certificate_id="OUTAGE-1", name="Asha Rao", course="Python", duration="30 Days"
    )
    assert client.get("/api/health").status_code == 200
    response = client.get("/api/courses")
    assert response.status_code == 200
    assert (
        len(response.json()) == Course.objects.filter(is_active=True, is_bootcamp=False).count() > 0
    )
    assert client.get("/api/certificates/OUTAGE-1").status_code == 200
    assert client.get("/").status_code == 200
    assert client.get("/courses").status_code == 200


def test_catalogue_edits_show_at_once_without_redis(dead_redis: str, client) -> None:
    course = Course.objects.filter(is_active=True, is_bootcamp=False).first()
    assert course is not None
    assert client.get("/api/courses").status_code == 200
    Course.objects.filter(pk=course.pk).update(name="Renamed during the outage")
    names = [item["name"] for item in client.get("/api/courses").json()]
    assert "Renamed during the outage" in names
