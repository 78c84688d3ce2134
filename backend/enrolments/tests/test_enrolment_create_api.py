from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from accounts.models import User
from catalog.models import Course
from enrolments.models import Enrolment
from enrolments.tests.conftest import API, FRIEND_PHONE, PAYEE_ID, enrol_payload, post, with_csrf

pytestmark = pytest.mark.django_db


def test_it_answers_201_with_the_enrolment_and_how_to_pay(client: Client, course: Course) -> None:
    response = post(client, API, enrol_payload(course))

    assert response.status_code == 201
    body = response.json()
    reference = body["reference"]
    assert body["status"] == "pending"
    assert body["status_display"] == "Waiting for payment"
    assert body["course"] == {
        "kind": "course",
        "slug": "test-web",
        "name": "Test Web Development (MERN stack)",
        "short_name": "Test Web",
        "route": "/test-web-registration",
    }
    assert body["phone"] == FRIEND_PHONE and body["phone_display"] == "+91 98111 22233"
    assert body["amount"] == 999 and body["amount_display"] == "₹999"
    assert body["can_submit_utr"] is True
    payment = body["payment"]
    assert payment["reference"] == reference
    assert payment["payee_id"] == PAYEE_ID
    assert payment["qr_url"] == f"/api/enrolments/{reference}/qr.svg"
    assert payment["upi_link"].startswith("upi://pay?pa=payee.test@okbank&")
    assert set(body) == {
        "reference",
        "status",
        "status_display",
        "refunded",
        "pay_online",
        "course",
        "name",
        "phone",
        "phone_display",
        "email",
        "amount",
        "amount_display",
        "referral_code_used",
        "utr",
        "rejected_reason",
        "created_at",
        "utr_submitted_at",
        "confirmed_at",
        "can_submit_utr",
        "is_open",
        "payment",
        "state",
        "gstin",
        "business_name",
        "invoice",
    }


def test_it_lets_the_same_browser_read_the_enrolment_again(client: Client, course: Course) -> None:
    reference = post(client, API, enrol_payload(course)).json()["reference"]

    response = client.get(f"{API}/{reference.lower()}")

    assert response.status_code == 200
    assert response.json()["reference"] == reference


def test_it_links_the_enrolment_when_logged_in(
    learner_client: Client, learner: User, course: Course
) -> None:
    response = post(learner_client, API, enrol_payload(course, phone=learner.phone))

    assert response.status_code == 201
    assert Enrolment.objects.get().user == learner


def test_it_answers_422_with_field_errors(client: Client, course: Course) -> None:
    response = post(client, API, enrol_payload(course, email="", referral_code="nope"))

    assert response.status_code == 422
    assert response.json()["extra"]["fields"] == {
        "email": "Enter your email address.",
        "referral_code": "This referral code does not exist. Check it or leave the field empty.",
    }


def test_it_answers_409_with_the_open_enrolment_to_the_session_that_made_it(
    client: Client, course: Course
) -> None:
    first = post(client, API, enrol_payload(course)).json()["reference"]

    response = post(client, API, enrol_payload(course))

    assert response.status_code == 409
    body = response.json()
    assert body["extra"]["reference"] == first
    assert body["extra"]["can_view"] is True
    assert body["extra"]["payment"]["reference"] == first


def test_the_same_phone_and_email_from_another_browser_learn_nothing(
    client: Client, course: Course
) -> None:
    """Issue 15.1: phone + email used to hand over the enrolment (name, email, UTR)."""
    first = post(client, API, enrol_payload(course)).json()["reference"]
    attacker = Client()

    response = post(attacker, API, enrol_payload(course))

    assert response.status_code == 409
    body = response.json()
    assert body["extra"]["can_view"] is False
    assert first not in response.content.decode()
    assert attacker.get(f"{API}/{first}").status_code == 404
    assert post(attacker, f"{API}/{first}/utr", {"utr": "999999999999"}).status_code == 404


def test_it_does_not_share_the_open_enrolment_with_another_email(
    client: Client, course: Course
) -> None:
    first = post(client, API, enrol_payload(course)).json()["reference"]
    stranger = Client()

    response = post(stranger, API, enrol_payload(course, email="stranger@example.org"))

    assert response.status_code == 409
    assert response.json()["extra"]["can_view"] is False
    assert stranger.get(f"{API}/{first}").status_code == 404


def test_it_answers_409_for_a_closed_course(client: Client, closed_course: Course) -> None:
    response = post(client, API, enrol_payload(closed_course))

    assert response.status_code == 409
    assert response.json()["message"] == "Enrolment for this course is closed."


def test_it_rate_limits_enrolments_per_ip(client: Client, course: Course, settings: Any) -> None:
    settings.RATE_LIMIT_ENROLMENT = "2/h"
    post(client, API, enrol_payload(course))
    post(client, API, enrol_payload(course, phone="98111 22244"))

    response = post(client, API, enrol_payload(course, phone="98111 22255"))

    assert response.status_code == 429
    assert response.json()["message"].startswith("You have enrolled several times")
    assert Enrolment.objects.count() == 2


def test_it_refuses_an_enrolment_without_the_csrf_token(
    csrf_client: Client, course: Course
) -> None:
    response = post(csrf_client, API, enrol_payload(course))

    assert response.status_code == 403
    assert response.json()["extra"] == {"reason": "csrf"}
    assert not Enrolment.objects.exists()


def test_it_accepts_an_enrolment_with_the_csrf_token(csrf_client: Client, course: Course) -> None:
    response = post(csrf_client, API, enrol_payload(course), **with_csrf(csrf_client))

    assert response.status_code == 201
