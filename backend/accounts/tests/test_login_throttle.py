from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any
from unittest import mock

import pytest
import time_machine
from axes.models import AccessAttempt
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import Permission
from django.core.exceptions import PermissionDenied
from django.test import Client, RequestFactory

from accounts.backends import LoginThrottleBackend
from accounts.models import User
from core.models import OutboundSMS
from core.tests.base import LEARNER, PASSWORD
from core.tests.sms import last_code

pytestmark = pytest.mark.django_db

# A quarter past: a 15-minute window starts here, so waits read in whole windows.
WINDOW_START = datetime(2026, 11, 24, 10, 15, tzinfo=UTC)


def login(client: Client, password: str, phone: str = LEARNER.phone, ip: str = "203.0.113.5"):
    return client.post(
        "/api/auth/login",
        json.dumps({"phone": phone, "password": password}),
        content_type="application/json",
        REMOTE_ADDR=ip,
    )


def admin_login(client: Client, password: str, phone: str = LEARNER.phone, ip: str = "203.0.113.5"):
    return client.post(
        "/admin/login/?next=/admin/",
        {"username": phone, "password": password},
        REMOTE_ADDR=ip,
    )


@time_machine.travel(WINDOW_START, tick=False)
def test_it_locks_the_phone_for_the_address_that_failed(settings, learner: User) -> None:
    settings.LOGIN_FAILURES_PER_PHONE_AND_IP = "3/15m"
    client = Client()
    for _ in range(3):
        assert login(client, "wrong-pass").status_code == 401
    refused = login(client, PASSWORD)
    assert refused.status_code == 429
    body = refused.json()
    assert body["message"] == "Too many attempts. Try again in 15 minutes."
    assert int(refused["Retry-After"]) == body["extra"]["retry_after"] > 0


@time_machine.travel(WINDOW_START, tick=False)
def test_its_refusal_is_the_api_envelope_from_the_apis_one_handler(settings, learner: User) -> None:
    """Issue 30.1: the lockout's 429 is LoginLocked, rendered by the exception handler every
    API refusal goes through (accounts.lockout no longer writes its own JSON)."""
    settings.LOGIN_FAILURES_PER_PHONE_AND_IP = "2/15m"
    client = Client()
    wrong = login(client, "wrong-pass")
    login(client, "wrong-pass")

    refused = login(client, PASSWORD)

    assert refused.status_code == 429
    assert refused.json() == {
        "message": "Too many attempts. Try again in 15 minutes.",
        "extra": {"retry_after": 900},
    }
    assert refused["Retry-After"] == "900"
    assert refused["Content-Type"] == wrong["Content-Type"] == "application/json; charset=utf-8"


def test_it_never_refuses_the_right_password_from_an_address_that_has_not_failed(
    settings, learner: User
) -> None:
    """Issue 15.3: five wrong passwords from anywhere used to lock the owner out."""
    settings.LOGIN_FAILURES_PER_PHONE_AND_IP = "3/15m"
    settings.LOGIN_FAILURES_PER_PHONE = "4/15m"
    attacker = Client()
    for index in range(10):
        login(attacker, "wrong-pass", ip=f"198.51.100.{index % 2}")

    assert login(Client(), PASSWORD, ip="192.0.2.10").status_code == 200


def test_the_phones_ceiling_refuses_every_address_that_has_failed_for_it(
    settings, learner: User
) -> None:
    settings.LOGIN_FAILURES_PER_PHONE_AND_IP = "5/15m"
    settings.LOGIN_FAILURES_PER_PHONE = "3/15m"
    for index in range(3):
        assert login(Client(), "wrong-pass", ip=f"198.51.100.{index}").status_code == 401

    # Each address that failed is refused, even with the right password, ...
    assert login(Client(), PASSWORD, ip="198.51.100.0").status_code == 429
    # ... a new one still gets its try, and a second one (a typo's grace), then no more.
    assert login(Client(), "wrong-pass", ip="198.51.100.9").status_code == 401
    assert login(Client(), "wrong-pass", ip="198.51.100.9").status_code == 401
    assert login(Client(), "wrong-pass", ip="198.51.100.9").status_code == 429


