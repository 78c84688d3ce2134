from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.conf import settings
from django.test import Client
from django.utils import timezone

from accounts.models import User
from catalog.models import Course
from enrolments import services as enrolment_services
from enrolments.tests.conftest import (  # noqa: F401  (fixtures shared with the enrolments app)
    _enrolment_settings,
    back_office_client,
    course,
    no_reward_course,
    other_course,
    payee,
    referred,
)
from referrals import services
from referrals.models import PayoutRequest
from referrals.schemas import ReferralSummaryOut
from referrals.selectors import referral_summary

API = "/api/referrals"
UPI_ID = "asha.learner@okbank"

_phones = iter(range(1_000_000))


def confirmed_referral(on: Course, referrer: User, staff: User, *, held: bool = False) -> int:
    """A friend enrols with the referrer's code and staff confirm; returns the enrolment id.

    The confirmation happened long enough ago for the reward to be past its hold (payable),
    or, with held=True, just now (on hold for REFERRAL_HOLD_DAYS)."""
    when = timezone.now()
    if not held:
        when -= timedelta(days=settings.REFERRAL_HOLD_DAYS + 1)
    with time_machine.travel(when, tick=False):
        enrolment = referred(
            on,
            referrer,
            phone=f"97{next(_phones):08d}",
            email=f"friend{next(_phones)}@example.org",
        )
        enrolment_services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)
    return enrolment.pk


@pytest.fixture
def earned(request: pytest.FixtureRequest, learner: User, staff: User) -> int:
    """The learner has one confirmed referral (₹150), past its hold."""
    return confirmed_referral(request.getfixturevalue("course"), learner, staff)


def paid_out(user: User, staff: User, reference: str = "UTR1") -> PayoutRequest:
    payout = services.payout_request_create(user=user, upi_id=UPI_ID)
    return services.payout_mark_paid(payout_id=payout.pk, by=staff, reference=reference)


DASHBOARD = "/api/pages/dashboard"


def shown(client: Client) -> Any:
    """The referral figures as the dashboard shows them to this client's account."""
    return client.get(DASHBOARD).json()["referral_summary"]


def ledger(client: Client) -> Any:
    """The reward ledger as the dashboard shows it to this client's account."""
    return client.get(DASHBOARD).json()["reward_entries"]


def summary_answer(user: User) -> dict[str, Any]:
    """The dashboard's figures for `user` as the API answers them (ReferralSummaryOut)."""
    return ReferralSummaryOut.from_orm(referral_summary(user=user)).model_dump(mode="json")
