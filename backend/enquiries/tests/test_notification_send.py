from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core import mail
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from accounts.models import User
from enquiries.models import Enquiry, OutboundEmail
from enquiries.services import (
    NO_RECIPIENTS,
    notification_enqueue,
    notification_retry,
    notification_send,
    notification_send_pending,
)
from enquiries.tests.conftest import FAILING_BACKEND, contact_payload, post

pytestmark = pytest.mark.django_db

LOCMEM = "django.core.mail.backends.locmem.EmailBackend"


def _make_due(outbound: OutboundEmail) -> None:
    OutboundEmail.objects.filter(pk=outbound.pk).update(
        next_attempt_at=timezone.now() - timedelta(seconds=1)
    )


def test_it_keeps_the_enquiry_when_the_email_cannot_be_sent(
    client: Client, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.EMAIL_BACKEND = FAILING_BACKEND
    with django_capture_on_commit_callbacks(execute=True):
        response = post(client, contact_payload())

    assert response.status_code == 201
    assert Enquiry.objects.count() == 1
    outbound = OutboundEmail.objects.get()
    assert outbound.status == OutboundEmail.Status.PENDING
    assert outbound.attempts == 1
    assert "SMTP server unreachable" in outbound.last_error
    assert outbound.next_attempt_at > timezone.now()


def test_it_sends_the_failed_email_later_with_the_command(
    client: Client, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.EMAIL_BACKEND = FAILING_BACKEND
    with django_capture_on_commit_callbacks(execute=True):
        post(client, contact_payload())
    outbound = OutboundEmail.objects.get()

    settings.EMAIL_BACKEND = LOCMEM
    call_command("send_pending_notifications")
    assert mail.outbox == []  # not due yet: the back-off is respected

    _make_due(outbound)
    call_command("send_pending_notifications")

    outbound.refresh_from_db()
    assert outbound.status == OutboundEmail.Status.SENT
    assert outbound.attempts == 2
    assert outbound.last_error == ""
    assert outbound.sent_at is not None
    assert len(mail.outbox) == 1

    call_command("send_pending_notifications")
    assert len(mail.outbox) == 1


def test_it_backs_off_and_marks_the_email_failed_after_the_last_attempt(settings: Any) -> None:
    settings.EMAIL_BACKEND = FAILING_BACKEND
    outbound = notification_enqueue(to=["a@example.com"], subject="Hi", body="Body", send_now=False)
    waits = []
    for _ in range(settings.NOTIFICATION_MAX_ATTEMPTS):
        _make_due(outbound)
        before = timezone.now()
        assert notification_send_pending() == (0, 1)
        outbound.refresh_from_db()
        waits.append(outbound.next_attempt_at - before)

    assert outbound.status == OutboundEmail.Status.FAILED
    assert outbound.attempts == settings.NOTIFICATION_MAX_ATTEMPTS
    assert timedelta(minutes=1) <= waits[0] < timedelta(minutes=2)
    assert timedelta(minutes=5) <= waits[1] < timedelta(minutes=6)

    _make_due(outbound)
    assert notification_send_pending() == (0, 0)


def test_it_never_raises_to_the_caller(settings: Any) -> None:
    settings.EMAIL_BACKEND = FAILING_BACKEND
    outbound = notification_enqueue(to="a@example.com", subject="Hi", body="Body", send_now=False)

    assert notification_send(outbound=outbound) is False
    assert outbound.attempts == 1


def test_it_does_not_send_a_row_another_sender_has_claimed() -> None:
    outbound = notification_enqueue(to="a@example.com", subject="Hi", body="Body", send_now=False)
    OutboundEmail.objects.filter(pk=outbound.pk).update(
        next_attempt_at=timezone.now() + timedelta(minutes=10)
    )

    assert notification_send(outbound=outbound) is False
    assert notification_send_pending() == (0, 0)
    assert mail.outbox == []


def test_it_sends_pending_emails_up_to_the_limit() -> None:
    for n in range(3):
        notification_enqueue(to=f"r{n}@example.com", subject=f"S{n}", body="B", send_now=False)

    assert notification_send_pending(limit=2) == (2, 0)
    assert notification_send_pending(limit=2) == (1, 0)
    assert sorted(m.to[0] for m in mail.outbox) == [
        "r0@example.com",
        "r1@example.com",
        "r2@example.com",
    ]


def test_it_sends_after_the_callers_transaction_commits(
    django_capture_on_commit_callbacks: Any,
) -> None:
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        outbound = notification_enqueue(
            to=["a@example.com", "b@example.com"], subject="Hi", body="Body", reply_to="c@d.org"
        )
        assert mail.outbox == []

    assert len(callbacks) == 1
    outbound.refresh_from_db()
    assert outbound.status == OutboundEmail.Status.SENT
    assert outbound.to == "a@example.com, b@example.com"
    assert mail.outbox[0].to == ["a@example.com", "b@example.com"]
    assert mail.outbox[0].reply_to == ["c@d.org"]


def test_it_notifies_active_staff_with_an_email_when_no_list_is_configured(
    client: Client,
    settings: Any,
    staff: User,
    learner: User,
    django_capture_on_commit_callbacks: Any,
) -> None:
    settings.STAFF_NOTIFY_EMAILS = []
    with django_capture_on_commit_callbacks(execute=True):
        post(client, contact_payload())

    assert mail.outbox[0].to == [staff.email]


def test_it_records_a_failed_email_when_nobody_can_be_notified(
    client: Client, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.STAFF_NOTIFY_EMAILS = []
    with django_capture_on_commit_callbacks(execute=True):
        response = post(client, contact_payload())

    assert response.status_code == 201
    assert Enquiry.objects.count() == 1
    outbound = OutboundEmail.objects.get()
    assert outbound.status == OutboundEmail.Status.FAILED
    assert outbound.last_error == NO_RECIPIENTS
    assert "no recipients configured" in outbound.last_error.lower()
    assert mail.outbox == []


def test_it_retries_a_failed_email_on_request(settings: Any) -> None:
    settings.EMAIL_BACKEND = FAILING_BACKEND
    outbound = notification_enqueue(to="a@example.com", subject="Hi", body="Body", send_now=False)
    OutboundEmail.objects.filter(pk=outbound.pk).update(
        status=OutboundEmail.Status.FAILED, attempts=3
    )
    settings.EMAIL_BACKEND = LOCMEM

    assert notification_retry(outbound=outbound) is True

    outbound.refresh_from_db()
    assert outbound.status == OutboundEmail.Status.SENT
    assert outbound.attempts == 4
    assert notification_retry(outbound=outbound) is False
    assert len(mail.outbox) == 1
