from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from catalog.models import Course
from core.errors import ApplicationError, FieldErrors
from enrolments import services
from enrolments.models import Enrolment, UtrChange
from enrolments.tests.conftest import API, enrol, enrol_payload, post, with_csrf

pytestmark = pytest.mark.django_db

UTR = "412345678901"


def test_it_records_the_utr_and_marks_the_payment_claimed(course: Course) -> None:
    enrolment = services.enrolment_submit_utr(enrolment=enrol(course), utr=" 4123 4567 8901 ")

    assert enrolment.status == Enrolment.Status.PAID_CLAIMED
    assert enrolment.utr == UTR
    assert enrolment.utr_submitted_at is not None


@pytest.mark.parametrize(
    "utr",
    [
        "",
        "41234567890",
        "4123456789012",
        "41234567890a",
        "4123-4567-8901",
        "\uff11\uff12\uff13\uff14\uff15\uff16\uff17\uff18\uff19\uff10\uff11\uff12",  # full-width digits
    ],
)
def test_it_refuses_anything_but_twelve_digits(course: Course, utr: str) -> None:
    with pytest.raises(FieldErrors) as caught:
        services.enrolment_submit_utr(enrolment=enrol(course), utr=utr)

    assert caught.value.extra["fields"] == {
        "utr": "Enter the 12-digit UPI transaction reference (UTR) shown in your UPI app."
    }


def test_a_submitted_utr_is_not_replaced_by_the_student(course: Course) -> None:
    enrolment = services.enrolment_submit_utr(enrolment=enrol(course), utr="111111111111")

    with pytest.raises(ApplicationError) as caught:
        services.enrolment_submit_utr(enrolment=enrolment, utr=UTR)

    assert caught.value.status_code == 409
    assert caught.value.message.startswith("We already have a UTR for this enrolment")
    enrolment.refresh_from_db()
    assert enrolment.utr == "111111111111"


def test_staff_correct_a_utr_and_the_change_is_kept(course: Course, staff: User) -> None:
    enrolment = services.enrolment_submit_utr(enrolment=enrol(course), utr="111111111111")

    services.enrolment_correct_utr(
        enrolment_id=enrolment.pk, utr=UTR, by=staff, reason="Typo, checked on the statement."
    )

    enrolment.refresh_from_db()
    assert enrolment.utr == UTR and enrolment.status == Enrolment.Status.PAID_CLAIMED
    change = UtrChange.objects.get(enrolment=enrolment)
    assert (change.old_utr, change.new_utr, change.changed_by) == ("111111111111", UTR, staff)


def test_staff_cannot_give_a_utr_used_elsewhere(
    course: Course, other_course: Course, staff: User
) -> None:
    services.enrolment_submit_utr(enrolment=enrol(course), utr=UTR)
    other = enrol(other_course)

    with pytest.raises(ApplicationError):
        services.enrolment_correct_utr(enrolment_id=other.pk, utr=UTR, by=staff, reason="x")

    assert not UtrChange.objects.exists()


def test_it_refuses_a_utr_already_used_by_another_enrolment(
    course: Course, other_course: Course
) -> None:
    services.enrolment_submit_utr(enrolment=enrol(course), utr=UTR)

    with pytest.raises(FieldErrors) as caught:
        services.enrolment_submit_utr(enrolment=enrol(other_course), utr=UTR)

    assert caught.value.extra["fields"] == {
        "utr": "This UTR has already been submitted for another enrolment."
    }


def test_it_frees_the_utr_of_a_rejected_enrolment(
    course: Course, other_course: Course, staff: User
) -> None:
    first = services.enrolment_submit_utr(enrolment=enrol(course), utr=UTR)
    services.enrolment_reject(enrolment_id=first.pk, by=staff, reason="Wrong course.")

    second = services.enrolment_submit_utr(enrolment=enrol(other_course), utr=UTR)

    assert second.utr == UTR


def test_it_refuses_a_utr_once_confirmed_or_rejected(
    course: Course, other_course: Course, staff: User
) -> None:
    confirmed = enrol(course)
    services.enrolment_confirm_payment(enrolment_id=confirmed.pk, by=staff)
    rejected = enrol(other_course)
    services.enrolment_reject(enrolment_id=rejected.pk, by=staff, reason="No payment.")

    with pytest.raises(ApplicationError, match="already confirmed"):
        services.enrolment_submit_utr(enrolment=confirmed, utr=UTR)
    with pytest.raises(ApplicationError, match="rejected"):
        services.enrolment_submit_utr(enrolment=rejected, utr=UTR)


def test_it_takes_the_utr_from_the_browser_that_enrolled(client: Client, course: Course) -> None:
    reference = post(client, API, enrol_payload(course)).json()["reference"]

    response = post(client, f"{API}/{reference}/utr", {"utr": UTR})

    assert response.status_code == 200
    assert response.json()["status"] == "paid_claimed"
    assert response.json()["utr"] == UTR


def test_it_answers_422_for_a_bad_utr(client: Client, course: Course) -> None:
    reference = post(client, API, enrol_payload(course)).json()["reference"]

    response = post(client, f"{API}/{reference}/utr", {"utr": "123"})

    assert response.status_code == 422
    assert "utr" in response.json()["extra"]["fields"]


@pytest.mark.parametrize("persona", ["anonymous", "learner", "other_learner", "staff"])
def test_it_refuses_a_utr_from_anyone_else(
    request: pytest.FixtureRequest, persona: str, course: Course
) -> None:
    owner = Client()
    reference = post(owner, API, enrol_payload(course)).json()["reference"]
    client = Client()
    if persona != "anonymous":
        client.force_login(request.getfixturevalue(persona))

    response = post(client, f"{API}/{reference}/utr", {"utr": UTR})

    assert response.status_code == 404
    assert Enrolment.objects.get().utr == ""


def test_it_refuses_a_utr_without_the_csrf_token(csrf_client: Client, course: Course) -> None:
    reference = post(csrf_client, API, enrol_payload(course), **with_csrf(csrf_client)).json()[
        "reference"
    ]

    refused = post(csrf_client, f"{API}/{reference}/utr", {"utr": UTR}, HTTP_X_CSRFTOKEN="bad")
    accepted = post(csrf_client, f"{API}/{reference}/utr", {"utr": UTR}, **with_csrf(csrf_client))

    assert refused.status_code == 403
    assert refused.json()["extra"] == {"reason": "csrf"}
    assert accepted.status_code == 200