def guessers_reach_the_phones_ceiling(failed_already: int = 0) -> None:
    """Wrong passwords from 10 addresses up to the phone's ceiling (the defaults: 5 per
    pair, 50 per phone)."""
    for attempt in range(50 - failed_already):
        assert login(Client(), "wrong-pass", ip=f"198.51.100.{attempt % 10}").status_code == 401


@time_machine.travel(WINDOW_START, tick=False)
def test_a_typo_from_a_new_address_does_not_lock_the_owner_out(learner: User) -> None:
    """Issue 28.7: after a distributed guessing run, one typo from a new address locked
    the owner out for 14 minutes."""
    guessers_reach_the_phones_ceiling()
    # The ceiling holds for the addresses that guessed, right password or not.
    assert login(Client(), PASSWORD, ip="198.51.100.3").status_code == 429
    # The owner, from an address that had not failed for the phone, mistypes once...
    assert login(Client(), "a-typo", ip="192.0.2.10").status_code == 401
    # ...and the next, right, password gets in.
    assert login(Client(), PASSWORD, ip="192.0.2.10").status_code == 200


@time_machine.travel(WINDOW_START, tick=False)
def test_the_owner_refused_by_the_ceiling_recovers_by_a_code(learner: User) -> None:
    home = "192.0.2.20"
    # The owner's own address failed once before the guessing run: one of the addresses
    # that failed for the phone before its ceiling, so refused with the right password.
    assert login(Client(), "a-typo", ip=home).status_code == 401
    guessers_reach_the_phones_ceiling(failed_already=1)
    assert login(Client(), PASSWORD, ip=home).status_code == 429
    # A password reset by the code sent to the phone, from that address, lets it in.
    owner = Client(REMOTE_ADDR=home)
    asked = owner.post(
        "/api/auth/password-reset",
        json.dumps({"phone": LEARNER.phone}),
        content_type="application/json",
    )
    assert asked.status_code == 202
    new_password = "a-fresh-start-2026"
    reset = owner.post(
        "/api/auth/password-reset/confirm",
        json.dumps(
            {"phone": LEARNER.phone, "code": last_code(LEARNER.phone), "new_password": new_password}
        ),
        content_type="application/json",
    )
    assert reset.status_code == 200
    assert login(owner, new_password, ip=home).status_code == 200
    # The guessers stay refused.
    assert login(Client(), new_password, ip="198.51.100.3").status_code == 429


def test_it_refuses_an_address_that_fails_for_many_phones(settings, learner: User) -> None:
    settings.LOGIN_FAILURES_PER_IP = "2/15m"
    client = Client()
    assert login(client, "x-wrong", phone="9000000001").status_code == 401
    assert login(client, "x-wrong", phone="9000000002").status_code == 401
    # A new phone from that address is refused too, right password or not...
    assert login(client, "x-wrong", phone="9000000003").status_code == 429
    assert login(client, PASSWORD).status_code == 429
    # ...while the owner, from an address that has not failed, logs in.
    assert login(client, PASSWORD, ip="192.0.2.77").status_code == 200


def test_a_success_clears_the_pairs_count(settings, learner: User) -> None:
    settings.LOGIN_FAILURES_PER_PHONE_AND_IP = "2/15m"
    client = Client()
    assert login(client, "wrong-pass").status_code == 401
    assert login(client, PASSWORD).status_code == 200
    assert login(client, "wrong-pass").status_code == 401
    assert login(client, PASSWORD).status_code == 200


