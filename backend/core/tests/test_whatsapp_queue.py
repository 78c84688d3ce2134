"""The WhatsApp queue: sent by the worker with retries like SMS, a failure for good sends
the fallback once, and staff can send a failed message again."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from unittest import mock

import pytest
import time_machine
from django.utils import timezone

from core import whatsapp
from core.models import OutboundWhatsApp
from core.tests.mail import queued_about
from core.tests.sms import sms_deliver
from core.whatsapp.backends.base import WhatsAppRejected, WhatsAppTemporaryError
from core.whatsapp.queue import (
    CLAIM_SECONDS,
    whatsapp_queue,
    whatsapp_resend,
    whatsapp_send,
    whatsapp_send_queued,
    whatsapp_status_record,
)

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)
SEND = "core.whatsapp.backends.locmem.LocmemBackend.send"


def queue(**extra) -> OutboundWhatsApp:
    return whatsapp_queue(
        to="+919876543210",
        template="task_opened",
        parameters=["Asha", "2", "Build a page", "https://example.in/tasks-1"],
        topic="internship.task_opened",
        **extra,
    )


def test_a_local_backend_sends_when_the_transaction_commits(
    django_capture_on_commit_callbacks,
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        message = queue()
        assert whatsapp.outbox == []
    assert [(m.to, m.template, m.language) for m in whatsapp.outbox] == [
        ("+919876543210", "task_opened", "en")
    ]
    assert whatsapp.outbox[0].parameters == (
        "Asha",
        "2",
        "Build a page",
        "https://example.in/tasks-1",
    )
    message.refresh_from_db()
    assert message.status == OutboundWhatsApp.Status.SENT
    assert message.provider_id == "wamid.locmem-1" and message.sent_at is not None


def test_a_network_backend_is_left_to_the_worker(
    settings, django_capture_on_commit_callbacks
) -> None:
    settings.WHATSAPP_BACKEND = "cloud"
    with (
        mock.patch("core.whatsapp.backends.cloud.CloudBackend.send") as send,
        django_capture_on_commit_callbacks(execute=True) as callbacks,
    ):
        message = queue()
    assert callbacks == [] and not send.called
    assert message.status == OutboundWhatsApp.Status.QUEUED


@time_machine.travel(NOW, tick=False)
def test_the_worker_retries_an_outage_and_loses_nothing(settings) -> None:
    settings.WHATSAPP_MAX_ATTEMPTS = 3
    message = queue()
    with mock.patch(SEND, side_effect=WhatsAppTemporaryError("WhatsApp answered 503")):
        assert whatsapp_send_queued() == {"sent": 0, "failed": 0, "queued": 1}
        message.refresh_from_db()
        assert message.attempts == 1 and "503" in message.last_error
        assert message.next_try_at == NOW + timedelta(seconds=30)
        assert whatsapp_send_queued() == {"sent": 0, "failed": 0, "queued": 0}
    with time_machine.travel(NOW + timedelta(seconds=31), tick=False):
        assert whatsapp_send_queued() == {"sent": 1, "failed": 0, "queued": 0}
    message.refresh_from_db()
    assert message.status == OutboundWhatsApp.Status.SENT and message.attempts == 2
    assert message.last_error == ""


@time_machine.travel(NOW, tick=False)
def test_out_of_tries_it_fails_and_sends_the_email_instead(settings) -> None:
    settings.WHATSAPP_MAX_ATTEMPTS = 2
    message = queue(
        fallback_email="asha@example.in",
        fallback_subject="Task 2 is open",
        fallback_body="Hello Asha, task 2 opened today.",
    )
    with mock.patch(SEND, side_effect=WhatsAppTemporaryError("timeout")):
        whatsapp_send_queued()
        with time_machine.travel(NOW + timedelta(minutes=5), tick=False):
            assert whatsapp_send_queued() == {"sent": 0, "failed": 1, "queued": 0}
    message.refresh_from_db()
    assert message.status == OutboundWhatsApp.Status.FAILED and "timeout" in message.last_error
    assert message.fallback_sent == OutboundWhatsApp.Fallback.EMAIL
    [email] = queued_about("internship.task_opened")
    assert email.to == ["asha@example.in"] and email.subject == "Task 2 is open"


def test_a_refusal_fails_at_once_and_sends_the_sms_instead() -> None:
    message = queue(fallback_sms_to="+919876543210", fallback_text="Hello Asha, task 2 opened.")
    with mock.patch(SEND, side_effect=WhatsAppRejected("WhatsApp refused the message (400)")):
        assert whatsapp_send_queued() == {"sent": 0, "failed": 1, "queued": 0}
    message.refresh_from_db()
    assert message.attempts == 1 and "(400)" in message.last_error
    assert message.fallback_sent == OutboundWhatsApp.Fallback.SMS
    assert [(m.to, m.text) for m in sms_deliver()] == [
        ("+919876543210", "Hello Asha, task 2 opened.")
    ]


@time_machine.travel(NOW, tick=False)
def test_a_message_being_sent_is_not_taken_by_a_second_worker() -> None:
    message = queue()
    OutboundWhatsApp.objects.filter(pk=message.pk).update(
        attempts=1, next_try_at=timezone.now() + timedelta(seconds=CLAIM_SECONDS)
    )
    assert whatsapp_send(message_id=message.pk) is None
    assert whatsapp.outbox == []
    with time_machine.travel(NOW + timedelta(seconds=CLAIM_SECONDS + 1), tick=False):
        assert whatsapp_send(message_id=message.pk) == OutboundWhatsApp.Status.SENT
    assert len(whatsapp.outbox) == 1


def test_statuses_move_forward_only_and_a_failure_falls_back_once() -> None:
    message = queue(fallback_email="asha@example.in", fallback_body="Task 2 is open.")
    whatsapp_send_queued()
    message.refresh_from_db()
    wamid = message.provider_id
    at = datetime(2026, 11, 24, 10, 5, tzinfo=UTC)
    whatsapp_status_record(provider_id=wamid, status="read", at=at)
    whatsapp_status_record(provider_id=wamid, status="delivered", at=at - timedelta(minutes=1))
    message.refresh_from_db()
    assert message.status == OutboundWhatsApp.Status.READ
    assert message.read_at == at and message.delivered_at == at - timedelta(minutes=1)
    assert whatsapp_status_record(provider_id="wamid.unknown", status="read", at=at) is None

    other = queue(fallback_email="asha@example.in", fallback_body="Task 3 is open.")
    whatsapp_send_queued()
    other.refresh_from_db()
    for _ in range(2):  # Meta may report it twice
        whatsapp_status_record(
            provider_id=other.provider_id, status="failed", at=at, error="Message undeliverable"
        )
    other.refresh_from_db()
    assert other.status == OutboundWhatsApp.Status.FAILED
    assert other.last_error == "Message undeliverable" and other.failed_at == at
    assert len(queued_about("internship.task_opened")) == 1


def test_staff_send_a_failed_message_again(django_capture_on_commit_callbacks) -> None:
    message = queue()
    with mock.patch(SEND, side_effect=WhatsAppRejected("refused (400): not on WhatsApp")):
        whatsapp_send_queued()
    sent_ok = queue()
    whatsapp_send_queued()
    with django_capture_on_commit_callbacks(execute=True):
        assert whatsapp_resend(message_ids=[message.pk, sent_ok.pk]) == 1
    message.refresh_from_db()
    assert message.status == OutboundWhatsApp.Status.SENT and message.attempts == 1
    assert len(whatsapp.outbox) == 2
