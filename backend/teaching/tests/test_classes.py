"""A batch's classes made from its schedule in India time, and the "Join class" window
(docs/product.md section 20)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from catalog.models import Course
from core.errors import ApplicationError
from teaching import selectors, services
from teaching.models import LiveClass
from teaching.tests.conftest import MONDAY, make_batch

pytestmark = pytest.mark.django_db


def test_classes_follow_the_days_and_time_in_india_time(course: Course) -> None:
    batch = make_batch(course, ends_on=MONDAY + timedelta(days=6))  # Mon 7 to Sun 13 Dec

    assert services.batch_classes_make(batch=batch) == 4

    classes = list(batch.classes.order_by("starts_at"))
    assert [(c.kind, c.starts_at, c.ends_at) for c in classes] == [
        # 9:00 PM to 11:00 PM in India is 15:30 to 17:30 UTC.
        (
            "class",
            datetime(2026, 12, 7, 15, 30, tzinfo=UTC),
            datetime(2026, 12, 7, 17, 30, tzinfo=UTC),
        ),
        (
            "class",
            datetime(2026, 12, 9, 15, 30, tzinfo=UTC),
            datetime(2026, 12, 9, 17, 30, tzinfo=UTC),
        ),
        (
            "class",
            datetime(2026, 12, 11, 15, 30, tzinfo=UTC),
            datetime(2026, 12, 11, 17, 30, tzinfo=UTC),
        ),
        (
            "doubt",
            datetime(2026, 12, 13, 15, 30, tzinfo=UTC),
            datetime(2026, 12, 13, 17, 30, tzinfo=UTC),
        ),
    ]


def test_the_courses_schedule_stands_in_for_an_empty_one(course: Course) -> None:
    course.days, course.timing, course.doubt_session = "Tue/Thu", "7 AM - 8:30 AM", ""
    course.save()
    batch = make_batch(
        course,
        class_days="",
        class_time="",
        doubt_session_day="",
        ends_on=MONDAY + timedelta(days=6),
    )
    services.batch_classes_make(batch=batch)
    assert [(c.starts_at, c.ends_at - c.starts_at) for c in batch.classes.all()] == [
        (datetime(2026, 12, 8, 1, 30, tzinfo=UTC), timedelta(minutes=90)),
        (datetime(2026, 12, 10, 1, 30, tzinfo=UTC), timedelta(minutes=90)),
    ]


def test_making_again_adds_only_what_is_missing_and_keeps_staffs_changes(course: Course) -> None:
    batch = make_batch(course, ends_on=MONDAY + timedelta(days=6))
    services.batch_classes_make(batch=batch)
    first = batch.classes.order_by("starts_at").first()
    assert first is not None
    first.cancelled = True
    first.save()
    batch.ends_on = MONDAY + timedelta(days=8)  # and Wednesday 16th
    batch.save()

    assert services.batch_classes_make(batch=batch) == 1
    assert batch.classes.count() == 5
    assert LiveClass.objects.get(pk=first.pk).cancelled


def test_a_schedule_that_does_not_read_is_refused_with_how_to_write_it(course: Course) -> None:
    batch = make_batch(course)
    course.timing = "evenings"
    course.save()
    batch.class_time = ""
    batch.save()
    with pytest.raises(ApplicationError, match="Write the time as 9:00 PM - 11:00 PM"):
        services.batch_classes_make(batch=batch)
    assert batch.classes.count() == 0


def test_the_batch_form_says_how_to_write_days_and_time(course: Course) -> None:
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError) as refused:
        make_batch(course, class_days="weekdays", class_time="nine", ends_on=date(2026, 12, 1))
    assert refused.value.message_dict == {
        "ends_on": ["The batch cannot end before it starts."],
        "class_days": [
            "Write the days as Mon/Wed/Fri (three letters or full names, separated by “/” or “,”)."
        ],
        "class_time": ["Write the time as 9:00 PM - 11:00 PM (a start and an end, with AM or PM)."],
    }


@pytest.mark.parametrize(
    ("moment", "open_"),
    [
        (datetime(2026, 12, 7, 15, 14, 59, tzinfo=UTC), False),  # 15 min and 1 s before
        (datetime(2026, 12, 7, 15, 15, tzinfo=UTC), True),  # 15 minutes before 9:00 PM IST
        (datetime(2026, 12, 7, 17, 29, 59, tzinfo=UTC), True),
        (datetime(2026, 12, 7, 17, 30, tzinfo=UTC), False),  # it has ended
    ],
)
def test_join_class_opens_15_minutes_before_until_the_end(
    course: Course, moment: datetime, open_: bool
) -> None:
    batch = make_batch(course, ends_on=MONDAY)
    services.batch_classes_make(batch=batch)
    live_class = batch.classes.get()
    assert selectors.join_window_open(live_class, now=moment) is open_
    live_class.cancelled = True
    assert selectors.join_window_open(live_class, now=moment) is False
