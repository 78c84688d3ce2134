"""Meta's WhatsApp webhook: the GET handshake, the signature on every POST (good, bad,
missing), the statuses recorded, and STOP withdrawing consent."""

from __future__ import annotations

import hashlib
import hmac
import json
from datetime import UTC, datetime
from typing import Any

import pytest
import time_machine
from django.test import Client

from accounts.models import User
from core.models import OutboundWhatsApp
from core.whatsapp.queue import whatsapp_queue, whatsapp_send_queued
from notifications.models import ConsentRecord
from notifications.services import whatsapp_consent_set

pytestmark = pytest.mark.django_db

URL = "/api/notifications/whatsapp/webhook"
SECRET = "app-secret-1"


# An hour after the events' timestamp (1764230400, 27 November 2025 08:00 UTC): events
# older than the webhook's window (7 days) are ignored.
NOW = datetime(2025, 11, 27, 9, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _secrets(settings: Any) -> None:
    settings.WHATSAPP_APP_SECRET = SECRET
    settings.WHATSAPP_VERIFY_TOKEN = "verify-me"


@pytest.fixture(autouse=True)
def _clock() -> Any:
    with time_machine.travel(NOW, tick=False) as traveller:
        yield traveller


def signed(body: bytes, secret: str = SECRET) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def notification(value: dict[str, Any]) -> bytes:
    return json.dumps(
        {
            "object": "whatsapp_business_account",
            "entry": [
                {
                    "id": "102290129340398",
                    "changes": [
                        {
                            "field": "messages",
                            "value": {
                                "messaging_product": "whatsapp",
                                "metadata": {
                                    "display_phone_number": "15550783881",
                                    "phone_number_id": "106540352242922",
                                },
                                **value,
                            },
                        }
                    ],
                }
            ],
        }
    ).encode()


def status(wamid: str, state: str, **extra: Any) -> dict[str, Any]:
    return {
        "id": wamid,
        "status": state,
        "timestamp": "1764230400",
        "recipient_id": "919876543210",
        **extra,
    }


def post(client: Client, body: bytes, signature: str | None) -> Any:
    headers = {"HTTP_X_HUB_SIGNATURE_256": signature} if signature is not None else {}
    return client.post(URL, body, content_type="application/json", **headers)


def sent_message() -> OutboundWhatsApp:
    message = whatsapp_queue(to="+919876543210", template="task_opened", parameters=["Asha"])
    whatsapp_send_queued()
    message.refresh_from_db()
    return message


def test_the_handshake_answers_the_challenge_for_the_right_token(client: Client) -> None:
    query = {
        "hub.mode": "subscribe",
        "hub.verify_token": "verify-me",
        "hub.challenge": "1158201444",
    }
    response = client.get(URL, query)
    assert response.status_code == 200 and response.content == b"1158201444"
    assert response["Content-Type"].startswith("text/plain")
    response = client.get(URL, {**query, "hub.verify_token": "wrong"})
    assert response.status_code == 403
    assert response.json()["message"] == "The verify token does not match."


def test_the_handshake_is_refused_without_a_configured_token(client: Client, settings) -> None:
    settings.WHATSAPP_VERIFY_TOKEN = ""
    response = client.get(
        URL, {"hub.mode": "subscribe", "hub.verify_token": "", "hub.challenge": "1"}
    )
    assert response.status_code == 403


def test_a_signed_notification_records_delivered_and_read(csrf_client: Client) -> None:
    message = sent_message()
    body = notification({"statuses": [status(message.provider_id, "delivered")]})
    response = post(csrf_client, body, signed(body))  # no CSRF token: Meta has none
    assert response.status_code == 200 and response.json() == {"message": "Received."}
    message.refresh_from_db()
    assert message.status == OutboundWhatsApp.Status.DELIVERED
    assert message.delivered_at is not None and message.delivered_at.timestamp() == 1764230400

    body = notification({"statuses": [status(message.provider_id, "read")]})
    assert post(csrf_client, body, signed(body)).status_code == 200
    message.refresh_from_db()
    assert message.status == OutboundWhatsApp.Status.READ


def test_a_failed_status_records_metas_reason(client: Client) -> None:
    message = sent_message()
    error = {
        "code": 131026,
        "title": "Message undeliverable",
        "message": "Message undeliverable",
        "error_data": {"details": "Message Undeliverable."},
    }
    body = notification({"statuses": [status(message.provider_id, "failed", errors=[error])]})
    assert post(client, body, signed(body)).status_code == 200
    message.refresh_from_db()
    assert message.status == OutboundWhatsApp.Status.FAILED
    assert message.last_error == "Message undeliverable Message Undeliverable. (code 131026)"


@pytest.mark.parametrize(
    "signature",
    [None, "", "sha256=", "sha256=" + "0" * 64, "md5=abc", signed(b"{}"), "bad"],
    ids=["missing", "empty", "no-digest", "zeros", "other-scheme", "other-body", "garbage"],
)
def test_a_missing_or_bad_signature_is_refused_and_changes_nothing(
    client: Client, signature: str | None
) -> None:
    message = sent_message()
    body = notification({"statuses": [status(message.provider_id, "read")]})
    response = post(client, body, signature)
    assert response.status_code == 403
    assert response.json()["message"] == "Refused: The signature does not match."
    message.refresh_from_db()
    assert message.status == OutboundWhatsApp.Status.SENT


def test_a_body_signed_with_another_secret_is_refused(client: Client) -> None:
    body = notification({"statuses": []})
    assert post(client, body, signed(body, "someone-else")).status_code == 403


def test_without_an_app_secret_every_post_is_refused(client: Client, settings) -> None:
    body = notification({"statuses": []})
    signature = signed(body)
    settings.WHATSAPP_APP_SECRET = ""
    assert post(client, body, signature).status_code == 403


@pytest.mark.parametrize("body", [b"not json", b"[1, 2]", b'{"entry": "x"}', b"\xff\xfe"])
def test_a_signed_body_we_cannot_read_is_refused_or_ignored_never_a_500(
    client: Client, body: bytes
) -> None:
    response = post(client, body, signed(body))
    assert response.status_code in (200, 403)


@pytest.mark.parametrize(
    "signature",
    ["sha256=\u00e9" + "0" * 63, "sha256=\u2603"],
    ids=["latin-1", "snowman"],
)
def test_a_signature_with_non_ascii_characters_is_refused_not_a_500(
    client: Client, signature: str
) -> None:
    body = notification({"statuses": []})
    response = post(client, body, signature)
    assert response.status_code == 403
    assert response.json()["message"] == "Refused: The signature does not match."


def test_a_replayed_failed_status_is_applied_once(client: Client, settings: Any) -> None:
    """Issue 40.6: a captured signed body was accepted again forever."""
    message = sent_message()
    body = notification({"statuses": [status(message.provider_id, "failed")]})
    assert post(client, body, signed(body)).status_code == 200
    message.refresh_from_db()
    assert message.status == OutboundWhatsApp.Status.FAILED
    # Staff send it again; the old failure, posted again, leaves the new try alone.
    OutboundWhatsApp.objects.filter(pk=message.pk).update(
        status=OutboundWhatsApp.Status.SENT, failed_at=None, last_error=""
    )
    assert post(client, body, signed(body)).status_code == 200
    message.refresh_from_db()
    assert message.status == OutboundWhatsApp.Status.SENT and message.failed_at is None


def test_an_event_older_than_the_window_is_ignored(client: Client, _clock: Any) -> None:
    message = sent_message()
    body = notification({"statuses": [status(message.provider_id, "read")]})
    _clock.move_to(datetime(2025, 12, 4, 8, 0, 1, tzinfo=UTC))  # 7 days and 1 s later
    assert post(client, body, signed(body)).status_code == 200
    message.refresh_from_db()
    assert message.status == OutboundWhatsApp.Status.SENT


def test_stop_withdraws_the_senders_consent(client: Client, learner: User) -> None:
    with time_machine.travel(datetime(2025, 11, 20, tzinfo=UTC), tick=False):
        whatsapp_consent_set(user=learner, given=True, source=ConsentRecord.Source.ACCOUNT)
    inbound = {
        "contacts": [{"profile": {"name": "Asha"}, "wa_id": "919876543210"}],
        "messages": [
            {
                "from": "919876543210",
                "id": "wamid.inbound1",
                "timestamp": "1764230400",
                "type": "text",
                "text": {"body": " stop "},
            }
        ],
    }
    body = notification(inbound)
    assert post(client, body, signed(body)).status_code == 200
    learner.message_preferences.refresh_from_db()
    assert learner.message_preferences.whatsapp_opted_in_at is None
    assert learner.message_preferences.whatsapp_opted_out_at.timestamp() == 1764230400
    record = ConsentRecord.objects.get(user=learner, given=False)
    assert record.source == "whatsapp" and record.at.timestamp() == 1764230400


def test_a_stop_older_than_the_consent_does_not_undo_it(client: Client, learner: User) -> None:
    whatsapp_consent_set(user=learner, given=True, source=ConsentRecord.Source.ACCOUNT)
    message = {
        "from": "919876543210",
        "id": "wamid.inbound0",
        "timestamp": "1764230400",  # 27 November 2025, before the consent
        "type": "text",
        "text": {"body": "STOP"},
    }
    body = notification({"messages": [message]})
    assert post(client, body, signed(body)).status_code == 200
    learner.message_preferences.refresh_from_db()
    assert learner.message_preferences.whatsapp_opted_in


def test_other_replies_change_nothing(client: Client, learner: User) -> None:
    whatsapp_consent_set(user=learner, given=True, source=ConsentRecord.Source.ACCOUNT)
    message = {
        "from": "919876543210",
        "id": "wamid.inbound2",
        "timestamp": "1764230400",
        "type": "text",
        "text": {"body": "Please stop by the office"},
    }
    body = notification({"messages": [message]})
    assert post(client, body, signed(body)).status_code == 200
    learner.message_preferences.refresh_from_db()
    assert learner.message_preferences.whatsapp_opted_in
