"""The waitlist of a full batch, or of a course with none open: joined with a clear
answer, told in turn (oldest first, one per free seat, once) when a seat frees or a batch
opens (docs/product.md section 20)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
import time_machine

from catalog.models import Course
from core.errors import ApplicationError, FieldErrors
from core.tests.mail import queued_about
from enrolments import services as enrolment_services
from teaching import services
from teaching.models import WaitlistEntry
from teaching.tests.conftest import BEFORE, enrol_in, make_batch

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _before_the_batch() -> object:
    with time_machine.travel(BEFORE, tick=False) as traveller:
        yield traveller


def wait(course: Course, n: int, **overrides: object) -> WaitlistEntry:
    values: dict[str, object] = {
        "course_slug": course.slug,
        "batch_id": None,
        "name": f"Waiting {n}",
        "phone": f"98222 3{n:04d}",
        "email": f"waiting{n}@example.org",
        "user": None,
    }
    values.update(overrides)
    return services.waitlist_join(**values)  # type: ignore[arg-type]


def test_a_full_batch_takes_waitlist_entries_in_order(course: Course) -> None:
    batch = make_batch(course, seats=1)
    enrol_in(course, 1)
    first = wait(course, 1, batch_id=batch.pk)
    second = wait(course, 2)
    assert list(WaitlistEntry.objects.all()) == [first, second]


def test_a_course_with_a_seat_free_needs_no_waitlist(course: Course) -> None:
    make_batch(course, seats=2)
    with pytest.raises(ApplicationError, match=r"This course has a seat free: enrol now instead\."):
        wait(course, 1)
    assert not WaitlistEntry.objects.exists()


def test_one_phone_waits_once_per_course(course: Course) -> None:
    make_batch(course, seats=1)
    enrol_in(course, 1)
    wait(course, 1)
    with pytest.raises(ApplicationError, match="already on the waitlist") as refused:
        wait(course, 1, name="Someone Else")
    assert refused.value.status_code == 409
    assert WaitlistEntry.objects.count() == 1


def test_bad_contact_details_are_refused_together(course: Course) -> None:
    make_batch(course, seats=1)
    enrol_in(course, 1)
    with pytest.raises(FieldErrors) as refused:
        wait(course, 1, name=" ", phone="12", email="nope")
    assert set(refused.value.extra["fields"]) == {"name", "phone", "email"}


def test_a_freed_seat_is_told_to_the_first_waiting_once_then_in_turn(
    course: Course, _before_the_batch: time_machine.Coordinates
) -> None:
    batch = make_batch(course, seats=1)
    taken = enrol_in(course, 1)
    first, second = wait(course, 1), wait(course, 2)

    assert services.waitlist_tell() == 0  # no seat yet
    enrolment_services.enrolment_reject(enrolment_id=taken.pk, by=None, reason="Not paid")
    assert services.waitlist_tell() == 1
    assert services.waitlist_tell() == 0  # told once

    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.told_at, first.told_batch) == (BEFORE, batch)
    assert second.told_at is None
    # A day later the seat is still free: the next in line is told.
    _before_the_batch.shift(timedelta(days=1, seconds=1))
    assert services.waitlist_tell() == 1
    second.refresh_from_db()
    assert second.told_at is not None
    email = queued_about("classes.waitlist_seat")[0]
    assert email.to == ["waiting1@example.org"]
    assert "A seat is free in Test Web Development (MERN stack)" in email.subject
    assert f"/test-web-registration?batch={batch.pk}#enrol" in email.message


def test_a_new_batch_tells_as_many_as_it_has_seats(course: Course) -> None:
    make_batch(course, seats=1)
    enrol_in(course, 1)
    for n in (1, 2, 3):
        wait(course, n)
    make_batch(course, seats=2, starts_on=date(2027, 1, 4), ends_on=date(2027, 1, 31))
    assert services.waitlist_tell() == 2
    assert list(
        WaitlistEntry.objects.filter(told_at__isnull=True).values_list("name", flat=True)
    ) == ["Waiting 3"]
