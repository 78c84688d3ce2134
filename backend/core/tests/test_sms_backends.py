"""The SMS backends against the providers' documented requests and answers (recorded
HTTP with `responses`; the network is never used)."""

from __future__ import annotations

import json
import logging
from urllib.parse import parse_qs

import pytest
import requests
import responses
from django.core.exceptions import ImproperlyConfigured
from responses.registries import OrderedRegistry

from core import sms
from core.sms import sms_backend, sms_backend_path
from core.sms.backends.base import SmsMessage, SmsRejected, SmsTemporaryError
from core.sms.backends.console import ConsoleBackend
from core.sms.backends.locmem import LocmemBackend
from core.sms.backends.msg91 import Msg91Backend
from core.sms.backends.twilio import TwilioBackend

MESSAGE = SmsMessage(
    to="+919876543210",
    text="123456 is your code to reset your password.\nDo not share it.",
    variables={"otp": "123456"},
)
MSG91_URL = "https://control.msg91.com/api/v5/flow"
TWILIO_URL = "https://api.twilio.com/2010-04-01/Accounts/AC123/Messages.json"


@pytest.fixture
def msg91(settings) -> Msg91Backend:
    settings.MSG91_AUTH_KEY = "auth-key-1"
    settings.MSG91_TEMPLATE_ID = "tmpl-otp"
    settings.MSG91_SENDER_ID = "SITEIN"
    settings.SMS_HTTP_RETRIES = 2
    return Msg91Backend(backoff=0)


@pytest.fixture
def twilio(settings) -> TwilioBackend:
    settings.TWILIO_ACCOUNT_SID = "AC123"
    settings.TWILIO_AUTH_TOKEN = "token-1"
    settings.TWILIO_FROM = "+15005550006"
    settings.SMS_HTTP_RETRIES = 2
    return TwilioBackend(backoff=0)


def test_it_names_backends_by_short_name_or_dotted_path(settings) -> None:
    assert sms_backend_path("msg91") == "core.sms.backends.msg91.Msg91Backend"
    assert sms_backend_path("core.sms.backends.locmem.LocmemBackend").endswith("LocmemBackend")
    settings.SMS_BACKEND = "console"
    assert isinstance(sms_backend(), ConsoleBackend)
    settings.SMS_BACKEND = "core.sms.backends.locmem.LocmemBackend"
    assert isinstance(sms_backend(), LocmemBackend)


def test_the_console_backend_writes_one_line_to_a_flushing_handler(caplog) -> None:
    with caplog.at_level(logging.INFO, logger="core.sms.console"):
        ConsoleBackend().send(MESSAGE)
    lines = [r.getMessage() for r in caplog.records if r.name == "core.sms.console"]
    assert lines == [
        "SMS to +919876543210: 123456 is your code to reset your password. Do not share it."
    ]
    # settings.LOGGING gives it a stream handler of its own (flushed after every record,
    # so a file or a pipe has the line at once), whatever LOG_LEVEL says.
    logger = logging.getLogger("core.sms.console")
    assert logger.level == logging.INFO and not logger.propagate
    assert any(isinstance(h, logging.StreamHandler) for h in logger.handlers)


def test_the_locmem_backend_keeps_an_outbox() -> None:
    LocmemBackend().send(MESSAGE)
    assert sms.outbox == [MESSAGE]


# --- MSG91 --------------------------------------------------------------------------------
@responses.activate
def test_msg91_sends_the_flow_request_with_the_template(msg91: Msg91Backend) -> None:
    responses.post(
        MSG91_URL, json={"type": "success", "message": "3763646c3058373530393832"}, status=200
    )
    assert msg91.send(MESSAGE) == "3763646c3058373530393832"
    call = responses.calls[0]
    assert call.request.headers["authkey"] == "auth-key-1"
    assert json.loads(call.request.body) == {
        "template_id": "tmpl-otp",
        "short_url": "0",
        "sender": "SITEIN",
        "recipients": [{"mobiles": "919876543210", "otp": "123456"}],
    }


@responses.activate
def test_msg91_reports_a_4xx_refusal_clearly(msg91: Msg91Backend) -> None:
    responses.post(
        MSG91_URL, json={"type": "error", "message": "Authentication failure"}, status=401
    )
    with pytest.raises(SmsRejected, match="MSG91 refused the message \\(401\\): Authentication"):
        msg91.send(MESSAGE)
    assert len(responses.calls) == 1  # never retried


@responses.activate
def test_msg91_reads_an_error_answered_with_200(msg91: Msg91Backend) -> None:
    responses.post(MSG91_URL, json={"type": "error", "message": "Invalid template id"})
    with pytest.raises(SmsRejected, match="Invalid template id"):
        msg91.send(MESSAGE)


@responses.activate(registry=OrderedRegistry)
def test_msg91_retries_a_5xx_then_succeeds(msg91: Msg91Backend) -> None:
    responses.post(MSG91_URL, body="Bad gateway", status=502)
    responses.post(MSG91_URL, json={"type": "error", "message": "busy"}, status=503)
    responses.post(MSG91_URL, json={"type": "success", "message": "req-2"})
    assert msg91.send(MESSAGE) == "req-2"
    assert len(responses.calls) == 3


