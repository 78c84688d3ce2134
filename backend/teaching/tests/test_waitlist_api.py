"""POST /api/courses/<slug>/waitlist: the "Join the waitlist" form of a course page whose
batch is full or which has no batch open (docs/product.md section 20)."""

from __future__ import annotations

from typing import Any

import pytest
import time_machine
from django.test import Client

from accounts.models import User
from catalog.models import Course
from enrolments.tests.conftest import post, with_csrf
from teaching.models import WaitlistEntry
from teaching.tests.conftest import BEFORE, enrol_in, make_batch

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _before_the_batch(settings: Any) -> object:
    settings.RATE_LIMIT_WAITLIST = "1000/h"
    with time_machine.travel(BEFORE, tick=False) as traveller:
        yield traveller


def url(course: Course) -> str:
    return f"/api/courses/{course.slug}/waitlist"


WAITING = {"name": "Asha Rao", "phone": "98222 30001", "email": "asha@example.org"}


def test_it_puts_someone_on_the_waitlist_of_a_full_batch(client: Client, course: Course) -> None:
    batch = make_batch(course, seats=1)
    enrol_in(course, 1)

    response = post(client, url(course), {**WAITING, "batch": batch.pk})

    assert response.status_code == 201, response.content
    body = response.json()
    assert body["course"] == course.name
    assert body["batch_starts_text"] == "Starts 7 December 2026"
    assert body["status_text"] == "Waiting for a seat"
    assert (
        body["message"] == "You are on the waitlist. We will tell you in turn when a seat is free."
    )
    entry = WaitlistEntry.objects.get()
    assert (entry.name, entry.phone, entry.email, entry.batch) == (
        "Asha Rao",
        "+919822230001",
        "asha@example.org",
        batch,
    )


def test_a_logged_in_student_waits_as_their_account(
    learner_client: Client, learner: User, course: Course
) -> None:
    make_batch(course, seats=1)
    enrol_in(course, 1)

    response = post(learner_client, url(course), WAITING, **with_csrf(learner_client))

    assert response.status_code == 201
    assert WaitlistEntry.objects.get().user == learner


def test_it_refuses_the_fields_as_enrolment_does(client: Client, course: Course) -> None:
    make_batch(course, seats=1)
    enrol_in(course, 1)

    response = post(client, url(course), {"name": " ", "phone": "12", "email": "not-an-email"})

    assert response.status_code == 422
    fields = response.json()["extra"]["fields"]
    assert set(fields) == {"name", "phone", "email"}
    assert not WaitlistEntry.objects.exists()


def test_it_refuses_a_course_with_a_seat_free(client: Client, course: Course) -> None:
    make_batch(course, seats=3)

    response = post(client, url(course), WAITING)

    assert response.status_code == 409
    assert response.json()["message"] == "This course has a seat free: enrol now instead."
    assert not WaitlistEntry.objects.exists()


def test_it_refuses_the_same_phone_twice(client: Client, course: Course) -> None:
    make_batch(course, seats=1)
    enrol_in(course, 1)
    assert post(client, url(course), WAITING).status_code == 201

    response = post(client, url(course), {**WAITING, "phone": "+91 98222 30001"})

    assert response.status_code == 409
    assert response.json()["message"].startswith("You are already on the waitlist")
    assert WaitlistEntry.objects.count() == 1


@pytest.mark.parametrize("slug", ["no-such-course", "x%00"])
def test_it_refuses_an_unknown_course(client: Client, slug: str) -> None:
    response = post(client, f"/api/courses/{slug}/waitlist", WAITING)

    assert response.status_code == 422
    assert not WaitlistEntry.objects.exists()


def test_it_refuses_another_courses_batch(
    client: Client, course: Course, other_course: Course
) -> None:
    make_batch(course, seats=1)
    enrol_in(course, 1)
    elsewhere = make_batch(other_course, seats=1)

    response = post(client, url(course), {**WAITING, "batch": elsewhere.pk})

    assert response.status_code == 422
    assert response.json()["extra"]["fields"]["batch"] == "Choose one of this course's batches."


def test_it_rate_limits_per_client(client: Client, course: Course, settings: Any) -> None:
    settings.RATE_LIMIT_WAITLIST = "1/h"
    make_batch(course, seats=1)
    enrol_in(course, 1)
    post(client, url(course), WAITING)

    response = post(client, url(course), {**WAITING, "phone": "98222 30002"})

    assert response.status_code == 429
    assert WaitlistEntry.objects.count() == 1


def test_it_needs_the_csrf_token(course: Course) -> None:
    make_batch(course, seats=1)
    enrol_in(course, 1)
    client = Client(enforce_csrf_checks=True)

    response = post(client, url(course), WAITING)

    assert response.status_code == 403
    assert not WaitlistEntry.objects.exists()
