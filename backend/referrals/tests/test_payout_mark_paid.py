from __future__ import annotations

import pytest

from accounts.models import User
from catalog.models import Course
from core.errors import ApplicationError, FieldErrors
from core.tests.mail import queued_about
from enrolments import services as enrolment_services
from referrals import services
from referrals.models import PayoutRequest, RewardEntry
from referrals.selectors import referral_figures, referral_summary
from referrals.tests.conftest import UPI_ID, confirmed_referral

pytestmark = pytest.mark.django_db


def test_it_debits_the_ledger_and_tells_the_referrer(
    learner: User, staff: User, earned: int
) -> None:
    payout = services.payout_request_create(user=learner, upi_id=UPI_ID)

    paid = services.payout_mark_paid(payout_id=payout.pk, by=staff, reference=" 998877 ")

    assert paid.status == PayoutRequest.Status.PAID
    assert paid.payment_reference == "998877" and paid.paid_by == staff
    debit = RewardEntry.objects.get(kind="payout")
    assert (debit.user, debit.amount, debit.payout) == (learner, 150, paid)
    assert referral_summary(user=learner).payable == 0
    assert queued_about("referral.payout")[0].to == [learner.email]


def test_it_pays_a_request_once(learner: User, staff: User, earned: int) -> None:
    payout = services.payout_request_create(user=learner, upi_id=UPI_ID)
    services.payout_mark_paid(payout_id=payout.pk, by=staff, reference="A")

    with pytest.raises(ApplicationError, match="not waiting for payment"):
        services.payout_mark_paid(payout_id=payout.pk, by=staff, reference="B")

    assert RewardEntry.objects.filter(kind="payout").count() == 1


def test_it_needs_the_payment_reference(learner: User, staff: User, earned: int) -> None:
    payout = services.payout_request_create(user=learner, upi_id=UPI_ID)

    with pytest.raises(FieldErrors):
        services.payout_mark_paid(payout_id=payout.pk, by=staff, reference=" ")


def test_it_refuses_to_pay_more_than_is_left_after_a_reversal(
    learner: User, staff: User, course: Course, earned: int
) -> None:
    """Since the hold a refund cannot reverse a payable reward, but a reversal written
    before the hold existed (made here directly in the ledger) still can leave less."""
    second = confirmed_referral(course, learner, staff)
    payout = services.payout_request_create(user=learner, upi_id=UPI_ID)  # ₹300
    RewardEntry.objects.create(
        user=learner, kind="reversal", amount=150, enrolment_id=second, note="Refunded."
    )

    with pytest.raises(ApplicationError, match="Cancel it"):
        services.payout_mark_paid(payout_id=payout.pk, by=staff, reference="X")

    services.payout_cancel(payout_id=payout.pk, by=staff)
    again = services.payout_request_create(user=learner, upi_id=UPI_ID)
    assert again.amount == 150


def test_it_cancels_a_request_and_frees_the_balance(
    learner: User, staff: User, earned: int
) -> None:
    payout = services.payout_request_create(user=learner, upi_id=UPI_ID)

    cancelled = services.payout_cancel(payout_id=payout.pk, by=staff)

    assert cancelled.status == PayoutRequest.Status.CANCELLED and cancelled.cancelled_by == staff
    assert referral_summary(user=learner).payable == 150
    assert not RewardEntry.objects.filter(kind="payout").exists()


def test_it_cannot_cancel_a_paid_request(learner: User, staff: User, earned: int) -> None:
    payout = services.payout_request_create(user=learner, upi_id=UPI_ID)
    services.payout_mark_paid(payout_id=payout.pk, by=staff, reference="A")

    with pytest.raises(ApplicationError, match="already paid"):
        services.payout_cancel(payout_id=payout.pk, by=staff)


def test_the_balance_is_credits_minus_reversals_minus_payouts(
    learner: User, staff: User, course: Course, other_course: Course, earned: int
) -> None:
    confirmed_referral(other_course, learner, staff)
    payout = services.payout_request_create(user=learner, upi_id=UPI_ID)
    services.payout_mark_paid(payout_id=payout.pk, by=staff, reference="A")
    third = confirmed_referral(course, learner, staff, held=True)
    enrolment_services.enrolment_unconfirm(enrolment_id=third, by=staff, reason="Oops.")
    confirmed_referral(course, learner, staff)

    figures = referral_figures(user_id=learner.pk)
    assert (figures.credits, figures.reversals, figures.paid) == (750, 150, 450)
    assert referral_summary(user=learner).payable == 750 - 150 - 450