@responses.activate(registry=OrderedRegistry)
def test_msg91_gives_up_on_repeated_5xx_as_a_temporary_error(msg91: Msg91Backend) -> None:
    for _ in range(3):
        responses.post(MSG91_URL, body="down", status=500)
    with pytest.raises(SmsTemporaryError, match="MSG91 answered 500"):
        msg91.send(MESSAGE)
    assert len(responses.calls) == 3  # the first try and SMS_HTTP_RETRIES more


@responses.activate
def test_msg91_timeout_is_a_temporary_error(msg91: Msg91Backend, settings) -> None:
    responses.post(MSG91_URL, body=requests.ReadTimeout("read timed out"))
    with pytest.raises(SmsTemporaryError, match="did not answer within 10 seconds"):
        msg91.send(MESSAGE)


def test_msg91_needs_its_settings(settings) -> None:
    settings.MSG91_AUTH_KEY = ""
    with pytest.raises(ImproperlyConfigured, match="MSG91_AUTH_KEY"):
        Msg91Backend()


# --- Twilio -------------------------------------------------------------------------------
TWILIO_CREATED = {
    "sid": "SM1f0e8ae6ade43cb3c0ce4525424e404f",
    "status": "queued",
    "to": "+919876543210",
    "from": "+15005550006",
    "body": MESSAGE.text,
    "error_code": None,
}


@responses.activate
def test_twilio_posts_the_message_with_basic_auth(twilio: TwilioBackend) -> None:
    responses.post(TWILIO_URL, json=TWILIO_CREATED, status=201)
    assert twilio.send(MESSAGE) == "SM1f0e8ae6ade43cb3c0ce4525424e404f"
    request = responses.calls[0].request
    assert request.headers["Authorization"].startswith("Basic ")
    assert parse_qs(request.body) == {
        "To": ["+919876543210"],
        "Body": [MESSAGE.text],
        "From": ["+15005550006"],
    }


@responses.activate
def test_twilio_sends_through_a_messaging_service(twilio: TwilioBackend, settings) -> None:
    settings.TWILIO_FROM = "MG9752274e9e519418a7406176694466fa"
    responses.post(TWILIO_URL, json=TWILIO_CREATED, status=201)
    twilio.send(MESSAGE)
    form = parse_qs(responses.calls[0].request.body)
    assert form["MessagingServiceSid"] == ["MG9752274e9e519418a7406176694466fa"]
    assert "From" not in form


@responses.activate
def test_twilio_reports_a_4xx_with_its_code(twilio: TwilioBackend) -> None:
    responses.post(
        TWILIO_URL,
        json={
            "code": 21211,
            "message": "The 'To' number +919876543210 is not a valid phone number.",
            "more_info": "https://www.twilio.com/docs/errors/21211",
            "status": 400,
        },
        status=400,
    )
    with pytest.raises(SmsRejected, match=r"not a valid phone number\. \(code 21211\)"):
        twilio.send(MESSAGE)
    assert len(responses.calls) == 1


@responses.activate
def test_twilio_bad_credentials_are_a_refusal(twilio: TwilioBackend) -> None:
    responses.post(
        TWILIO_URL,
        json={"code": 20003, "message": "Authenticate", "status": 401},
        status=401,
    )
    with pytest.raises(SmsRejected, match="\\(401\\): Authenticate \\(code 20003\\)"):
        twilio.send(MESSAGE)


@responses.activate(registry=OrderedRegistry)
def test_twilio_retries_a_5xx(twilio: TwilioBackend) -> None:
    responses.post(TWILIO_URL, json={"code": 20500, "message": "Internal"}, status=500)
    responses.post(TWILIO_URL, json=TWILIO_CREATED, status=201)
    assert twilio.send(MESSAGE).startswith("SM")
    assert len(responses.calls) == 2


@responses.activate
def test_twilio_too_many_requests_is_temporary(twilio: TwilioBackend) -> None:
    responses.post(TWILIO_URL, json={"code": 20429, "message": "Too Many Requests"}, status=429)
    with pytest.raises(SmsTemporaryError, match="429"):
        twilio.send(MESSAGE)


@responses.activate
def test_twilio_timeout_and_no_connection_are_temporary(twilio: TwilioBackend) -> None:
    responses.post(TWILIO_URL, body=requests.ConnectTimeout("connect timed out"))
    with pytest.raises(SmsTemporaryError, match="did not answer"):
        twilio.send(MESSAGE)
    responses.replace(responses.POST, TWILIO_URL, body=requests.ConnectionError("refused"))
    with pytest.raises(SmsTemporaryError, match="could not be reached"):
        twilio.send(MESSAGE)


def test_twilio_needs_its_settings(settings) -> None:
    settings.TWILIO_ACCOUNT_SID = ""
    with pytest.raises(ImproperlyConfigured, match="TWILIO_ACCOUNT_SID"):
        TwilioBackend()
