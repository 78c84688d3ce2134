"""The verify lookup stays cheap: it is the busiest endpoint (bench/api.py measures it)."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from certificates import selectors
from certificates.tests.conftest import make
from core.models import RateLimitCounter

pytestmark = pytest.mark.django_db


def test_it_answers_with_one_read_and_counts_in_batches(client: Client, settings: Any) -> None:
    settings.RATE_LIMIT_VERIFY = "60/m"
    settings.RATE_LIMIT_PROCESSES = 8  # so the first 3 lookups wait here (core.ratelimit)
    make("WD-001")
    with CaptureQueriesContext(connection) as queries:
        for _ in range(3):
            assert client.get("/api/certificates/wd-001 ").status_code == 200
    sql = [q["sql"] for q in queries.captured_queries]
    assert len(sql) == 3, sql
    assert all("certificates_certificate" in q for q in sql)

    with CaptureQueriesContext(connection) as queries:
        response = client.get("/api/certificates/WD-001")
    assert response.status_code == 200
    sql = [q["sql"] for q in queries.captured_queries]
    assert len(sql) == 3, sql  # the four lookups counted at once (a new window also tidies)
    assert "core_ratelimitcounter" in sql[0]
    assert "certificates_certificate" in sql[-1]
    assert RateLimitCounter.objects.get().hits == 4


def test_the_record_it_reads_loads_other_fields_when_asked() -> None:
    saved = make("WD-001", issue_date=datetime.date(2026, 1, 2))
    found = selectors.certificate_get(certificate_id="WD-001")
    assert (found.pk, found.issue_date, found.name) == (saved.pk, saved.issue_date, saved.name)
    assert found.created_at == saved.created_at  # deferred, read on access
