from __future__ import annotations

import json

import pytest
from django.test import Client

from accounts.models import User
from core.tests.base import LEARNER, PASSWORD

pytestmark = pytest.mark.django_db


def login(client: Client, password: str, phone: str = LEARNER.phone, ip: str = "203.0.113.5"):
    return client.post(
        "/api/auth/login",
        json.dumps({"phone": phone, "password": password}),
        content_type="application/json",
        REMOTE_ADDR=ip,
    )


def test_it_locks_a_phone_after_repeated_failures_across_clients(settings, learner: User) -> None:
    """Two clients (as two server processes would) share the counters in the cache."""
    settings.LOGIN_FAILURES_PER_PHONE = "3/15m"
    first, second = Client(), Client()
    assert login(first, "wrong-1", ip="198.51.100.1").status_code == 401
    assert login(second, "wrong-2", ip="198.51.100.2").status_code == 401
    assert login(first, "wrong-3", ip="198.51.100.3").status_code == 401
    refused = login(second, PASSWORD, ip="198.51.100.4")
    assert refused.status_code == 429
    body = refused.json()
    assert body["message"].startswith("Too many failed login attempts. Please try again in ")
    assert int(refused["Retry-After"]) == body["extra"]["retry_after"] > 0


def test_it_locks_an_ip_that_tries_many_phones(settings, learner: User) -> None:
    settings.LOGIN_FAILURES_PER_IP = "2/15m"
    client = Client()
    assert login(client, "x-wrong", phone="9000000001").status_code == 401
    assert login(client, "x-wrong", phone="9000000002").status_code == 401
    assert login(client, PASSWORD).status_code == 429
    assert login(client, PASSWORD, ip="192.0.2.77").status_code == 200


def test_it_clears_the_phone_count_after_a_success(settings, learner: User) -> None:
    settings.LOGIN_FAILURES_PER_PHONE = "2/15m"
    client = Client()
    assert login(client, "wrong").status_code == 401
    assert login(client, PASSWORD).status_code == 200
    assert login(client, "wrong").status_code == 401
    assert login(client, PASSWORD).status_code == 200


def test_it_limits_signups_per_ip(settings) -> None:
    settings.RATE_LIMIT_SIGNUP = "1/h"
    client = Client()
    payload = {"name": "A", "phone": "9000000011", "password": "good-long-pass"}
    ok = client.post("/api/auth/signup", json.dumps(payload), content_type="application/json")
    assert ok.status_code == 201
    payload["phone"] = "9000000012"
    again = client.post("/api/auth/signup", json.dumps(payload), content_type="application/json")
    assert again.status_code == 429
    assert User.objects.count() == 1
