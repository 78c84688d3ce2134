"""Random sequences of enrolments, confirmations, undos, rejections, payout requests,
payments, cancellations and days passing; after every step the ledger's invariants hold:

- a confirmed, rewarded enrolment carries one live credit; an enrolment that is not
  confirmed carries one only when its confirmation was undone or refunded after the hold
  (the reward is no longer taken back), and never more than one;
- earned = credits - reversals = the live credits; on hold = the live credits before
  their payable_on;
- payable = max(0, earned - on hold - paid - pending), requestable only from
  REFERRAL_MIN_PAYOUT on and with no request waiting;
- nothing is paid out that was not past its hold when it was paid.
"""

from __future__ import annotations

import itertools
from datetime import datetime, timedelta

import pytest
import time_machine
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

from accounts.models import User
from accounts.services import user_create
from catalog.models import Course
from core.dates import INDIA, india_today
from core.errors import ApplicationError
from enrolments import services as enrolment_services
from enrolments.models import Enrolment
from enrolments.tests.conftest import referred
from referrals import services
from referrals.models import PayoutRequest, RewardEntry
from referrals.selectors import referral_figures, referral_summary

pytestmark = pytest.mark.django_db

_numbers = itertools.count(1)


def _phone() -> str:
    return f"+9196{next(_numbers):08d}"


def test_it_keeps_the_ledger_invariants(
    course: Course, other_course: Course, no_reward_course: Course, staff: User
) -> None:
    courses = [course, other_course, no_reward_course]

    class Ledger(RuleBasedStateMachine):
        enrolments = Bundle("enrolments")

        @initialize()
        def start(self) -> None:
            self.travel = time_machine.travel(datetime(2026, 11, 26, 23, 0, tzinfo=INDIA))
            self.clock = self.travel.start()
            self.referrer = user_create(phone=_phone(), name="Referrer", password=None)
            self.paid_total = 0

        def teardown(self) -> None:
            if hasattr(self, "travel"):
                self.travel.stop()

        @rule(days=st.integers(1, 8))
        def days_pass(self, days: int) -> None:
            self.clock.shift(timedelta(days=days))

        @rule(target=enrolments, index=st.integers(0, len(courses) - 1))
        def enrol(self, index: int) -> int:
            enrolment = referred(
                courses[index],
                self.referrer,
                phone=_phone(),
                email=f"f{next(_numbers)}@example.org",
            )
            return enrolment.pk

        @rule(enrolment_id=enrolments)
        def confirm(self, enrolment_id: int) -> None:
            try:
                enrolment_services.enrolment_confirm_payment(enrolment_id=enrolment_id, by=staff)
            except ApplicationError:
                assert Enrolment.objects.get(pk=enrolment_id).status == "rejected"

        @rule(enrolment_id=enrolments)
        def unconfirm(self, enrolment_id: int) -> None:
            try:
                enrolment_services.enrolment_unconfirm(
                    enrolment_id=enrolment_id, by=staff, reason="Undo."
                )
            except ApplicationError:
                assert Enrolment.objects.get(pk=enrolment_id).status != "confirmed"

        @rule(enrolment_id=enrolments)
        def reject(self, enrolment_id: int) -> None:
            enrolment_services.enrolment_reject(
                enrolment_id=enrolment_id, by=staff, reason="Refund."
            )

        @rule()
        def request_payout(self) -> None:
            before = referral_summary(user=self.referrer)
            try:
                payout = services.payout_request_create(user=self.referrer, upi_id="ref@okbank")
            except ApplicationError as exc:
                assert not before.can_request_payout, exc.message
            else:
                assert before.can_request_payout
                assert payout.amount == before.payable >= 100

        @rule()
        def mark_paid(self) -> None:
            payout = PayoutRequest.objects.filter(user=self.referrer, status="requested").first()
            if payout is None:
                return
            figures = referral_figures(user_id=self.referrer.pk)
            try:
                services.payout_mark_paid(payout_id=payout.pk, by=staff, reference="R")
            except ApplicationError:
                assert payout.amount > figures.past_hold - figures.paid
            else:
                assert payout.amount <= figures.past_hold - figures.paid
                self.paid_total += payout.amount

        @rule()
        def cancel(self) -> None:
            payout = PayoutRequest.objects.filter(user=self.referrer, status="requested").first()
            if payout is not None:
                services.payout_cancel(payout_id=payout.pk, by=staff)

        @invariant()
        def ledger_matches_the_enrolments(self) -> None:
            if not hasattr(self, "referrer"):
                return
            today = india_today()
            live: dict[int, int] = {}
            for enrolment_id, kind in RewardEntry.objects.filter(
                user=self.referrer, enrolment__isnull=False
            ).values_list("enrolment_id", "kind"):
                live[enrolment_id] = live.get(enrolment_id, 0) + (1 if kind == "credit" else -1)
            expected_earned = expected_on_hold = 0
            confirmed = 0
            for pk, status, reward in Enrolment.objects.filter(referrer=self.referrer).values_list(
                "pk", "status", "course__referral_reward"
            ):
                confirmed += status == "confirmed"
                count = live.get(pk, 0)
                assert count in (0, 1)
                if status == "confirmed" and reward > 0:
                    assert count == 1
                if count:
                    credit = RewardEntry.objects.filter(enrolment_id=pk, kind="credit").latest(
                        "cycle"
                    )
                    assert credit.payable_on is not None
                    held = credit.payable_on > today
                    # Refunded or undone, yet still credited: only after the hold.
                    assert status == "confirmed" or not held
                    expected_earned += credit.amount
                    expected_on_hold += credit.amount if held else 0

            figures = referral_figures(user_id=self.referrer.pk)
            summary = referral_summary(user=self.referrer)
            assert figures.earned == expected_earned == summary.earned
            assert figures.on_hold == expected_on_hold == summary.on_hold
            assert figures.paid == self.paid_total == summary.paid
            assert figures.paid <= figures.past_hold
            assert summary.successful_referrals == confirmed
            assert summary.payable == max(
                0, figures.earned - figures.on_hold - figures.paid - figures.pending_payout
            )
            assert summary.payable >= 0
            open_request = summary.open_request
            assert summary.can_request_payout == (summary.payable >= 100 and not open_request)
            assert (summary.payout_refusal is None) == summary.can_request_payout
            assert summary.pending_payout == (open_request.amount if open_request else 0)

    run_state_machine_as_test(
        Ledger,
        settings=settings(
            max_examples=30,
            stateful_step_count=20,
            deadline=None,
            suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        ),
    )
