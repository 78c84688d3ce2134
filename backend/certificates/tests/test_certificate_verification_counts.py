"""Staff see how often each certificate was verified and when last. Counting is done in
the cache (no database write, no thread on the request path); the queue worker writes the
counts, each once, and a worker killed mid-write loses nothing."""

from __future__ import annotations

import io
import json
import os
import re
import threading
from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest
import time_machine
from django.core.cache import cache, caches
from django.core.management import call_command
from django.db import DatabaseError, connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext

from certificates import verifications
from certificates.models import Certificate
from certificates.tests.conftest import make
from core.tests.services import redis_url

pytestmark = pytest.mark.django_db

# A minute's start, then two minutes on: its counts are then due (the next minute is the
# grace for requests still counting).
START = "2026-11-20T10:00:00+05:30"
DUE = "2026-11-20T10:02:00+05:30"


@pytest.fixture
def clock() -> Iterator[time_machine.Coordinates]:
    with time_machine.travel(START, tick=False) as traveller:
        yield traveller


def due(clock: time_machine.Coordinates) -> None:
    clock.move_to(DUE)


def test_it_counts_lookups_without_writing_or_starting_a_thread_on_the_request_path(
    client: Client, clock: time_machine.Coordinates, monkeypatch: pytest.MonkeyPatch
) -> None:
    certificate = make("WD-001")
    started = mock.Mock()
    monkeypatch.setattr(threading.Thread, "start", started)
    with CaptureQueriesContext(connection) as queries:
        for _ in range(4):
            assert client.get("/api/certificates/wd-001").status_code == 200
    writes = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("UPDATE")]
    assert [w for w in writes if "certificates_certificate" in w] == []
    started.assert_not_called()
    assert Certificate.objects.get().verification_count == 0

    due(clock)
    assert verifications.certificate_verifications_flush() == 1
    certificate.refresh_from_db()
    assert certificate.verification_count == 4
    assert certificate.last_verified_at is not None
    assert certificate.last_verified_at.isoformat() == "2026-11-20T04:30:00+00:00"


def test_it_waits_for_the_minute_to_close(client: Client, clock: time_machine.Coordinates) -> None:
    make("WD-001")
    client.get("/api/certificates/WD-001")
    assert verifications.certificate_verifications_flush() == 0
    clock.move_to("2026-11-20T10:01:30+05:30")  # the grace minute: a request may still count
    assert verifications.certificate_verifications_flush() == 0
    due(clock)
    assert verifications.certificate_verifications_flush() == 1
    assert Certificate.objects.get().verification_count == 1


def test_the_last_verification_is_kept_to_the_minute(
    client: Client, clock: time_machine.Coordinates
) -> None:
    """The time noted is the first in the latest minute with lookups: one cache call less
    on every lookup, and the back office shows minutes."""
    make("WD-001")
    client.get("/api/certificates/WD-001")  # 10:00:00
    clock.move_to("2026-11-20T10:00:40+05:30")
    client.get("/api/certificates/WD-001")
    clock.move_to("2026-11-20T10:01:10+05:30")
    client.get("/api/certificates/WD-001")
    clock.move_to("2026-11-20T10:01:50+05:30")
    client.get("/api/certificates/WD-001")
    clock.move_to("2026-11-20T10:03:00+05:30")
    assert verifications.certificate_verifications_flush() == 1
    certificate = Certificate.objects.get()
    assert certificate.verification_count == 4
    assert certificate.last_verified_at is not None
    assert certificate.last_verified_at.isoformat() == "2026-11-20T04:31:10+00:00"


def test_the_queue_worker_writes_them(client: Client, clock: time_machine.Coordinates) -> None:
    make("WD-001")
    make("WD-002")
    client.get("/api/certificates/WD-001")
    client.get("/api/certificates/WD-002")
    client.get("/api/certificates/WD-002")
    due(clock)
    call_command("send_queued_mail_loop", "--once", stdout=io.StringIO(), stderr=io.StringIO())
    counts = dict(Certificate.objects.values_list("certificate_id", "verification_count"))
    assert counts == {"WD-001": 1, "WD-002": 2}


def test_the_cron_command_writes_them(client: Client, clock: time_machine.Coordinates) -> None:
    make("WD-001")
    client.get("/api/certificates/WD-001")
    due(clock)
    out = io.StringIO()
    call_command("write_verification_counts", stdout=out)
    assert "for 1 certificate(s)" in out.getvalue()
    assert Certificate.objects.get().verification_count == 1


def test_each_count_is_written_once(client: Client, clock: time_machine.Coordinates) -> None:
    make("WD-001")
    client.get("/api/certificates/WD-001")
    due(clock)
    assert verifications.certificate_verifications_flush() == 1
    assert verifications.certificate_verifications_flush() == 0
    clock.move_to("2026-11-20T10:05:00+05:30")
    assert verifications.certificate_verifications_flush() == 0
    assert Certificate.objects.get().verification_count == 1


def test_a_worker_that_fails_before_its_commit_loses_nothing(
    client: Client, clock: time_machine.Coordinates, monkeypatch: pytest.MonkeyPatch
) -> None:
    make("WD-001")
    client.get("/api/certificates/WD-001")
    client.get("/api/certificates/WD-001")
    due(clock)
    real_filter = Certificate.objects.filter

    def failing(*args: Any, **kwargs: Any) -> Any:
        raise DatabaseError("the worker died mid-write")

    monkeypatch.setattr(Certificate.objects, "filter", failing)
    with pytest.raises(DatabaseError):
        verifications.certificate_verifications_flush()
    monkeypatch.setattr(Certificate.objects, "filter", real_filter)
    assert Certificate.objects.get().verification_count == 0
    assert verifications.certificate_verifications_flush() == 1
    assert Certificate.objects.get().verification_count == 2


