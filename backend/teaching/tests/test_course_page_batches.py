"""The course page's batches (docs/product.md section 20): "Starts <date>" (India),
"<N> seats left", "Full", enrolment closed; never a meeting link."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
import time_machine
from django.test import Client

from catalog.models import Course
from teaching.tests.conftest import BEFORE, MONDAY, enrol_in, make_batch

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _before_the_batch() -> object:
    with time_machine.travel(BEFORE, tick=False) as traveller:
        yield traveller


def page(client: Client, course: Course) -> dict:
    response = client.get(f"/api/pages/path?path={course.route}")
    assert response.status_code == 200
    return response.json()


def test_it_lists_the_batches_with_their_seats_left(client: Client, course: Course) -> None:
    two = make_batch(course, seats=2)
    later = make_batch(
        course, starts_on=MONDAY + timedelta(days=14), ends_on=date(2027, 1, 31), seats=None
    )
    enrol_in(course, 1, batch_id=two.pk)

    body = page(client, course)

    assert body["has_batches"] is True
    assert [b["id"] for b in body["batches"]] == [two.pk, later.pk]
    first, second = body["batches"]
    assert first["starts_text"] == "Starts 7 December 2026"
    assert first["status_text"] == "1 seat left"
    assert first["seats_left"] == 1
    assert first["is_open"] is True
    assert first["choice_text"] == "Starts 7 December 2026, Mon/Wed/Fri"
    assert first["time"] == "9:00 PM - 11:00 PM"
    assert second["status_text"] == "Seats available"
    assert second["seats_left"] is None


def test_it_says_full_and_enrolment_closed(client: Client, course: Course) -> None:
    full = make_batch(course, seats=1)
    closed = make_batch(
        course,
        starts_on=date(2026, 11, 30),
        ends_on=date(2026, 12, 31),
        enrolment_closes_on=date(2026, 12, 1),
    )
    enrol_in(course, 1, batch_id=full.pk)

    by_id = {b["id"]: b for b in page(client, course)["batches"]}

    assert by_id[full.pk]["status_text"] == "Full"
    assert by_id[full.pk]["is_full"] is True
    assert by_id[full.pk]["is_open"] is False
    assert by_id[closed.pk]["status_text"] == "Enrolment closed"
    assert by_id[closed.pk]["is_closed"] is True


def test_it_never_carries_the_meeting_link(client: Client, course: Course) -> None:
    make_batch(course, seats=3, meeting_link="https://meet.example/secret-room")

    response = client.get(f"/api/pages/path?path={course.route}")

    assert b"secret-room" not in response.content
    assert b"meet.example" not in response.content


def test_a_course_without_batches_says_so(client: Client, course: Course) -> None:
    body = page(client, course)

    assert body["has_batches"] is False
    assert body["batches"] == []
