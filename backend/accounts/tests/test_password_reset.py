"""Forgotten password (docs/product.md 15): a code by SMS, a link by email, the same answers
whether or not the phone has an account, every session ended."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlparse

import pytest
import time_machine
from django.test import Client

from accounts.models import OneTimeCode, User
from core import sms
from core.models import OutboundSMS
from core.tests.base import LEARNER, PASSWORD
from core.tests.mail import queued_about
from core.tests.pages import visitor
from core.tests.sms import last_code, sms_deliver

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)
NEW_PASSWORD = "a-brand-new-pass-42"
NOBODY = "+919811122233"
SENT = "If an account has this phone, we sent it a code."


def post(client: Client, path: str, data: dict):
    return client.post(path, json.dumps(data), content_type="application/json")


def ask(client: Client, phone: str):
    return post(client, "/api/auth/password-reset", {"phone": phone})


def confirm(client: Client, **data):
    return post(client, "/api/auth/password-reset/confirm", {"new_password": NEW_PASSWORD, **data})


def fields(response) -> dict:
    assert response.status_code == 422, response.content
    return response.json()["extra"]["fields"]


def test_the_answer_is_the_same_with_or_without_an_account(client: Client, learner: User) -> None:
    with_account = ask(client, "98765 43210")
    without = ask(client, NOBODY)
    assert with_account.status_code == without.status_code == 202
    assert with_account.json() == {
        "message": SENT,
        "phone": LEARNER.phone,
        "expires_in": 600,
        "resend_after": 60,
    }
    assert without.json() == {**with_account.json(), "phone": NOBODY}
    # Only the account's phone gets a text, and its email the link.
    assert [m.to for m in sms_deliver()] == [LEARNER.phone]
    assert "reset your password" in sms.outbox[0].text
    (email,) = queued_about("account.password_reset")
    assert email.to == [LEARNER.email]


@time_machine.travel(NOW, tick=False)
def test_the_waits_and_caps_say_nothing_about_the_phone(client: Client, learner: User) -> None:
    ask(client, LEARNER.phone)
    ask(client, NOBODY)
    with time_machine.travel(NOW + timedelta(seconds=30), tick=False):
        a = ask(client, LEARNER.phone)
        b = ask(client, NOBODY)
    assert a.status_code == b.status_code == 429
    assert (
        a.json()
        == b.json()
        == {
            "message": "You can ask for a new code in 30 seconds.",
            "extra": {"retry_after": 30},
        }
    )


def test_a_badly_formed_phone_is_a_field_error(client: Client) -> None:
    assert "phone" in fields(ask(client, "12345"))
    assert not OneTimeCode.objects.exists()


def test_the_code_sets_a_new_password_and_ends_every_session(learner: User) -> None:
    laptop, phone_browser, anonymous = Client(), Client(), Client()
    laptop.force_login(learner)
    phone_browser.force_login(learner)
    ask(anonymous, LEARNER.phone)
    response = confirm(anonymous, phone=LEARNER.phone, code=last_code(LEARNER.phone))
    assert response.status_code == 200
    assert response.json() == {"message": "Password changed"}
    learner.refresh_from_db()
    assert learner.check_password(NEW_PASSWORD)
    assert learner.phone_confirmed_at is not None  # the code reached the phone
    for client in (laptop, phone_browser):
        assert visitor(client) is None
    login = post(anonymous, "/api/auth/login", {"phone": LEARNER.phone, "password": NEW_PASSWORD})
    assert login.status_code == 200


@time_machine.travel(NOW, tick=False)
def test_code_refusals_leave_the_password_alone(client: Client, learner: User) -> None:
    ask(client, LEARNER.phone)
    code = last_code(LEARNER.phone)
    wrong = f"{(int(code) + 1) % 10**6:06d}"
    assert fields(confirm(client, phone=LEARNER.phone, code=wrong)) == {
        "code": "Incorrect code. 4 tries left."
    }
    with time_machine.travel(NOW + timedelta(minutes=11), tick=False):
        assert fields(confirm(client, phone=LEARNER.phone, code=code)) == {
            "code": "This code has expired. Ask for a new one."
        }
    learner.refresh_from_db()
    assert learner.check_password(PASSWORD)


def test_the_new_password_meets_djangos_validators_and_the_code_stays_usable(
    client: Client, learner: User
) -> None:
    ask(client, LEARNER.phone)
    code = last_code(LEARNER.phone)
    numeric = confirm(client, phone=LEARNER.phone, code=code, new_password="24681357")
    assert "This password is entirely numeric." in fields(numeric)["new_password"]
    short = confirm(client, phone=LEARNER.phone, code=code, new_password="ab-1")
    assert fields(short) == {
        "new_password": "This password is too short. It must contain at least 8 characters."
    }
    similar = confirm(client, phone=LEARNER.phone, code=code, new_password="Asha Learner")
    assert "too similar" in fields(similar)["new_password"]
    assert confirm(client, phone=LEARNER.phone, code=code).status_code == 200


def test_a_phone_without_an_account_cannot_reset_anything(client: Client) -> None:
    ask(client, NOBODY)
    assert not OneTimeCode.objects.exists()  # issue 28.6: no code, nothing counted
    assert not OutboundSMS.objects.exists()
    assert "code" in fields(confirm(client, phone=NOBODY, code="123456"))


def test_resets_asked_for_a_phone_without_an_account_leave_its_sign_up_alone(
    client: Client, settings
) -> None:
    """Issue 28.6: five reset requests 61 s apart used up the phone's daily codes, so its
    owner could not sign up that day."""
    settings.RATE_LIMIT_SMS_PER_IP = "100/h"
    for n in range(6):
        with time_machine.travel(NOW + timedelta(seconds=61 * n), tick=False):
            ask(client, NOBODY)
    assert not OneTimeCode.objects.exists()
    with time_machine.travel(NOW + timedelta(minutes=10), tick=False):
        owner = Client()
        body = {"name": "Phone Owner", "phone": NOBODY, "password": "owner-long-pass-7"}
        assert post(owner, "/api/auth/signup", body).status_code == 202
        verify = post(
            owner, "/api/auth/signup/verify", {"phone": NOBODY, "code": last_code(NOBODY)}
        )
        assert verify.status_code == 201


def test_resets_asked_by_someone_else_leave_the_owners_recovery_alone(
    learner: User, settings
) -> None:
    settings.RATE_LIMIT_SMS_PER_IP = "100/h"
    attacker = Client(REMOTE_ADDR="198.51.100.66")
    for n in range(5):
        with time_machine.travel(NOW + timedelta(seconds=61 * n), tick=False):
            assert ask(attacker, LEARNER.phone).status_code == 202
    with time_machine.travel(NOW + timedelta(minutes=10), tick=False):
        assert ask(attacker, LEARNER.phone).status_code == 429  # the client over its cap
        owner = Client(REMOTE_ADDR="203.0.113.5")
        assert ask(owner, LEARNER.phone).status_code == 202
        assert confirm(owner, phone=LEARNER.phone, code=last_code(LEARNER.phone)).status_code == 200


def test_a_strangers_wrong_codes_leave_the_owners_reset_code_working(
    learner: User, settings
) -> None:
    """Issue 40.3: five wrong entries from anyone voided the owner's code."""
    settings.RATE_LIMIT_OTP_CHECK = "100/h"
    stranger = Client(REMOTE_ADDR="198.51.100.66")
    owner = Client(REMOTE_ADDR="203.0.113.5")
    with time_machine.travel(NOW, tick=False):
        assert ask(owner, LEARNER.phone).status_code == 202
        code = last_code(LEARNER.phone)
        wrong = f"{(int(code) + 1) % 10**6:06d}"
        for _ in range(5):
            confirm(stranger, phone=LEARNER.phone, code=wrong)
        assert fields(confirm(stranger, phone=LEARNER.phone, code=code)) == {
            "code": "Too many wrong codes. Ask for a new one."
        }
        assert confirm(owner, phone=LEARNER.phone, code=code).status_code == 200
    learner.refresh_from_db()
    assert learner.check_password(NEW_PASSWORD)