@time_machine.travel(WINDOW_START, tick=False)
def test_the_admin_login_is_throttled_and_shares_the_count(settings, learner: User) -> None:
    """Issue 15.2: /admin/login/ had no throttling of its own."""
    settings.LOGIN_FAILURES_PER_PHONE_AND_IP = "3/15m"
    client = Client()
    assert admin_login(client, "wrong-1").status_code == 200  # the form again, with an error
    assert login(client, "wrong-2").status_code == 401
    assert admin_login(client, "wrong-3").status_code == 200
    refused = admin_login(client, PASSWORD)
    assert refused.status_code == 429
    assert "Too many attempts. Try again in 15 minutes." in refused.content.decode()
    assert login(client, PASSWORD).status_code == 429


def test_an_ipv6_client_is_counted_by_its_64(settings, learner: User) -> None:
    settings.LOGIN_FAILURES_PER_PHONE_AND_IP = "2/15m"
    assert login(Client(), "wrong-pass", ip="2001:db8:1:2::1").status_code == 401
    assert login(Client(), "wrong-pass", ip="2001:db8:1:2:ffff::9").status_code == 401
    assert login(Client(), PASSWORD, ip="2001:db8:1:2::abcd").status_code == 429
    assert login(Client(), PASSWORD, ip="2001:db8:1:3::1").status_code == 200


def test_staff_see_and_clear_a_lockout_in_the_admin(settings, learner: User, staff: User) -> None:
    staff.user_permissions.add(
        *Permission.objects.filter(
            content_type__app_label="axes",
            codename__in=["view_accessattempt", "delete_accessattempt"],
        )
    )
    staff_client = Client()
    staff_client.force_login(staff)
    settings.LOGIN_FAILURES_PER_PHONE_AND_IP = "2/15m"
    client = Client()
    login(client, "wrong-pass")
    login(client, "wrong-pass")
    assert login(client, PASSWORD).status_code == 429
    attempt = AccessAttempt.objects.get(username=learner.phone)
    page = staff_client.get("/admin/axes/accessattempt/")
    assert page.status_code == 200 and learner.phone in page.content.decode()

    staff_client.post(
        "/admin/axes/accessattempt/",
        {"action": "delete_selected", ACTION_CHECKBOX_NAME: [attempt.pk], "post": "yes"},
    )

    assert not AccessAttempt.objects.exists()
    assert login(client, PASSWORD).status_code == 200


def test_parallel_wrong_logins_get_no_more_checks_than_the_limit(settings, learner: User) -> None:
    """Issue 15.3: 20 parallel wrong logins got 6 password checks; the attempt is now
    counted before the password is checked."""
    settings.LOGIN_FAILURES_PER_PHONE_AND_IP = "5/15m"
    request = RequestFactory().post("/api/auth/login", REMOTE_ADDR="203.0.113.5")
    checked = 0
    real_check = ModelBackend.authenticate

    def counting_check(self: ModelBackend, *args: Any, **kwargs: Any) -> Any:
        nonlocal checked
        checked += 1
        return real_check(self, *args, **kwargs)

    with mock.patch.object(ModelBackend, "authenticate", counting_check):
        for _ in range(20):
            # No failure is recorded in between: as 20 requests in flight at once.
            try:
                LoginThrottleBackend().authenticate(request, username=learner.phone, password="x")
            except PermissionDenied:
                continue
            ModelBackend().authenticate(request, username=learner.phone, password="x")

    assert checked == 5


def test_it_limits_signups_per_ip(settings) -> None:
    settings.RATE_LIMIT_SIGNUP = "1/h"
    client = Client()
    payload = {"name": "A", "phone": "9000000011", "password": "good-long-pass"}
    ok = client.post("/api/auth/signup", json.dumps(payload), content_type="application/json")
    assert ok.status_code == 202
    payload["phone"] = "9000000012"
    again = client.post("/api/auth/signup", json.dumps(payload), content_type="application/json")
    assert again.status_code == 429
    # One code, for the sign-up that was let through.
    assert [m.to for m in OutboundSMS.objects.all()] == ["+919000000011"]
