""" "Join class" (/classes/<id>/join) and "My classes" on the dashboard (docs/product.md
section 20): a confirmed student goes on to the meeting link from 15 minutes before the
class until it ends; nobody else ever gets the link, in a redirect, a page or a page's
data."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
import time_machine
from django.test import Client

from accounts.models import User
from catalog.models import Batch, Course
from core.dates import INDIA
from enrolments.models import Enrolment
from teaching.models import Attendance, LiveClass
from teaching.services import waitlist_join
from teaching.tests.conftest import BEFORE, MONDAY, confirmed, enrol_in, make_batch

pytestmark = pytest.mark.django_db

LINK = "https://meet.example/abc-defg-hij"
STARTS = datetime(2026, 12, 7, 15, 0, tzinfo=INDIA)
ENDS = STARTS + timedelta(hours=2)


@pytest.fixture
def batch(course: Course) -> Batch:
    with time_machine.travel(BEFORE, tick=False):
        return make_batch(course, seats=5, meeting_link=LINK)


@pytest.fixture
def live_class(batch: Batch) -> LiveClass:
    return LiveClass.objects.create(batch=batch, starts_at=STARTS, ends_at=ENDS)


@pytest.fixture
def student(learner: User, course: Course, batch: Batch) -> Enrolment:
    with time_machine.travel(BEFORE, tick=False):
        return confirmed(enrol_in(course, 1, user=learner, batch_id=batch.pk))


def join(client: Client, live_class: LiveClass, at: datetime) -> object:
    with time_machine.travel(at, tick=False):
        return client.get(f"/classes/{live_class.pk}/join")


@pytest.mark.parametrize(
    ("at", "opens"),
    [
        (STARTS - timedelta(minutes=16), False),  # 14:44
        (STARTS - timedelta(minutes=15), True),  # 14:45
        (STARTS + timedelta(minutes=90), True),
        (ENDS - timedelta(seconds=1), True),
        (ENDS, False),  # the end
    ],
)
def test_it_sends_a_confirmed_student_on_inside_the_window_only(
    learner_client: Client, student: Enrolment, live_class: LiveClass, at: datetime, opens: bool
) -> None:
    response = join(learner_client, live_class, at)

    assert response["Cache-Control"] == "private, no-store"
    if opens:
        assert response.status_code == 302
        assert response["Location"] == LINK
    else:
        assert response.status_code == 409
        assert LINK.encode() not in response.content


def test_before_the_window_it_says_when_it_opens(
    learner_client: Client, student: Enrolment, live_class: LiveClass
) -> None:
    response = join(learner_client, live_class, STARTS - timedelta(hours=1))

    assert b"Join class opens at 2:45 PM on Mon 7 December 2026" in response.content


def test_a_class_of_its_own_link_wins_over_the_batchs(
    learner_client: Client, student: Enrolment, live_class: LiveClass
) -> None:
    live_class.meeting_link = "https://zoom.example/j/123"
    live_class.save()

    assert join(learner_client, live_class, STARTS)["Location"] == "https://zoom.example/j/123"


def test_a_cancelled_class_is_not_joined(
    learner_client: Client, student: Enrolment, live_class: LiveClass
) -> None:
    live_class.cancelled = True
    live_class.save()

    response = join(learner_client, live_class, STARTS)

    assert response.status_code == 409
    assert b"This class is cancelled" in response.content


def test_an_anonymous_visitor_goes_to_the_login_page(
    client: Client, student: Enrolment, live_class: LiveClass
) -> None:
    response = join(client, live_class, STARTS)

    assert response.status_code == 302
    assert response["Location"] == "/login?next=/dashboard"


def test_a_student_whose_payment_is_not_confirmed_is_refused(
    learner_client: Client, learner: User, course: Course, batch: Batch, live_class: LiveClass
) -> None:
    with time_machine.travel(BEFORE, tick=False):
        enrol_in(course, 1, user=learner, batch_id=batch.pk)  # waiting for payment

    response = join(learner_client, live_class, STARTS)

    assert response.status_code == 404
    assert LINK.encode() not in response.content


def test_another_batchs_student_is_refused(
    learner_client: Client, learner: User, course: Course, batch: Batch, student: Enrolment
) -> None:
    with time_machine.travel(BEFORE, tick=False):
        other = make_batch(course, meeting_link="https://meet.example/other")
    theirs = LiveClass.objects.create(batch=other, starts_at=STARTS, ends_at=ENDS)

    assert join(learner_client, theirs, STARTS).status_code == 404


@pytest.mark.parametrize("class_id", ["999999", "99999999999999999999"])
def test_an_unknown_class_is_refused_without_an_error(
    learner_client: Client, student: Enrolment, class_id: str
) -> None:
    assert learner_client.get(f"/classes/{class_id}/join").status_code == 404


# --- "My classes" on the dashboard ------------------------------------------------------


def dashboard(client: Client, at: datetime) -> dict:
    with time_machine.travel(at, tick=False):
        response = client.get("/api/pages/dashboard")
    assert response.status_code == 200
    assert response["Cache-Control"] == "private, no-store"
    assert b"meet.example" not in response.content
    return response.json()


def test_my_classes_shows_the_next_class_and_when_join_opens(
    learner_client: Client, student: Enrolment, live_class: LiveClass
) -> None:
    body = dashboard(learner_client, STARTS - timedelta(hours=1))

    (mine,) = body["classes"]
    assert mine["course"] == student.course.name
    assert mine["reference"] == student.reference
    assert mine["starts_text"] == "Starts 7 December 2026"
    nxt = mine["next_class"]
    assert nxt["id"] == live_class.pk
    assert nxt["when_text"] == "Mon 7 December 2026, 3:00 PM - 5:00 PM"
    assert nxt["join_open"] is False
    assert nxt["opens_text"] == "Opens at 2:45 PM"
    assert nxt["join_path"] == f"/classes/{live_class.pk}/join"
    assert mine["attendance_text"] == "Attended 0 of 0 classes"
    assert mine["certificate_id"] is None
    assert body["calendar_path"].startswith("/calendar/")
    assert body["calendar_path"].endswith(".ics")


def test_inside_the_window_the_join_link_is_open(
    learner_client: Client, student: Enrolment, live_class: LiveClass
) -> None:
    nxt = dashboard(learner_client, STARTS - timedelta(minutes=15))["classes"][0]["next_class"]

    assert nxt["join_open"] is True
    assert nxt["opens_text"] is None


def test_past_classes_show_their_recording_and_the_attendance(
    learner_client: Client, student: Enrolment, live_class: LiveClass, batch: Batch
) -> None:
    live_class.recording_link = "https://video.example/rec-1"
    live_class.save()
    later = LiveClass.objects.create(
        batch=batch, starts_at=STARTS + timedelta(days=2), ends_at=ENDS + timedelta(days=2)
    )
    LiveClass.objects.create(
        batch=batch,
        starts_at=STARTS + timedelta(days=1),
        ends_at=ENDS + timedelta(days=1),
        cancelled=True,
    )
    Attendance.objects.create(live_class=live_class, enrolment=student, present=True)

    mine = dashboard(learner_client, STARTS + timedelta(days=1, hours=3))["classes"][0]

    assert mine["next_class"]["id"] == later.pk
    first, cancelled, upcoming = mine["classes"]
    assert first["recording_link"] == "https://video.example/rec-1"
    assert first["join_path"] is None
    assert cancelled["cancelled"] is True
    assert cancelled["join_path"] is None
    assert upcoming["recording_link"] == ""
    assert mine["attendance_text"] == "Attended 1 of 1 classes"


def test_an_unconfirmed_student_has_no_classes(
    learner_client: Client, learner: User, course: Course, batch: Batch, live_class: LiveClass
) -> None:
    with time_machine.travel(BEFORE, tick=False):
        enrol_in(course, 1, user=learner, batch_id=batch.pk)

    body = dashboard(learner_client, STARTS)

    assert body["classes"] == []
    assert body["calendar_path"] is None


def test_the_waitlist_shows_on_the_dashboard(
    learner_client: Client, learner: User, course: Course
) -> None:
    with time_machine.travel(BEFORE, tick=False):
        full = make_batch(course, starts_on=MONDAY, seats=1)
        enrol_in(course, 2)
        waitlist_join(
            course_slug=course.slug,
            batch_id=full.pk,
            name="Learner",
            phone="98222 30009",
            email="l@example.org",
            user=learner,
        )

    (entry,) = dashboard(learner_client, BEFORE)["waitlist"]

    assert entry["course"] == course.name
    assert entry["status_text"] == "Waiting for a seat"
