"""What the teaching pages read: a batch's students, classes and registers, a student's
classes and attendance, and who finishing a batch would certify."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time, timedelta

from django.conf import settings
from django.db.models import (
    Case,
    Count,
    F,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.db.models.expressions import OrderBy
from django.db.models.functions import Coalesce

from accounts.models import User
from catalog.models import Batch
from core.dates import INDIA, india_today
from enrolments.models import Enrolment
from enrolments.selectors import batch_seat_holders, batches_with_seats_taken
from teaching.models import Attendance, Completion, LiveClass, WaitlistEntry

# "Join class" opens this long before a class starts, and closes when it ends.
JOIN_OPENS_BEFORE = timedelta(minutes=15)


def batch_students(*, batch: Batch) -> QuerySet[Enrolment]:
    """The batch's students: its confirmed enrolments, by name."""
    return (
        Enrolment.objects.filter(batch=batch, status=Enrolment.Status.CONFIRMED)
        .select_related("user", "course")
        .order_by("name", "pk")
    )


def held_classes(*, batch: Batch, now: datetime) -> QuerySet[LiveClass]:
    """The batch's classes that have started and are not cancelled."""
    return LiveClass.objects.filter(batch=batch, cancelled=False, starts_at__lte=now)


def join_window_open(live_class: LiveClass, *, now: datetime) -> bool:
    """From 15 minutes before the class starts until it ends, unless cancelled."""
    return (
        not live_class.cancelled
        and live_class.starts_at - JOIN_OPENS_BEFORE <= now < live_class.ends_at
    )


@dataclass(frozen=True)
class AttendanceFigure:
    attended: int
    held: int

    @property
    def percent(self) -> int:
        """Whole percent of the held classes attended (100 when none was held yet)."""
        return 100 if self.held == 0 else (self.attended * 100) // self.held

    @property
    def text(self) -> str:
        return f"Attended {self.attended} of {self.held} classes"


def attendance_by_enrolment(*, batch: Batch, now: datetime) -> dict[int, AttendanceFigure]:
    """Each confirmed student's attended and held classes so far (two queries)."""
    held = held_classes(batch=batch, now=now).count()
    attended = dict(
        Attendance.objects.filter(
            live_class__batch=batch,
            live_class__cancelled=False,
            live_class__starts_at__lte=now,
            present=True,
        )
        .values("enrolment_id")
        .annotate(n=Count("pk"))
        .values_list("enrolment_id", "n")
    )
    return {
        enrolment_id: AttendanceFigure(attended=attended.get(enrolment_id, 0), held=held)
        for enrolment_id in batch_students(batch=batch).values_list("pk", flat=True)
    }


def attendance_of(*, enrolment: Enrolment, now: datetime) -> AttendanceFigure | None:
    if enrolment.batch_id is None:
        return None
    held = LiveClass.objects.filter(
        batch_id=enrolment.batch_id, cancelled=False, starts_at__lte=now
    )
    return AttendanceFigure(
        attended=Attendance.objects.filter(
            enrolment=enrolment, present=True, live_class__in=held
        ).count(),
        held=held.count(),
    )


@dataclass(frozen=True)
class FinishLine:
    """One student's line on the "Finish batch" page."""

    enrolment: Enrolment
    figure: AttendanceFigure
    needed: int
    certificate_id: str  # already issued, or ""

    @property
    def will_get(self) -> bool:
        return not self.certificate_id and self.figure.percent >= self.needed

    @property
    def reason(self) -> str:
        words = (
            f"attended {self.figure.attended} of {self.figure.held} classes, {self.needed} % needed"
        )
        if self.certificate_id:
            return f"certificate {self.certificate_id} already issued"
        return words


def batch_finish_lines(*, batch: Batch, now: datetime) -> list[FinishLine]:
    """Who finishing the batch now would certify and who not, and why (section 20)."""
    needed = settings.COURSE_CERTIFICATE_MIN_ATTENDANCE
    figures = attendance_by_enrolment(batch=batch, now=now)
    issued = dict(
        Completion.objects.filter(enrolment__batch=batch).values_list(
            "enrolment_id", "certificate__certificate_id"
        )
    )
    return [
        FinishLine(
            enrolment=enrolment,
            figure=figures.get(enrolment.pk, AttendanceFigure(0, 0)),
            needed=needed,
            certificate_id=issued.get(enrolment.pk, ""),
        )
        for enrolment in batch_students(batch=batch)
    ]


def batch_waitlist(*, batch: Batch) -> QuerySet[WaitlistEntry]:
    """Those waiting for this batch, or for any batch of its course, in order."""
    return WaitlistEntry.objects.filter(
        Q(batch=batch) | Q(batch__isnull=True, course_id=batch.course_id),
        told_at__isnull=True,
    ).order_by("created_at", "pk")