def test_the_client_over_its_own_limit_is_refused(client: Client, settings) -> None:
    settings.RATE_LIMIT_SMS_PER_IP = "2/h"
    with time_machine.travel(NOW, tick=False):
        assert ask(client, NOBODY).status_code == 202
        assert ask(client, "+919811122244").status_code == 202
        refused = ask(client, "+919811122255")
    assert refused.status_code == 429
    assert refused.json()["message"].startswith("Too many codes asked for from your network.")


def _link(learner: User, client: Client) -> dict[str, str]:
    ask(client, learner.phone)
    (email,) = queued_about("account.password_reset")
    url = re.search(r"https?://\S+", email.message).group(0)
    assert urlparse(url).path == "/forgot-password"
    query = parse_qs(urlparse(url).query)
    return {"uid": query["uid"][0], "token": query["token"][0]}


def test_the_emailed_link_sets_a_new_password_once(client: Client, learner: User) -> None:
    other_session = Client()
    other_session.force_login(learner)
    link = _link(learner, client)
    assert confirm(client, **link).status_code == 200
    learner.refresh_from_db()
    assert learner.check_password(NEW_PASSWORD)
    assert visitor(other_session) is None
    assert fields(confirm(client, **link, new_password="yet-another-pass-9")) == {
        "token": "This link has expired or was already used."
    }


