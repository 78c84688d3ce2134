"""The student's side of a course's batches: joining the waitlist, and the dashboard's
"My classes" (web/schemas.py renders them)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated
from urllib.parse import quote

from django.urls import reverse
from ninja import Schema
from pydantic import Field

from core.dates import INDIA, format_india_clock, format_india_date, format_india_day
from core.schemas import Text as CoreText
from teaching.models import WaitlistEntry
from teaching.selectors import StudentBatch, StudentClass
from teaching.services import WAITLIST_JOINED

Text = Annotated[CoreText, Field(max_length=1000)]


class WaitlistJoinIn(Schema):
    name: Text
    phone: Text
    email: Text = ""
    batch: int | None = Field(
        default=None,
        description="The full batch asked for (its id); without it, any batch of the course.",
    )


# From a teaching.models.WaitlistEntry.
class WaitlistEntryOut(Schema):
    course: str = Field(description="The course's name.")
    course_route: str = Field(description="The course's page path.")
    batch_starts_text: str | None = Field(
        description="'Starts 7 December 2026' for the full batch asked for; null: any batch."
    )
    name: str
    created_at: datetime
    told_at: datetime | None = Field(description="When they were told a seat is free.")
    status_text: str = Field(
        description="'Waiting for a seat', or 'A seat is free: enrol now' once told."
    )
    message: str = Field(description="What the page says on joining.")

    @staticmethod
    def resolve_course(obj: WaitlistEntry) -> str:
        return obj.course.name

    @staticmethod
    def resolve_course_route(obj: WaitlistEntry) -> str:
        return obj.course.route

    @staticmethod
    def resolve_batch_starts_text(obj: WaitlistEntry) -> str | None:
        batch = obj.told_batch or obj.batch
        return f"Starts {format_india_date(batch.starts_on)}" if batch else None

    @staticmethod
    def resolve_status_text(obj: WaitlistEntry) -> str:
        return "A seat is free: enrol now" if obj.told_at else "Waiting for a seat"

    @staticmethod
    def resolve_message(obj: WaitlistEntry) -> str:
        return WAITLIST_JOINED


# From a teaching.selectors.StudentClass. No meeting link: `join_path` is the site's.
class StudentClassOut(Schema):
    id: int
    kind: str = Field(description="'class' or 'doubt' (a doubt session).")
    title: str = Field(description="'Class' or 'Doubt session'.")
    starts_at: datetime
    ends_at: datetime
    when_text: str = Field(description="'Mon 7 December 2026, 9:00 PM - 11:00 PM' (India time).")
    cancelled: bool
    is_over: bool
    join_open: bool = Field(
        description="Inside the window: 15 minutes before it starts until it ends."
    )
    join_path: str | None = Field(
        description="/classes/<id>/join, for a class not over and not cancelled; null otherwise."
    )
    opens_text: str | None = Field(
        description="'Opens at 8:45 PM' before the window; null inside it or after."
    )
    recording_link: str = Field(description="Once the class was held, its recording (or '').")

    @staticmethod
    def resolve_id(obj: StudentClass) -> int:
        return obj.live_class.pk

    @staticmethod
    def resolve_kind(obj: StudentClass) -> str:
        return obj.live_class.kind

    @staticmethod
    def resolve_title(obj: StudentClass) -> str:
        return obj.live_class.get_kind_display()

    @staticmethod
    def resolve_starts_at(obj: StudentClass) -> datetime:
        return obj.live_class.starts_at

    @staticmethod
    def resolve_ends_at(obj: StudentClass) -> datetime:
        return obj.live_class.ends_at

    @staticmethod
    def resolve_when_text(obj: StudentClass) -> str:
        c = obj.live_class
        return f"{format_india_day(c.starts_at)}, {format_india_clock(c.starts_at)} - {format_india_clock(c.ends_at)}"

    @staticmethod
    def resolve_cancelled(obj: StudentClass) -> bool:
        return obj.live_class.cancelled

    @staticmethod
    def resolve_join_path(obj: StudentClass) -> str | None:
        if obj.is_over or obj.live_class.cancelled:
            return None
        return reverse("class-join", kwargs={"class_id": obj.live_class.pk})

    @staticmethod
    def resolve_opens_text(obj: StudentClass) -> str | None:
        if obj.join_open or obj.is_over or obj.live_class.cancelled:
            return None
        opens = obj.opens_at
        if opens.astimezone(INDIA).date() == obj.now.astimezone(INDIA).date():
            return f"Opens at {format_india_clock(opens)}"
        return f"Opens at {format_india_clock(opens)}, {format_india_day(opens)}"


# From a teaching.selectors.StudentBatch.
class StudentBatchOut(Schema):
    reference: str = Field(description="The enrolment's reference.")
    course: str = Field(description="The course's name.")
    course_route: str
    starts_text: str = Field(description="'Starts 7 December 2026'.")
    dates_text: str = Field(description="'7 December 2026 to 20 December 2026'.")
    days: str
    time: str = Field(description="Its class time, India time.")
    next_class: StudentClassOut | None = Field(
        description="The first class not over and not cancelled; null when none is left."
    )
    classes: list[StudentClassOut] = Field(
        description="Its schedule, in order (cancelled ones too)."
    )
    attendance_text: str = Field(
        description="'Attended <n> of <m> classes' (m: the held classes so far)."
    )
    certificate_id: str | None = Field(description="The completion certificate's ID, once issued.")
    certificate_verify_path: str | None = Field(description="/verify/<ID>, once issued.")

    @staticmethod
    def resolve_reference(obj: StudentBatch) -> str:
        return obj.enrolment.reference

    @staticmethod
    def resolve_course(obj: StudentBatch) -> str:
        return obj.enrolment.batch.course.name  # type: ignore[union-attr]

    @staticmethod
    def resolve_course_route(obj: StudentBatch) -> str:
        return obj.enrolment.batch.course.route  # type: ignore[union-attr]

    @staticmethod
    def resolve_starts_text(obj: StudentBatch) -> str:
        return f"Starts {format_india_date(obj.enrolment.batch.starts_on)}"  # type: ignore[union-attr]

    @staticmethod
    def resolve_dates_text(obj: StudentBatch) -> str:
        batch = obj.enrolment.batch
        assert batch is not None
        return f"{format_india_date(batch.starts_on)} to {format_india_date(batch.ends_on)}"

    @staticmethod
    def resolve_days(obj: StudentBatch) -> str:
        return obj.enrolment.batch.days_text  # type: ignore[union-attr]

    @staticmethod
    def resolve_time(obj: StudentBatch) -> str:
        return obj.enrolment.batch.time_text  # type: ignore[union-attr]

    @staticmethod
    def resolve_attendance_text(obj: StudentBatch) -> str:
        return obj.figure.text

    @staticmethod
    def resolve_certificate_id(obj: StudentBatch) -> str | None:
        return obj.certificate_id or None

    @staticmethod
    def resolve_certificate_verify_path(obj: StudentBatch) -> str | None:
        if not obj.certificate_id:
            return None
        return f"/verify/{quote(obj.certificate_id, safe='')}"
