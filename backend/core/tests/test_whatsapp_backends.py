"""The WhatsApp backends against Meta's documented Cloud API requests and answers
(recorded HTTP with `responses`, as the SMS providers; the network is never used)."""

from __future__ import annotations

import json
import logging

import pytest
import requests
import responses
from django.core.exceptions import ImproperlyConfigured
from responses.registries import OrderedRegistry

from core import whatsapp
from core.whatsapp import whatsapp_backend, whatsapp_backend_path
from core.whatsapp.backends.base import WhatsAppMessage, WhatsAppRejected, WhatsAppTemporaryError
from core.whatsapp.backends.cloud import CloudBackend
from core.whatsapp.backends.console import ConsoleBackend
from core.whatsapp.backends.locmem import LocmemBackend

MESSAGE = WhatsAppMessage(
    to="+919876543210",
    template="payment_confirmed",
    language="en",
    parameters=("Asha Rao", "₹4,999", "Python", "ENR-7K2M9Q", "https://example.in/dashboard"),
)
URL = "https://graph.facebook.com/v21.0/106540352242922/messages"
ACCEPTED = {
    "messaging_product": "whatsapp",
    "contacts": [{"input": "919876543210", "wa_id": "919876543210"}],
    "messages": [{"id": "wamid.HBgMOTE5ODc2NTQzMjEwFQIAERgSQzVGQkE0NUE2NTdCRjlCQzcyAA=="}],
}


@pytest.fixture
def cloud(settings) -> CloudBackend:
    settings.WHATSAPP_PHONE_NUMBER_ID = "106540352242922"
    settings.WHATSAPP_TOKEN = "EAAtoken"
    settings.WHATSAPP_API_VERSION = "v21.0"
    settings.WHATSAPP_HTTP_RETRIES = 2
    return CloudBackend(backoff=0)


def graph_error(code: int, message: str, details: str = "") -> dict:
    error: dict = {"message": message, "type": "OAuthException", "code": code}
    if details:
        error["error_data"] = {"messaging_product": "whatsapp", "details": details}
    error["fbtrace_id"] = "AbCdEf"
    return {"error": error}


def test_it_names_backends_by_short_name_or_dotted_path(settings) -> None:
    assert whatsapp_backend_path("cloud") == "core.whatsapp.backends.cloud.CloudBackend"
    settings.WHATSAPP_BACKEND = "console"
    assert isinstance(whatsapp_backend(), ConsoleBackend)
    settings.WHATSAPP_BACKEND = "core.whatsapp.backends.locmem.LocmemBackend"
    assert isinstance(whatsapp_backend(), LocmemBackend)


def test_the_console_backend_writes_the_products_line(caplog) -> None:
    with caplog.at_level(logging.INFO, logger="core.whatsapp.console"):
        ConsoleBackend().send(
            WhatsAppMessage(to="+919876543210", template="task_opened", parameters=("Asha", "2"))
        )
    lines = [r.getMessage() for r in caplog.records if r.name == "core.whatsapp.console"]
    assert lines == ["WhatsApp to +919876543210: task_opened Asha | 2"]
    logger = logging.getLogger("core.whatsapp.console")
    assert logger.level == logging.INFO and not logger.propagate
    assert any(isinstance(h, logging.StreamHandler) for h in logger.handlers)


def test_the_locmem_backend_keeps_an_outbox() -> None:
    assert LocmemBackend().send(MESSAGE) == "wamid.locmem-1"
    assert whatsapp.outbox == [MESSAGE]


@responses.activate
def test_cloud_posts_a_template_message_with_its_body_parameters(cloud: CloudBackend) -> None:
    responses.post(URL, json=ACCEPTED, status=200)
    assert cloud.send(MESSAGE) == ACCEPTED["messages"][0]["id"]
    request = responses.calls[0].request
    assert request.headers["Authorization"] == "Bearer EAAtoken"
    assert json.loads(request.body) == {
        "messaging_product": "whatsapp",
        "recipient_type": "individual",
        "to": "919876543210",
        "type": "template",
        "template": {
            "name": "payment_confirmed",
            "language": {"code": "en"},
            "components": [
                {
                    "type": "body",
                    "parameters": [{"type": "text", "text": p} for p in MESSAGE.parameters],
                }
            ],
        },
    }


@responses.activate
def test_cloud_reports_a_4xx_refusal_with_metas_reason(cloud: CloudBackend) -> None:
    responses.post(
        URL,
        json=graph_error(
            132001,
            "(#132001) Template name does not exist in the translation",
            "template name (payment_confirmed) does not exist in en",
        ),
        status=404,
    )
    with pytest.raises(
        WhatsAppRejected,
        match=r"WhatsApp refused the message \(404\): \(#132001\) Template name does not exist"
        r".* template name \(payment_confirmed\) does not exist in en \(code 132001\)",
    ):
        cloud.send(MESSAGE)
    assert len(responses.calls) == 1  # never retried


@responses.activate
def test_cloud_bad_token_is_a_refusal(cloud: CloudBackend) -> None:
    responses.post(
        URL, json=graph_error(190, "Error validating access token: Session has expired"), status=401
    )
    with pytest.raises(WhatsAppRejected, match=r"\(401\): Error validating access token.*code 190"):
        cloud.send(MESSAGE)


@responses.activate(registry=OrderedRegistry)
def test_cloud_retries_a_5xx_then_succeeds(cloud: CloudBackend) -> None:
    responses.post(URL, body="Bad gateway", status=502)
    responses.post(URL, json=graph_error(2, "Service temporarily unavailable"), status=503)
    responses.post(URL, json=ACCEPTED)
    assert cloud.send(MESSAGE).startswith("wamid.")
    assert len(responses.calls) == 3


@responses.activate(registry=OrderedRegistry)
def test_cloud_gives_up_on_repeated_5xx_as_a_temporary_error(cloud: CloudBackend) -> None:
    for _ in range(3):
        responses.post(URL, json=graph_error(1, "An unknown error occurred"), status=500)
    with pytest.raises(WhatsAppTemporaryError, match="WhatsApp answered 500: An unknown error"):
        cloud.send(MESSAGE)
    assert len(responses.calls) == 3  # the first try and WHATSAPP_HTTP_RETRIES more


@responses.activate
def test_cloud_rate_limit_and_timeout_are_temporary(cloud: CloudBackend) -> None:
    responses.post(URL, json=graph_error(130429, "Rate limit hit"), status=429)
    with pytest.raises(WhatsAppTemporaryError, match="429"):
        cloud.send(MESSAGE)
    responses.replace(responses.POST, URL, body=requests.ReadTimeout("read timed out"))
    with pytest.raises(WhatsAppTemporaryError, match="did not answer within 10 seconds"):
        cloud.send(MESSAGE)


@responses.activate
def test_cloud_answer_without_a_message_id_is_a_refusal(cloud: CloudBackend) -> None:
    responses.post(URL, json={"messaging_product": "whatsapp"})
    with pytest.raises(WhatsAppRejected, match="without a message id"):
        cloud.send(MESSAGE)


def test_cloud_needs_its_settings(settings) -> None:
    settings.WHATSAPP_TOKEN = ""
    with pytest.raises(ImproperlyConfigured, match="WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_TOKEN"):
        CloudBackend()
