from __future__ import annotations

import pytest
from post_office.models import Email

from accounts.models import User
from catalog.models import Course
from core.errors import ApplicationError, FieldErrors
from core.tests.mail import queued_about
from enrolments import services
from enrolments.models import Enrolment
from enrolments.tests.conftest import enrol, referred
from referrals.models import RewardEntry
from referrals.selectors import referral_summary

pytestmark = pytest.mark.django_db


def kinds(user: User) -> list[tuple[str, int, int]]:
    return list(
        RewardEntry.objects.filter(user=user).order_by("pk").values_list("kind", "amount", "cycle")
    )


def test_it_confirms_credits_the_referrer_and_emails_the_student(
    course: Course, learner: User, staff: User
) -> None:
    enrolment = referred(course, learner)
    services.enrolment_submit_utr(enrolment=enrolment, utr="412345678901")

    confirmed = services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)

    assert confirmed.status == Enrolment.Status.CONFIRMED
    assert confirmed.confirmed_by == staff and confirmed.confirmed_at is not None
    assert kinds(learner) == [("credit", 150, 1)]
    [email] = queued_about("enrolment.confirmed")
    assert email.to == ["kiran@example.org"]
    assert enrolment.reference in email.subject
    assert "₹999" in email.message


def test_staff_confirm_a_student_whose_name_holds_template_syntax(
    course: Course, staff: User
) -> None:
    enrolment = enrol(course, name="Name {% bogus %} {{ 7|add:1 }}")
    services.enrolment_submit_utr(enrolment=enrolment, utr="412345678901")

    confirmed = services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)

    assert confirmed.status == Enrolment.Status.CONFIRMED
    [email] = queued_about("enrolment.confirmed")
    assert "Name {% bogus %} {{ 7|add:1 }}" in email.message


def test_it_credits_once_when_confirmed_twice(course: Course, learner: User, staff: User) -> None:
    enrolment = referred(course, learner)

    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)
    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)

    assert kinds(learner) == [("credit", 150, 1)]
    assert len(queued_about("enrolment.confirmed")) == 1


def test_it_confirms_without_a_referrer_or_a_reward(
    course: Course, no_reward_course: Course, learner: User, staff: User
) -> None:
    plain = enrol(course)
    bootcamp = referred(no_reward_course, learner)

    services.enrolment_confirm_payment(enrolment_id=plain.pk, by=staff)
    services.enrolment_confirm_payment(enrolment_id=bootcamp.pk, by=staff)

    assert not RewardEntry.objects.exists()
    # A referral with no reward still counts as a successful referral.
    assert referral_summary(user=learner).successful_referrals == 1


def test_it_emails_nobody_when_no_email_was_given(course: Course, staff: User) -> None:
    enrolment = enrol(course)
    Enrolment.objects.filter(pk=enrolment.pk).update(email="")
    Email.objects.all().delete()  # the payment details, sent on enrolling to the address then

    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)
    services.enrolment_reject(enrolment_id=enrolment.pk, by=staff, reason="Refunded.")

    assert not Email.objects.exists()


def test_it_rejects_with_a_reason_and_emails_it(course: Course, staff: User) -> None:
    enrolment = enrol(course)

    rejected = services.enrolment_reject(
        enrolment_id=enrolment.pk, by=staff, reason="  No payment arrived.  "
    )

    assert rejected.status == Enrolment.Status.REJECTED
    assert rejected.rejected_reason == "No payment arrived."
    assert rejected.rejected_by == staff
    [email] = queued_about("enrolment.rejected")
    assert "No payment arrived." in email.message


def test_it_refuses_to_reject_without_a_reason(course: Course, staff: User) -> None:
    with pytest.raises(FieldErrors):
        services.enrolment_reject(enrolment_id=enrol(course).pk, by=staff, reason="  ")


def test_it_refuses_to_confirm_a_rejected_enrolment(course: Course, staff: User) -> None:
    enrolment = enrol(course)
    services.enrolment_reject(enrolment_id=enrolment.pk, by=staff, reason="No payment.")

    with pytest.raises(ApplicationError, match="rejected"):
        services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)


