"""The SMS queue: nothing lost while a provider is down, no request waits on it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from unittest import mock

import pytest
import time_machine
from django.core.management import call_command
from django.utils import timezone

from core import sms
from core.models import OutboundSMS
from core.sms.backends.base import SmsRejected, SmsTemporaryError
from core.sms.queue import CLAIM_SECONDS, sms_queue, sms_send, sms_send_queued

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)
TEXT = "123456 is your code. It expires in 10 minutes."


def queue(**extra) -> OutboundSMS:
    return sms_queue(to="+919876543210", text=TEXT, variables={"otp": "123456"}, **extra)


def test_a_local_backend_sends_when_the_transaction_commits(
    django_capture_on_commit_callbacks,
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        message = queue(topic="code.signup")
        assert sms.outbox == []  # not before the commit
    assert [m.to for m in sms.outbox] == ["+919876543210"]
    assert sms.outbox[0].text == TEXT and sms.outbox[0].variables == {"otp": "123456"}
    message.refresh_from_db()
    assert message.status == OutboundSMS.Status.SENT and message.attempts == 1
    # Sent: the code is masked in what staff can see.
    assert message.text == "****** is your code. It expires in 10 minutes."
    assert message.variables == {}


def test_a_network_backend_is_left_to_the_worker(
    settings, django_capture_on_commit_callbacks
) -> None:
    settings.SMS_BACKEND = "msg91"
    with (
        mock.patch("core.sms.backends.msg91.Msg91Backend.send") as send,
        django_capture_on_commit_callbacks(execute=True) as callbacks,
    ):
        message = queue()
    assert callbacks == [] and not send.called
    assert message.status == OutboundSMS.Status.QUEUED


@time_machine.travel(NOW, tick=False)
def test_the_worker_retries_a_provider_outage_and_loses_nothing(settings) -> None:
    settings.SMS_MAX_ATTEMPTS = 3
    message = queue()
    with mock.patch(
        "core.sms.backends.locmem.LocmemBackend.send", side_effect=SmsTemporaryError("502")
    ):
        assert sms_send_queued() == {"sent": 0, "failed": 0, "queued": 1}
        message.refresh_from_db()
        assert message.status == OutboundSMS.Status.QUEUED
        assert message.attempts == 1 and "502" in message.last_error
        assert message.next_try_at == NOW + timedelta(seconds=30)
        # Not due yet: nothing is tried.
        assert sms_send_queued() == {"sent": 0, "failed": 0, "queued": 0}
    with time_machine.travel(NOW + timedelta(seconds=31), tick=False):
        assert sms_send_queued() == {"sent": 1, "failed": 0, "queued": 0}
    message.refresh_from_db()
    assert message.status == OutboundSMS.Status.SENT and message.attempts == 2
    assert [m.to for m in sms.outbox] == ["+919876543210"]


@time_machine.travel(NOW, tick=False)
def test_it_fails_for_good_after_the_last_attempt(settings) -> None:
    settings.SMS_MAX_ATTEMPTS = 2
    message = queue()
    with mock.patch(
        "core.sms.backends.locmem.LocmemBackend.send", side_effect=SmsTemporaryError("timeout")
    ):
        sms_send_queued()
        with time_machine.travel(NOW + timedelta(minutes=5), tick=False):
            assert sms_send_queued() == {"sent": 0, "failed": 1, "queued": 0}
    message.refresh_from_db()
    assert message.status == OutboundSMS.Status.FAILED and message.attempts == 2
    assert "timeout" in message.last_error and "123456" not in message.text


def test_a_refusal_fails_at_once_with_the_providers_reason() -> None:
    message = queue()
    with mock.patch(
        "core.sms.backends.locmem.LocmemBackend.send",
        side_effect=SmsRejected("Twilio refused the message (400): not a valid phone number"),
    ):
        assert sms_send_queued() == {"sent": 0, "failed": 1, "queued": 0}
    message.refresh_from_db()
    assert message.status == OutboundSMS.Status.FAILED and message.attempts == 1
    assert "not a valid phone number" in message.last_error


@time_machine.travel(NOW, tick=False)
def test_a_code_that_expired_meanwhile_is_not_sent() -> None:
    message = queue(expires_at=NOW + timedelta(minutes=10))
    with time_machine.travel(NOW + timedelta(minutes=11), tick=False):
        sms_send_queued()
    message.refresh_from_db()
    assert message.status == OutboundSMS.Status.FAILED
    assert message.last_error == "Expired before it could be sent."
    assert sms.outbox == []


@time_machine.travel(NOW, tick=False)
def test_a_message_being_sent_is_not_taken_by_a_second_worker() -> None:
    message = queue()
    # The first worker claims it and is still talking to the provider...
    OutboundSMS.objects.filter(pk=message.pk).update(
        attempts=1, next_try_at=timezone.now() + timedelta(seconds=CLAIM_SECONDS)
    )
    assert sms_send(sms_id=message.pk) is None
    assert sms.outbox == []
    # ...and should it have died, the message is tried again after the claim.
    with time_machine.travel(NOW + timedelta(seconds=CLAIM_SECONDS + 1), tick=False):
        assert sms_send(sms_id=message.pk) == OutboundSMS.Status.SENT
    assert len(sms.outbox) == 1


def test_the_commands_send_the_queue(capsys) -> None:
    queue()
    call_command("send_queued_sms")
    assert "Sent 1, failed 0, to retry 0." in capsys.readouterr().out
    queue()
    call_command("send_queued_mail_loop", "--once", verbosity=0)
    assert len(sms.outbox) == 2
