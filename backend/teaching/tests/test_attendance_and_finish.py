"""Registers, attendance figures (cancelled and future classes do not count) and "Finish
batch", which certifies those who attended enough, by itself and never twice
(docs/product.md section 20)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import time_machine

from catalog.models import Course
from certificates.models import Certificate
from certificates.services import HOLDER_EMAIL_TOPIC
from core.errors import ApplicationError
from core.tests.mail import queued_about
from teaching import selectors, services
from teaching.models import Completion
from teaching.tests.conftest import BEFORE, confirmed, enrol_in, make_batch

pytestmark = pytest.mark.django_db

# Sunday 20 December 2026, 23:59 India time: after the batch's last class.
AFTER = datetime(2026, 12, 20, 18, 29, tzinfo=UTC)


@pytest.fixture
def batch_of_three(course: Course) -> tuple[object, list[object]]:
    """A batch of two weeks (6 classes, 2 doubt sessions) with three confirmed students
    and one who has not paid."""
    with time_machine.travel(BEFORE, tick=False):
        batch = make_batch(course)
        services.batch_classes_make(batch=batch)
        students = [confirmed(enrol_in(course, n)) for n in (1, 2, 3)]
        enrol_in(course, 4)  # waiting for payment: not on the register
    return batch, students


def _take_registers(batch: object, present: dict[int, list[object]]) -> None:
    classes = list(batch.classes.order_by("starts_at"))  # type: ignore[attr-defined]
    for index, live_class in enumerate(classes):
        services.register_save(
            live_class=live_class, present=[s.pk for s in present.get(index, [])], by=None
        )


def test_the_register_has_the_confirmed_students_only(batch_of_three: tuple) -> None:
    batch, students = batch_of_three
    assert list(selectors.batch_students(batch=batch)) == students
    live_class = batch.classes.first()
    enrolment_4 = batch.enrolments.get(name="Student 4")
    with pytest.raises(ApplicationError, match="Only this batch's confirmed students"):
        services.register_save(live_class=live_class, present=[enrolment_4.pk], by=None)
    assert not live_class.attendance.exists()


def test_attendance_counts_held_classes_only(batch_of_three: tuple) -> None:
    batch, (first, second, _third) = batch_of_three
    classes = list(batch.classes.order_by("starts_at"))
    classes[1].cancelled = True  # Wednesday's class, cancelled: not held
    classes[1].save()
    _take_registers(batch, {0: [first, second], 1: [first], 2: [first]})

    # Saturday 12 December, noon India time: held so far are Mon, Fri (Wed cancelled).
    saturday = datetime(2026, 12, 12, 6, 30, tzinfo=UTC)
    figures = selectors.attendance_by_enrolment(batch=batch, now=saturday)

    assert figures[first.pk].text == "Attended 2 of 2 classes"
    assert figures[second.pk].text == "Attended 1 of 2 classes"
    assert figures[second.pk].percent == 50
    assert selectors.attendance_of(enrolment=first, now=saturday) == figures[first.pk]


def test_finish_shows_who_gets_a_certificate_and_why_then_issues_them_once(
    batch_of_three: tuple,
) -> None:
    batch, (first, second, third) = batch_of_three
    everyone = [first, second, third]
    # 8 held: the first attends all, the second 6 (75 %), the third 5 (62 %).
    _take_registers(
        batch,
        {
            i: [first, second, third] if i < 5 else ([first, second] if i == 5 else [first])
            for i in range(8)
        },
    )

    with time_machine.travel(AFTER, tick=False):
        lines = {
            line.enrolment.pk: line for line in selectors.batch_finish_lines(batch=batch, now=AFTER)
        }
        assert [(lines[s.pk].will_get, lines[s.pk].reason) for s in everyone] == [
            (True, "attended 8 of 8 classes, 75 % needed"),
            (True, "attended 6 of 8 classes, 75 % needed"),
            (False, "attended 5 of 8 classes, 75 % needed"),
        ]

        issued = services.batch_finish(batch=batch, by=None)
        again = services.batch_finish(batch=batch, by=None)

    assert [c.enrolment for c in issued] == [first, second]
    assert again == []
    assert Completion.objects.count() == 2
    certificate = Certificate.objects.get(completion__enrolment=first)
    assert (certificate.name, certificate.course, certificate.duration) == (
        "Student 1",
        "Test Web Development (MERN stack)",
        "3 Months",
    )
    assert certificate.certificate_id.startswith("CRS-2026-")
    assert certificate.email == "student1@example.org"
    # The holder's email (with the certificate and its verify link) went once each.
    assert sorted(e.to[0] for e in queued_about(HOLDER_EMAIL_TOPIC)) == [
        "student1@example.org",
        "student2@example.org",
    ]
    batch.refresh_from_db()
    assert batch.finished_at == AFTER
    line = selectors.batch_finish_lines(batch=batch, now=AFTER)[0]
    assert line.reason == f"certificate {certificate.certificate_id} already issued"


def test_the_share_needed_is_a_setting(batch_of_three: tuple, settings: object) -> None:
    batch, (first, _second, _third) = batch_of_three
    settings.COURSE_CERTIFICATE_MIN_ATTENDANCE = 100  # type: ignore[attr-defined]
    _take_registers(batch, {0: [first]})
    with time_machine.travel(AFTER, tick=False):
        assert services.batch_finish(batch=batch, by=None) == []
