"""Reminders and the "task opened today" message, sent by the queue worker once an hour
(core's send_queued_mail_loop, settings.WORKER_HOURLY_JOBS) or `manage.py send_reminders`.

docs/product.md section 19: a task open 3 days without a submission and an enrolment
waiting 1 day for payment remind the student (by their channel, notifications.notify); a
submission waiting 2 days for review reminds staff by email. Days are India days, and
students are written to only between SEND_FROM and SEND_UNTIL India time, never at night.

Section 20's "Classes" kind: a batch starting tomorrow reminds its confirmed students (in
the sending hours, the day before), and so does a class starting within the hour, at any
hour (classes run in the evening, past SEND_UNTIL): class_reminders_send, its own hourly
job. The waitlist is told of free seats in the same hours (teaching.services.waitlist_tell).

Each is sent once: a ReminderSent row per (kind, object) is written in the same
transaction as the message; two workers racing on one reminder meet at its unique
constraint, and the one that loses rolls back its message with its row.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from functools import partial

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from core.dates import INDIA, format_india_clock, format_india_date, format_india_day, india_today
from core.email import staff_email_queue
from core.messages import render_message
from core.money import format_rupees
from enrolments.models import Enrolment
from internships.models import TaskSubmission
from notifications import messages
from notifications.services import Email, notify
from reminders import selectors
from reminders.models import ReminderSent
from teaching.services import waitlist_tell

logger = logging.getLogger(__name__)

SEND_FROM = time(9, 0)
SEND_UNTIL = time(20, 0)
Kind = ReminderSent.Kind


def _once(kind: str, key: str, send: Callable[[], str]) -> bool:
    """Run `send` and record it, unless this reminder was sent before (or is being sent
    by another worker right now): True when this call sent it."""
    try:
        with transaction.atomic():
            row = ReminderSent.objects.create(kind=kind, object_key=key)
            row.channel = send()[:10]
            row.save(update_fields=["channel"])
    except IntegrityError:
        return False
    return True


def _board_link(slug: str) -> str:
    return f"{settings.SITE_URL}/{slug}"


def _tasks(open_tasks: list[selectors.OpenTask], *, today: date) -> dict[str, int]:
    counts = {Kind.TASK_OPENED.value: 0, Kind.TASK_OPEN_3_DAYS.value: 0}
    waiting = [t for t in open_tasks if not t.submitted]
    opened = [t for t in waiting if t.opened_on == today]
    late = [t for t in waiting if t.opened_on <= today - timedelta(days=3)]
    for kind, tasks, build in (
        (Kind.TASK_OPENED, opened, messages.task_opened),
        (Kind.TASK_OPEN_3_DAYS, late, messages.reminder_task_open),
    ):
        done = selectors.already_sent(kind=kind, keys=[t.key for t in tasks])
        for task in tasks:
            if task.key in done:
                continue
            user = task.placement.user
            notice = build(
                name=user.name,
                number=task.number,
                title=task.title,
                board_link=_board_link(task.placement.board.slug),
            )
            if _once(kind, task.key, partial(notify, user=user, notice=notice)):
                counts[kind.value] += 1
    return counts


def _review_email(submission: TaskSubmission) -> str:
    placement = submission.placement
    submitted_on = format_india_date(submission.submitted_at.astimezone(INDIA).date())
    subject, body = render_message(
        "reminders/messages/review_waiting",
        {
            "name": placement.user.name,
            "number": submission.task.number,
            "title": submission.task.title,
            "board": placement.board.slug,
            "submitted_on": submitted_on,
            "admin_link": (
                f"{settings.SITE_URL}/admin/internships/tasksubmission/{submission.pk}/change/"
            ),
        },
    )
    staff_email_queue(subject=subject, body=body, topic="reminder.review")
    return "email"


def _reviews(now: datetime) -> int:
    waiting = list(selectors.submissions_waiting(before=now - timedelta(days=2)))
    keys = {s.pk: f"{s.pk}:{int(s.submitted_at.timestamp())}" for s in waiting}
    done = selectors.already_sent(kind=Kind.REVIEW_WAITING_2_DAYS, keys=list(keys.values()))
    sent = 0
    for submission in waiting:
        key = keys[submission.pk]
        if key in done:
            continue
        if _once(Kind.REVIEW_WAITING_2_DAYS, key, partial(_review_email, submission)):
            sent += 1
    return sent


def _payments(now: datetime) -> int:
    waiting = list(selectors.enrolments_waiting_for_payment(before=now - timedelta(days=1)))
    keys = [str(e.pk) for e in waiting]
    done = selectors.already_sent(kind=Kind.PAYMENT_WAITING_1_DAY, keys=keys)
    sent = 0
    for enrolment in waiting:
        if str(enrolment.pk) in done:
            continue
        notice = messages.reminder_payment(
            name=enrolment.name,
            reference=enrolment.reference,
            course=enrolment.offering.name,
            amount=format_rupees(enrolment.amount),
            # The private link reopens the payment step in any browser, account or not.
            link=enrolment.private_url,
        )
        email = (
            Email(to=enrolment.email_to, subject=notice.subject, body=f"{notice.text}\n")
            if enrolment.email_to
            else None
        )
        send = partial(
            notify, user=enrolment.user, notice=notice, email=email, phone=enrolment.phone
        )
        if _once(Kind.PAYMENT_WAITING_1_DAY, str(enrolment.pk), send):
            sent += 1
    return sent


def reminders_send(*, now: datetime | None = None) -> dict[str, int] | None:
    """Send what is due at `now` (default: the clock); None outside the sending hours."""
    now = now or timezone.now()
    local = now.astimezone(INDIA).time()
    if not (SEND_FROM <= local < SEND_UNTIL):
        return None
    today = india_today(now=now)
    counts = _tasks(list(selectors.open_tasks(today=today)), today=today)
    counts[Kind.REVIEW_WAITING_2_DAYS.value] = _reviews(now)
    counts[Kind.PAYMENT_WAITING_1_DAY.value] = _payments(now)
    counts[Kind.BATCH_STARTS_TOMORROW.value] = _batches_tomorrow(today)
    counts["waitlist_told"] = waitlist_tell(now=now)
    if any(counts.values()):
        logger.info("Reminders sent: %s", counts)
    return counts


def _dashboard_link() -> str:
    return f"{settings.SITE_URL}/dashboard"


def _tell_student(enrolment: Enrolment, notice: messages.Notice) -> Callable[[], str]:
    email = (
        Email(to=enrolment.email_to, subject=notice.subject, body=f"{notice.text}\n")
        if enrolment.email_to
        else None
    )
    return partial(notify, user=enrolment.user, notice=notice, email=email, phone=enrolment.phone)


def _batches_tomorrow(today: date) -> int:
    """The day before a batch starts: its confirmed students, each once."""
    students = list(selectors.students_of_batches_starting(day=today + timedelta(days=1)))
    keys = {e.pk: f"{e.batch_id}:{e.pk}" for e in students}
    done = selectors.already_sent(kind=Kind.BATCH_STARTS_TOMORROW, keys=list(keys.values()))
    firsts: dict[int, str] = {}
    sent = 0
    for enrolment in students:
        key = keys[enrolment.pk]
        if key in done or enrolment.batch is None:
            continue
        batch = enrolment.batch
        if batch.pk not in firsts:
            first = selectors.first_class_of(batch_id=batch.pk)
            firsts[batch.pk] = (
                f"{format_india_day(first.starts_at)}, {format_india_clock(first.starts_at)}"
                if first
                else f"{format_india_date(batch.starts_on)}, {batch.time_text}"
            )
        notice = messages.batch_starts_tomorrow(
            name=enrolment.name,
            course=batch.course.name,
            first_class=firsts[batch.pk],
            link=_dashboard_link(),
        )
        if _once(Kind.BATCH_STARTS_TOMORROW, key, _tell_student(enrolment, notice)):
            sent += 1
    return sent


def class_reminders_send(*, now: datetime | None = None) -> dict[str, int]:
    """A class starting within the hour reminds each confirmed student of its batch,
    once, at any hour of the day (the queue worker runs this hourly, as reminders_send)."""
    now = now or timezone.now()
    classes = list(selectors.classes_starting(after=now, until=now + timedelta(hours=1)))
    students: dict[int, list[Enrolment]] = {}
    for enrolment in selectors.confirmed_students_of(batch_ids=list({c.batch_id for c in classes})):
        assert enrolment.batch_id is not None
        students.setdefault(enrolment.batch_id, []).append(enrolment)
    keys = [f"{c.pk}:{e.pk}" for c in classes for e in students.get(c.batch_id, [])]
    done = selectors.already_sent(kind=Kind.CLASS_WITHIN_HOUR, keys=keys)
    sent = 0
    for live_class in classes:
        for enrolment in students.get(live_class.batch_id, []):
            key = f"{live_class.pk}:{enrolment.pk}"
            if key in done:
                continue
            notice = messages.class_starts_soon(
                name=enrolment.name,
                course=live_class.batch.course.name,
                starts=format_india_clock(live_class.starts_at),
                link=_dashboard_link(),
            )
            if _once(Kind.CLASS_WITHIN_HOUR, key, _tell_student(enrolment, notice)):
                sent += 1
    if sent:
        logger.info("Class reminders sent: %d", sent)
    return {Kind.CLASS_WITHIN_HOUR.value: sent}
