"""Two teams take an event's last place at the same moment, each on its own connection:
the event's row lock lets one in and tells the other "This event is full."
PostgreSQL only (SQLite serialises writers anyway)."""

from __future__ import annotations

import pytest
import time_machine
from django.db import connection

from core.errors import ApplicationError
from core.tests.concurrency import run_at_once
from enrolments.models import Enrolment
from events.tests.test_registrations import NOW, make_event, solo

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL (row locks across connections); set DATABASE_URL to run it",
    ),
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


def test_the_last_place_goes_to_one_of_two_at_once(settings: object) -> None:
    settings.RATE_LIMIT_EVENT_REGISTRATION = "1000/h"  # type: ignore[attr-defined]
    with time_machine.travel(NOW, tick=False):
        for round_number in range(5):
            event = make_event(slug=f"race-{round_number}", capacity=1)
            outcomes = run_at_once(
                lambda: solo(1, slug=event.slug),
                lambda: solo(2, slug=event.slug),
            )
            assert len(outcomes.results) == 1
            assert [str(e) for e in outcomes.errors] == ["This event is full."]
            assert isinstance(outcomes.errors[0], ApplicationError)
            assert Enrolment.objects.filter(event=event).count() == 1
