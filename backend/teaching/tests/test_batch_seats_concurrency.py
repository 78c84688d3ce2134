"""Two people take a batch's last seat at the same moment, each on its own database
connection: the lock on the batch's row makes one wait, then find the batch full
(docs/product.md section 20). PostgreSQL only (SQLite serialises writers anyway)."""

from __future__ import annotations

import pytest
import time_machine
from django.db import connection

from catalog.models import Course
from core.errors import ApplicationError
from core.tests.concurrency import run_at_once
from teaching.tests.conftest import BEFORE, enrol_in, make_batch

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL (row locks across connections); set DATABASE_URL to run it",
    ),
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

ROUNDS = 5


def test_the_last_seat_goes_to_one_of_two_at_once(course: Course) -> None:
    with time_machine.travel(BEFORE, tick=False):
        for round_number in range(ROUNDS):
            batch = make_batch(course, seats=1)
            outcomes = run_at_once(
                lambda: enrol_in(course, 10 * round_number + 1, batch_id=batch.pk),
                lambda: enrol_in(course, 10 * round_number + 2, batch_id=batch.pk),
            )
            assert len(outcomes.results) == 1
            assert [type(e) for e in outcomes.errors] == [ApplicationError]
            assert outcomes.errors[0].message == "This batch is full."  # type: ignore[attr-defined]
            assert batch.enrolments.count() == 1
