"""Random sequences of enrolments, confirmations, undos, rejections, payout requests,
payments and cancellations; after every step the ledger's invariants hold:

- each enrolment carries one live credit exactly when it is confirmed (and rewarded);
- earned = credits - reversals = the rewards of the confirmed referrals;
- balance = max(0, earned - paid - pending), never negative, and requestable only then;
- nothing is paid out that was not available when it was paid.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
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
            self.referrer = user_create(phone=_phone(), name="Referrer", password=None)
            self.paid_total = 0

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
                assert not before["can_request_payout"], exc.message
            else:
                assert before["can_request_payout"]
                assert payout.amount == before["balance"]

        @rule()
        def mark_paid(self) -> None:
            payout = PayoutRequest.objects.filter(user=self.referrer, status="requested").first()
            if payout is None:
                return
            figures = referral_figures(user_id=self.referrer.pk)
            try:
                services.payout_mark_paid(payout_id=payout.pk, by=staff, reference="R")
            except ApplicationError:
                assert payout.amount > figures.earned - figures.paid
            else:
                assert payout.amount <= figures.earned - figures.paid
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
            live: dict[int, int] = {}
            for enrolment_id, kind in RewardEntry.objects.filter(
                user=self.referrer, enrolment__isnull=False
            ).values_list("enrolment_id", "kind"):
                live[enrolment_id] = live.get(enrolment_id, 0) + (1 if kind == "credit" else -1)
            expected_earned = 0
            confirmed = 0
            for pk, status, reward in Enrolment.objects.filter(referrer=self.referrer).values_list(
                "pk", "status", "course__referral_reward"
            ):
                confirmed += status == "confirmed"
                rewarded = status == "confirmed" and reward > 0
                assert live.get(pk, 0) == (1 if rewarded else 0)
                expected_earned += reward if rewarded else 0

            figures = referral_figures(user_id=self.referrer.pk)
            summary: dict[str, Any] = referral_summary(user=self.referrer)
            assert figures.earned == expected_earned == summary["earned"]
            assert figures.paid == self.paid_total == summary["paid"]
            assert summary["successful_referrals"] == confirmed
            assert summary["balance"] == max(
                0, figures.earned - figures.paid - figures.pending_payout
            )
            assert summary["balance"] >= 0
            open_request = summary["open_request"]
            assert summary["can_request_payout"] == (summary["balance"] > 0 and not open_request)
            assert summary["pending_payout"] == (open_request["amount"] if open_request else 0)

    run_state_machine_as_test(
        Ledger,
        settings=settings(
            max_examples=30,
            stateful_step_count=20,
            deadline=None,
            suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        ),
    )
