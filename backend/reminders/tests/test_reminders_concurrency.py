"""Two workers run the reminders at the same moment, each on its own database connection:
the unique (kind, object) row lets one of them send each reminder. SQLite serialises
every writer anyway, so this runs on PostgreSQL only (DATABASE_URL)."""

from __future__ import annotations

from datetime import datetime

import pytest
import time_machine
from django.db import connection

from catalog.models import Course
from core.dates import INDIA
from core.tests.concurrency import run_at_once
from core.tests.mail import queued_about
from enrolments.tests.conftest import enrol
from internships.models import Placement
from reminders.models import ReminderSent
from reminders.services import reminders_send

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL (concurrent connections); set DATABASE_URL to run it",
    ),
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


def test_two_workers_send_each_reminder_once(placement: Placement, course: Course) -> None:
    enrol(course)
    with time_machine.travel(datetime(2026, 12, 8, 10, 0, tzinfo=INDIA), tick=False):
        outcomes = run_at_once(reminders_send, reminders_send, reminders_send)
    assert outcomes.errors == []
    assert ReminderSent.objects.count() == 3  # task opened, task 1 open 3 days, payment
    assert len(queued_about("internship.task_opened")) == 1
    assert len(queued_about("reminder.task_open")) == 1
    assert len(queued_about("reminder.payment")) == 1
    totals: dict[str, int] = {}
    for result in outcomes.results:
        assert isinstance(result, dict)
        for kind, n in result.items():
            totals[kind] = totals.get(kind, 0) + n
    assert totals["task_opened"] == 1 and totals["payment_waiting_1_day"] == 1
