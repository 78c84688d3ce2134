from __future__ import annotations

from datetime import datetime

import pytest
import time_machine
from django.test import Client

from accounts.models import User
from catalog.models import Course
from core.dates import INDIA
from enrolments import services as enrolment_services
from referrals import services
from referrals.models import RewardEntry
from referrals.selectors import NOTHING_TO_PAY, referral_summary
from referrals.tests.conftest import (
    DASHBOARD,
    UPI_ID,
    confirmed_referral,
    paid_out,
    shown,
    summary_answer,
)

pytestmark = pytest.mark.django_db

ZERO = {
    "successful_referrals": 0,
    "earned": 0,
    "on_hold": 0,
    "payable": 0,
    "pending_payout": 0,
    "paid": 0,
    "min_payout": 100,
    "earned_display": "₹0",
    "on_hold_display": "₹0",
    "payable_display": "₹0",
    "pending_payout_display": "₹0",
    "paid_display": "₹0",
    "min_payout_display": "₹100",
    "held_rewards": [],
    "can_request_payout": False,
    "payout_refusal": NOTHING_TO_PAY,
    "open_request": None,
}


def test_it_starts_at_zero(learner_client: Client) -> None:
    assert shown(learner_client) == ZERO


def test_it_counts_confirmed_referrals_and_their_rewards(
    learner_client: Client, learner: User, staff: User, course: Course, other_course: Course
) -> None:
    confirmed_referral(course, learner, staff)
    confirmed_referral(other_course, learner, staff)

    assert shown(learner_client) == {
        **ZERO,
        "successful_referrals": 2,
        "earned": 450,
        "payable": 450,
        "earned_display": "₹450",
        "payable_display": "₹450",
        "can_request_payout": True,
        "payout_refusal": None,
    }


def test_it_ignores_referrals_not_yet_confirmed(
    learner: User, course: Course, other_course: Course
) -> None:
    from enrolments.tests.conftest import referred

    enrolment = referred(course, learner)
    enrolment_services.enrolment_submit_utr(enrolment=enrolment, utr="412345678901")

    assert summary_answer(learner) == ZERO


def test_it_shows_an_open_request_as_pending(
    learner_client: Client, learner: User, earned: int
) -> None:
    payout = services.payout_request_create(user=learner, upi_id=UPI_ID)

    body = shown(learner_client)

    assert body["pending_payout"] == 150 and body["payable"] == 0
    assert body["can_request_payout"] is False
    assert body["payout_refusal"].startswith(f"Your request of ₹150 to {UPI_ID} is waiting since ")
    assert body["open_request"]["id"] == payout.pk
    assert body["open_request"]["amount"] == 150
    assert body["open_request"]["amount_display"] == "₹150"
    assert body["open_request"]["upi_id"] == UPI_ID


def test_it_shows_what_was_paid(learner: User, staff: User, earned: int) -> None:
    paid_out(learner, staff)

    assert summary_answer(learner) == {
        **ZERO,
        "successful_referrals": 1,
        "earned": 150,
        "paid": 150,
        "earned_display": "₹150",
        "paid_display": "₹150",
    }


def test_it_clamps_the_payable_balance_at_zero_after_a_reversal_of_paid_money(
    learner: User, staff: User, course: Course, other_course: Course, earned: int
) -> None:
    """Decision: the dashboard never shows a negative balance; the debt stays in the
    ledger (and the admin's referrer balances) and new rewards pay it off first. Since the
    hold, a refund no longer reverses a paid reward: the debt comes from a reversal written
    before it (made here directly in the ledger)."""
    paid_out(learner, staff)
    RewardEntry.objects.create(
        user=learner, kind="reversal", amount=150, enrolment_id=earned, note="Refunded."
    )

    summary = referral_summary(user=learner)
    assert summary.earned == 0 and summary.paid == 150 and summary.payable == 0
    assert summary.can_request_payout is False

    confirmed_referral(course, learner, staff)  # +150 repays the debt
    assert referral_summary(user=learner).payable == 0
    confirmed_referral(other_course, learner, staff)  # +300
    assert referral_summary(user=learner).payable == 300


@time_machine.travel(datetime(2026, 11, 26, 20, 0, tzinfo=INDIA), tick=False)
def test_it_shows_each_reward_on_hold_until_its_date(
    learner_client: Client, learner: User, staff: User, course: Course, other_course: Course
) -> None:
    confirmed_referral(course, learner, staff)  # ₹150, past its hold
    confirmed_referral(other_course, learner, staff, held=True)  # ₹300, confirmed today

    body = shown(learner_client)

    assert (body["earned"], body["on_hold"], body["payable"]) == (450, 300, 150)
    assert body["held_rewards"] == [
        {
            "id": body["held_rewards"][0]["id"],
            "amount": 300,
            "amount_display": "₹300",
            "course_name": other_course.name,
            "on_hold_until": "2026-12-03",
            "on_hold_until_display": "3 December 2026",
        }
    ]
    assert body["can_request_payout"] is True


@pytest.mark.parametrize("persona", ["other_learner", "staff"])
def test_it_shows_each_person_only_their_own_figures(
    request: pytest.FixtureRequest, persona: str, learner: User, earned: int
) -> None:
    client = Client()
    client.force_login(request.getfixturevalue(persona))

    assert shown(client) == ZERO


def test_it_asks_anonymous_visitors_to_log_in(client: Client) -> None:
    response = client.get(DASHBOARD)

    assert response.status_code == 401
    assert response.json()["message"] == "Please log in to continue."
