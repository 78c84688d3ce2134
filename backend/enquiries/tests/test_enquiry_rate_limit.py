from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from enquiries.models import Enquiry
from enquiries.tests.conftest import contact_payload, post

pytestmark = pytest.mark.django_db


def test_it_refuses_the_next_message_from_one_address_once_the_limit_is_reached(
    client: Client, settings: Any
) -> None:
    settings.RATE_LIMIT_ENQUIRY = "3/h"
    for _ in range(3):
        assert post(client, contact_payload(), REMOTE_ADDR="198.51.100.1").status_code == 201

    response = post(client, contact_payload(), REMOTE_ADDR="198.51.100.1")

    assert response.status_code == 429
    retry_after = int(response["Retry-After"])
    assert 1 <= retry_after <= 3600
    body = response.json()
    assert body["message"].startswith("You have sent several messages in a short time.")
    assert "Please try again in" in body["message"]
    assert body["extra"]["retry_after"] == retry_after
    assert Enquiry.objects.count() == 3


def test_it_counts_each_address_separately(client: Client, settings: Any) -> None:
    settings.RATE_LIMIT_ENQUIRY = "1/h"
    assert post(client, contact_payload(), REMOTE_ADDR="198.51.100.1").status_code == 201

    assert post(client, contact_payload(), REMOTE_ADDR="198.51.100.2").status_code == 201
    assert post(client, contact_payload(), REMOTE_ADDR="198.51.100.1").status_code == 429


def test_it_counts_honeypot_and_invalid_submissions_too(client: Client, settings: Any) -> None:
    settings.RATE_LIMIT_ENQUIRY = "2/h"
    assert (
        post(client, contact_payload(website="bot"), REMOTE_ADDR="198.51.100.9").status_code == 201
    )
    assert post(client, contact_payload(email="bad"), REMOTE_ADDR="198.51.100.9").status_code == 422

    response = post(client, contact_payload(), REMOTE_ADDR="198.51.100.9")

    assert response.status_code == 429
    assert not Enquiry.objects.exists()
