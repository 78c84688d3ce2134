"""Reminders and the "task opened today" message, sent by the queue worker once an hour
(core's send_queued_mail_loop, settings.WORKER_HOURLY_JOBS) or `manage.py send_reminders`.

docs/product.md section 19: a task open 3 days without a submission and an enrolment
waiting 1 day for payment remind the student (by their channel, notifications.notify); a
submission waiting 2 days for review reminds staff by email. Days are India days, and
students are written to only between SEND_FROM and SEND_UNTIL India time, never at night.

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

from core.dates import INDIA, format_india_date, india_today
from core.email import email_queue
from core.messages import render_message
from core.money import format_rupees
from enquiries.selectors import staff_notify_recipients
from internships.models import TaskSubmission
from notifications import messages
from notifications.services import Email, notify
from reminders import selectors
from reminders.models import ReminderSent

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
    email_queue(
        to=staff_notify_recipients(),
        subject=subject,
        body=body,
        topic="reminder.review",
    )
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
            course=enrolment.course.name,
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
    if any(counts.values()):
        logger.info("Reminders sent: %s", counts)
    return counts
