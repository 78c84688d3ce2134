"""A student's private calendar, /calendar/<token>.ics (docs/product.md section 20): their
classes as iCalendar events, one UID per class, moves and cancellations followed, never
the meeting link, never in a shared cache."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
import time_machine
from django.test import Client
from icalendar import Calendar

from accounts.models import User
from catalog.models import Batch, Course
from core.dates import INDIA
from enrolments.models import Enrolment
from teaching.models import LiveClass
from teaching.services import calendar_feed_for
from teaching.tests.conftest import BEFORE, confirmed, enrol_in, make_batch

pytestmark = pytest.mark.django_db

STARTS = datetime(2026, 12, 7, 21, 0, tzinfo=INDIA)


@pytest.fixture
def batch(course: Course) -> Batch:
    with time_machine.travel(BEFORE, tick=False):
        return make_batch(course, meeting_link="https://meet.example/secret-room")


@pytest.fixture
def student(learner: User, course: Course, batch: Batch) -> Enrolment:
    with time_machine.travel(BEFORE, tick=False):
        return confirmed(enrol_in(course, 1, user=learner, batch_id=batch.pk))


def feed(client: Client, user: User) -> tuple[object, Calendar]:
    token = calendar_feed_for(user=user).token
    response = client.get(f"/calendar/{token}.ics")
    assert response.status_code == 200
    return response, Calendar.from_ical(response.content)


def test_it_lists_the_students_classes_with_one_uid_each(
    client: Client, learner: User, student: Enrolment, batch: Batch
) -> None:
    first = LiveClass.objects.create(
        batch=batch, starts_at=STARTS, ends_at=STARTS + timedelta(hours=2)
    )
    second = LiveClass.objects.create(
        batch=batch,
        starts_at=STARTS + timedelta(days=2),
        ends_at=STARTS + timedelta(days=2, hours=2),
    )

    response, calendar = feed(Client(), learner)

    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    assert response["Cache-Control"].startswith("private")
    assert b"secret-room" not in response.content
    events = calendar.walk("VEVENT")
    assert len({str(e["UID"]) for e in events}) == 2
    assert str(events[0]["UID"]).startswith(f"class-{first.pk}@")
    assert str(events[1]["UID"]).startswith(f"class-{second.pk}@")
    assert events[0].decoded("DTSTART") == STARTS
    assert events[0].decoded("DTEND") == STARTS + timedelta(hours=2)
    assert str(events[0]["STATUS"]) == "CONFIRMED"
    assert str(events[0]["SUMMARY"]) == f"{student.course.short_name}: Class"
    assert str(events[0]["URL"]).endswith(f"/classes/{first.pk}/join")


def test_moved_and_cancelled_classes_follow(
    learner: User, student: Enrolment, batch: Batch
) -> None:
    with time_machine.travel(BEFORE, tick=False):
        moved = LiveClass.objects.create(
            batch=batch, starts_at=STARTS, ends_at=STARTS + timedelta(hours=2)
        )
        cancelled = LiveClass.objects.create(
            batch=batch,
            starts_at=STARTS + timedelta(days=2),
            ends_at=STARTS + timedelta(days=2, hours=2),
        )
    _response, before = feed(Client(), learner)
    sequence_before = int(before.walk("VEVENT")[0]["SEQUENCE"])

    with time_machine.travel(BEFORE + timedelta(days=1), tick=False):
        moved.starts_at = STARTS + timedelta(hours=1)
        moved.ends_at = STARTS + timedelta(hours=3)
        moved.save()
        cancelled.cancelled = True
        cancelled.save()
    _response, after = feed(Client(), learner)

    by_uid = {str(e["UID"]).split("@")[0]: e for e in after.walk("VEVENT")}
    assert by_uid[f"class-{moved.pk}"].decoded("DTSTART") == STARTS + timedelta(hours=1)
    assert int(by_uid[f"class-{moved.pk}"]["SEQUENCE"]) > sequence_before
    assert str(by_uid[f"class-{cancelled.pk}"]["STATUS"]) == "CANCELLED"


def test_an_unconfirmed_students_calendar_is_empty(
    learner: User, course: Course, batch: Batch
) -> None:
    with time_machine.travel(BEFORE, tick=False):
        enrol_in(course, 1, user=learner, batch_id=batch.pk)
    LiveClass.objects.create(batch=batch, starts_at=STARTS, ends_at=STARTS + timedelta(hours=2))

    _response, calendar = feed(Client(), learner)

    assert calendar.walk("VEVENT") == []


@pytest.mark.parametrize("token", ["no-such-token", "x" * 200])
def test_an_unknown_token_is_404(client: Client, token: str) -> None:
    response = client.get(f"/calendar/{token}.ics")

    assert response.status_code == 404
