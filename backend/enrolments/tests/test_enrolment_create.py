from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest
import time_machine

from accounts.models import User
from catalog.models import Course
from core.errors import ApplicationError, FieldErrors
from enrolments import services
from enrolments.models import Enrolment
from enrolments.tests.conftest import FRIEND_PHONE, enrol, referred

pytestmark = pytest.mark.django_db


def test_it_creates_a_pending_enrolment_at_the_payable_fee(course: Course) -> None:
    enrolment = enrol(course, phone="+91 98111-22233", email=" Kiran@Example.org ")

    assert enrolment.status == Enrolment.Status.PENDING
    assert enrolment.amount == 999  # the offer fee
    assert enrolment.phone == FRIEND_PHONE
    assert enrolment.email == "kiran@example.org"
    assert enrolment.user is None and enrolment.referrer is None
    assert re.fullmatch(r"ENR-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}", enrolment.reference)


def test_it_uses_the_list_fee_when_there_is_no_offer(other_course: Course) -> None:
    assert enrol(other_course).amount == 4499


def test_it_gives_random_references(course: Course, other_course: Course) -> None:
    references = {services.reference_new() for _ in range(200)}
    assert len(references) == 200


def test_it_records_the_referrer_matching_the_code_case_insensitively(
    course: Course, learner: User
) -> None:
    code = f"  {learner.referral_code.lower()} "

    enrolment = enrol(course, referral_code=code)

    assert enrolment.referrer == learner
    assert enrolment.referral_code_used == learner.referral_code


def test_it_links_the_enrolment_to_the_logged_in_account(course: Course, learner: User) -> None:
    enrolment = enrol(course, user=learner, name=learner.name, phone=learner.phone)

    assert enrolment.user == learner


def test_it_refuses_an_unknown_referral_code(course: Course) -> None:
    with pytest.raises(FieldErrors) as caught:
        enrol(course, referral_code="IRCTP0000")

    assert caught.value.extra["fields"] == {
        "referral_code": "This referral code does not exist. Check it or leave the field empty."
    }
    assert not Enrolment.objects.exists()


def test_it_refuses_the_code_of_an_inactive_account(course: Course, learner: User) -> None:
    learner.is_active = False
    learner.save()

    with pytest.raises(FieldErrors) as caught:
        referred(course, learner)

    assert "referral_code" in caught.value.extra["fields"]


def test_it_refuses_your_own_code_by_phone(course: Course, learner: User) -> None:
    with pytest.raises(FieldErrors) as caught:
        referred(course, learner, phone="98765 43210", email="someone-else@example.org")

    assert caught.value.extra["fields"] == {
        "referral_code": "You cannot use your own referral code."
    }


def test_it_refuses_your_own_code_by_email(course: Course, learner: User) -> None:
    with pytest.raises(FieldErrors) as caught:
        referred(course, learner, email="ASHA@example.com")

    assert caught.value.extra["fields"]["referral_code"] == "You cannot use your own referral code."


def test_it_refuses_the_logged_in_users_own_code(course: Course, learner: User) -> None:
    # Different phone and email typed in the form: still the account's own code.
    with pytest.raises(FieldErrors) as caught:
        referred(course, learner, user=learner)

    assert caught.value.extra["fields"]["referral_code"] == "You cannot use your own referral code."


def test_it_accepts_a_friends_code_when_logged_in(
    course: Course, learner: User, other_learner: User
) -> None:
    enrolment = referred(course, other_learner, user=learner)

    assert enrolment.referrer == other_learner and enrolment.user == learner


def test_it_refuses_a_second_open_enrolment_of_the_phone_in_the_course(course: Course) -> None:
    first = enrol(course)

    with pytest.raises(services.EnrolmentAlreadyOpen) as caught:
        enrol(course, phone="09811122233", session_references=[first.reference])

    error = caught.value
    assert error.status_code == 409
    assert error.message == (
        "You already have an enrolment for this course waiting for payment. "
        "Use its payment details below."
    )
    assert error.extra["reference"] == first.reference
    assert error.extra["payment"]["reference"] == first.reference
    assert error.extra["can_view"] is True  # this browser session made it
    assert Enrolment.objects.count() == 1


def test_it_tells_a_same_email_stranger_nothing_about_the_enrolment(course: Course) -> None:
    """Phone and email are no proof: knowing both must not open someone's enrolment."""
    first = enrol(course)

    with pytest.raises(services.EnrolmentAlreadyOpen) as caught:
        enrol(course, phone="09811122233", email="kiran@example.org")

    error = caught.value
    assert error.owned is False and error.extra["can_view"] is False
    assert "reference" not in error.extra and "payment" not in error.extra
    assert first.reference not in str(error.extra) and first.reference not in error.message


def test_it_hands_the_enrolment_back_to_its_account(course: Course, learner: User) -> None:
    first = enrol(course, phone=learner.phone, user=learner)

    with pytest.raises(services.EnrolmentAlreadyOpen) as caught:
        enrol(course, phone=learner.phone, user=learner)

    assert caught.value.owned is True and caught.value.extra["reference"] == first.reference