def test_a_reset_by_the_link_ends_the_sms_code_of_the_same_request(
    client: Client, learner: User
) -> None:
    link = _link(learner, client)
    code = last_code(learner.phone)
    assert confirm(client, **link).status_code == 200

    refused = confirm(client, phone=learner.phone, code=code, new_password="yet-another-pass-9")

    assert refused.status_code == 422
    assert "code" in fields(refused)
    learner.refresh_from_db()
    assert learner.check_password(NEW_PASSWORD)


def test_a_reset_by_the_code_ends_the_emailed_link_of_the_same_request(
    client: Client, learner: User
) -> None:
    link = _link(learner, client)
    assert confirm(client, phone=learner.phone, code=last_code(learner.phone)).status_code == 200

    refused = confirm(client, **link, new_password="yet-another-pass-9")

    assert fields(refused) == {"token": "This link has expired or was already used."}


def test_a_forged_or_expired_link_is_refused(client: Client, learner: User, settings) -> None:
    link = _link(learner, client)
    expected = {"token": "This link has expired or was already used."}
    assert fields(confirm(client, uid=link["uid"], token="abc-def")) == expected
    assert fields(confirm(client, uid="!!", token=link["token"])) == expected
    assert fields(confirm(client, uid="", token=link["token"])) == expected
    with time_machine.travel(datetime.now(UTC) + timedelta(days=2)):
        assert fields(confirm(client, **link)) == expected
    learner.refresh_from_db()
    assert learner.check_password(PASSWORD)


def test_no_email_no_link(client: Client, learner: User) -> None:
    User.objects.filter(pk=learner.pk).update(email="")
    ask(client, LEARNER.phone)
    assert queued_about("account.password_reset") == []


def test_entries_are_limited_per_client(client: Client, learner: User, settings) -> None:
    settings.RATE_LIMIT_OTP_CHECK = "1/h"
    confirm(client, phone=LEARNER.phone, code="123456")
    refused = confirm(client, phone=LEARNER.phone, code="123456")
    assert refused.status_code == 429


def test_the_reset_email_greets_a_name_holding_template_syntax_as_typed(
    client: Client, learner: User
) -> None:
    User.objects.filter(pk=learner.pk).update(name="{{7|add:1}}")
    assert ask(client, LEARNER.phone).status_code == 202
    (email,) = queued_about("account.password_reset")
    assert email.message.startswith("Hello {{7|add:1}},")