def student_classes(*, user: User) -> QuerySet[LiveClass]:
    """The classes of every batch in which this account's payment is confirmed."""
    return (
        LiveClass.objects.filter(
            batch__enrolments__user=user,
            batch__enrolments__status=Enrolment.Status.CONFIRMED,
        )
        .select_related("batch", "batch__course")
        .distinct()
        .order_by("starts_at", "pk")
    )


def class_for_student(*, class_id: int, user: User) -> LiveClass | None:
    """The class, when this account is a confirmed student of its batch."""
    return student_classes(user=user).filter(pk=class_id).first()


# --- The back office's lists and pages ---------------------------------------------------


def batches_for_office(rows: QuerySet[Batch], *, now: datetime) -> QuerySet[Batch]:
    """The "Batches" list: each batch with its seats taken (`taken`), the people waiting
    for it or for any batch of its course (`waiting`) and its next class not over yet
    (`next_class_at`); one query."""
    waiting = (
        WaitlistEntry.objects.filter(
            Q(batch=OuterRef("pk")) | Q(batch__isnull=True, course=OuterRef("course")),
            told_at__isnull=True,
        )
        .order_by()
        .values("course")
        .annotate(n=Count("pk"))
        .values("n")
    )
    next_class = (
        LiveClass.objects.filter(batch=OuterRef("pk"), cancelled=False, ends_at__gt=now)
        .order_by("starts_at")
        .values("starts_at")[:1]
    )
    return batches_with_seats_taken(rows, now=now).annotate(
        waiting=Coalesce(Subquery(waiting), 0), next_class_at=Subquery(next_class)
    )


@dataclass(frozen=True)
class RosterLine:
    """A student of the batch on its page and in its roster CSV: a confirmed student
    with their attendance, or someone holding a seat while their payment waits."""

    enrolment: Enrolment
    figure: AttendanceFigure | None  # confirmed students only
    certificate_id: str

    @property
    def status(self) -> str:
        return self.enrolment.get_status_display()

    @property
    def attendance(self) -> str:
        return self.figure.text if self.figure else ""


def batch_roster(*, batch: Batch, now: datetime) -> list[RosterLine]:
    """Everyone holding a seat of the batch, by name: confirmed students with their
    attendance and certificate, and those whose payment waits (four queries)."""
    figures = attendance_by_enrolment(batch=batch, now=now)
    issued = dict(
        Completion.objects.filter(enrolment__batch=batch).values_list(
            "enrolment_id", "certificate__certificate_id"
        )
    )
    return [
        RosterLine(
            enrolment=enrolment,
            figure=figures.get(enrolment.pk),
            certificate_id=issued.get(enrolment.pk, ""),
        )
        for enrolment in batch_seat_holders(batch=batch, now=now)
    ]


def batch_classes_for_office(*, batch: Batch) -> QuerySet[LiveClass]:
    """The batch's classes in order, each with how many were marked present
    (`present`) and whether its register was taken (`marked`)."""
    return classes_with_register_counts(batch.classes.all()).order_by("starts_at", "pk")


def batch_classes_outside(*, batch: Batch) -> QuerySet[LiveClass]:
    """The batch's classes (not cancelled) on India days outside its dates, as a change
    of dates leaves them."""
    first = datetime.combine(batch.starts_on, time.min, tzinfo=INDIA)
    after_last = datetime.combine(batch.ends_on + timedelta(days=1), time.min, tzinfo=INDIA)
    return batch.classes.filter(cancelled=False).filter(
        Q(starts_at__lt=first) | Q(starts_at__gte=after_last)
    )


@dataclass(frozen=True)
class RegisterLine:
    enrolment: Enrolment
    present: bool | None  # None: not marked yet


def class_register(*, live_class: LiveClass) -> list[RegisterLine]:
    """The class's register: each confirmed student of its batch, by name, and whether
    they were marked present (two queries)."""
    marked = dict(
        Attendance.objects.filter(live_class=live_class).values_list("enrolment_id", "present")
    )
    return [
        RegisterLine(enrolment=enrolment, present=marked.get(enrolment.pk))
        for enrolment in batch_students(batch=live_class.batch)
    ]


def _india_day(now: datetime) -> tuple[datetime, datetime]:
    starts = datetime.combine(india_today(now=now), time.min, tzinfo=INDIA)
    return starts, starts + timedelta(days=1)


def _class_when(now: datetime) -> Case:
    day_starts, day_ends = _india_day(now)
    return Case(
        When(starts_at__gte=day_starts, starts_at__lt=day_ends, then=Value(0)),
        When(starts_at__gte=day_ends, then=Value(1)),
        default=Value(2),
        output_field=IntegerField(),
    )


