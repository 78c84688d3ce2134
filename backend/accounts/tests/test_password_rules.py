"""Passwords too close to the phone, the name or the email are refused (issue 15.10)."""

from __future__ import annotations

import pytest

from accounts import services
from accounts.models import User
from core.errors import FieldErrors

pytestmark = pytest.mark.django_db


def signup(password: str, **overrides: str) -> None:
    values = {"name": "Asha Verma", "phone": "98765 43210", "email": "asha@example.com"}
    values.update(overrides)
    services.user_signup(password=password, **values)


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("9876543210", "The password is too similar to the phone number."),
        ("asha9876543210", "The password is too similar to the phone number."),
        ("98765-43210-x", "The password is too similar to the phone number."),
        ("+919876543210", "The password is too similar to the phone"),
        ("ashaverma", "The password is too similar to the name."),
        ("asha@example.com", "The password is too similar to the email"),
    ],
)
def test_it_refuses_a_password_like_the_phone_name_or_email(password: str, message: str) -> None:
    with pytest.raises(FieldErrors) as caught:
        signup(password)
    assert message in caught.value.extra["fields"]["password"]
    assert not User.objects.exists()


def test_it_accepts_an_unrelated_password() -> None:
    signup("river-mango-lantern")
    assert User.objects.count() == 1


@pytest.mark.parametrize("flow", ["signup", "reset"])
def test_a_password_like_the_phone_is_told_so_once(flow: str, learner: User) -> None:
    """Issue 41.7: two validators said "too similar to the phone number" in one error."""
    if flow == "signup":
        with pytest.raises(FieldErrors) as caught:
            signup("+919876543210", phone="98765 43210")
        message = caught.value.extra["fields"]["password"]
    else:
        with pytest.raises(FieldErrors) as caught:
            services._new_password_check(learner, f"x{learner.phone}")
        message = caught.value.extra["fields"]["new_password"]
    assert message.count("too similar to the phone number") == 1
