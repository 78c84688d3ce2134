"""A course with batches, as the office would set one up (docs/product.md section 20)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from accounts.models import User
from catalog.models import Batch, Course
from core.dates import INDIA
from enrolments import services
from enrolments.models import Enrolment
from enrolments.tests.conftest import (  # noqa: F401 (fixtures)
    _enrolment_settings,
    back_office,
    course,
    other_course,
    payee,
)

# Monday 7 December 2026: the batch's first day, a Monday.
MONDAY = date(2026, 12, 7)
# The Thursday before: enrolment is open.
BEFORE = datetime(2026, 12, 3, 12, 0, tzinfo=INDIA)


def make_batch(of: Course, **overrides: Any) -> Batch:
    values: dict[str, Any] = {
        "course": of,
        "starts_on": MONDAY,
        "ends_on": date(2026, 12, 20),
        "class_days": "Mon/Wed/Fri",
        "class_time": "9:00 PM - 11:00 PM",
        "doubt_session_day": "Sunday",
        "meeting_link": "https://meet.example/abc-defg-hij",
    }
    values.update(overrides)
    batch = Batch(**values)
    batch.full_clean()
    batch.save()
    return batch


def enrol_in(of: Course, n: int, **overrides: Any) -> Enrolment:
    """The n-th student's enrolment (each with their own phone)."""
    values: dict[str, Any] = {
        "name": f"Student {n}",
        "phone": f"98111 3{n:04d}",
        "email": f"student{n}@example.org",
        "referral_code": "",
        "user": None,
    }
    values.update(overrides)
    return services.enrolment_create(course_slug=of.slug, **values)


def confirmed(enrolment: Enrolment) -> Enrolment:
    return services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=None)


@pytest.fixture
def office(staff: User) -> Client:
    """A staff member of the Back office group, logged in."""
    client = Client()
    client.force_login(back_office(staff))
    return client


@pytest.fixture
def viewer(db: None) -> Client:
    """A staff member holding only the "view" permissions, logged in."""
    user = User.objects.create_user(
        phone="+919900000077", name="Vera Viewer", password="a-long-pass-7", is_staff=True
    )
    user.user_permissions.set(Permission.objects.filter(codename__startswith="view_"))
    client = Client()
    client.force_login(User.objects.get(pk=user.pk))
    return client
