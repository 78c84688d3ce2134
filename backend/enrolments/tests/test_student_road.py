"""The student's road after enrolling (docs/product.md section 4, turn 4): the payment
details sent at once with a private link, "Send me my payment link", and a refund that
reads as a refund."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from accounts.models import User
from catalog.models import Course
from core.tests.mail import queued_about
from core.tests.sms import sms_deliver
from enrolments import services
from enrolments.models import Enrolment
from enrolments.tests.conftest import API, FRIEND_PHONE, enrol, enrol_payload, post

pytestmark = pytest.mark.django_db

LINK = f"{API}/payment-link"
SENT = "We have sent your payment link to +91 98xxxxx233."


@pytest.fixture(autouse=True)
def _fresh_counters() -> None:
    cache.clear()


def _private_link(enrolment: Enrolment) -> str:
    return f"https://site.example/e/{enrolment.token}"


def test_it_sends_the_reference_amount_and_private_link_by_email_and_sms_on_enrolling(
    client: Client, course: Course
) -> None:
    response = post(client, API, enrol_payload(course))
    assert response.status_code == 201
    enrolment = Enrolment.objects.get(reference=response.json()["reference"])

    [email] = queued_about("enrolment.payment_details")
    assert email.to == ["kiran@example.org"]
    assert email.subject == f"Pay ₹999 for {course.name} ({enrolment.reference})"
    assert enrolment.reference in email.message and "₹999" in email.message
    assert _private_link(enrolment) in email.message
    [sms] = sms_deliver()
    assert sms.to == FRIEND_PHONE
    assert enrolment.reference in sms.text and "₹999" in sms.text
    assert _private_link(enrolment) in sms.text


def test_it_gives_each_enrolment_its_own_unguessable_token(
    course: Course, other_course: Course
) -> None:
    first = enrol(course)
    second = enrol(other_course)
    assert first.token != second.token
    assert len(first.token) >= 43  # 32 random bytes, base64url


def test_the_private_link_opens_the_payment_step_in_a_fresh_browser(course: Course) -> None:
    enrolment = enrol(course)

    response = Client().get(f"/api/pages/enrolment/{enrolment.token}")

    assert response.status_code == 200
    assert response["Cache-Control"] == "private, no-store"
    body = response.json()
    assert body["enrolment"]["reference"] == enrolment.reference
    assert body["enrolment"]["amount_display"] == "₹999"
    assert body["enrolment"]["payment"]["payee_id"]
    assert body["qr_url"] == f"/api/enrolments/private/{enrolment.token}/qr.svg"
    qr = Client().get(body["qr_url"])
    assert qr.status_code == 200 and qr["Content-Type"] == "image/svg+xml"


def test_an_unknown_token_is_a_404(course: Course) -> None:
    enrol(course)
    assert Client().get("/api/pages/enrolment/not-a-token").status_code == 404
    assert Client().get("/api/enrolments/private/not-a-token/qr.svg").status_code == 404


def test_the_utr_is_sent_with_the_private_link_and_no_account(course: Course) -> None:
    enrolment = enrol(course)
    fresh = Client()

    response = post(fresh, f"{API}/private/{enrolment.token}/utr", {"utr": "4123 5678 9012"})

    assert response.status_code == 200
    assert response.json()["status"] == "paid_claimed"
    enrolment.refresh_from_db()
    assert enrolment.utr == "412356789012"
    again = post(fresh, f"{API}/private/{enrolment.token}/utr", {"utr": "999999999999"})
    assert again.status_code == 409


def test_the_utr_by_reference_is_still_refused_to_a_browser_without_the_link(
    course: Course,
) -> None:
    enrolment = enrol(course)
    response = post(Client(), f"{API}/{enrolment.reference}/utr", {"utr": "412356789012"})
    assert response.status_code == 404


def test_send_me_my_payment_link_sends_it_to_the_enrolments_own_phone_and_email(
    client: Client, course: Course
) -> None:
    enrolment = enrol(course)
    sms_deliver()

    response = post(Client(), LINK, {"course": course.slug, "phone": "98111 22233"})

    assert response.status_code == 202
    assert response.json() == {"message": SENT}
    messages = sms_deliver()
    assert [m.to for m in messages[1:]] == [FRIEND_PHONE]
    assert _private_link(enrolment) in messages[-1].text
    emails = queued_about("enrolment.payment_details")
    assert len(emails) == 2 and emails[-1].to == ["kiran@example.org"]


def test_send_me_my_payment_link_answers_the_same_when_nobody_enrolled(course: Course) -> None:
    response = post(Client(), LINK, {"course": course.slug, "phone": "98111 22233"})

    assert response.status_code == 202
    assert response.json() == {"message": SENT}
    assert sms_deliver() == []
    assert queued_about("enrolment.payment_details") == []


def test_send_me_my_payment_link_sends_at_most_five_a_day_to_one_phone(
    settings: Any, course: Course
) -> None:
    settings.RATE_LIMIT_SMS_PER_IP = "100/h"
    enrol(course)
    for _ in range(7):
        response = post(Client(), LINK, {"course": course.slug, "phone": "98111 22233"})
        assert response.status_code == 202 and response.json() == {"message": SENT}
    # The one sent on enrolling, then five.
    assert len(sms_deliver()) == 6


def test_send_me_my_payment_link_is_limited_per_client_address(
    settings: Any, course: Course
) -> None:
    settings.RATE_LIMIT_SMS_PER_IP = "2/h"
    client = Client()
    for phone in ("98111 22233", "98111 22234"):
        assert post(client, LINK, {"course": course.slug, "phone": phone}).status_code == 202
    assert post(client, LINK, {"course": course.slug, "phone": "98111 22235"}).status_code == 429


def test_send_me_my_payment_link_refuses_a_number_that_is_not_one(course: Course) -> None:
    response = post(Client(), LINK, {"course": course.slug, "phone": "12"})
    assert response.status_code == 422
    assert "phone" in response.json()["extra"]["fields"]


def test_a_refund_tells_the_student_the_amount_with_the_credit_note(
    course: Course, staff: User
) -> None:
    enrolment = enrol(course)
    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)

    services.enrolment_reject(
        enrolment_id=enrolment.pk, by=staff, reason="The batch was cancelled."
    )

    [email] = queued_about("enrolment.refunded")
    assert email.subject == f"Refund of ₹999 processed: {course.name} ({enrolment.reference})"
    assert "Refund of ₹999 processed" in email.message
    assert "Payment not confirmed" not in email.subject
    note = enrolment.invoices.get().credit_note
    assert note.number in email.message
    [attachment] = email.attachments.all()
    assert attachment.name == note.number.replace("/", "-") + ".pdf"
    assert queued_about("enrolment.rejected") == []


def test_a_refunded_enrolment_reads_refunded_and_stays_rejected(
    learner_client: Client, learner: User, course: Course, staff: User
) -> None:
    enrolment = enrol(course, user=learner, phone=learner.phone, email="asha@example.com")
    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)
    services.enrolment_reject(enrolment_id=enrolment.pk, by=staff, reason="Asked for it back.")

    body = learner_client.get(f"{API}/{enrolment.reference}").json()

    assert body["status"] == "rejected"
    assert body["status_display"] == "Refunded"
    assert body["refunded"] is True
    dashboard = learner_client.get("/api/pages/dashboard").json()
    assert dashboard["enrolments"][0]["status_display"] == "Refunded"


def test_a_refund_email_goes_to_the_accounts_changed_address(
    learner: User, course: Course, staff: User
) -> None:
    enrolment = enrol(course, user=learner, phone=learner.phone, email="old@example.com")
    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)
    User.objects.filter(pk=learner.pk).update(email="new@example.com")

    services.enrolment_reject(enrolment_id=enrolment.pk, by=staff, reason="Refunded.")

    [email] = queued_about("enrolment.refunded")
    assert email.to == ["new@example.com"]


@pytest.mark.parametrize(
    ("decide", "topic"),
    [
        (
            lambda pk, staff: services.enrolment_confirm_payment(enrolment_id=pk, by=staff),
            "enrolment.confirmed",
        ),
        (
            lambda pk, staff: services.enrolment_reject(
                enrolment_id=pk, by=staff, reason="None came."
            ),
            "enrolment.rejected",
        ),
    ],
    ids=["confirmed with the invoice", "not confirmed"],
)
def test_a_changed_account_email_gets_every_later_message_about_the_enrolment(
    learner: User, course: Course, staff: User, decide: Any, topic: str
) -> None:
    enrolment = enrol(course, user=learner, phone=learner.phone, email="old@example.com")
    User.objects.filter(pk=learner.pk).update(email="new@example.com")

    decide(enrolment.pk, staff)

    [email] = queued_about(topic)
    assert email.to == ["new@example.com"]


def test_a_payment_never_confirmed_is_still_not_a_refund(course: Course, staff: User) -> None:
    enrolment = enrol(course)
    services.enrolment_reject(enrolment_id=enrolment.pk, by=staff, reason="No payment arrived.")
    enrolment.refresh_from_db()
    assert not enrolment.is_refunded
    assert queued_about("enrolment.refunded") == []
    [email] = queued_about("enrolment.rejected")
    assert "Payment not confirmed" in email.subject
