from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
import time_machine
from django.core.cache import caches
from django.test import Client

from certificates.tests.conftest import make
from core.tests.test_ratelimit_stores import redis_cache  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db

# A fixed instant inside every window (minute, day): a test never straddles two windows.
NOON = datetime(2026, 11, 24, 12, 0, 30, tzinfo=UTC)


@time_machine.travel(NOON, tick=False)
def test_it_limits_lookups_per_ip(client: Client, settings: Any) -> None:
    settings.RATE_LIMIT_VERIFY = "3/m"
    make("WD-001")

    statuses = [client.get("/api/certificates/WD-001").status_code for _ in range(3)]
    refused = client.get("/api/certificates/UNKNOWN")

    assert statuses == [200, 200, 200]
    assert refused.status_code == 429
    assert "try again in" in refused.json()["message"]
    assert int(refused["Retry-After"]) >= 1


@time_machine.travel(NOON, tick=False)
def test_it_counts_each_address_separately(client: Client, settings: Any) -> None:
    settings.RATE_LIMIT_VERIFY = "1/m"
    make("WD-001")

    first = client.get("/api/certificates/WD-001", REMOTE_ADDR="10.0.0.1")
    other = client.get("/api/certificates/WD-001", REMOTE_ADDR="10.0.0.2")
    again = client.get("/api/certificates/WD-001", REMOTE_ADDR="10.0.0.1")

    assert (first.status_code, other.status_code, again.status_code) == (200, 200, 429)


@pytest.mark.usefixtures("redis_cache")
@time_machine.travel(NOON, tick=False)
def test_with_redis_it_refuses_over_the_limit_found_or_not(client: Client, settings: Any) -> None:
    settings.RATE_LIMIT_VERIFY = "2/d"
    make("WD-001")

    under = [client.get(f"/api/certificates/{cid}").status_code for cid in ("WD-001", "NOPE-1")]
    over = [client.get(f"/api/certificates/{cid}").status_code for cid in ("WD-001", "NOPE-1")]

    assert under == [200, 404]
    assert over == [429, 429]
    assert caches["default"].keys("rl:*")  # counted in Redis


@time_machine.travel(NOON, tick=False)
def test_downloads_count_against_the_verify_limit(client: Client, settings: Any) -> None:
    """Issue 15.5: /Certificate/… and /LOR/… bypassed the per-client verify limit."""
    settings.RATE_LIMIT_VERIFY = "4/d"
    make("WD-001", duration="30 Days")

    statuses = [
        client.get("/api/certificates/WD-001").status_code,
        client.get("/Certificate/WD-001.png").status_code,
        client.get("/LOR/WD-001.pdf").status_code,
        client.get("/Certificate/UNKNOWN-9.pdf").status_code,  # not found counts too
    ]
    refused = client.get("/LOR/WD-001.png")

    assert statuses == [200, 200, 200, 404]
    assert refused.status_code == 429
    assert "try again in" in refused.content.decode()
    assert int(refused["Retry-After"]) >= 1
    assert client.get("/api/certificates/WD-001").status_code == 429
