"""WhatsApp consent given at sign-up (the form's checkbox): recorded once the account
exists, with its time and "signup" as its source; not ticked, nothing is recorded."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from accounts.models import User
from core.tests.sms import last_code
from notifications.models import ConsentRecord, MessagePreferences

pytestmark = pytest.mark.django_db

FORM = {"name": "Meera Nair", "phone": "98765 43210", "password": "a-good-long-pass"}


def post(client: Client, path: str, data: dict[str, Any]) -> Any:
    return client.post(path, json.dumps(data), content_type="application/json")


@pytest.mark.parametrize("ticked", [True, False])
def test_consent_at_sign_up_is_recorded_with_the_account(client: Client, ticked: bool) -> None:
    assert post(client, "/api/auth/signup", {**FORM, "whatsapp_opt_in": ticked}).status_code == 202
    assert not ConsentRecord.objects.exists()  # no account yet
    code = last_code("+919876543210")
    response = post(client, "/api/auth/signup/verify", {"phone": FORM["phone"], "code": code})
    assert response.status_code == 201
    user = User.objects.get(phone="+919876543210")
    records = list(ConsentRecord.objects.filter(user=user))
    if ticked:
        assert [(r.given, r.source) for r in records] == [(True, "signup")]
        assert MessagePreferences.objects.get(user=user).whatsapp_opted_in
    else:
        assert records == [] and not MessagePreferences.objects.filter(user=user).exists()


def test_one_step_sign_up_records_it_too(client: Client, settings: Any) -> None:
    settings.PHONE_VERIFICATION = False
    response = post(client, "/api/auth/signup", {**FORM, "whatsapp_opt_in": True})
    assert response.status_code == 201
    user = User.objects.get(phone="+919876543210")
    assert ConsentRecord.objects.get(user=user).source == "signup"
