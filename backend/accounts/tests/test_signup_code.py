"""Sign-up confirms the phone by a code (docs/product.md 15): POST /signup, /signup/resend,
/signup/verify. The linking of earlier enrolments is in selfservice/tests."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import Client

from accounts.models import OneTimeCode, User
from core import sms
from core.models import OutboundSMS
from core.tests.base import LEARNER
from core.tests.pages import visitor
from core.tests.sms import last_code, sms_deliver

pytestmark = pytest.mark.django_db

PHONE = "+919876543210"
NOW = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)
FORM = {"name": "Meera Nair", "phone": "98765 43210", "password": "a-good-long-pass"}


def post(client: Client, path: str, data: dict, **extra):
    return client.post(path, json.dumps(data), content_type="application/json", **extra)


def signup(client: Client, **overrides):
    return post(client, "/api/auth/signup", {**FORM, **overrides})


def verify(client: Client, code: str, phone: str = "98765 43210"):
    return post(client, "/api/auth/signup/verify", {"phone": phone, "code": code})


def resend(client: Client, phone: str = "98765 43210"):
    return post(client, "/api/auth/signup/resend", {"phone": phone})


def wrong(code: str) -> str:
    return f"{(int(code) + 1) % 10**6:06d}"


def code_error(response) -> str:
    assert response.status_code == 422, response.content
    return response.json()["extra"]["fields"]["code"]


def test_the_sms_carries_the_code_as_six_digits(client: Client) -> None:
    signup(client)
    (message,) = sms_deliver()
    assert message.to == PHONE
    assert message.text.startswith(f"{message.variables['otp']} is your code to confirm")
    assert "expires in 10 minutes" in message.text


def test_no_code_is_sent_for_a_form_that_fails_its_checks(client: Client, learner: User) -> None:
    assert signup(client, password="short").status_code == 422
    taken = signup(client, phone=LEARNER.phone)
    assert taken.status_code == 409
    assert taken.json()["extra"]["login_url"] == "/login"
    assert not OutboundSMS.objects.exists() and not OneTimeCode.objects.exists()


@time_machine.travel(NOW, tick=False)
def test_a_wrong_code_says_how_many_tries_are_left_and_creates_nothing(client: Client) -> None:
    signup(client)
    code = last_code(PHONE)
    assert code_error(verify(client, wrong(code))) == "Incorrect code. 4 tries left."
    assert not User.objects.exists()
    assert verify(client, code).status_code == 201


@time_machine.travel(NOW, tick=False)
def test_five_wrong_codes_void_it(client: Client) -> None:
    signup(client)
    code = last_code(PHONE)
    for _ in range(4):
        verify(client, wrong(code))
    assert code_error(verify(client, wrong(code))) == "Too many wrong codes. Ask for a new one."
    assert code_error(verify(client, code)) == "Too many wrong codes. Ask for a new one."
    # A new code can be asked for at once, and works.
    assert resend(client).status_code == 202
    assert verify(client, last_code(PHONE)).status_code == 201


def test_a_strangers_wrong_codes_never_void_the_owners(settings) -> None:
    """Issue 40.3: a stranger with a sign-up of its own for the phone voided the owner's
    code with five wrong entries, again and again until the phone's codes ran out."""
    settings.RATE_LIMIT_OTP_CHECK = "100/h"
    stranger = Client(REMOTE_ADDR="198.51.100.66")
    owner = Client(REMOTE_ADDR="203.0.113.5")
    with time_machine.travel(NOW, tick=False):
        assert signup(stranger).status_code == 202
    with time_machine.travel(NOW + timedelta(seconds=61), tick=False):
        assert signup(owner).status_code == 202
        code = last_code(PHONE)
        for _ in range(5):
            verify(stranger, wrong(code))
        assert code_error(verify(stranger, code)) == "Too many wrong codes. Ask for a new one."
        assert verify(owner, code).status_code == 201
    assert User.objects.get().phone == PHONE


@time_machine.travel(NOW, tick=False)
def test_an_expired_code_is_refused(client: Client) -> None:
    signup(client)
    code = last_code(PHONE)
    with time_machine.travel(NOW + timedelta(minutes=10, seconds=1), tick=False):
        assert code_error(verify(client, code)) == "This code has expired. Ask for a new one."
    assert not User.objects.exists()


@time_machine.travel(NOW, tick=False)
def test_a_new_code_only_after_sixty_seconds(client: Client) -> None:
    signup(client)
    with time_machine.travel(NOW + timedelta(seconds=18), tick=False):
        refused = resend(client)
    assert refused.status_code == 429
    assert refused.json() == {
        "message": "You can ask for a new code in 42 seconds.",
        "extra": {"retry_after": 42},
    }
    assert refused["Retry-After"] == "42"
    with time_machine.travel(NOW + timedelta(seconds=60), tick=False):
        again = resend(client)
        assert again.status_code == 202
        assert again.json()["resend_after"] == 60
        assert len(sms_deliver()) == 2
        assert verify(client, last_code(PHONE)).status_code == 201


