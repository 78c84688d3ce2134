"""Two staff confirm the same enrolment at the same moment, each on its own database
connection: the row lock makes the second wait and then find it confirmed, so the
referrer is credited exactly once. SQLite serialises every writer anyway and has no
SELECT ... FOR UPDATE, so this runs on PostgreSQL only."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection

from accounts.models import User
from catalog.models import Course
from core.tests.concurrency import run_at_once
from core.tests.mail import queued_about
from enrolments import services
from enrolments.models import Enrolment
from enrolments.tests.conftest import referred
from referrals.models import RewardEntry

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL (row locks across connections); set DATABASE_URL to run it",
    ),
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

ROUNDS = 5


def test_it_credits_once_when_two_staff_confirm_at_the_same_moment(
    course: Course, learner: User, staff: User, other_learner: User
) -> None:
    for round_number in range(ROUNDS):
        enrolment = referred(course, learner, phone=f"98111 2{round_number:04d}")

        errors = run_at_once(
            lambda e=enrolment: services.enrolment_confirm_payment(enrolment_id=e.pk, by=staff),
            lambda e=enrolment: services.enrolment_confirm_payment(
                enrolment_id=e.pk, by=other_learner
            ),
        ).errors

        assert errors == []
        assert Enrolment.objects.get(pk=enrolment.pk).status == Enrolment.Status.CONFIRMED
        assert RewardEntry.objects.filter(enrolment=enrolment, kind="credit").count() == 1
        # The second confirmation did nothing at all: one email to the student.
        emails = queued_about("enrolment.confirmed")
        assert len([e for e in emails if enrolment.reference in e.subject]) == 1
    assert RewardEntry.objects.filter(user=learner).count() == ROUNDS


def test_it_pays_out_once_when_two_staff_mark_the_same_request_paid(
    course: Course, learner: User, staff: User, settings: Any
) -> None:
    from core.errors import ApplicationError
    from referrals import services as referral_services

    settings.REFERRAL_HOLD_DAYS = 0  # the reward is payable at once (the hold has its own tests)

    enrolment = referred(course, learner)
    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)
    payout = referral_services.payout_request_create(user=learner, upi_id="asha@okbank")

    errors = run_at_once(
        lambda: referral_services.payout_mark_paid(payout_id=payout.pk, by=staff, reference="A1"),
        lambda: referral_services.payout_mark_paid(payout_id=payout.pk, by=staff, reference="B2"),
    ).errors

    assert len(errors) == 1 and isinstance(errors[0], ApplicationError)
    assert RewardEntry.objects.filter(kind="payout").count() == 1
