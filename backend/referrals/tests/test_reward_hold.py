"""Rewards on hold (docs/product.md section 16): a credit is payable from the India date of its
confirmation plus REFERRAL_HOLD_DAYS; a refund or an undone confirmation before then
reverses it, after then does not; payouts come only from what is past its hold, and at
least REFERRAL_MIN_PAYOUT at a time."""

from __future__ import annotations

from datetime import date, datetime

import pytest
import time_machine
from django.test import Client

from accounts.models import User
from catalog.models import Course
from core.dates import INDIA
from core.errors import ApplicationError
from enrolments import services as enrolment_services
from enrolments.models import Enrolment
from enrolments.tests.conftest import back_office_client, post, referred  # noqa: F401
from referrals import services
from referrals.models import RewardEntry
from referrals.selectors import referral_summary
from referrals.tests.conftest import API, UPI_ID, summary_answer

pytestmark = pytest.mark.django_db

# 00:30 in India on 27 November is still 26 November in UTC: the India date counts.
CONFIRMED_AT = datetime(2026, 11, 27, 0, 30, tzinfo=INDIA)
LAST_HELD_MOMENT = datetime(2026, 12, 3, 23, 59, 59, tzinfo=INDIA)
PAYABLE_FROM = datetime(2026, 12, 4, 0, 0, tzinfo=INDIA)


def _confirm(course: Course, referrer: User, staff: User, phone: str) -> Enrolment:
    enrolment = referred(course, referrer, phone=phone, email=f"{phone[-4:]}@example.org")
    enrolment_services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)
    return enrolment


@pytest.fixture
def confirmed(course: Course, learner: User, staff: User) -> Enrolment:
    """The learner's friend's payment (reward ₹150) confirmed at CONFIRMED_AT."""
    with time_machine.travel(CONFIRMED_AT, tick=False):
        return _confirm(course, learner, staff, "9711100001")


@pytest.fixture
def small_course(payee: None) -> Course:
    return Course.objects.create(
        slug="test-small",
        name="Test Small",
        short_name="Small",
        route="/test-small-registration",
        summary="A course with a small reward.",
        list_fee=500,
        referral_reward=50,
    )


def test_a_credit_stores_the_day_its_hold_ends(confirmed: Enrolment) -> None:
    credit = RewardEntry.objects.get(enrolment=confirmed, kind="credit")

    assert credit.payable_on == date(2026, 12, 4)


def test_a_later_change_of_the_setting_keeps_the_date_shown(
    confirmed: Enrolment, learner: User, settings: object
) -> None:
    settings.REFERRAL_HOLD_DAYS = 30  # type: ignore[attr-defined]

    with time_machine.travel(PAYABLE_FROM, tick=False):
        assert referral_summary(user=learner).payable == 150


def test_the_reward_is_on_hold_until_the_last_moment_of_the_day_before(
    confirmed: Enrolment, learner: User
) -> None:
    with time_machine.travel(LAST_HELD_MOMENT, tick=False):
        summary = referral_summary(user=learner)
        assert (summary.earned, summary.on_hold, summary.payable) == (150, 150, 0)
        assert summary_answer(learner)["held_rewards"][0]["on_hold_until_display"] == (
            "4 December 2026"
        )
        assert summary.can_request_payout is False
        assert summary.payout_refusal == (
            "You can ask for a payout once ₹100 is payable. ₹150 is on hold."
        )
        with pytest.raises(ApplicationError, match="once ₹100 is payable") as refused:
            services.payout_request_create(user=learner, upi_id=UPI_ID)
        assert refused.value.status_code == 409

    with time_machine.travel(PAYABLE_FROM, tick=False):
        summary = referral_summary(user=learner)
        assert (summary.earned, summary.on_hold, summary.payable) == (150, 0, 150)
        assert summary.held_rewards == []
        assert services.payout_request_create(user=learner, upi_id=UPI_ID).amount == 150


def test_a_payout_never_includes_money_on_hold(
    confirmed: Enrolment, learner_client: Client, learner: User, staff: User, other_course: Course
) -> None:
    with time_machine.travel(PAYABLE_FROM, tick=False):
        _confirm(other_course, learner, staff, "9711100002")  # ₹300, on hold until 11 Dec

        response = post(learner_client, f"{API}/payouts", {"upi_id": UPI_ID})

        assert response.status_code == 201
        assert response.json()["amount"] == 150
        summary = referral_summary(user=learner)
        assert (summary.on_hold, summary.payable, summary.pending_payout) == (300, 0, 150)


def test_a_request_with_only_money_on_hold_is_refused_through_the_api(
    confirmed: Enrolment, learner_client: Client
) -> None:
    with time_machine.travel(LAST_HELD_MOMENT, tick=False):
        response = post(learner_client, f"{API}/payouts", {"upi_id": UPI_ID})

    assert response.status_code == 409
    assert response.json()["message"] == (
        "You can ask for a payout once ₹100 is payable. ₹150 is on hold."
    )


