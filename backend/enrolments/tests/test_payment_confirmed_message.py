"""Payment confirmed reaches the student by their channel (docs/product.md section 19)."""

from __future__ import annotations

import pytest

from accounts.models import User
from catalog.models import Course
from core import whatsapp
from core.tests.mail import queued_about
from core.tests.sms import sms_deliver
from core.whatsapp.queue import whatsapp_send_queued
from enrolments import services
from enrolments.models import Enrolment
from enrolments.tests.conftest import enrol
from notifications.models import ConsentRecord
from notifications.services import whatsapp_consent_set

pytestmark = pytest.mark.django_db


def test_an_opted_in_student_gets_it_on_whatsapp_beside_the_invoice_email(
    course: Course, learner: User, staff: User
) -> None:
    # The email carries the invoice (section 18), a document the student keeps, so it goes
    # whatever the channel; WhatsApp comes beside it, linking the invoice's check page.
    whatsapp_consent_set(user=learner, given=True, source=ConsentRecord.Source.SIGNUP)
    enrolment = enrol(course, user=learner, phone="98765 43210", email="asha@example.com")
    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)
    whatsapp_send_queued()
    # The payment details went on WhatsApp too, on enrolling.
    [message] = [m for m in whatsapp.outbox if m.template == "payment_confirmed"]
    assert (message.to, message.template) == ("+919876543210", "payment_confirmed")
    assert message.parameters == (
        enrolment.name,
        "₹999",
        course.name,
        enrolment.reference,
        f"https://site.example/invoice/{enrolment.invoices.get().token}",
    )
    [email] = queued_about("enrolment.confirmed")
    assert email.to == ["asha@example.com"] and email.attachments.count() == 1


def test_without_consent_the_email_goes_as_before(
    course: Course, learner: User, staff: User
) -> None:
    enrolment = enrol(course, user=learner, phone="98765 43210", email="asha@example.com")
    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)
    [email] = queued_about("enrolment.confirmed")
    assert email.to == ["asha@example.com"] and "₹999" in email.message
    assert whatsapp.outbox == []


def test_a_student_without_an_email_address_is_told_by_sms(course: Course, staff: User) -> None:
    enrolment = enrol(course)
    Enrolment.objects.filter(pk=enrolment.pk).update(email="")  # erased since, say
    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)
    # The first one is the payment details, sent on enrolling.
    [sms] = [m for m in sms_deliver() if "received your payment" in m.text]
    assert sms.to == "+919811122233" and enrolment.reference in sms.text