def test_it_reverses_the_credit_when_a_confirmed_enrolment_is_rejected(
    course: Course, learner: User, staff: User
) -> None:
    enrolment = referred(course, learner)
    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)

    services.enrolment_reject(enrolment_id=enrolment.pk, by=staff, reason="Refunded.")

    assert kinds(learner) == [("credit", 150, 1), ("reversal", 150, 1)]
    assert referral_summary(user=learner).earned == 0
    assert referral_summary(user=learner).successful_referrals == 0


def test_it_undoes_a_confirmation_with_a_reversal(
    course: Course, learner: User, staff: User
) -> None:
    enrolment = referred(course, learner)
    services.enrolment_submit_utr(enrolment=enrolment, utr="412345678901")
    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)

    undone = services.enrolment_unconfirm(enrolment_id=enrolment.pk, by=staff, reason="Wrong row.")

    assert undone.status == Enrolment.Status.PAID_CLAIMED
    assert undone.confirmed_at is None and undone.unconfirmed_reason == "Wrong row."
    assert kinds(learner) == [("credit", 150, 1), ("reversal", 150, 1)]
    assert "Wrong row." in RewardEntry.objects.get(kind="reversal").note


def test_it_reopens_as_pending_when_no_utr_was_given(course: Course, staff: User) -> None:
    enrolment = enrol(course)
    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)

    undone = services.enrolment_unconfirm(enrolment_id=enrolment.pk, by=staff, reason="Oops.")

    assert undone.status == Enrolment.Status.PENDING


def test_it_credits_again_when_confirmed_after_an_undo(
    course: Course, learner: User, staff: User
) -> None:
    """Decision: the reward follows the enrolment's current state. Undo writes a reversal;
    confirming again writes a new credit (cycle 2), so earned is the reward once."""
    enrolment = referred(course, learner)
    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)
    services.enrolment_unconfirm(enrolment_id=enrolment.pk, by=staff, reason="Checking.")

    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)
    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)

    assert kinds(learner) == [("credit", 150, 1), ("reversal", 150, 1), ("credit", 150, 2)]
    assert referral_summary(user=learner).earned == 150


def test_it_reverses_the_amount_credited_even_if_the_reward_changed(
    course: Course, learner: User, staff: User
) -> None:
    enrolment = referred(course, learner)
    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)
    course.referral_reward = 500
    course.save()

    services.enrolment_unconfirm(enrolment_id=enrolment.pk, by=staff, reason="Checking.")

    assert kinds(learner) == [("credit", 150, 1), ("reversal", 150, 1)]


def test_it_refuses_to_undo_what_is_not_confirmed(course: Course, staff: User) -> None:
    with pytest.raises(ApplicationError, match="not confirmed"):
        services.enrolment_unconfirm(enrolment_id=enrol(course).pk, by=staff, reason="x")


def test_it_refuses_to_reopen_when_the_phone_enrolled_again(course: Course, staff: User) -> None:
    first = enrol(course)
    services.enrolment_confirm_payment(enrolment_id=first.pk, by=staff)
    enrol(course)  # allowed: the first one is no longer open

    with pytest.raises(ApplicationError, match="cannot be reopened"):
        services.enrolment_unconfirm(enrolment_id=first.pk, by=staff, reason="Oops.")

    assert Enrolment.objects.get(pk=first.pk).status == Enrolment.Status.CONFIRMED
    assert not RewardEntry.objects.filter(kind="reversal").exists()


def test_the_database_refuses_a_second_credit_for_one_confirmation(
    course: Course, learner: User, staff: User
) -> None:
    from django.db import IntegrityError, transaction

    enrolment = referred(course, learner)
    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)

    with pytest.raises(IntegrityError), transaction.atomic():
        RewardEntry.objects.create(
            user=learner, kind="credit", amount=150, enrolment=enrolment, cycle=1
        )
