"""Seats of a batch at enrolment (docs/product.md section 20): chosen or the earliest open
one, never more than its seats, freed by a rejected or expired enrolment; a course
without batches enrols as before."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
import time_machine
from django.test import Client

from catalog.models import Course
from core.errors import ApplicationError, FieldErrors
from enrolments import services
from enrolments.selectors import batch_seats_taken, course_batches
from enrolments.tests.conftest import enrol_payload, post, with_csrf
from teaching.tests.conftest import BEFORE, MONDAY, enrol_in, make_batch

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _before_the_batch() -> object:
    with time_machine.travel(BEFORE, tick=False) as traveller:
        yield traveller


def test_a_course_without_batches_enrols_as_before(course: Course) -> None:
    assert enrol_in(course, 1).batch is None


def test_the_earliest_open_batch_with_a_seat_is_taken_without_a_choice(course: Course) -> None:
    later = make_batch(course, starts_on=MONDAY + timedelta(days=14), ends_on=date(2027, 1, 31))
    earliest = make_batch(course, seats=1)

    assert enrol_in(course, 1).batch == earliest
    assert enrol_in(course, 2).batch == later


def test_the_last_seat_goes_once_then_this_batch_is_full(course: Course) -> None:
    batch = make_batch(course, seats=2)
    enrol_in(course, 1, batch_id=batch.pk)
    enrol_in(course, 2, batch_id=batch.pk)

    with pytest.raises(ApplicationError) as refused:
        enrol_in(course, 3, batch_id=batch.pk)

    assert refused.value.status_code == 409
    assert refused.value.message == "This batch is full."
    assert refused.value.extra == {"fields": {"batch": "This batch is full."}, "waitlist": True}
    assert batch.enrolments.count() == 2
    with pytest.raises(ApplicationError, match=r"This batch is full\."):
        enrol_in(course, 3)  # no choice: no open batch has a seat either


def test_a_rejected_or_expired_enrolment_frees_its_seat(course: Course) -> None:
    batch = make_batch(course, seats=1)
    first = enrol_in(course, 1)
    services.enrolment_reject(enrolment_id=first.pk, by=None, reason="Not paid")
    second = enrol_in(course, 2)
    assert second.batch == batch
    assert batch_seats_taken(batch=batch) == 1


def test_an_unpaid_enrolment_stops_holding_its_seat_when_it_expires(
    course: Course, settings: object, _before_the_batch: time_machine.Coordinates
) -> None:
    batch = make_batch(course, seats=1, starts_on=date(2026, 12, 14), ends_on=date(2026, 12, 31))
    enrol_in(course, 1)
    _before_the_batch.shift(timedelta(days=3, minutes=1))  # ENROLMENT_PENDING_DAYS = 3
    assert batch_seats_taken(batch=batch) == 0
    assert enrol_in(course, 2).batch == batch


def test_a_submitted_payment_keeps_its_seat_however_old(
    course: Course, _before_the_batch: time_machine.Coordinates
) -> None:
    batch = make_batch(course, seats=1, starts_on=date(2026, 12, 14), ends_on=date(2026, 12, 31))
    services.enrolment_submit_utr(enrolment=enrol_in(course, 1), utr="123456789012")
    _before_the_batch.shift(timedelta(days=5))
    assert batch_seats_taken(batch=batch) == 1


def test_another_courses_batch_is_refused_at_the_field(
    course: Course, other_course: Course
) -> None:
    make_batch(course)
    theirs = make_batch(other_course)
    with pytest.raises(FieldErrors) as refused:
        enrol_in(course, 1, batch_id=theirs.pk)
    assert refused.value.extra["fields"] == {"batch": "Choose one of this course's batches."}


def test_a_batch_whose_enrolment_closed_is_refused(course: Course) -> None:
    closed = make_batch(course, starts_on=date(2026, 11, 30), enrolment_closes_on=date(2026, 12, 2))
    with pytest.raises(ApplicationError) as refused:
        enrol_in(course, 1, batch_id=closed.pk)
    assert (refused.value.status_code, refused.value.message) == (
        409,
        "Enrolment for this batch has closed.",
    )


def test_a_started_batch_takes_students_until_its_enrolment_closes(course: Course) -> None:
    started = make_batch(
        course, starts_on=date(2026, 11, 30), enrolment_closes_on=date(2026, 12, 3)
    )
    assert enrol_in(course, 1).batch == started  # 3 December, India time: still open


def test_the_course_page_figures(course: Course) -> None:
    full = make_batch(course, seats=1)
    open_ = make_batch(
        course, seats=5, starts_on=MONDAY + timedelta(days=7), ends_on=date(2027, 1, 9)
    )
    unlimited = make_batch(course, starts_on=MONDAY + timedelta(days=14), ends_on=date(2027, 1, 9))
    make_batch(course, starts_on=date(2026, 11, 2), ends_on=date(2026, 11, 30))  # ended
    enrol_in(course, 1, batch_id=full.pk)

    places = {place.batch.pk: place for place in course_batches(course=course, today=BEFORE.date())}

    assert list(places) == [full.pk, open_.pk, unlimited.pk]
    assert (places[full.pk].left, places[full.pk].is_full, places[full.pk].is_open) == (
        0,
        True,
        False,
    )
    assert (places[open_.pk].left, places[open_.pk].is_open) == (5, True)
    assert (places[unlimited.pk].left, places[unlimited.pk].is_open) == (None, True)


def test_the_api_takes_the_batch_and_refuses_a_full_one(course: Course) -> None:
    batch = make_batch(course, seats=1)
    client = Client()
    headers = with_csrf(client)

    taken = post(client, "/api/enrolments", enrol_payload(course, batch=batch.pk), **headers)
    full = post(
        client,
        "/api/enrolments",
        enrol_payload(course, batch=batch.pk, phone="98111 40000"),
        **headers,
    )

    assert taken.status_code == 201
    assert full.status_code == 409
    assert full.json() == {
        "message": "This batch is full.",
        "extra": {"fields": {"batch": "This batch is full."}, "waitlist": True},
    }
