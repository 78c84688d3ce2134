from __future__ import annotations

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.test import RequestFactory

from accounts.models import User
from accounts.phones import InvalidPhone, phone_normalise
from accounts.services import referral_code_for_phone, user_create


@pytest.mark.parametrize("raw", ["98765 43210", "+91 98765-43210", "09876543210", "9876543210"])
def test_it_stores_one_normal_form_of_a_phone(raw: str) -> None:
    assert phone_normalise(raw) == "+919876543210"


@pytest.mark.parametrize("raw", ["", "12345", "+1 415 555 0100", "98765 4321", "abcdefghij"])
def test_it_refuses_what_is_not_an_indian_mobile(raw: str) -> None:
    with pytest.raises(InvalidPhone):
        phone_normalise(raw)


@pytest.mark.django_db
def test_it_gives_irctp_and_the_last_four_digits() -> None:
    user = user_create(phone="98765 43210", name="Asha", password="x-long-pass-1")
    assert user.referral_code == "IRCTP3210"
    assert user.phone == "+919876543210"
    assert user.password.startswith("argon2$argon2id$")


@pytest.mark.django_db
def test_it_falls_back_to_more_digits_when_the_code_is_taken() -> None:
    user_create(phone="9876543210", name="A", password="x-long-pass-1")
    second = user_create(phone="9123443210", name="B", password="x-long-pass-1")
    third = user_create(phone="9123343210", name="C", password="x-long-pass-1")
    assert second.referral_code == "IRCTP43210"
    assert third.referral_code == "IRCTP343210"
    assert referral_code_for_phone(phone="+919000003210") == "IRCTP03210"


@pytest.mark.django_db
def test_it_retries_when_a_racing_signup_takes_the_code_first(monkeypatch) -> None:
    # The availability check says IRCTP3210 is free, but another sign-up saves it first.
    user_create(phone="9876543210", name="A", password="x-long-pass-1")
    calls = {"n": 0}
    real = referral_code_for_phone

    def stale_then_real(*, phone: str) -> str:
        calls["n"] += 1
        return "IRCTP3210" if calls["n"] == 1 else real(phone=phone)

    monkeypatch.setattr("accounts.services.referral_code_for_phone", stale_then_real)
    user = user_create(phone="9111113210", name="B", password="x-long-pass-1")
    assert user.referral_code == "IRCTP13210"
    assert User.objects.count() == 2


@pytest.mark.django_db
def test_it_logs_in_with_any_written_form_of_the_phone() -> None:
    user_create(phone="9876543210", name="A", password="x-long-pass-1")
    request = RequestFactory().post("/admin/login/")
    assert authenticate(request, username="+91 98765-43210", password="x-long-pass-1") is not None
    assert authenticate(request, username="09876543210", password="wrong-pass") is None


@pytest.mark.django_db
def test_it_creates_a_staff_account_without_prompts(monkeypatch) -> None:
    monkeypatch.setenv("DJANGO_SUPERUSER_PHONE", "98765 00001")
    monkeypatch.setenv("DJANGO_SUPERUSER_NAME", "Office Admin")
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "a-strong-admin-pass")
    call_command("createsuperuser", interactive=False, verbosity=0)
    admin = User.objects.get(phone="+919876500001")
    assert admin.is_staff and admin.is_superuser
    assert admin.referral_code == "IRCTP0001"
    assert admin.check_password("a-strong-admin-pass")
