"""The "Classes" reminders (docs/product.md sections 19 and 20): a batch starting tomorrow
and a class starting within the hour remind each confirmed student, each once, by the
channel they chose for "Classes"."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
import time_machine

from accounts.models import User
from catalog.models import Batch, Course
from core.dates import INDIA
from core.tests.mail import queued_about
from enrolments.models import Enrolment
from notifications.services import preferences_for
from reminders.models import ReminderSent
from reminders.services import class_reminders_send, reminders_send
from teaching.models import LiveClass
from teaching.tests.conftest import BEFORE, confirmed, enrol_in, make_batch

pytestmark = pytest.mark.django_db

FIRST = datetime(2026, 12, 7, 21, 0, tzinfo=INDIA)  # Monday's class, 9:00 PM


@pytest.fixture(autouse=True)
def _site(settings: object) -> None:
    settings.SITE_URL = "https://site.example"  # type: ignore[attr-defined]


@pytest.fixture
def batch(course: Course) -> Batch:
    with time_machine.travel(BEFORE, tick=False):
        batch = make_batch(course, seats=5)
    LiveClass.objects.create(batch=batch, starts_at=FIRST, ends_at=FIRST + timedelta(hours=2))
    return batch


@pytest.fixture
def student(learner: User, course: Course, batch: Batch) -> Enrolment:
    with time_machine.travel(BEFORE, tick=False):
        return confirmed(enrol_in(course, 1, user=learner, batch_id=batch.pk))


@pytest.fixture
def waiting(course: Course, batch: Batch) -> Enrolment:
    """Someone whose payment is not confirmed: no reminder."""
    with time_machine.travel(BEFORE, tick=False):
        return enrol_in(course, 2, batch_id=batch.pk)


def test_the_day_before_a_batch_starts_its_students_are_told_once(
    student: Enrolment, waiting: Enrolment
) -> None:
    sunday = datetime(2026, 12, 6, 10, 0, tzinfo=INDIA)
    with time_machine.travel(sunday, tick=False):
        assert reminders_send()["batch_starts_tomorrow"] == 1  # type: ignore[index]
    with time_machine.travel(sunday + timedelta(hours=3), tick=False):
        assert reminders_send()["batch_starts_tomorrow"] == 0  # type: ignore[index]

    [email] = queued_about("classes.batch_tomorrow")
    assert email.to == [student.email_to]
    assert "starts tomorrow" in email.subject
    assert "Mon 7 December 2026, 9:00 PM" in email.message
    assert "https://site.example/dashboard" in email.message
    assert ReminderSent.objects.filter(kind="batch_starts_tomorrow").count() == 1


def test_two_days_before_nothing_is_sent(student: Enrolment) -> None:
    with time_machine.travel(datetime(2026, 12, 5, 10, 0, tzinfo=INDIA), tick=False):
        assert reminders_send()["batch_starts_tomorrow"] == 0  # type: ignore[index]


def test_a_class_starting_within_the_hour_reminds_once_even_in_the_evening(
    student: Enrolment, waiting: Enrolment
) -> None:
    with time_machine.travel(FIRST - timedelta(minutes=61), tick=False):
        assert class_reminders_send() == {"class_within_hour": 0}
    with time_machine.travel(FIRST - timedelta(minutes=50), tick=False):
        assert class_reminders_send() == {"class_within_hour": 1}
    with time_machine.travel(FIRST - timedelta(minutes=5), tick=False):
        assert class_reminders_send() == {"class_within_hour": 0}

    [email] = queued_about("classes.class_soon")
    assert email.to == [student.email_to]
    assert "9:00 PM" in email.subject


def test_a_cancelled_class_reminds_nobody(student: Enrolment, batch: Batch) -> None:
    batch.classes.update(cancelled=True)

    with time_machine.travel(FIRST - timedelta(minutes=30), tick=False):
        assert class_reminders_send() == {"class_within_hour": 0}


def test_a_student_who_chose_neither_for_classes_is_not_written_to(
    student: Enrolment, learner: User
) -> None:
    preferences = preferences_for(user=learner)
    preferences.classes = "none"
    preferences.save()

    with time_machine.travel(FIRST - timedelta(minutes=30), tick=False):
        class_reminders_send()

    assert queued_about("classes.class_soon") == []
