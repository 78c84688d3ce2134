"""Rows for the Reports tests: courses, batches, enrolments at each stage, classes and
registers, completions, referrers and verification days, written straight to the tables
(the services' own tests cover how they get there; these cover how they are counted)."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from itertools import count
from typing import Any

from accounts.models import User
from catalog.models import Batch, Course, Event, Tournament
from certificates.models import Certificate, VerificationDay
from core.dates import INDIA
from enrolments.models import Enrolment
from teaching.models import Attendance, Completion, LiveClass

_serial = count(1)


def make_course(name: str = "Data Science", fee: int = 4999) -> Course:
    n = next(_serial)
    return Course.objects.create(
        slug=f"report-course-{n}",
        name=name,
        short_name=name[:60],
        route=f"/report-course-{n}-registration",
        summary="A course for the reports.",
        list_fee=fee,
    )


def make_event(title: str = "Hackathon", fee: int = 299) -> Event:
    n = next(_serial)
    return Event.objects.create(
        slug=f"report-event-{n}",
        title=title,
        summary="An event for the reports.",
        starts_on=date(2027, 1, 9),
        fee=fee,
    )


def make_tournament(event: Event, name: str = "Match 1") -> Tournament:
    return Tournament.objects.create(
        event=event, name=name, starts_on=event.starts_on, entry_fee=event.fee
    )


def make_batch(course: Course, *, starts_on: date, seats: int | None = 10, **fields: Any) -> Batch:
    return Batch.objects.create(
        course=course,
        starts_on=starts_on,
        ends_on=starts_on + timedelta(days=60),
        seats=seats,
        **fields,
    )


def enrolment(
    course: Course | None,
    *,
    created_at: datetime,
    status: str = Enrolment.Status.PENDING,
    amount: int | None = None,
    **fields: Any,
) -> Enrolment:
    n = next(_serial)
    return Enrolment.objects.create(
        reference=f"RPT{n:09d}",
        course=course,
        name=f"Student {n}",
        phone=f"+9198{n:08d}",
        amount=(course.payable_fee if course else 0) if amount is None else amount,
        status=status,
        created_at=created_at,
        **fields,
    )


def confirmed(
    course: Course, *, at: datetime, amount: int | None = None, **fields: Any
) -> Enrolment:
    return enrolment(
        course,
        created_at=at - timedelta(hours=1),
        status=Enrolment.Status.CONFIRMED,
        amount=amount,
        utr_submitted_at=at - timedelta(minutes=30),
        confirmed_at=at,
        **fields,
    )


def refunded(
    course: Course, *, confirmed_at: datetime, refunded_at: datetime, **fields: Any
) -> Enrolment:
    return enrolment(
        course,
        created_at=confirmed_at - timedelta(hours=1),
        status=Enrolment.Status.REJECTED,
        utr_submitted_at=confirmed_at - timedelta(minutes=30),
        confirmed_at=confirmed_at,
        rejected_at=refunded_at,
        refunded_at=refunded_at,
        rejected_reason="Refund",
        **fields,
    )


def india(text: str) -> datetime:
    """'2026-11-30 23:30' in India time."""
    return datetime.fromisoformat(text).replace(tzinfo=INDIA)


def held_class(batch: Batch, *, starts_at: datetime) -> LiveClass:
    return LiveClass.objects.create(
        batch=batch, starts_at=starts_at, ends_at=starts_at + timedelta(hours=2)
    )


def present(live_class: LiveClass, row: Enrolment, *, came: bool = True) -> Attendance:
    return Attendance.objects.create(live_class=live_class, enrolment=row, present=came)


def completed(row: Enrolment) -> Completion:
    certificate = Certificate.objects.create(
        certificate_id=f"CRS-RPT-{row.pk}", name=row.name, course="x"
    )
    return Completion.objects.create(enrolment=row, certificate=certificate, attended=8, held=10)


def referrer(name: str) -> User:
    n = next(_serial)
    return User.objects.create_user(f"+9197{n:08d}", name, None)


def verified_on(day: date, times: int) -> VerificationDay:
    return VerificationDay.objects.create(day=day, count=times)


def seed(scale: int, *, now: datetime) -> None:
    """A little of everything, `scale` times over: every figure of the report has rows."""
    courses = [make_course(f"Course {i}", fee=1000 + i) for i in range(3)]
    events = [make_event(f"Event {i}", fee=100 + i) for i in range(2)]
    batch = make_batch(courses[0], starts_on=(now + timedelta(days=10)).date(), seats=50 * scale)
    live = held_class(batch, starts_at=now - timedelta(days=2))
    people = [referrer(f"Referrer {i}") for i in range(3)]
    for i in range(10 * scale):
        course = courses[i % 3]
        at = now - timedelta(days=(i * 7) % 360, hours=i % 5)
        row = confirmed(
            course, at=at, batch=batch if course == courses[0] else None, referrer=people[i % 3]
        )
        if i % 4 == 0 and course == courses[0]:
            present(live, row)
        if i % 8 == 0 and course == courses[0]:
            completed(row)
        if i % 5 == 0:
            refunded(course, confirmed_at=at, refunded_at=at + timedelta(days=3))
        enrolment(
            course,
            created_at=now - timedelta(days=i % 40),
            batch=batch if course == courses[0] else None,
        )
        event = events[i % 2]
        confirmed(None, at=at, event=event, amount=event.fee)
    VerificationDay.objects.bulk_create(
        VerificationDay(day=(now - timedelta(days=day)).date(), count=day * scale)
        for day in range(84)
    )
