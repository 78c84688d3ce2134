"""Staff see how often each certificate was verified and when last; counting adds no
database write to the lookup."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest
import time_machine
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from certificates import verifications
from certificates.models import Certificate
from certificates.tests.conftest import make

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _nothing_waiting() -> None:
    # Counts other tests left in this process's memory.
    verifications.certificate_verifications_flush()


def test_it_counts_lookups_without_writing_on_the_request_path(client: Client) -> None:
    certificate = make("WD-001")
    with CaptureQueriesContext(connection) as queries:
        for _ in range(3):
            assert client.get("/api/certificates/wd-001").status_code == 200
    writes = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("UPDATE")]
    assert [w for w in writes if "certificates_certificate" in w] == []
    assert Certificate.objects.get().verification_count == 0

    with time_machine.travel("2026-11-20T10:00:00+05:30", tick=False):
        client.get("/api/certificates/WD-001")
    assert verifications.certificate_verifications_flush() == 1

    certificate.refresh_from_db()
    assert certificate.verification_count == 4
    assert certificate.last_verified_at is not None
    assert certificate.last_verified_at.isoformat() == "2026-11-20T04:30:00+00:00"


def test_it_does_not_count_an_unknown_id(client: Client) -> None:
    make("WD-001")
    client.get("/api/certificates/NOPE")
    assert verifications.certificate_verifications_flush() == 0


def test_it_counts_credential_checks(client: Client) -> None:
    make("WD-001")
    credential = client.get("/api/certificates/WD-001/credential").json()
    client.post("/api/credentials/check", {"file": io.BytesIO(json.dumps(credential).encode())})
    verifications.certificate_verifications_flush()
    assert Certificate.objects.get().verification_count == 1


def test_it_adds_to_what_other_processes_wrote_and_keeps_the_latest_time(client: Client) -> None:
    make("WD-001")
    Certificate.objects.update(verification_count=10, last_verified_at="2026-12-01T00:00:00Z")
    with time_machine.travel("2026-11-20T10:00:00+05:30", tick=False):
        client.get("/api/certificates/WD-001")
    verifications.certificate_verifications_flush()
    record = Certificate.objects.get()
    assert record.verification_count == 11
    assert record.last_verified_at.isoformat() == "2026-12-01T00:00:00+00:00"


def test_it_shows_the_counts_in_the_admin_list(admin_client: Client, client: Client) -> None:
    make("WD-001")
    client.get("/api/certificates/WD-001")
    client.get("/api/certificates/WD-001")
    verifications.certificate_verifications_flush()
    response = admin_client.get("/admin/certificates/certificate/")
    assert b"Verifications" in response.content
    count = re.search(
        rb'<td class="[^"]*\bfield-verification_count\b[^"]*"[^>]*>\s*(\d+)\s*</td>',
        response.content,
    )
    assert count is not None and count.group(1) == b"2"


# The background thread needs committed rows; serialized_rollback restores the migrated
# content afterwards (a plain flush would re-run post_migrate and clash with the other
# transactional tests' restore on PostgreSQL).
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_it_writes_the_counts_in_the_background_once_due(client: Client, settings: Any) -> None:
    settings.CERTIFICATE_VERIFICATION_FLUSH_SECONDS = 0
    make("WD-001")
    thread = verifications.certificate_verification_count(
        certificate_pk=Certificate.objects.get().pk
    )
    assert thread is not None
    thread.join(timeout=30)
    assert not thread.is_alive()
    assert Certificate.objects.get().verification_count == 1
