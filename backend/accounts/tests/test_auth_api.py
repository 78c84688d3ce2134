from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
import time_machine
from django.contrib.auth.models import Permission
from django.test import Client
from django.utils import timezone

from accounts.models import User
from core.models import OutboundSMS
from core.tests.base import LEARNER, PASSWORD, STAFF
from core.tests.pages import visitor
from core.tests.sms import last_code

pytestmark = pytest.mark.django_db


def post(client: Client, path: str, data: dict, **extra) -> object:
    return client.post(path, json.dumps(data), content_type="application/json", **extra)


def signup(client: Client, **overrides) -> object:
    data = {
        "name": "Meera Nair",
        "phone": "+91 98765-43210",
        "password": "a-good-long-pass",
        "email": "",
    }
    data.update(overrides)
    return post(client, "/api/auth/signup", data)


# The clock stands still: the wait reads 60 seconds however slow the machine is.
@time_machine.travel(datetime(2026, 11, 24, 10, 0, tzinfo=UTC), tick=False)
def test_it_signs_up_with_a_code_and_the_exact_message(client: Client) -> None:
    response = signup(client)
    assert response.status_code == 202
    assert response.json() == {
        "message": "We sent a 6-digit code to +91 98xxxxx210.",
        "phone": "+919876543210",
        "expires_in": 600,
        "resend_after": 60,
    }
    assert not User.objects.exists()
    response = post(
        client,
        "/api/auth/signup/verify",
        {"phone": "98765 43210", "code": last_code("+919876543210")},
    )
    assert response.status_code == 201
    assert response.json() == {"message": "Successfully signed up"}
    user = User.objects.get()
    assert user.phone == "+919876543210"
    assert user.name == "Meera Nair"
    assert user.referral_code == "IRCTP3210"
    assert user.password.startswith("argon2$argon2id$")
    assert user.check_password("a-good-long-pass")
    assert user.phone_confirmed_at is not None


def test_it_signs_up_in_one_step_without_phone_verification(client: Client, settings) -> None:
    settings.PHONE_VERIFICATION = False
    response = signup(client)
    assert response.status_code == 201
    assert response.json() == {"message": "Successfully signed up"}
    user = User.objects.get()
    assert user.phone == "+919876543210"
    assert user.referral_code == "IRCTP3210"
    assert user.password.startswith("argon2$argon2id$")
    assert user.phone_confirmed_at is None
    assert not OutboundSMS.objects.exists()
    # The new account is logged in at once.
    assert visitor(client)["phone"] == "+919876543210"


def test_it_refuses_an_existing_phone_and_leaves_the_account_alone(
    client: Client, learner: User
) -> None:
    old_hash = learner.password
    response = signup(client, phone="09876543210", name="Intruder", password="another-pass-99")
    assert response.status_code == 409
    body = response.json()
    assert "already exists" in body["message"]
    assert body["extra"]["login_url"] == "/login"
    learner.refresh_from_db()
    assert learner.password == old_hash and learner.name == LEARNER.name


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"name": "  "}, "name"),
        ({"phone": "12345"}, "phone"),
        ({"password": "short"}, "password"),
        ({"password": "12345678901"}, "password"),
        ({"password": "password123"}, "password"),
        ({"email": "not-an-email"}, "email"),
    ],
)
def test_it_refuses_bad_signups_with_field_errors(client: Client, overrides, field) -> None:
    response = signup(client, **overrides)
    assert response.status_code == 422
    assert field in response.json()["extra"]["fields"]
    assert not User.objects.exists()


def test_it_logs_in_and_rotates_the_session(client: Client, learner: User) -> None:
    client.get("/api/auth/csrf")
    client.session.save()
    before = client.session.session_key
    response = post(client, "/api/auth/login", {"phone": "98765 43210", "password": PASSWORD})
    assert response.status_code == 200
    assert response.json()["message"] == "Login successful!"
    assert response.json()["user"]["referral_code"] == "IRCTP3210"
    assert client.session.session_key != before
    cookie = response.cookies["sessionid"]
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    me = visitor(client)
    assert me is not None and me["name"] == LEARNER.name


def test_the_login_and_the_pages_show_the_account_as_user_out_renders_it(
    client: Client, staff: User
) -> None:
    """UserOut's resolvers (issue 30.1): the phone as written, whether a code confirmed it,
    and whether the account may import certificates."""
    staff.user_permissions.add(
        *Permission.objects.filter(
            content_type__app_label="certificates",
            codename__in=["add_certificate", "change_certificate"],
        )
    )
    User.objects.filter(pk=staff.pk).update(phone_confirmed_at=timezone.now())
    expected = {
        "name": STAFF.name,
        "phone": STAFF.phone,
        "phone_display": "+91 99000 00001",
        "email": STAFF.email,
        "referral_code": User.objects.get(pk=staff.pk).referral_code,
        "phone_confirmed": True,
        "is_staff": True,
        "can_import_certificates": True,
    }

    login = post(client, "/api/auth/login", {"phone": STAFF.phone, "password": PASSWORD})

    assert login.json() == {"message": "Login successful!", "user": expected}
    assert visitor(client) == expected


def test_a_learner_may_not_import_certificates(learner_client: Client) -> None:
    me = visitor(learner_client)
    assert (me["phone_confirmed"], me["is_staff"], me["can_import_certificates"]) == (
        False,
        False,
        False,
    )


def test_it_says_invalid_password(client: Client, learner: User) -> None:
    response = post(client, "/api/auth/login", {"phone": LEARNER.phone, "password": "wrong-one"})
    assert response.status_code == 401
    assert response.json()["message"] == "Invalid Password"


def test_it_says_no_account(client: Client) -> None:
    response = post(client, "/api/auth/login", {"phone": "9000012345", "password": "whatever-1"})
    assert response.status_code == 401
    assert response.json()["message"] == "No Account Found Please Sign Up First"


def test_it_logs_out(learner_client: Client) -> None:
    assert visitor(learner_client) is not None
    assert post(learner_client, "/api/auth/logout", {}).status_code == 200
    assert visitor(learner_client) is None


def test_it_refuses_an_account_page_to_anonymous_visitors(client: Client) -> None:
    response = client.get("/api/pages/account")
    assert response.status_code == 401
    assert response.json() == {"message": "Please log in to continue.", "extra": {}}


def test_it_shows_each_person_only_their_own_account(
    learner_client: Client, other_learner: User
) -> None:
    assert visitor(learner_client)["phone"] == LEARNER.phone


@pytest.mark.parametrize("path", ["/api/auth/login", "/api/auth/signup", "/api/auth/logout"])
def test_it_refuses_posts_without_the_csrf_token(csrf_client: Client, path: str) -> None:
    response = post(csrf_client, path, {"phone": "9876543210", "password": "x", "name": "x"})
    assert response.status_code == 403
    assert "Reload the page" in response.json()["message"]


def test_it_accepts_posts_with_the_csrf_token(csrf_client: Client, learner: User) -> None:
    token = csrf_client.get("/api/auth/csrf").json()["csrf_token"]
    response = post(
        csrf_client,
        "/api/auth/login",
        {"phone": LEARNER.phone, "password": PASSWORD},
        HTTP_X_CSRFTOKEN=token,
    )
    assert response.status_code == 200
