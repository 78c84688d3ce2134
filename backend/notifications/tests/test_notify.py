"""notify(): the student's channel per kind of message, consent first, payments always."""

from __future__ import annotations

import pytest

from accounts.models import User
from core import whatsapp
from core.models import OutboundWhatsApp
from core.tests.mail import queued_about
from core.tests.sms import sms_deliver
from core.whatsapp.queue import whatsapp_send_queued
from notifications import messages
from notifications.models import ConsentRecord, MessagePreferences
from notifications.services import Email, notify, preferences_update, whatsapp_consent_set

pytestmark = pytest.mark.django_db

TASK = messages.task_opened(
    name="Asha", number=2, title="Build a page", board_link="https://site.example/tasks-1"
)
PAYOUT = messages.payout_paid(name="Asha", amount="₹150", upi_id="asha@okbank", reference="998877")


def opted_in(user: User, **channels: str) -> None:
    whatsapp_consent_set(user=user, given=True, source=ConsentRecord.Source.ACCOUNT)
    if channels:
        preferences = MessagePreferences.objects.get(user=user)
        for field, value in channels.items():
            setattr(preferences, field, value)
        preferences.save()


def test_an_opted_in_student_gets_whatsapp_with_the_email_as_fallback(learner: User) -> None:
    opted_in(learner)
    assert notify(user=learner, notice=TASK) == "whatsapp"
    whatsapp_send_queued()
    [sent] = whatsapp.outbox
    assert (sent.to, sent.template) == ("+919876543210", "task_opened")
    assert sent.parameters == ("Asha", "2", "Build a page", "https://site.example/tasks-1")
    row = OutboundWhatsApp.objects.get()
    assert row.fallback_email == "asha@example.com"
    assert row.fallback_subject == "Task 2 is open: Build a page"
    assert "task 2, Build a page, opened today" in row.fallback_body
    assert queued_about("internship.task_opened") == []


def test_without_consent_whatsapp_becomes_email(learner: User) -> None:
    assert notify(user=learner, notice=TASK) == "email"
    [email] = queued_about("internship.task_opened")
    assert email.to == ["asha@example.com"] and email.subject == "Task 2 is open: Build a page"
    assert whatsapp.outbox == [] and not OutboundWhatsApp.objects.exists()


def test_the_callers_email_is_sent_as_it_wrote_it(learner: User) -> None:
    email = Email(to="asha@example.com", subject="Written by the app", body="Body", topic="x.y")
    assert notify(user=learner, notice=TASK, email=email) == "email"
    [sent] = queued_about("x.y")
    assert sent.subject == "Written by the app" and sent.message == "Body"


def test_email_chosen_means_no_whatsapp_even_with_consent(learner: User) -> None:
    opted_in(learner, tasks="email")
    assert notify(user=learner, notice=TASK) == "email"
    assert not OutboundWhatsApp.objects.exists()


def test_neither_sends_nothing(learner: User) -> None:
    opted_in(learner, tasks="none")
    assert notify(user=learner, notice=TASK) == ""
    assert queued_about("internship.task_opened") == [] and not OutboundWhatsApp.objects.exists()


def test_payments_reach_a_student_without_an_email_address_by_sms(learner: User) -> None:
    learner.email = ""
    learner.save()
    assert notify(user=learner, notice=PAYOUT) == "sms"
    [sms] = sms_deliver()
    assert sms.to == "+919876543210" and "referral reward of ₹150" in sms.text


def test_whatsapp_to_a_student_without_email_falls_back_to_sms(learner: User) -> None:
    learner.email = ""
    learner.save()
    opted_in(learner)
    assert notify(user=learner, notice=PAYOUT) == "whatsapp"
    row = OutboundWhatsApp.objects.get()
    assert row.fallback_email == "" and row.fallback_sms_to == "+919876543210"
    assert row.fallback_text.startswith("Hello Asha, we have sent your referral reward")


def test_a_guest_without_an_account_gets_the_email(db: None) -> None:
    email = Email(to="guest@example.org", subject="Paid", body="Body", topic="enrolment.confirmed")
    assert notify(user=None, notice=PAYOUT, email=email, phone="+919811122233") == "email"
    assert not OutboundWhatsApp.objects.exists()


def test_news_another_app_emails_adds_only_whatsapp(learner: User) -> None:
    # The certificate's folder has no email: the certificates app's email carries it.
    notice = messages.certificate_issued(
        name="Asha", internship="Web", certificate_id="C-1", verify_link="https://x/verify/C-1"
    )
    assert notify(user=learner, notice=notice) == "email"
    assert queued_about("certificate.issued") == []
    opted_in(learner)
    assert notify(user=learner, notice=notice) == "whatsapp"
    row = OutboundWhatsApp.objects.get()
    assert row.fallback_email == "" and row.fallback_sms_to == "" and row.fallback_text == ""


def test_parameters_are_one_line_and_cut_to_what_meta_takes() -> None:
    notice = messages.changes_requested(
        name="Asha", number=1, feedback="Line one\n\n\tline two" + " x" * 400, board_link="b"
    )
    assert notice.parameters[2].startswith("Line one line two x x")
    assert "\n" not in notice.parameters[2] and len(notice.parameters[2]) == 500
    assert notice.parameters[2].endswith("…")


def test_every_template_names_its_parameters_and_uses_them_all() -> None:
    names = [t.name for t in messages.TEMPLATES]
    assert len(names) == len(set(names))
    for template in messages.TEMPLATES:
        for number in range(1, len(template.parameters) + 1):
            assert f"{{{{{number}}}}}" in template.body, template.name


def test_consent_is_recorded_with_its_time_and_source(learner: User) -> None:
    whatsapp_consent_set(user=learner, given=True, source=ConsentRecord.Source.SIGNUP)
    whatsapp_consent_set(user=learner, given=True, source=ConsentRecord.Source.ACCOUNT)  # no-op
    preferences_update(
        user=learner,
        whatsapp_opt_in=False,
        channels={
            "payments": "email",
            "tasks": "email",
            "certificates": "none",
            "reminders": "none",
            "classes": "none",
        },
    )
    records = list(ConsentRecord.objects.filter(user=learner).order_by("pk"))
    assert [(r.given, r.source) for r in records] == [(True, "signup"), (False, "account")]
    preferences = MessagePreferences.objects.get(user=learner)
    assert preferences.whatsapp_opted_in_at is None and preferences.whatsapp_opted_out_at
