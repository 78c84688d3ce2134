from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import Group
from django.test import Client

from accounts.models import User
from catalog.models import Course
from catalog.selectors import site_settings_row
from core.permissions import BACK_OFFICE_GROUP, back_office_group_sync
from enrolments import services
from enrolments.models import Enrolment

API = "/api/enrolments"
PAYEE_ID = "payee.test@okbank"
PAYEE_NAME = "Test Brand & Co"
FRIEND = {"name": "Kiran Friend", "phone": "98111 22233", "email": "kiran@example.org"}
FRIEND_PHONE = "+919811122233"


@pytest.fixture(autouse=True)
def _enrolment_settings(settings: Any) -> None:
    settings.RATE_LIMIT_ENABLED = True
    settings.RATE_LIMIT_ENROLMENT = "1000/h"
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.SITE_URL = "https://site.example"


@pytest.fixture
def payee(db: None) -> None:
    row = site_settings_row()
    row.upi_payee_id = PAYEE_ID
    row.upi_payee_name = PAYEE_NAME
    row.brand_name = "Test Brand"
    row.save()


@pytest.fixture
def course(payee: None) -> Course:
    """An offer-priced course with a reward, like Web Development (₹999, reward ₹150)."""
    return Course.objects.create(
        slug="test-web",
        name="Test Web Development (MERN stack)",
        short_name="Test Web",
        route="/test-web-registration",
        summary="A test course.",
        list_fee=2499,
        offer_fee=999,
        referral_reward=150,
    )


@pytest.fixture
def other_course(payee: None) -> Course:
    return Course.objects.create(
        slug="test-python",
        name="Test Python",
        short_name="Test Python",
        route="/test-python-registration",
        summary="Another test course.",
        list_fee=4499,
        referral_reward=300,
    )


@pytest.fixture
def closed_course(payee: None) -> Course:
    return Course.objects.create(
        slug="test-closed",
        name="Test Closed",
        short_name="Closed",
        route="/test-closed-registration",
        summary="Closed.",
        list_fee=100,
        is_active=False,
    )


@pytest.fixture
def no_reward_course(payee: None) -> Course:
    return Course.objects.create(
        slug="test-bootcamp",
        name="Test Bootcamp",
        short_name="Test Bootcamp",
        route="/test-bootcamp",
        summary="No reward.",
        list_fee=199,
        is_bootcamp=True,
    )


def enrol(course: Course, *, user: User | None = None, **overrides: Any) -> Enrolment:
    values: dict[str, Any] = {**FRIEND, "referral_code": ""}
    values.update(overrides)
    return services.enrolment_create(course_slug=course.slug, user=user, **values)


def referred(course: Course, referrer: User, **overrides: Any) -> Enrolment:
    return enrol(course, referral_code=referrer.referral_code, **overrides)


def back_office(user: User) -> User:
    """Give a staff account the 'Back office' group (every project-app permission)."""
    back_office_group_sync()
    user.groups.add(Group.objects.get(name=BACK_OFFICE_GROUP))
    return User.objects.get(pk=user.pk)  # permissions are cached on the instance


@pytest.fixture
def back_office_client(staff: User) -> Client:
    client = Client()
    client.force_login(back_office(staff))
    return client


def with_csrf(client: Client) -> dict[str, str]:
    """Ask the API for a CSRF token as the site does (the cookie lands on the client);
    returns the matching header for a request."""
    return {"HTTP_X_CSRFTOKEN": client.get("/api/auth/csrf").json()["csrf_token"]}


def post(client: Client, path: str, data: dict[str, Any], **extra: Any) -> Any:
    return client.post(path, data=data, content_type="application/json", **extra)


def enrol_payload(course: Course, **overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"course": course.slug, **FRIEND, "referral_code": ""}
    data.update(overrides)
    return data
