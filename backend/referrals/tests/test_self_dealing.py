"""Nobody rewards themselves (issue 15.12): a plus-addressed or dotted Gmail address is
still one's own; staff confirm no payment that pays them and pay no payout of their own;
a course's reward is never more than its fee."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from accounts.models import User
from catalog.models import Course
from core.errors import ApplicationError, FieldErrors
from core.mailbox import email_mailbox
from enrolments import services as enrolment_services
from enrolments.models import Enrolment
from enrolments.tests.conftest import referred
from referrals import services
from referrals.models import PayoutRequest, RewardEntry
from referrals.tests.conftest import UPI_ID, confirmed_referral

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("address", "mailbox"),
    [
        ("Asha@Example.com", "asha@example.com"),
        ("asha+courses@example.com", "asha@example.com"),
        ("A.Sha+x@GoogleMail.com", "asha@gmail.com"),
        ("a.s.h.a@gmail.com", "asha@gmail.com"),
        ("a.sha@example.com", "a.sha@example.com"),  # dots matter elsewhere
        ('"asha"@gmail.com', "asha@gmail.com"),  # a quoted local part is the same mailbox
        ('"a.sha+x"@Example.com', "a.sha@example.com"),
        ('"unclosed@example.com', '"unclosed@example.com'),
    ],
)
def test_it_reads_an_address_as_its_mailbox(address: str, mailbox: str) -> None:
    assert email_mailbox(address) == mailbox


@pytest.mark.parametrize(
    "alias", ["a.s.h.a+refer@gmail.com", "ASHA+x@googlemail.com", '"asha"@gmail.com']
)
def test_a_gmail_alias_of_the_referrer_is_their_own_code(course: Course, alias: str) -> None:
    referrer = User.objects.create_user(
        phone="9811100001", name="Asha", password="x-long-pass-1", email="asha@gmail.com"
    )
    with pytest.raises(FieldErrors) as caught:
        referred(course, referrer, phone="97000 00001", email=alias)
    assert caught.value.extra["fields"]["referral_code"] == "You cannot use your own referral code."


def test_staff_cannot_confirm_a_payment_that_rewards_them(course: Course, staff: User) -> None:
    enrolment = referred(course, staff, phone="97000 00002", email="friend2@example.org")

    with pytest.raises(ApplicationError) as caught:
        enrolment_services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)

    assert caught.value.status_code == 403
    enrolment.refresh_from_db()
    assert enrolment.status == Enrolment.Status.PENDING
    assert not RewardEntry.objects.exists()


def test_staff_cannot_mark_their_own_payout_paid(course: Course, staff: User) -> None:
    other = User.objects.create_user(
        phone="9811100009", name="Other Staff", password="x-long-pass-1", is_staff=True
    )
    confirmed_referral(course, staff, other)
    payout = services.payout_request_create(user=staff, upi_id=UPI_ID)

    with pytest.raises(ApplicationError) as caught:
        services.payout_mark_paid(payout_id=payout.pk, by=staff, reference="UTR9")

    assert caught.value.status_code == 403
    payout.refresh_from_db()
    assert payout.status == PayoutRequest.Status.REQUESTED
    assert services.payout_mark_paid(payout_id=payout.pk, by=other, reference="UTR9").status == (
        PayoutRequest.Status.PAID
    )


def test_a_reward_above_the_fee_is_refused(course: Course) -> None:
    course.referral_reward = course.payable_fee + 1
    with pytest.raises(ValidationError) as caught:
        course.full_clean()
    assert "referral_reward" in caught.value.message_dict
    with pytest.raises(IntegrityError), transaction.atomic():
        Course.objects.filter(pk=course.pk).update(referral_reward=course.list_fee + 1)
