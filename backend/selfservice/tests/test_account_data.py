"""Download my data: a JSON attachment of everything held about the account."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
import time_machine
from django.test import Client

from accounts.models import User
from catalog.models import Course
from core.tests.base import LEARNER
from enrolments import services as enrolment_services
from enrolments.tests.conftest import enrol, referred
from referrals.services import payout_request_create

pytestmark = pytest.mark.django_db


@time_machine.travel(datetime(2026, 11, 24, 20, 0, tzinfo=UTC), tick=False)
def test_it_downloads_the_account_enrolments_ledger_and_payouts(
    learner_client: Client, learner: User, other_learner: User, course: Course, staff: User
) -> None:
    mine = enrol(course, user=learner, name=LEARNER.name, phone=LEARNER.phone)
    friend = referred(course, learner)
    enrolment_services.enrolment_confirm_payment(enrolment_id=friend.pk, by=staff)
    payout_request_create(user=learner, upi_id="asha@okbank")
    enrol(course, user=other_learner, phone="98222 33344")  # someone else's

    response = learner_client.get("/api/auth/account/data")
    assert response.status_code == 200
    # 20:00 UTC is the next day in India.
    assert response["Content-Disposition"] == 'attachment; filename="my-data-2026-11-25.json"'
    assert response["Cache-Control"] == "no-store"
    data = json.loads(response.content)
    assert data["account"]["phone"] == LEARNER.phone
    assert data["account"]["referral_code"] == learner.referral_code
    (enrolment,) = data["enrolments"]
    assert enrolment["reference"] == mine.reference
    assert enrolment["course"] == course.name
    assert enrolment["amount"] == mine.amount
    assert enrolment["status"] == "Waiting for payment"
    assert [line["kind"] for line in data["referral_ledger"]] == ["Credit"]
    assert data["referral_ledger"][0]["course"] == course.name
    (payout,) = data["payout_requests"]
    assert payout["upi_id"] == "asha@okbank" and payout["status"] == "Requested"
    assert "98222" not in response.content.decode()


def test_it_downloads_the_internship_applications_and_submissions(
    learner_client: Client, learner: User, staff: User
) -> None:
    from catalog.models import InternshipDomain
    from internships import services as internship_services
    from internships.tests.conftest import NOW, apply, submit

    with time_machine.travel(NOW, tick=False):
        application = apply(learner, InternshipDomain.objects.get(slug="web-development"))
        internship_services.application_accept(application_id=application.pk, by=staff)
        submission = submit(learner, 1)
        internship_services.submission_request_changes(
            submission_id=submission.pk, by=staff, feedback="Add a README."
        )

        data = learner_client.get("/api/auth/account/data").json()

    (exported,) = data["internship_applications"]
    assert (exported["reference"], exported["domain"]) == (application.reference, "Web Development")
    assert (exported["batch"], exported["status"]) == ("1st of the month", "Accepted")
    (work,) = data["task_submissions"]
    assert work["board"] == "/tasks-1"
    assert work["task"] == f"Task 1: {submission.task.title}"
    assert (work["state"], work["feedback"]) == ("Changes requested", "Add a README.")
    assert work["link"] == "https://github.com/asha/task-1"