@time_machine.travel(NOW, tick=False)
def test_at_most_five_codes_a_day(client: Client) -> None:
    signup(client)
    for n in range(1, 5):
        with time_machine.travel(NOW + timedelta(minutes=n), tick=False):
            assert resend(client).status_code == 202
    with time_machine.travel(NOW + timedelta(minutes=6), tick=False):
        refused = resend(client)
    assert refused.status_code == 429
    assert refused.json()["message"] == "Too many codes today for this phone. Try again tomorrow."


@time_machine.travel(NOW, tick=False)
def test_sending_the_form_again_keeps_the_code_and_takes_the_new_details(client: Client) -> None:
    signup(client)
    code = last_code(PHONE)
    again = signup(client, name="Meera N", password="another-good-pass")
    assert again.status_code == 202
    assert again.json()["resend_after"] == 60
    assert len(sms_deliver()) == 1
    assert verify(client, code).status_code == 201
    user = User.objects.get()
    assert user.name == "Meera N" and user.check_password("another-good-pass")


def test_nothing_pending_means_start_again(client: Client) -> None:
    for response in (verify(client, "123456"), resend(client)):
        assert response.status_code == 404
        assert response.json() == {
            "message": "Start again: fill in the sign-up form.",
            "extra": {
                "reason": "no_pending_signup",
                "fields": {"code": "Start again: fill in the sign-up form."},
            },
        }


def test_another_browser_cannot_finish_someone_elses_sign_up(client: Client) -> None:
    """Someone who types another person's phone never gets the code; and the owner's
    code, even if it leaked, only finishes the sign-up of the browser that sent the form."""
    signup(client)
    code = last_code(PHONE)
    stranger = Client()
    assert verify(stranger, code).status_code == 404
    assert not User.objects.exists()
    assert verify(client, code).status_code == 201


def test_a_stranger_starting_over_cannot_take_the_account(client: Client) -> None:
    signup(client)  # the phone's owner
    owner_code = last_code(PHONE)
    stranger = Client()
    # The stranger's own sign-up with the owner's phone waits for the 60 seconds...
    assert signup(stranger, name="Intruder", password="intruder-pass-1").status_code == 429
    # ...and the owner finishes with their own details.
    assert verify(client, owner_code).status_code == 201
    assert User.objects.get().name == "Meera Nair"


def test_a_phone_that_got_an_account_meanwhile_is_refused(client: Client) -> None:
    signup(client)
    code = last_code(PHONE)
    LEARNER.create()  # e.g. staff made the account in the admin
    response = verify(client, code)
    assert response.status_code == 409
    assert User.objects.count() == 1


def test_it_logs_the_new_account_in_on_a_new_session_key(client: Client) -> None:
    signup(client)
    before = client.session.session_key
    assert visitor(client) is None
    assert verify(client, last_code(PHONE)).status_code == 201
    # Logged in at once (no second login), on a rotated session key (no fixation).
    me = visitor(client)
    assert me is not None
    assert me["phone"] == PHONE
    assert client.session.session_key != before


def test_a_wrong_code_logs_nobody_in(client: Client) -> None:
    signup(client)
    verify(client, wrong(last_code(PHONE)))
    assert visitor(client) is None


def test_the_code_works_once(client: Client) -> None:
    signup(client)
    code = last_code(PHONE)
    assert verify(client, code).status_code == 201
    assert verify(client, code).status_code == 404  # the sign-up is done


def test_code_entries_are_limited_per_client(client: Client, settings) -> None:
    settings.RATE_LIMIT_OTP_CHECK = "2/h"
    signup(client)
    code = last_code(PHONE)
    verify(client, wrong(code))
    verify(client, wrong(code))
    refused = verify(client, code)
    assert refused.status_code == 429
    assert refused.json()["message"].startswith("Too many codes entered from your network.")


def test_the_code_field_is_required(client: Client) -> None:
    signup(client)
    response = post(client, "/api/auth/signup/verify", {"phone": "98765 43210"})
    assert response.status_code == 422
    assert "code" in response.json()["extra"]["fields"]


def test_staff_made_and_existing_accounts_log_in_without_a_code(client: Client) -> None:
    user = User.objects.create_superuser(phone="98000 11122", name="Boss", password="boss-pass-77")
    assert user.phone_confirmed_at is None
    response = post(client, "/api/auth/login", {"phone": "98000 11122", "password": "boss-pass-77"})
    assert response.status_code == 200
    assert response.json()["user"]["phone_confirmed"] is False
    assert sms.outbox == []
