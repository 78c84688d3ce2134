"""Confirmations at the same moment, each on its own database connection, take consecutive
invoice numbers: none shared, none skipped. SQLite serialises every writer anyway and has
no SELECT ... FOR UPDATE, so this runs on PostgreSQL only (DATABASE_URL=postgres://...)."""

from __future__ import annotations

import pytest
from django.db import connection

from catalog.models import Course
from core.tests.concurrency import run_at_once
from enrolments import services
from invoices.models import Invoice
from invoices.tests.conftest import enrol

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL (row locks across connections); set DATABASE_URL to run it",
    ),
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

AT_ONCE = 6


def test_it_numbers_concurrent_confirmations_consecutively(seller: None, course: Course) -> None:
    enrolments = [enrol(course, phone=f"98111 4{n:04d}") for n in range(AT_ONCE)]

    outcome = run_at_once(
        *(
            lambda e=e: services.enrolment_confirm_payment(enrolment_id=e.pk, by=None)
            for e in enrolments
        )
    )

    assert outcome.errors == []
    sequences = sorted(Invoice.objects.values_list("sequence", flat=True))
    assert sequences == list(range(1, AT_ONCE + 1))
    assert Invoice.objects.values("number").distinct().count() == AT_ONCE


def test_it_numbers_a_new_years_first_confirmations_without_a_clash(
    seller: None, course: Course
) -> None:
    """The year's counter row does not exist yet: both transactions try to create it."""
    first, second = (enrol(course, phone=f"98111 5{n:04d}") for n in range(2))
    outcome = run_at_once(
        lambda: services.enrolment_confirm_payment(enrolment_id=first.pk, by=None),
        lambda: services.enrolment_confirm_payment(enrolment_id=second.pk, by=None),
    )
    assert outcome.errors == []
    assert sorted(Invoice.objects.values_list("sequence", flat=True)) == [1, 2]
