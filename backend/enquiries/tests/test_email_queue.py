"""Enquiry emails go through the queue (django-post-office, core/email.py): stored with
the enquiry, sent by the worker, retried while SMTP is down, never lost."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.core import mail
from django.db import transaction
from django.test import Client
from post_office.models import STATUS, Email

from accounts.models import User
from core.email import NO_RECIPIENTS, email_queue
from core.tests.mail import queued_about, send_queued_email
from enquiries.models import Enquiry
from enquiries.tests.conftest import FAILING_BACKEND, contact_payload, post

pytestmark = pytest.mark.django_db

LOCMEM = "django.core.mail.backends.locmem.EmailBackend"
NOW = datetime(2026, 11, 24, 10, tzinfo=UTC)


def test_the_email_is_stored_with_the_enquiry_and_sent_by_the_worker(client: Client) -> None:
    post(client, contact_payload())

    [email] = queued_about("enquiry.received")
    assert email.status == STATUS.queued and mail.outbox == []
    send_queued_email()
    email.refresh_from_db()
    assert email.status == STATUS.sent
    assert mail.outbox[0].to == ["inbox@example.com"]
    assert mail.outbox[0].extra_headers["Reply-To"] == contact_payload()["email"]


def test_nothing_is_queued_when_the_callers_transaction_rolls_back() -> None:
    with pytest.raises(RuntimeError), transaction.atomic():
        email_queue(to="a@example.com", subject="Hi", body="Body", topic="t")
        raise RuntimeError("the thing the email is about failed")

    assert not Email.objects.exists()


def test_smtp_down_keeps_the_enquiry_and_the_email_is_sent_once_later(
    client: Client, settings: Any
) -> None:
    settings.EMAIL_BACKEND = FAILING_BACKEND
    with time_machine.travel(NOW, tick=False):
        assert post(client, contact_payload()).status_code == 201
        send_queued_email()
    [email] = queued_about("enquiry.received")
    assert Enquiry.objects.count() == 1
    assert email.status == STATUS.requeued
    assert "SMTP server unreachable" in email.logs.get().message

    settings.EMAIL_BACKEND = LOCMEM
    with time_machine.travel(NOW + settings.POST_OFFICE["RETRY_INTERVAL"] + timedelta(seconds=1)):
        send_queued_email()
        send_queued_email()

    email.refresh_from_db()
    assert email.status == STATUS.sent
    assert len(mail.outbox) == 1


def test_it_gives_up_after_the_last_retry_and_shows_the_email_as_failed(
    client: Client, settings: Any
) -> None:
    settings.EMAIL_BACKEND = FAILING_BACKEND
    retries = settings.POST_OFFICE["MAX_RETRIES"]
    with time_machine.travel(NOW, tick=False) as clock:
        post(client, contact_payload())
        for _ in range(retries + 1):
            send_queued_email()
            clock.shift(settings.POST_OFFICE["RETRY_INTERVAL"] + timedelta(seconds=1))

    [email] = queued_about("enquiry.received")
    assert email.status == STATUS.failed
    assert email.logs.count() == retries + 1


def test_it_notifies_active_staff_with_an_email_when_no_list_is_configured(
    client: Client, settings: Any, staff: User, learner: User
) -> None:
    settings.STAFF_NOTIFY_EMAILS = []
    post(client, contact_payload())

    assert queued_about("enquiry.received")[0].to == [staff.email]


def test_it_records_a_failed_email_when_nobody_can_be_notified(
    client: Client, settings: Any
) -> None:
    settings.STAFF_NOTIFY_EMAILS = []

    assert post(client, contact_payload()).status_code == 201

    assert Enquiry.objects.count() == 1
    [email] = queued_about("enquiry.received")
    assert email.status == STATUS.failed
    assert email.logs.get().message == NO_RECIPIENTS
    send_queued_email()
    assert mail.outbox == []


def test_it_stores_and_queues_template_syntax_in_a_message_as_typed(client: Client) -> None:
    message = "Seven plus one is {{ 7|add:1 }}; year {% now 'Y' %}"
    subject = "Price {{ 2|add:2 }}"

    assert post(client, contact_payload(message=message, subject=subject)).status_code == 201

    assert Enquiry.objects.get().message == message
    [email] = queued_about("enquiry.received")
    assert message in email.message and "Seven plus one is 8" not in email.message
    assert subject in email.subject
    send_queued_email()
    assert message in mail.outbox[0].body


def test_it_accepts_and_keeps_an_enquiry_holding_an_unknown_tag(client: Client) -> None:
    response = post(client, contact_payload(name="Meera {% bogus %}", message="Hi {% bogus %}"))

    assert response.status_code == 201
    enquiry = Enquiry.objects.get()
    assert (enquiry.name, enquiry.message) == ("Meera {% bogus %}", "Hi {% bogus %}")
    [email] = queued_about("enquiry.received")
    assert "Hi {% bogus %}" in email.message
