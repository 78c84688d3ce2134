from __future__ import annotations

from typing import Any

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.test import Client

from accounts.models import User
from catalog.models import Course
from core.tests.mail import queued_about
from enrolments import services
from enrolments.models import Enrolment, UtrChange
from enrolments.tests.conftest import enrol, referred
from referrals.models import RewardEntry

pytestmark = pytest.mark.django_db

CHANGELIST = "/admin/enrolments/enrolment/"


def act(client: Client, action: str, *enrolments: Enrolment, **data: str) -> Any:
    return client.post(
        CHANGELIST, {"action": action, ACTION_CHECKBOX_NAME: [e.pk for e in enrolments], **data}
    )


def test_it_keeps_learners_out(learner_client: Client) -> None:
    assert learner_client.get(CHANGELIST).status_code == 302


def test_it_lists_and_filters_by_status_and_course(
    back_office_client: Client, course: Course, other_course: Course
) -> None:
    enrol(course, name="Pending Person")
    claimed = enrol(other_course, name="Claimed Person")
    services.enrolment_submit_utr(enrolment=claimed, utr="412345678901")

    by_status = back_office_client.get(CHANGELIST, {"status__exact": "paid_claimed"})
    by_course = back_office_client.get(
        CHANGELIST, {"course__id__exact": course.pk, "status__exact": "all"}
    )

    assert b"Claimed Person" in by_status.content and b"Pending Person" not in by_status.content
    assert b"Pending Person" in by_course.content and b"Claimed Person" not in by_course.content


@pytest.mark.parametrize("term", ["98111 22233", "+919811122233", "412345678901", "kiran"])
def test_it_searches_by_phone_as_typed_utr_and_name(
    back_office_client: Client, course: Course, term: str
) -> None:
    enrolment = enrol(course)
    services.enrolment_submit_utr(enrolment=enrolment, utr="412345678901")
    enrol(course, name="Somebody Else", phone="98222 33344", email="else@example.org")

    response = back_office_client.get(CHANGELIST, {"q": term})

    assert enrolment.reference.encode() in response.content
    assert b"Somebody Else" not in response.content


def test_it_searches_by_reference(back_office_client: Client, course: Course) -> None:
    enrolment = enrol(course)

    response = back_office_client.get(CHANGELIST, {"q": enrolment.reference.lower()})

    assert enrolment.reference.encode() in response.content


def test_it_confirms_payments_after_saying_what_will_follow(
    back_office_client: Client, course: Course, learner: User
) -> None:
    enrolment = referred(course, learner)

    step = act(back_office_client, "confirm_payment", enrolment)

    page = step.content.decode()
    assert step.status_code == 200
    assert "1 enrolment will be confirmed." in page
    assert "1 student will be emailed." in page and "1 referrer will earn a reward (₹150)." in page
    assert Enrolment.objects.get().status == "pending" and not RewardEntry.objects.exists()

    done = act(back_office_client, "confirm_payment", enrolment, apply="1")

    assert done.status_code == 302
    assert Enrolment.objects.get().status == "confirmed"
    assert RewardEntry.objects.get().amount == 150
    assert "1 enrolment confirmed." in back_office_client.get(CHANGELIST).content.decode()


def test_a_confirmed_enrolment_is_refunded_not_rejected(
    back_office_client: Client, course: Course, learner: User, staff: User
) -> None:
    enrolment = referred(course, learner)
    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)
    page = back_office_client.get(f"{CHANGELIST}{enrolment.pk}/change/").content.decode()
    assert f"{enrolment.pk}/reject/" not in page and f"{enrolment.pk}/refund/" in page
    assert (
        back_office_client.post(f"{CHANGELIST}{enrolment.pk}/reject/", {"reason": "x"}).status_code
        == 403
    )

    act(back_office_client, "reject", enrolment, apply="1", reason="x")
    assert Enrolment.objects.get().status == "confirmed"

    back_office_client.post(f"{CHANGELIST}{enrolment.pk}/refund/", {"reason": "Refunded by NEFT."})
    refunded = Enrolment.objects.get()
    assert (refunded.status, refunded.rejected_reason) == ("rejected", "Refunded by NEFT.")
    assert list(RewardEntry.objects.values_list("kind", flat=True).order_by("pk")) == [
        "credit",
        "reversal",
    ]


def test_it_asks_for_a_reason_before_rejecting(back_office_client: Client, course: Course) -> None:
    enrolment = enrol(course)

    response = act(back_office_client, "reject", enrolment)

    assert response.status_code == 200
    assert b'name="reason"' in response.content
    assert Enrolment.objects.get().status == "pending"


def test_it_rejects_with_the_reason_and_emails_the_student(
    back_office_client: Client, course: Course
) -> None:
    enrolment = enrol(course)

    act(back_office_client, "reject", enrolment, apply="1", reason="No money arrived.")

    rejected = Enrolment.objects.get()
    assert rejected.status == "rejected" and rejected.rejected_reason == "No money arrived."
    assert len(queued_about("enrolment.rejected")) == 1


def test_it_undoes_a_confirmation_with_a_reason(
    back_office_client: Client, course: Course, learner: User, staff: User
) -> None:
    enrolment = referred(course, learner)
    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)

    form = act(back_office_client, "unconfirm", enrolment)
    act(back_office_client, "unconfirm", enrolment, apply="1", reason="Clicked the wrong row.")

    assert b"Undo confirmation" in form.content
    assert Enrolment.objects.get().status == "pending"
    assert list(RewardEntry.objects.values_list("kind", flat=True).order_by("pk")) == [
        "credit",
        "reversal",
    ]


def test_it_makes_enrolments_read_only_and_undeletable(
    back_office_client: Client, course: Course
) -> None:
    enrolment = enrol(course)

    change = back_office_client.get(f"{CHANGELIST}{enrolment.pk}/change/")
    delete = back_office_client.get(f"{CHANGELIST}{enrolment.pk}/delete/")

    assert change.status_code == 200
    assert b'name="name"' not in change.content
    assert delete.status_code == 403
    assert back_office_client.get(f"{CHANGELIST}add/").status_code == 403


def test_staff_correct_a_utr_from_the_list_and_see_its_history(
    back_office_client: Client, course: Course
) -> None:
    enrolment = services.enrolment_submit_utr(enrolment=enrol(course), utr="111111111111")

    form = act(back_office_client, "correct_utr", enrolment)
    assert form.status_code == 200 and b"Correct UTR" in form.content
    act(
        back_office_client,
        "correct_utr",
        enrolment,
        apply="1",
        utr="4123 4567 8901",
        reason="Typo seen on the statement.",
    )

    enrolment.refresh_from_db()
    assert enrolment.utr == "412345678901"
    page = back_office_client.get(f"{CHANGELIST}{enrolment.pk}/change/")
    assert b"111111111111" in page.content and b"Typo seen on the statement." in page.content


def test_a_bad_utr_correction_says_why_and_changes_nothing(
    back_office_client: Client, course: Course
) -> None:
    enrolment = services.enrolment_submit_utr(enrolment=enrol(course), utr="111111111111")

    response = back_office_client.post(
        CHANGELIST,
        {
            "action": "correct_utr",
            ACTION_CHECKBOX_NAME: [enrolment.pk],
            "apply": "1",
            "utr": "12",
            "reason": "x",
        },
        follow=True,
    )

    enrolment.refresh_from_db()
    assert enrolment.utr == "111111111111"
    assert not UtrChange.objects.exists()
    assert "Enter the 12-digit UPI transaction reference" in response.content.decode()
