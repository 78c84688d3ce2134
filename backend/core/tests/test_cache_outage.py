"""A Redis outage degrades the site instead of taking it down (django-redis with
IGNORE_EXCEPTIONS).

Redis is replaced by a port nobody listens on: connections are refused at once, as when
the Redis server has stopped on a machine that is still up.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest
from django.core.cache import cache
from django.test import override_settings

from catalog.models import Course
from certificates.models import Certificate
from core.ratelimit import rate_limit_check, rate_limit_hit

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
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": location,
            "KEY_PREFIX": "outage-test",
            "OPTIONS": {
                "IGNORE_EXCEPTIONS": True,
                "SOCKET_CONNECT_TIMEOUT": 0.5,
                "SOCKET_TIMEOUT": 0.5,
            },
        }
    }
    with override_settings(CACHES=caches):
        yield location


def test_reads_miss_and_writes_are_dropped(dead_redis: str) -> None:
    cache.set("k", "v", 60)
    assert cache.get("k") is None
    assert cache.get("k", "fallback") == "fallback"
    assert not cache.add("k", "v")
    assert cache.get_many(["a", "b"]) == {}
    assert not cache.has_key("k")
    cache.set_many({"a": 1, "b": 2})
    cache.delete("k")
    cache.delete_many(["a"])


def test_rate_limits_let_requests_through_while_redis_is_down(dead_redis: str) -> None:
    """Counting needs the shared cache: without it nobody is refused (rather than everyone)."""
    for _ in range(5):
        rate_limit_hit(scope="t", ident="1.2.3.4", rate="2/h", message="Slow down.")
    rate_limit_check(scope="t", ident="1.2.3.4", rate="2/h", message="Locked.")


def test_the_site_answers_without_redis(dead_redis: str, client) -> None:
    Certificate.objects.create(
        certificate_id="OUTAGE-1", name="Asha Rao", course="Python", duration="30 Days"
    )
    assert client.get("/api/health").status_code == 200
    response = client.get("/api/pages/courses")
    assert response.status_code == 200
    assert (
        len(response.json()["courses"])
        == Course.objects.filter(is_active=True, is_bootcamp=False).count()
        > 0
    )
    assert client.get("/api/certificates/OUTAGE-1").status_code == 200
    assert client.get("/api/pages/home").json()["head"]["json_ld"]


def test_catalogue_edits_show_at_once_without_redis(dead_redis: str, client) -> None:
    course = Course.objects.filter(is_active=True, is_bootcamp=False).first()
    assert course is not None
    assert client.get("/api/pages/courses").status_code == 200
    Course.objects.filter(pk=course.pk).update(name="Renamed during the outage")
    names = [item["name"] for item in client.get("/api/pages/courses").json()["courses"]]
    assert "Renamed during the outage" in names
