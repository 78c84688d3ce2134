"""PUT /api/notifications/preferences, and the account page that shows them: a student's
consent and channels."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from accounts.models import User
from notifications.models import ConsentRecord

pytestmark = pytest.mark.django_db

URL = "/api/notifications/preferences"
ACCOUNT_PAGE = "/api/pages/account"


def shown(client: Client) -> Any:
    """The preferences as the account page shows them."""
    return client.get(ACCOUNT_PAGE).json()["preferences"]


CHOICES = {
    "payments": "whatsapp",
    "tasks": "email",
    "certificates": "none",
    "reminders": "whatsapp",
    "classes": "email",
}


def put(client: Client, data: dict[str, Any], **extra: Any) -> Any:
    return client.put(URL, json.dumps(data), content_type="application/json", **extra)


def test_a_student_starts_with_whatsapp_chosen_but_no_consent(learner_client: Client) -> None:
    response = learner_client.get(ACCOUNT_PAGE)
    assert response.status_code == 200
    assert response.json()["preferences"] == {
        "whatsapp_opt_in": False,
        "whatsapp_opted_in_at": None,
        "payments": "whatsapp",
        "tasks": "whatsapp",
        "certificates": "whatsapp",
        "reminders": "whatsapp",
        "classes": "whatsapp",
    }


def test_a_student_opts_in_and_chooses_per_kind(learner_client: Client, learner: User) -> None:
    response = put(learner_client, {"whatsapp_opt_in": True, **CHOICES})
    assert response.status_code == 200
    body = response.json()
    assert body["whatsapp_opt_in"] is True and body["whatsapp_opted_in_at"]
    assert {k: body[k] for k in CHOICES} == CHOICES
    assert shown(learner_client) == body
    record = ConsentRecord.objects.get(user=learner)
    assert record.given and record.source == "account"


def test_bad_choices_are_field_errors_and_change_nothing(learner_client: Client) -> None:
    response = put(
        learner_client,
        {
            "whatsapp_opt_in": True,
            **CHOICES,
            "payments": "none",
            "tasks": "pigeon",
            "reminders": "",
        },
    )
    assert response.status_code == 422
    assert response.json()["extra"]["fields"] == {
        "payments": "Payment messages always reach you: choose WhatsApp or email.",
        "tasks": "Choose WhatsApp, email or neither.",
        "reminders": "Choose WhatsApp, email or neither.",
    }
    assert shown(learner_client)["whatsapp_opt_in"] is False
    assert not ConsentRecord.objects.exists()


def test_a_nul_or_overlong_value_is_a_422_not_a_500(learner_client: Client) -> None:
    assert put(learner_client, {**CHOICES, "tasks": "a\x00"}).status_code == 422
    assert put(learner_client, {**CHOICES, "tasks": "x" * 5000}).status_code == 422
    assert put(learner_client, {**CHOICES, "whatsapp_opt_in": "maybe"}).status_code == 422


def test_a_visitor_is_refused(client: Client) -> None:
    assert client.get(ACCOUNT_PAGE).status_code == 401
    assert put(client, CHOICES).status_code == 401


def test_csrf_is_enforced(learner: User) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(learner)
    response = put(client, CHOICES)
    assert response.status_code == 403
    client.get("/api/auth/csrf")
    token = client.cookies["csrftoken"].value
    assert put(client, CHOICES, HTTP_X_CSRFTOKEN=token).status_code == 200


def test_changes_are_rate_limited(learner_client: Client, settings: Any) -> None:
    settings.RATE_LIMIT_ENABLED = True
    settings.RATE_LIMIT_PREFERENCES = "2/h"
    assert put(learner_client, CHOICES).status_code == 200
    assert put(learner_client, CHOICES).status_code == 200
    response = put(learner_client, CHOICES)
    assert response.status_code == 429 and response.json()["extra"]["retry_after"] > 0
