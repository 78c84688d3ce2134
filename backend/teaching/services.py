"""Running a batch (docs/product.md section 20): its classes made from the schedule, the
registers staff take, the waitlist told in turn, the students' calendar feeds, and
"Finish batch", which issues the certificates by itself, never twice."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import date, datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import User
from catalog.models import Batch, Course
from certificates.selectors import certificate_verify_url
from certificates.services import certificate_issue
from core import schedule
from core.dates import INDIA, format_india_date, india_today
from core.errors import ApplicationError, FieldErrors
from enrolments.selectors import course_batches
from enrolments.services import contact_problems
from notifications import messages
from notifications.services import notice_email, notify
from teaching import selectors
from teaching.models import Attendance, CalendarFeed, Completion, LiveClass, WaitlistEntry

logger = logging.getLogger(__name__)

COURSE_CERTIFICATE_PREFIX = "CRS"
WAITLIST_ALREADY = (
    "You are already on the waitlist for this course. We will tell you when a seat is free."
)
WAITLIST_NOT_NEEDED = "This course has a seat free: enrol now instead."
WAITLIST_JOINED = "You are on the waitlist. We will tell you in turn when a seat is free."
NOT_A_STUDENT = "Only this batch's confirmed students are on its register."
# How long the person told of a free seat has it to themselves before the next in line is told.
WAITLIST_TURN = timedelta(days=1)
FINISHED_ALREADY = "This batch is finished: its certificates were issued on {date}."


def _moment(day: date, clock: schedule.ClassTime) -> tuple[datetime, datetime]:
    starts = datetime.combine(day, clock.starts, tzinfo=INDIA)
    return starts, starts + timedelta(minutes=clock.minutes)


def batch_schedule(batch: Batch) -> list[tuple[str, datetime, datetime]]:
    """The classes (and doubt sessions) the batch's dates, days and time give, in India
    time: (kind, starts, ends). ScheduleError when its days or time do not read."""
    clock = schedule.class_time(batch.time_text)
    days = set(schedule.weekdays(batch.days_text))
    doubt_day = schedule.weekday(batch.doubt_day_text) if batch.doubt_day_text else None
    made: list[tuple[str, datetime, datetime]] = []
    day = batch.starts_on
    while day <= batch.ends_on:
        if day.weekday() in days:
            made.append((LiveClass.Kind.CLASS, *_moment(day, clock)))
        elif day.weekday() == doubt_day:
            made.append((LiveClass.Kind.DOUBT, *_moment(day, clock)))
        day += timedelta(days=1)
    return made


def batch_classes_missing(*, batch: Batch) -> list[tuple[str, datetime, datetime]]:
    """The classes of the schedule (batch_schedule) the batch has none for yet: a class
    stands for the slot it was made for (`scheduled_at`) wherever staff moved it, and
    for its own time when staff added it. ApplicationError when the schedule does not
    read."""
    try:
        wanted = batch_schedule(batch)
    except schedule.ScheduleError as problem:
        raise ApplicationError(str(problem), status_code=422) from None
    have = set()
    for scheduled_at, starts_at in batch.classes.values_list("scheduled_at", "starts_at"):
        have.update({scheduled_at, starts_at})
    return [(kind, starts, ends) for kind, starts, ends in wanted if starts not in have]


@transaction.atomic
def batch_classes_make(*, batch: Batch) -> int:
    """Add the classes the schedule gives that the batch does not have yet: run again
    after a change of dates, it adds only what is missing and never undoes staff's
    moves or cancellations (a moved class still stands for its slot). Returns how many
    were added."""
    batch = Batch.objects.select_for_update(of=("self",)).select_related("course").get(pk=batch.pk)
    new = [
        LiveClass(batch=batch, kind=kind, starts_at=starts, ends_at=ends, scheduled_at=starts)
        for kind, starts, ends in batch_classes_missing(batch=batch)
    ]
    LiveClass.objects.bulk_create(new)
    return len(new)


@transaction.atomic
def register_save(
    *, live_class: LiveClass, present: Iterable[int], by: User | None
) -> tuple[int, int]:
    """Take the class's register: the enrolments in `present` came, every other confirmed
    student of the batch did not. Only the batch's confirmed students may be ticked
    (ApplicationError otherwise; nothing saved). Returns (present, absent)."""
    live_class = LiveClass.objects.select_for_update().get(pk=live_class.pk)
    students = set(selectors.batch_students(batch=live_class.batch).values_list("pk", flat=True))
    ticked = set(present)
    if not ticked <= students:
        raise ApplicationError(NOT_A_STUDENT, status_code=422)
    now = timezone.now()
    for enrolment_id in students:
        Attendance.objects.update_or_create(
            live_class=live_class,
            enrolment_id=enrolment_id,
            defaults={"present": enrolment_id in ticked, "marked_at": now, "marked_by": by},
        )
    return len(ticked), len(students) - len(ticked)


@transaction.atomic
def batch_finish(*, batch: Batch, by: User | None) -> list[Completion]:
    """Issue the certificate (section 14's road: record, signed credential, email) to
    every confirmed student who attended at least COURSE_CERTIFICATE_MIN_ATTENDANCE % of
    the batch's held classes, and mark the batch finished. Under the batch's row lock and
    one Completion per enrolment: run twice, or by two people at once, nothing is issued
    twice. Returns the certificates issued now."""
    batch = Batch.objects.select_for_update(of=("self",)).select_related("course").get(pk=batch.pk)
    now = timezone.now()
    issued: list[Completion] = []
    course = batch.course
    for line in selectors.batch_finish_lines(batch=batch, now=now):
        if not line.will_get:
            continue
        enrolment = line.enrolment
        certificate = certificate_issue(
            name=enrolment.name,
            course=course.name,
            duration=course.duration_text,
            email=enrolment.email_to,
            issued_on=india_today(now=now),
            prefix=COURSE_CERTIFICATE_PREFIX,
        )
        issued.append(
            Completion.objects.create(
                enrolment=enrolment,
                certificate=certificate,
                attended=line.figure.attended,
                held=line.figure.held,
                issued_at=now,
                issued_by=by,
            )
        )
        if enrolment.user is not None:
            notify(
                user=enrolment.user,
                notice=messages.course_certificate_issued(
                    name=enrolment.name,
                    course=course.name,
                    certificate_id=certificate.certificate_id,
                    verify_link=certificate_verify_url(certificate_id=certificate.certificate_id),
                ),
            )
    if batch.finished_at is None:
        batch.finished_at = now
        batch.save(update_fields=["finished_at"])
    logger.info("Batch %s finished: %d certificates issued", batch.pk, len(issued))
    return issued


def _waitlist_contact(*, name: str, phone: str, email: str) -> tuple[str, str, str]:
    name = " ".join((name or "").split())
    email = (email or "").strip().lower()
    errors, normalised = contact_problems(name=name, phone=phone, email=email)
    if errors:
        raise FieldErrors(errors)
    return name, normalised, email


@transaction.atomic
def waitlist_join(
    *,
    course_slug: str,
    batch_id: int | None,
    name: str,
    phone: str,
    email: str,
    user: User | None,
) -> WaitlistEntry:
    """Put someone on the waitlist of a full batch, or of a course with no batch open.
    Refused: an unknown course or batch (422), a course with a seat free (409), the phone
    already waiting for the course (409)."""
    course = Course.objects.filter(slug=(course_slug or "").strip(), is_active=True).first()
    if course is None:
        raise FieldErrors({"course": "This course does not exist."})
    batch = None
    if batch_id is not None:
        batch = Batch.objects.filter(pk=batch_id, course=course).first()
        if batch is None:
            raise FieldErrors({"batch": "Choose one of this course's batches."})
    name, phone, email = _waitlist_contact(name=name, phone=phone, email=email)
    places = course_batches(course=course, today=india_today())
    wanted = [p for p in places if batch is None or p.batch.pk == batch.pk]
    if any(place.is_open for place in wanted):
        raise ApplicationError(WAITLIST_NOT_NEEDED, status_code=409)
    entry = WaitlistEntry(
        course=course,
        batch=batch,
        name=name,
        phone=phone,
        email=email,
        user=user if user is not None and user.is_authenticated else None,
    )
    try:
        with transaction.atomic():
            entry.save()
    except IntegrityError:
        raise ApplicationError(WAITLIST_ALREADY, status_code=409) from None
    return entry


def waitlist_tell(*, now: datetime | None = None) -> int:
    """Tell the people waiting, oldest first, when a batch they may take has a seat (a
    seat freed, or a new batch opened): one person per free seat, each told once. Telling
    holds no seat, but the one told has WAITLIST_TURN to enrol before the same seat is
    told to the next in line. Returns how many were told."""
    now = now or timezone.now()
    today = india_today(now=now)
    told = 0
    course_ids = (
        WaitlistEntry.objects.filter(told_at__isnull=True)
        .values_list("course_id", flat=True)
        .distinct()
    )
    for course in Course.objects.filter(pk__in=list(course_ids), is_active=True):
        for place in course_batches(course=course, today=today, now=now):
            if not place.is_open:
                continue
            waiting = selectors.batch_waitlist(batch=place.batch)
            if place.left is not None:
                in_turn = WaitlistEntry.objects.filter(
                    told_batch=place.batch, told_at__gt=now - WAITLIST_TURN
                ).count()
                waiting = waiting[: max(place.left - in_turn, 0)]
            for entry in waiting:
                told += _waitlist_tell_one(entry, place.batch, now=now)
    return told


@transaction.atomic
def _waitlist_tell_one(entry: WaitlistEntry, batch: Batch, *, now: datetime) -> int:
    if not WaitlistEntry.objects.filter(pk=entry.pk, told_at__isnull=True).update(
        told_at=now, told_batch=batch
    ):
        return 0  # another worker told them first
    course = batch.course
    notice = messages.waitlist_seat_free(
        name=entry.name,
        course=course.name,
        starts_on=format_india_date(batch.starts_on),
        link=f"{settings.SITE_URL}{course.route}?batch={batch.pk}#enrol",
    )
    notify(
        user=entry.user,
        notice=notice,
        phone=entry.phone,
        email=None if entry.user else notice_email(notice, to=entry.email),
    )
    return 1


def calendar_feed_for(*, user: User) -> CalendarFeed:
    feed, _created = CalendarFeed.objects.get_or_create(user=user)
    return feed
