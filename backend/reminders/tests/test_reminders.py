"""The reminders and "task opened today", each sent once, in India's daytime
(docs/product.md section 19). The India date is frozen by the internships fixtures at
2 December 2026 11:00 (on /tasks-1 tasks open on the 1st, 8th, 15th and 22nd); each
test travels on from there."""

from __future__ import annotations

from datetime import datetime

import pytest
import time_machine
from django.core.management import call_command

from accounts.models import User
from catalog.models import Course
from core import whatsapp
from core.dates import INDIA
from core.tests.mail import queued_about
from core.whatsapp.queue import whatsapp_send_queued
from enrolments import services as enrolment_services
from enrolments.tests.conftest import enrol
from internships import services as internship_services
from internships.models import Placement
from internships.tests.conftest import submit
from notifications.models import ConsentRecord
from notifications.services import whatsapp_consent_set
from reminders.models import ReminderSent
from reminders.services import reminders_send

pytestmark = pytest.mark.django_db


def at(day: int, hour: int = 10, minute: int = 0) -> datetime:
    return datetime(2026, 12, day, hour, minute, tzinfo=INDIA)


def templates() -> list[tuple[str, tuple[str, ...]]]:
    whatsapp_send_queued()
    return [(m.template, m.parameters) for m in whatsapp.outbox]


@pytest.fixture
def intern(placement: Placement) -> User:
    whatsapp_consent_set(user=placement.user, given=True, source=ConsentRecord.Source.SIGNUP)
    return placement.user


def test_a_task_opened_today_and_a_task_open_3_days_are_each_sent_once(intern: User) -> None:
    with time_machine.travel(at(8), tick=False):
        counts = reminders_send()
        assert counts is not None
        assert counts["task_opened"] == 1 and counts["task_open_3_days"] == 1
        board = "https://site.example/tasks-1"
        sent = templates()
        assert ("task_opened", (intern.name, "2", sent[0][1][2], board)) in sent
        assert any(t == "reminder_task_open" and p[1] == "1" for t, p in sent)
    # Every hour after: nothing new.
    with time_machine.travel(at(8, 15), tick=False):
        assert reminders_send() == {
            "task_opened": 0,
            "task_open_3_days": 0,
            "review_waiting_2_days": 0,
            "payment_waiting_1_day": 0,
            "batch_starts_tomorrow": 0,
            "waitlist_told": 0,
        }
    assert len(templates()) == 2
    assert ReminderSent.objects.count() == 2


def test_three_days_count_from_the_interns_first_day(intern: User) -> None:
    # Placed on 2 December, task 1 (opened on the 1st) has been theirs 3 days on the 5th.
    with time_machine.travel(at(4), tick=False):
        assert reminders_send()["task_open_3_days"] == 0  # type: ignore[index]
    with time_machine.travel(at(5), tick=False):
        assert reminders_send()["task_open_3_days"] == 1  # type: ignore[index]


def test_a_submitted_task_is_not_reminded(intern: User) -> None:
    submit(intern, 1)
    with time_machine.travel(at(5), tick=False):
        assert reminders_send()["task_open_3_days"] == 0  # type: ignore[index]


def test_nothing_is_sent_at_night_in_india(intern: User) -> None:
    with time_machine.travel(at(8, 23, 30), tick=False):
        assert reminders_send() is None
    with time_machine.travel(at(9, 8, 59), tick=False):
        assert reminders_send() is None
    assert templates() == [] and not ReminderSent.objects.exists()


def test_a_student_who_chose_email_gets_the_reminder_by_email(placement: Placement) -> None:
    with time_machine.travel(at(8), tick=False):
        reminders_send()
    assert [e.subject for e in queued_about("reminder.task_open")] == [
        "Reminder: task 1 is waiting for your work"
    ]
    assert [e.to for e in queued_about("internship.task_opened")] == [[placement.user.email]]


def test_staff_are_emailed_about_a_submission_waiting_2_days_once(
    intern: User, staff: User
) -> None:
    submission = submit(intern, 1)
    with time_machine.travel(at(3, 19), tick=False):
        assert reminders_send()["review_waiting_2_days"] == 0  # type: ignore[index]
    with time_machine.travel(at(4, 11, 1), tick=False):
        assert reminders_send()["review_waiting_2_days"] == 1  # type: ignore[index]
        assert reminders_send()["review_waiting_2_days"] == 0  # type: ignore[index]
    [email] = queued_about("reminder.review")
    assert email.to == [staff.email]
    assert email.subject == f"Waiting 2 days for review: task 1 of {intern.name} (/tasks-1)"
    assert f"/admin/internships/tasksubmission/{submission.pk}/change/" in email.message


def test_a_reviewed_submission_is_not_reminded(intern: User, staff: User) -> None:
    submission = submit(intern, 1)
    internship_services.submission_approve(submission_id=submission.pk, by=staff)
    with time_machine.travel(at(5), tick=False):
        assert reminders_send()["review_waiting_2_days"] == 0  # type: ignore[index]


def test_an_enrolment_waiting_a_day_for_payment_is_reminded_once(
    course: Course, staff: User
) -> None:
    waiting = enrol(course)
    paid = enrol(course, phone="98111 22244", email="other@example.org")
    enrolment_services.enrolment_confirm_payment(enrolment_id=paid.pk, by=staff)
    with time_machine.travel(at(3, 10, 59), tick=False):
        assert reminders_send()["payment_waiting_1_day"] == 0  # type: ignore[index]
    with time_machine.travel(at(3, 11, 0), tick=False):
        assert reminders_send()["payment_waiting_1_day"] == 1  # type: ignore[index]
    with time_machine.travel(at(4, 11, 0), tick=False):
        assert reminders_send()["payment_waiting_1_day"] == 0  # type: ignore[index]
    [email] = queued_about("reminder.payment")
    assert email.to == ["kiran@example.org"]
    assert waiting.reference in email.subject and "₹999" in email.message
    # The way back works in any browser, with or without an account.
    assert f"/e/{waiting.token}" in email.message


def test_the_command_and_the_worker_run_the_reminders(intern: User, capsys) -> None:
    with time_machine.travel(at(8), tick=False):
        call_command("send_reminders")
        out = capsys.readouterr().out
        assert "task_opened: 1" in out and "task_open_3_days: 1" in out
    ReminderSent.objects.all().delete()
    with time_machine.travel(at(8, 12), tick=False):
        call_command("send_queued_mail_loop", "--once", verbosity=0)
    assert ReminderSent.objects.count() == 2
    with time_machine.travel(at(8, 23), tick=False):
        call_command("send_reminders")
        assert "Outside the sending hours" in capsys.readouterr().out
