"""Once sign-up has confirmed the phone, enrolments made earlier with it (logged out)
are the account's and show on its dashboard."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from accounts.models import User
from catalog.models import Course
from core.tests.pages import page_json
from core.tests.sms import last_code
from enrolments import services as enrolment_services
from enrolments.models import Enrolment
from enrolments.tests.conftest import enrol

pytestmark = pytest.mark.django_db

PHONE = "+919811122233"  # enrolments.tests.conftest.FRIEND's


def post(client: Client, path: str, data: dict):
    return client.post(path, json.dumps(data), content_type="application/json")


def sign_up(client: Client, phone: str = "98111 22233") -> User:
    form = {"name": "Kiran Friend", "phone": phone, "password": "kiran-good-pass"}
    assert post(client, "/api/auth/signup", form).status_code == 202
    answer = post(client, "/api/auth/signup/verify", {"phone": phone, "code": last_code(PHONE)})
    assert answer.status_code == 201, answer.content
    return User.objects.get(phone=PHONE)


def test_pending_and_confirmed_enrolments_join_the_new_account(
    client: Client, course: Course, other_course: Course, staff: User
) -> None:
    pending = enrol(course)
    confirmed = enrol(other_course)
    enrolment_services.enrolment_confirm_payment(enrolment_id=confirmed.pk, by=staff)
    expired = Enrolment.objects.create(
        reference="ENR-OLD222", course=course, name="K", phone=PHONE, amount=1, status="expired"
    )
    someone_elses = enrol(course, phone="98222 33344")
    user = sign_up(client)
    linked = set(Enrolment.objects.filter(user=user).values_list("reference", flat=True))
    assert linked == {pending.reference, confirmed.reference}
    expired.refresh_from_db()
    someone_elses.refresh_from_db()
    assert expired.user is None and someone_elses.user is None
    # On the dashboard (the account's enrolments).
    assert (
        client.post(
            "/api/auth/login",
            json.dumps({"phone": PHONE, "password": "kiran-good-pass"}),
            content_type="application/json",
        ).status_code
        == 200
    )
    mine = page_json(client, "dashboard")["enrolments"]
    assert {e["reference"] for e in mine} == linked


def test_an_enrolment_linked_to_another_account_stays_there(
    client: Client, course: Course, learner: User
) -> None:
    theirs = enrol(course, user=learner)
    sign_up(client)
    theirs.refresh_from_db()
    assert theirs.user == learner


def test_without_phone_verification_nothing_is_linked(
    client: Client, course: Course, settings
) -> None:
    settings.PHONE_VERIFICATION = False
    enrolment = enrol(course)
    form = {"name": "Kiran Friend", "phone": "98111 22233", "password": "kiran-good-pass"}
    assert post(client, "/api/auth/signup", form).status_code == 201
    enrolment.refresh_from_db()
    assert enrolment.user is None
    assert (
        post(client, "/api/auth/signup/verify", {"phone": PHONE, "code": "123456"}).status_code
        == 404
    )