def test_it_releases_a_pending_enrolment_after_the_pending_days(
    course: Course, settings: Any
) -> None:
    settings.ENROLMENT_PENDING_DAYS = 3
    with time_machine.travel(datetime(2026, 11, 1, 10, tzinfo=UTC), tick=False):
        first = enrol(course)
    with (
        time_machine.travel(datetime(2026, 11, 3, 10, tzinfo=UTC), tick=False),
        pytest.raises(services.EnrolmentAlreadyOpen),
    ):
        enrol(course)
    with time_machine.travel(datetime(2026, 11, 4, 10, 1, tzinfo=UTC), tick=False):
        second = enrol(course)

    first.refresh_from_db()
    assert first.status == Enrolment.Status.EXPIRED
    assert second.status == Enrolment.Status.PENDING and second.reference != first.reference


def test_it_keeps_a_pending_enrolment_with_a_utr_past_the_pending_days(course: Course) -> None:
    with time_machine.travel(datetime(2026, 11, 1, 10, tzinfo=UTC), tick=False):
        first = enrol(course)
        services.enrolment_submit_utr(enrolment=first, utr="123456789012")
    with (
        time_machine.travel(datetime(2026, 12, 1, 10, tzinfo=UTC), tick=False),
        pytest.raises(services.EnrolmentAlreadyOpen),
    ):
        enrol(course)


def test_the_phones_owner_replaces_an_anonymous_pending_enrolment(
    course: Course, learner: User
) -> None:
    squatted = enrol(course, phone=learner.phone, email="squatter@example.org")

    mine = enrol(course, phone=learner.phone, user=learner)

    squatted.refresh_from_db()
    assert squatted.status == Enrolment.Status.EXPIRED
    assert mine.user == learner and mine.status == Enrolment.Status.PENDING


def test_another_account_does_not_replace_an_anonymous_enrolment(
    course: Course, learner: User, other_learner: User
) -> None:
    enrol(course, phone=learner.phone)

    with pytest.raises(services.EnrolmentAlreadyOpen) as caught:
        enrol(course, phone=learner.phone, user=other_learner)

    assert caught.value.owned is False


def test_it_does_not_hand_an_open_enrolment_to_someone_else(course: Course) -> None:
    enrol(course)

    with pytest.raises(services.EnrolmentAlreadyOpen) as caught:
        enrol(course, email="stranger@example.org")

    assert "reference" not in caught.value.extra

    assert caught.value.owned is False
    shown = str(caught.value.extra).lower()
    assert "kiran" not in shown and "98111" not in shown and "+919811122233" not in shown


def test_it_refuses_a_second_enrolment_while_the_first_payment_is_claimed(course: Course) -> None:
    first = enrol(course)
    services.enrolment_submit_utr(enrolment=first, utr="123456789012")

    with pytest.raises(services.EnrolmentAlreadyOpen):
        enrol(course)


def test_it_allows_the_same_phone_in_another_course(course: Course, other_course: Course) -> None:
    enrol(course)
    enrol(other_course)

    assert Enrolment.objects.count() == 2


def test_it_allows_a_new_enrolment_after_a_rejection(course: Course, staff: User) -> None:
    first = enrol(course)
    services.enrolment_reject(enrolment_id=first.pk, by=staff, reason="No payment arrived.")

    second = enrol(course)

    assert second.reference != first.reference


def test_it_refuses_an_inactive_course(closed_course: Course) -> None:
    with pytest.raises(ApplicationError) as caught:
        enrol(closed_course)

    assert caught.value.status_code == 409
    assert caught.value.message == "Enrolment for this course is closed."


def test_it_refuses_an_unknown_course(course: Course) -> None:
    with pytest.raises(FieldErrors) as caught:
        services.enrolment_create(
            course_slug="nope",
            name="A",
            phone="9811122233",
            email="a@b.in",
            referral_code="",
            user=None,
        )

    assert caught.value.extra["fields"] == {"course": "This course does not exist."}


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("name", "   ", "Enter your name."),
        ("name", "x" * 121, "Ensure this value has at most 120 characters."),
        ("phone", "", "Enter your phone number."),
        ("phone", "12345", "Enter a valid Indian mobile number, for example 98765 43210."),
        ("email", "", "Enter your email address."),
        ("email", "not-an-email", "Enter a valid email address."),
    ],
)
def test_it_refuses_missing_or_invalid_details(
    course: Course, field: str, value: str, message: str
) -> None:
    with pytest.raises(FieldErrors) as caught:
        enrol(course, **{field: value})

    assert caught.value.extra["fields"] == {field: message}


def test_it_reports_every_bad_field_at_once(course: Course) -> None:
    with pytest.raises(FieldErrors) as caught:
        enrol(course, name="", phone="1", email="x", referral_code="IRCTP0000")

    assert set(caught.value.extra["fields"]) == {"name", "phone", "email", "referral_code"}