def test_a_payout_needs_the_minimum(
    small_course: Course, learner: User, staff: User, other_course: Course
) -> None:
    with time_machine.travel(CONFIRMED_AT, tick=False):
        _confirm(small_course, learner, staff, "9711100003")  # ₹50
    with time_machine.travel(PAYABLE_FROM, tick=False):
        _confirm(other_course, learner, staff, "9711100004")  # ₹300, on hold
        message = (
            "You can ask for a payout once ₹100 is payable. ₹50 is payable now. ₹300 is on hold."
        )
        assert referral_summary(user=learner).payout_refusal == message
        with pytest.raises(ApplicationError) as refused:
            services.payout_request_create(user=learner, upi_id=UPI_ID)
        assert refused.value.message == message

        _confirm(small_course, learner, staff, "9711100005")  # another ₹50, on hold
    with time_machine.travel(datetime(2026, 12, 11, 9, 0, tzinfo=INDIA), tick=False):
        assert services.payout_request_create(user=learner, upi_id=UPI_ID).amount == 400


def test_the_minimum_follows_the_setting(
    confirmed: Enrolment, learner: User, settings: object
) -> None:
    settings.REFERRAL_MIN_PAYOUT = 200  # type: ignore[attr-defined]

    with time_machine.travel(PAYABLE_FROM, tick=False):
        summary = summary_answer(learner)
        assert (summary["min_payout"], summary["min_payout_display"]) == (200, "₹200")
        assert summary["payout_refusal"] == (
            "You can ask for a payout once ₹200 is payable. ₹150 is payable now."
        )


@pytest.mark.parametrize("decision", ["reject", "unconfirm"])
def test_a_refund_during_the_hold_reverses_the_reward(
    decision: str, confirmed: Enrolment, learner: User, staff: User
) -> None:
    decide = getattr(enrolment_services, f"enrolment_{decision}")
    with time_machine.travel(LAST_HELD_MOMENT, tick=False):
        decide(enrolment_id=confirmed.pk, by=staff, reason="Refunded.")

        reversal = RewardEntry.objects.get(enrolment=confirmed, kind="reversal")
        assert reversal.amount == 150 and reversal.payable_on is None
        summary = referral_summary(user=learner)
        assert (summary.earned, summary.on_hold, summary.held_rewards) == (0, 0, [])


@pytest.mark.parametrize("decision", ["reject", "unconfirm"])
def test_a_refund_after_the_hold_does_not_take_the_reward_back(
    decision: str, confirmed: Enrolment, learner: User, staff: User
) -> None:
    decide = getattr(enrolment_services, f"enrolment_{decision}")
    with time_machine.travel(PAYABLE_FROM, tick=False):
        decide(enrolment_id=confirmed.pk, by=staff, reason="Refunded.")

        assert not RewardEntry.objects.filter(enrolment=confirmed, kind="reversal").exists()
        summary = referral_summary(user=learner)
        assert (summary.earned, summary.payable) == (150, 150)


def test_confirming_again_after_a_late_undo_credits_nothing_more(
    confirmed: Enrolment, learner: User, staff: User
) -> None:
    with time_machine.travel(PAYABLE_FROM, tick=False):
        enrolment_services.enrolment_unconfirm(
            enrolment_id=confirmed.pk, by=staff, reason="Looked again."
        )
        enrolment_services.enrolment_confirm_payment(enrolment_id=confirmed.pk, by=staff)

    assert RewardEntry.objects.filter(enrolment=confirmed).count() == 1
    assert referral_summary(user=learner).earned == 150


def test_confirming_again_after_an_undo_in_the_hold_starts_a_new_hold(
    confirmed: Enrolment, staff: User
) -> None:
    with time_machine.travel(datetime(2026, 12, 1, 10, 0, tzinfo=INDIA), tick=False):
        enrolment_services.enrolment_unconfirm(
            enrolment_id=confirmed.pk, by=staff, reason="Looked again."
        )
        enrolment_services.enrolment_confirm_payment(enrolment_id=confirmed.pk, by=staff)

    credit = RewardEntry.objects.get(enrolment=confirmed, kind="credit", cycle=2)
    assert credit.payable_on == date(2026, 12, 8)


@pytest.mark.parametrize(
    ("when", "says"),
    [
        (
            LAST_HELD_MOMENT,
            "The referral reward of ₹150 to Asha Learner is on hold until 4 December 2026: "
            "this reverses it.",
        ),
        (
            PAYABLE_FROM,
            "The referral reward of ₹150 to Asha Learner was past its hold on 4 December "
            "2026: this does not take it back.",
        ),
    ],
)
@pytest.mark.parametrize("step", ["refund", "undo-confirmation"])
def test_the_admin_says_what_a_refund_does_to_the_reward(
    back_office_client: Client,  # noqa: F811
    confirmed: Enrolment,
    learner: User,
    step: str,
    when: datetime,
    says: str,
) -> None:
    assert learner.name == "Asha Learner"
    with time_machine.travel(when, tick=False):
        response = back_office_client.get(f"/admin/enrolments/enrolment/{confirmed.pk}/{step}/")

    assert response.status_code == 200
    assert says in response.content.decode()
    assert "after the hold the reward is not taken back" in response.content.decode()
