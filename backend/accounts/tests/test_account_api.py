"""The account page's endpoints (docs/product.md 15): details, password, other devices."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client

from accounts.models import User
from accounts.services import email_masked
from core.tests.base import LEARNER, PASSWORD
from core.tests.mail import queued_about
from core.tests.pages import visitor

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a-brand-new-pass-42"


def send(client: Client, method: str, path: str, data: dict | None = None):
    return client.generic(method, path, json.dumps(data or {}), content_type="application/json")


def fields(response) -> dict:
    assert response.status_code == 422, response.content
    return response.json()["extra"]["fields"]


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_me_says_whether_the_phone_is_confirmed(learner_client: Client) -> None:
    me = visitor(learner_client)
    assert me["email"] == LEARNER.email and me["phone_confirmed"] is False


def test_it_changes_the_name_and_email(learner_client: Client, learner: User) -> None:
    response = send(
        learner_client,
        "PATCH",
        "/api/auth/account",
        {"name": " Asha K ", "email": "A@X.org", "current_password": PASSWORD},
    )
    assert response.status_code == 200
    assert response.json()["name"] == "Asha K" and response.json()["email"] == "a@x.org"
    learner.refresh_from_db()
    assert (learner.name, learner.email) == ("Asha K", "a@x.org")
    # The email is optional (removing it is a change: the password again).
    removed = send(
        learner_client, "PATCH", "/api/auth/account", {"name": "Asha", "current_password": PASSWORD}
    )
    assert removed.status_code == 200
    learner.refresh_from_db()
    assert learner.email == ""


def test_the_name_alone_changes_without_the_password(learner_client: Client, learner: User) -> None:
    # The same email, whatever its case, is no change.
    body = {"name": "Asha Renamed", "email": LEARNER.email.upper()}
    assert send(learner_client, "PATCH", "/api/auth/account", body).status_code == 200
    learner.refresh_from_db()
    assert (learner.name, learner.email) == ("Asha Renamed", LEARNER.email)
    assert queued_about("account.email_changed") == []


@pytest.mark.parametrize(
    ("password", "message"),
    [
        (None, "Enter your current password to change your email."),
        ("", "Enter your current password to change your email."),
        ("not-it", "Your current password is not right."),
    ],
)
def test_a_new_email_needs_the_current_password(
    learner_client: Client, learner: User, password: str | None, message: str
) -> None:
    """Issue 28.4: a borrowed session could set its own email, then reset the password
    through it."""
    body = {"name": "Taken Over", "email": "thief@example.net"}
    if password is not None:
        body["current_password"] = password
    response = send(learner_client, "PATCH", "/api/auth/account", body)
    assert fields(response) == {"current_password": message}
    learner.refresh_from_db()
    assert (learner.name, learner.email) == (LEARNER.name, LEARNER.email)
    assert queued_about("account.email_changed") == []


def test_removing_the_email_needs_the_current_password(
    learner_client: Client, learner: User
) -> None:
    response = send(learner_client, "PATCH", "/api/auth/account", {"name": LEARNER.name})
    assert fields(response) == {
        "current_password": "Enter your current password to change your email."
    }
    learner.refresh_from_db()
    assert learner.email == LEARNER.email


def test_wrong_passwords_for_an_email_change_are_limited(
    learner_client: Client, learner: User, settings
) -> None:
    settings.LOGIN_FAILURES_PER_PHONE_AND_IP = "2/15m"
    body = {"name": "x", "email": "thief@example.net", "current_password": "guess"}
    for _ in range(2):
        assert send(learner_client, "PATCH", "/api/auth/account", body).status_code == 422
    body["current_password"] = PASSWORD
    assert send(learner_client, "PATCH", "/api/auth/account", body).status_code == 429
    learner.refresh_from_db()
    assert learner.email == LEARNER.email


def test_the_old_address_is_told_of_the_change(
    learner_client: Client, learner: User, settings
) -> None:
    body = {"name": LEARNER.name, "email": "rahul.new@gmail.com", "current_password": PASSWORD}
    assert send(learner_client, "PATCH", "/api/auth/account", body).status_code == 200
    (notice,) = queued_about("account.email_changed")
    assert notice.to == [LEARNER.email]
    assert notice.subject == "The email address of your account was changed"
    text = notice.message
    assert "r***@gmail.com" in text and "rahul.new" not in text
    # How to get help: a reset by the phone's code, and the contact form.
    assert f"{settings.SITE_URL}/forgot-password" in text
    assert f"{settings.SITE_URL}/getquote" in text


def test_adding_a_first_email_needs_the_password_and_tells_nobody(
    learner: User, learner_client: Client
) -> None:
    learner.email = ""
    learner.save(update_fields=["email"])
    body = {"name": LEARNER.name, "email": "first@example.com"}
    assert fields(send(learner_client, "PATCH", "/api/auth/account", body)) == {
        "current_password": "Enter your current password to change your email."
    }
    body["current_password"] = PASSWORD
    assert send(learner_client, "PATCH", "/api/auth/account", body).status_code == 200
    assert queued_about("account.email_changed") == []


@pytest.mark.parametrize(
    ("email", "masked"),
    [("rahul@gmail.com", "r***@gmail.com"), ("a@x.org", "a***@x.org")],
)
def test_email_masked(email: str, masked: str) -> None:
    assert email_masked(email) == masked


def test_it_refuses_bad_details_and_changes_nothing(learner_client: Client, learner: User) -> None:
    response = send(
        learner_client,
        "PATCH",
        "/api/auth/account",
        {"name": " ", "email": "nope", "current_password": PASSWORD},
    )
    assert fields(response) == {"name": "Enter your name.", "email": "Enter a valid email address."}
    learner.refresh_from_db()
    assert learner.name == LEARNER.name and learner.email == LEARNER.email


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("PATCH", "/api/auth/account"),
        ("POST", "/api/auth/account/password"),
        ("POST", "/api/auth/account/logout-others"),
        ("GET", "/api/auth/account/data"),
        ("POST", "/api/auth/account/delete"),
    ],
)
def test_every_account_endpoint_needs_a_login(client: Client, method: str, path: str) -> None:
    response = send(client, method, path, {"name": "x", "password": "x"})
    assert response.status_code == 401


def test_it_changes_the_password_keeping_this_session_and_ending_the_others(
    learner: User,
) -> None:
    this, other = logged_in(learner), logged_in(learner)
    response = send(
        this,
        "POST",
        "/api/auth/account/password",
        {"current_password": PASSWORD, "new_password": NEW_PASSWORD},
    )
    assert response.status_code == 200
    assert response.json() == {"message": "Password changed"}
    assert visitor(this) is not None
    assert visitor(other) is None
    learner.refresh_from_db()
    assert learner.check_password(NEW_PASSWORD)


def test_a_password_change_needs_the_current_password_and_a_valid_new_one(
    learner_client: Client, learner: User
) -> None:
    wrong = send(
        learner_client,
        "POST",
        "/api/auth/account/password",
        {"current_password": "not-it", "new_password": NEW_PASSWORD},
    )
    assert fields(wrong) == {"current_password": "Your current password is not right."}
    weak = send(
        learner_client,
        "POST",
        "/api/auth/account/password",
        {"current_password": PASSWORD, "new_password": "password"},
    )
    assert "This password is too common." in fields(weak)["new_password"]
    learner.refresh_from_db()
    assert learner.check_password(PASSWORD)


def test_wrong_current_passwords_are_limited(learner_client: Client, settings) -> None:
    settings.LOGIN_FAILURES_PER_PHONE_AND_IP = "2/15m"
    body = {"current_password": "not-it", "new_password": NEW_PASSWORD}
    for _ in range(2):
        assert send(learner_client, "POST", "/api/auth/account/password", body).status_code == 422
    refused = send(learner_client, "POST", "/api/auth/account/password", body)
    assert refused.status_code == 429
    assert refused.json()["message"].startswith("Too many wrong passwords.")
    # Even the right one waits now.
    body["current_password"] = PASSWORD
    assert send(learner_client, "POST", "/api/auth/account/password", body).status_code == 429


def test_it_logs_out_every_other_device(learner: User, other_learner: User) -> None:
    this, other, someone_else = logged_in(learner), logged_in(learner), logged_in(other_learner)
    response = send(this, "POST", "/api/auth/account/logout-others")
    assert response.status_code == 200
    assert response.json() == {"message": "Logged out of every other device."}
    assert visitor(this) is not None
    assert visitor(other) is None
    assert visitor(someone_else) is not None
    # The password is unchanged, and a new login works on the other device.
    login = send(other, "POST", "/api/auth/login", {"phone": LEARNER.phone, "password": PASSWORD})
    assert login.status_code == 200


def test_sessions_made_before_the_session_salt_stay_valid(learner: User) -> None:
    # With no salt yet the hash is Django's own, so nobody was logged out by the upgrade.
    assert learner.session_salt == ""
    assert learner.get_session_auth_hash() == AbstractBaseUser.get_session_auth_hash(learner)