def test_a_worker_that_dies_after_its_commit_writes_nothing_twice(
    client: Client, clock: time_machine.Coordinates, monkeypatch: pytest.MonkeyPatch
) -> None:
    make("WD-001")
    client.get("/api/certificates/WD-001")
    due(clock)
    # Killed between the commit and clearing the cache: the keys stay behind.
    monkeypatch.setattr(cache, "delete_many", mock.Mock(side_effect=RuntimeError("killed")))
    with pytest.raises(RuntimeError):
        verifications.certificate_verifications_flush()
    monkeypatch.undo()
    assert Certificate.objects.get().verification_count == 1
    assert verifications.certificate_verifications_flush() == 0
    assert Certificate.objects.get().verification_count == 1


def test_counts_wait_in_the_cache_for_a_stopped_worker(
    client: Client, clock: time_machine.Coordinates
) -> None:
    make("WD-001")
    client.get("/api/certificates/WD-001")
    clock.move_to("2026-11-20T12:00:00+05:30")  # two hours later
    client.get("/api/certificates/WD-001")
    clock.move_to("2026-11-21T09:00:00+05:30")  # the worker is back the next day
    assert verifications.certificate_verifications_flush() == 1
    certificate = Certificate.objects.get()
    assert certificate.verification_count == 2
    assert certificate.last_verified_at is not None
    assert certificate.last_verified_at.isoformat() == "2026-11-20T06:30:00+00:00"


def test_it_does_not_count_an_unknown_id(client: Client, clock: time_machine.Coordinates) -> None:
    make("WD-001")
    client.get("/api/certificates/NOPE")
    due(clock)
    assert verifications.certificate_verifications_flush() == 0


def test_it_counts_credential_checks(client: Client, clock: time_machine.Coordinates) -> None:
    make("WD-001")
    credential = client.get("/api/certificates/WD-001/credential").json()
    client.post("/api/credentials/check", {"file": io.BytesIO(json.dumps(credential).encode())})
    due(clock)
    verifications.certificate_verifications_flush()
    assert Certificate.objects.get().verification_count == 1


def test_it_adds_to_what_is_there_and_keeps_the_latest_time(
    client: Client, clock: time_machine.Coordinates
) -> None:
    make("WD-001")
    Certificate.objects.update(verification_count=10, last_verified_at="2026-12-01T00:00:00Z")
    client.get("/api/certificates/WD-001")
    due(clock)
    verifications.certificate_verifications_flush()
    record = Certificate.objects.get()
    assert record.verification_count == 11
    assert record.last_verified_at.isoformat() == "2026-12-01T00:00:00+00:00"


def test_it_shows_the_counts_in_the_admin_list(
    admin_client: Client, client: Client, clock: time_machine.Coordinates
) -> None:
    make("WD-001")
    client.get("/api/certificates/WD-001")
    client.get("/api/certificates/WD-001")
    due(clock)
    verifications.certificate_verifications_flush()
    response = admin_client.get("/admin/certificates/certificate/")
    assert b"Verifications" in response.content
    count = re.search(
        rb'<td class="[^"]*\bfield-verification_count\b[^"]*"[^>]*>\s*(\d+)\s*</td>',
        response.content,
    )
    assert count is not None and count.group(1) == b"2"


LOCMEM = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


@pytest.fixture
def redis_cache() -> Iterator[None]:
    """The production cache (django-redis) on a key prefix of these tests' own."""
    config = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": redis_url(),
            # One prefix per pytest-xdist worker: another's cleanup never meets these keys.
            "KEY_PREFIX": f"test-verification-counts-{os.environ.get('PYTEST_XDIST_WORKER', '')}",
            "OPTIONS": {"IGNORE_EXCEPTIONS": True},
        }
    }
    with override_settings(CACHES=config):
        caches["default"].delete_pattern("*")  # django-redis: only this prefix's keys
        yield
        caches["default"].delete_pattern("*")


def _counted_and_written(client: Client, clock: time_machine.Coordinates) -> None:
    make("WD-001")
    for _ in range(3):
        client.get("/api/certificates/WD-001")
    due(clock)
    assert verifications.certificate_verifications_flush() == 1
    assert Certificate.objects.get().verification_count == 3
    assert verifications.certificate_verifications_flush() == 0


def test_it_counts_in_redis(redis_cache: None, client: Client) -> None:
    with time_machine.travel(START, tick=False) as clock:
        _counted_and_written(client, clock)


def test_counts_in_redis_expire_once_kept_long_enough(redis_cache: None, client: Client) -> None:
    with time_machine.travel(START, tick=False):
        make("WD-001")
        client.get("/api/certificates/WD-001")
        keys = caches["default"].keys("certificates:verifications:*")
        assert keys
        for key in keys:
            ttl = caches["default"].ttl(key)
            assert 0 < ttl <= verifications.VERIFICATION_KEEP_SECONDS


@override_settings(CACHES=LOCMEM)
def test_it_counts_in_any_other_cache(client: Client) -> None:
    caches["default"].clear()
    with time_machine.travel(START, tick=False) as clock:
        _counted_and_written(client, clock)
