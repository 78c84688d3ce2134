"""The verify lookup stays cheap: it is the busiest endpoint (bench/load.py measures it)."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from certificates import selectors
from certificates.tests.conftest import make

pytestmark = pytest.mark.django_db


def test_it_reads_the_certificate_once_per_lookup(client: Client) -> None:
    make("WD-001")
    with CaptureQueriesContext(connection) as queries:
        for _ in range(3):
            assert client.get("/api/certificates/wd-001 ").status_code == 200
    reads = [q["sql"] for q in queries.captured_queries if "certificates_certificate" in q["sql"]]
    assert len(reads) == 3, reads


def test_the_record_it_reads_loads_other_fields_when_asked() -> None:
    saved = make("WD-001", issue_date=datetime.date(2026, 1, 2))
    found = selectors.certificate_get(certificate_id="WD-001")
    assert (found.pk, found.issue_date, found.name) == (saved.pk, saved.issue_date, saved.name)
    assert found.created_at == saved.created_at  # deferred, read on access