def classes_today_first_order(*, now: datetime) -> list[OrderBy]:
    """The "Classes" list's order: today's classes (India day) first, then the ones to
    come, soonest first, then the past ones, latest first."""
    day_starts, _day_ends = _india_day(now)
    coming = Case(When(starts_at__gte=day_starts, then=F("starts_at")))
    past = Case(When(starts_at__lt=day_starts, then=F("starts_at")))
    return [_class_when(now).asc(), coming.asc(nulls_last=True), past.desc()]


def classes_when(rows: QuerySet[LiveClass], *, now: datetime) -> QuerySet[LiveClass]:
    """Each class annotated `when`: 0 today (India day), 1 to come, 2 past."""
    return rows.annotate(when=_class_when(now))


def classes_today_first(rows: QuerySet[LiveClass], *, now: datetime) -> QuerySet[LiveClass]:
    return classes_when(rows, now=now).order_by(*classes_today_first_order(now=now), "pk")


def classes_with_register_counts(rows: QuerySet[LiveClass]) -> QuerySet[LiveClass]:
    """Each class with how many were marked present (`present`) and marked at all
    (`marked`, 0: its register not taken)."""
    return rows.annotate(
        present=Count("attendance", filter=Q(attendance__present=True)),
        marked=Count("attendance"),
    )


# --- The student's dashboard ("My classes") ---------------------------------------------


@dataclass(frozen=True)
class StudentClass:
    """One class of a student's batch as their dashboard shows it, at `now`. Never its
    meeting link: the dashboard links to /classes/<id>/join, which sends a confirmed
    student on to it inside the window (teaching.views.class_join)."""

    live_class: LiveClass
    now: datetime

    @property
    def join_open(self) -> bool:
        return join_window_open(self.live_class, now=self.now)

    @property
    def opens_at(self) -> datetime:
        return self.live_class.starts_at - JOIN_OPENS_BEFORE

    @property
    def is_over(self) -> bool:
        return self.live_class.ends_at <= self.now

    @property
    def recording_link(self) -> str:
        """Shown once the class has been held."""
        held = self.live_class.is_held(now=self.now)
        return self.live_class.recording_link if held else ""


@dataclass(frozen=True)
class StudentBatch:
    """A confirmed enrolment's batch on the student's dashboard: its schedule, the next
    class, the attendance so far and the certificate once issued."""

    enrolment: Enrolment
    classes: list[StudentClass]
    figure: AttendanceFigure
    certificate_id: str

    @property
    def next_class(self) -> StudentClass | None:
        """The first class not over yet and not cancelled."""
        return next((c for c in self.classes if not c.is_over and not c.live_class.cancelled), None)


def student_batches(*, user: User, now: datetime) -> list[StudentBatch]:
    """The account's confirmed enrolments that have a batch, newest first, each with its
    classes in order (four queries however many batches)."""
    enrolments = list(
        Enrolment.objects.filter(user=user, status=Enrolment.Status.CONFIRMED, batch__isnull=False)
        .select_related("batch", "batch__course", "course")
        .order_by("-created_at", "-pk")
    )
    if not enrolments:
        return []
    batch_ids = {e.batch_id for e in enrolments if e.batch_id is not None}
    classes: dict[int, list[LiveClass]] = {batch_id: [] for batch_id in batch_ids}
    for live_class in LiveClass.objects.filter(batch_id__in=batch_ids).order_by("starts_at", "pk"):
        classes[live_class.batch_id].append(live_class)
    attended = dict(
        Attendance.objects.filter(
            enrolment__in=enrolments,
            present=True,
            live_class__cancelled=False,
            live_class__starts_at__lte=now,
        )
        .values("enrolment_id")
        .annotate(n=Count("pk"))
        .values_list("enrolment_id", "n")
    )
    issued = dict(
        Completion.objects.filter(enrolment__in=enrolments).values_list(
            "enrolment_id", "certificate__certificate_id"
        )
    )
    rows = []
    for enrolment in enrolments:
        assert enrolment.batch_id is not None
        mine = classes[enrolment.batch_id]
        held = sum(1 for c in mine if c.is_held(now=now))
        rows.append(
            StudentBatch(
                enrolment=enrolment,
                classes=[StudentClass(live_class=c, now=now) for c in mine],
                figure=AttendanceFigure(attended=attended.get(enrolment.pk, 0), held=held),
                certificate_id=issued.get(enrolment.pk, ""),
            )
        )
    return rows


def waitlist_of(*, user: User) -> QuerySet[WaitlistEntry]:
    """The account's places on waitlists: waiting, or told a seat is free (newest first)."""
    return (
        # The account's own entries only: a phone typed by someone else proves nothing.
        WaitlistEntry.objects.filter(user=user, course__is_active=True)
        .select_related("course", "batch", "told_batch")
        .order_by("-created_at", "-pk")
    )
