"""Who may read an enrolment: the browser that made it and the account it is linked to.
Everyone else, staff included (they use the admin), gets the 404 of a missing one. The
lists of them are the pages': the dashboard's (the account's) and a course page's (this
browser session's, for a visitor not logged in)."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from catalog.models import Course
from core.tests.pages import page_json
from enrolments.models import Enrolment
from enrolments.tests.conftest import API, enrol, enrol_payload, post

pytestmark = pytest.mark.django_db


@pytest.fixture
def learners_enrolment(learner_client: Client, learner: User, course: Course) -> str:
    response = post(learner_client, API, enrol_payload(course, phone=learner.phone))
    assert response.status_code == 201
    return str(response.json()["reference"])


def test_it_shows_the_enrolment_to_its_account_in_another_browser(
    learner: User, learners_enrolment: str
) -> None:
    client = Client()
    client.force_login(learner)

    assert client.get(f"{API}/{learners_enrolment}").status_code == 200


@pytest.mark.parametrize("persona", ["anonymous", "other_learner", "staff"])
def test_it_hides_the_enrolment_from_everyone_else(
    request: pytest.FixtureRequest, persona: str, learners_enrolment: str
) -> None:
    client = Client()
    if persona != "anonymous":
        client.force_login(request.getfixturevalue(persona))

    response = client.get(f"{API}/{learners_enrolment}")

    assert response.status_code == 404
    assert response.json() == {"message": "No enrolment with this reference.", "extra": {}}


def test_it_answers_404_for_an_unknown_reference(client: Client, course: Course) -> None:
    assert client.get(f"{API}/ENR-ZZZZZZ").status_code == 404


def test_it_does_not_show_an_anonymous_enrolment_to_the_account_with_that_phone(
    learner: User, course: Course
) -> None:
    enrolment = enrol(course, phone=learner.phone, email="someone@example.org")
    client = Client()
    client.force_login(learner)

    assert client.get(f"{API}/{enrolment.reference}").status_code == 404
    assert page_json(client, "dashboard")["enrolments"] == []


def test_it_lists_my_enrolments_newest_first(
    learner_client: Client, learner: User, course: Course, other_course: Course
) -> None:
    first = post(learner_client, API, enrol_payload(course, phone=learner.phone)).json()
    second = post(learner_client, API, enrol_payload(other_course, phone=learner.phone)).json()
    enrol(course, phone="98111 99999")  # someone else's

    listed = page_json(learner_client, "dashboard")["enrolments"]

    assert [e["reference"] for e in listed] == [second["reference"], first["reference"]]
    on_course_page = page_json(learner_client, "path", path=course.route)["enrolments"]
    assert on_course_page == listed


def test_it_lists_nothing_of_anyone_else(
    client: Client, other_learner: User, learners_enrolment: str
) -> None:
    client.force_login(other_learner)

    assert page_json(client, "dashboard")["enrolments"] == []


def test_it_asks_anonymous_visitors_to_log_in_for_my_enrolments(client: Client) -> None:
    response = client.get("/api/pages/dashboard")

    assert response.status_code == 401


def test_a_browser_lists_the_enrolments_it_made_there_and_no_others(course: Course) -> None:
    visitor, stranger = Client(), Client()

    def session_list(client: Client) -> list:
        return page_json(client, "path", path=course.route)["enrolments"]

    assert session_list(visitor) == []
    made = post(visitor, API, enrol_payload(course, phone="9876500001"))
    assert made.status_code == 201
    post(stranger, API, enrol_payload(course, phone="9876500002"))

    listed = session_list(visitor)

    assert [e["reference"] for e in listed] == [made.json()["reference"]]
    assert listed[0]["payment"] == made.json()["payment"]
    assert made.json()["reference"] not in str(session_list(stranger))


@pytest.mark.parametrize(
    ("status", "is_open", "can_submit_utr"),
    [
        (Enrolment.Status.PENDING, True, True),
        (Enrolment.Status.PAID_CLAIMED, True, False),
        (Enrolment.Status.CONFIRMED, False, False),
        (Enrolment.Status.REJECTED, False, False),
        (Enrolment.Status.EXPIRED, False, False),
    ],
)
def test_it_says_whether_the_enrolment_is_still_open(
    learner_client: Client,
    learner: User,
    learners_enrolment: str,
    status: str,
    is_open: bool,
    can_submit_utr: bool,
) -> None:
    Enrolment.objects.filter(reference=learners_enrolment).update(status=status)

    body = learner_client.get(f"{API}/{learners_enrolment}").json()

    assert (body["is_open"], body["can_submit_utr"]) == (is_open, can_submit_utr)
