"""Delete my account (DPDP Act 2023's right to erasure): personal data erased, payment and
reward records kept without it, referral code retired, login impossible."""

from __future__ import annotations

import json

import pytest
from axes.models import AccessAttempt
from django.test import Client

from accounts.models import User
from catalog.models import Course
from core.errors import FieldErrors
from core.models import OutboundSMS, OutboundWhatsApp
from core.sms.queue import sms_queue
from core.tests.base import LEARNER, PASSWORD
from core.tests.pages import visitor
from core.tests.sms import last_code
from core.whatsapp.queue import whatsapp_queue
from enrolments import services as enrolment_services
from enrolments.models import Enrolment
from enrolments.tests.conftest import enrol, referred
from notifications.models import ConsentRecord, MessagePreferences
from notifications.services import whatsapp_consent_set
from referrals.models import PayoutRequest, RewardEntry
from referrals.services import payout_mark_paid, payout_request_create

pytestmark = pytest.mark.django_db


def post(client: Client, path: str, data: dict):
    return client.post(path, json.dumps(data), content_type="application/json")


def delete(client: Client, password: str = PASSWORD):
    return post(client, "/api/auth/account/delete", {"password": password})


def test_a_wrong_password_deletes_nothing(learner_client: Client, learner: User) -> None:
    response = delete(learner_client, "not-my-password")
    assert response.status_code == 422
    assert response.json()["extra"]["fields"] == {"password": "Your password is not right."}
    learner.refresh_from_db()
    assert learner.is_active and learner.name == LEARNER.name
    assert visitor(learner_client) is not None


def test_it_erases_the_account_and_ends_its_sessions(learner: User) -> None:
    this, other = Client(), Client()
    this.force_login(learner)
    other.force_login(learner)
    response = delete(this)
    assert response.status_code == 200
    assert response.json() == {"message": "Your account has been deleted"}
    assert visitor(this) is None
    assert visitor(other) is None
    learner.refresh_from_db()
    assert learner.name == "Deleted account" and learner.email == ""
    assert learner.phone == f"deleted-{learner.pk}"
    assert not learner.is_active and not learner.has_usable_password()
    assert learner.deleted_at is not None
    login = post(Client(), "/api/auth/login", {"phone": LEARNER.phone, "password": PASSWORD})
    assert login.status_code == 401
    assert login.json()["message"] == "No Account Found Please Sign Up First"


def test_staff_rights_go_with_the_account(staff: User) -> None:
    staff.is_superuser = True
    staff.save()
    client = Client()
    client.force_login(staff)
    assert delete(client).status_code == 200
    staff.refresh_from_db()
    assert not staff.is_staff and not staff.is_superuser


def test_payment_and_reward_records_stay_without_personal_data(
    learner_client: Client, learner: User, course: Course, staff: User, other_learner: User
) -> None:
    paid = enrol(course, user=learner, name=LEARNER.name, phone=LEARNER.phone)
    enrolment_services.enrolment_submit_utr(enrolment=paid, utr="412345678901")
    enrolment_services.enrolment_confirm_payment(enrolment_id=paid.pk, by=staff)
    unpaid = enrol(course, user=learner, phone="98000 55566")
    friend = referred(course, learner, phone="98000 77788")
    enrolment_services.enrolment_confirm_payment(enrolment_id=friend.pk, by=staff)
    payout = payout_request_create(user=learner, upi_id="asha@okbank")
    payout_mark_paid(payout_id=payout.pk, by=staff, reference="UTR998877")

    assert delete(learner_client).status_code == 200

    paid.refresh_from_db()
    assert paid.status == Enrolment.Status.CONFIRMED
    assert (paid.name, paid.email) == ("Deleted account", "")
    assert paid.phone == f"deleted-{paid.pk}"
    assert paid.utr == "412345678901" and paid.amount > 0 and paid.user == learner
    unpaid.refresh_from_db()
    assert unpaid.status == Enrolment.Status.EXPIRED and unpaid.name == "Deleted account"
    payout.refresh_from_db()
    assert payout.upi_id == "(erased)" and payout.payment_reference == "UTR998877"
    entries = RewardEntry.objects.filter(user=learner)
    assert entries.count() == 2
    assert "asha@okbank" not in " ".join(entries.values_list("note", flat=True))
    # The friend's enrolment, the friend's data, is untouched.
    friend.refresh_from_db()
    assert friend.name != "Deleted account" and friend.referrer == learner


def test_a_requested_payout_is_cancelled(
    learner_client: Client, learner: User, course: Course, staff: User
) -> None:
    friend = referred(course, learner)
    enrolment_services.enrolment_confirm_payment(enrolment_id=friend.pk, by=staff)
    payout = payout_request_create(user=learner, upi_id="asha@okbank")
    delete(learner_client)
    payout.refresh_from_db()
    assert payout.status == PayoutRequest.Status.CANCELLED and payout.upi_id == "(erased)"


def test_the_referral_code_is_retired_never_reissued_and_the_phone_signs_up_afresh(
    learner_client: Client, learner: User, course: Course
) -> None:
    code = learner.referral_code
    delete(learner_client)
    # The code no longer works...
    with pytest.raises(FieldErrors) as exc:
        enrol(course, referral_code=code)
    assert "referral_code" in exc.value.extra["fields"]
    # ...and the phone signs up again, with a different code.
    client = Client()
    form = {"name": "Asha Again", "phone": LEARNER.phone, "password": "asha-second-pass"}
    assert post(client, "/api/auth/signup", form).status_code == 202
    code_sent = last_code(LEARNER.phone)
    assert (
        post(
            client, "/api/auth/signup/verify", {"phone": LEARNER.phone, "code": code_sent}
        ).status_code
        == 201
    )
    fresh = User.objects.get(phone=LEARNER.phone)
    assert fresh.pk != learner.pk and fresh.referral_code != code
    assert User.objects.filter(referral_code=code).get().pk == learner.pk


def test_its_login_lockouts_go_too(learner_client: Client, learner: User) -> None:
    AccessAttempt.objects.create(
        username=LEARNER.phone,
        ip_address="203.0.113.5",
        failures_since_start=3,
        get_data="",
        post_data="",
        http_accept="",
        path_info="/api/auth/login",
        user_agent="x",
    )
    delete(learner_client)
    assert not AccessAttempt.objects.filter(username=LEARNER.phone).exists()


def test_its_message_preferences_and_whatsapp_numbers_go(learner: User) -> None:
    whatsapp_consent_set(user=learner, given=True, source=ConsentRecord.Source.SIGNUP)
    sent = whatsapp_queue(
        to=learner.phone,
        template="payment_confirmed",
        parameters=[learner.name, "ENR-ABCDEF"],
        fallback_email="learner@example.com",
        fallback_subject="Payment confirmed",
        fallback_body="Dear learner…",
    )
    OutboundWhatsApp.objects.filter(pk=sent.pk).update(status=OutboundWhatsApp.Status.DELIVERED)
    queued = whatsapp_queue(to=learner.phone, template="task_opened", parameters=["Task 2"])
    other = whatsapp_queue(to="+919812345678", template="task_opened", parameters=["Task 2"])
    sms_queue(to=learner.phone, text="Your enrolment is confirmed.")
    client = Client()
    client.force_login(learner)

    assert delete(client).status_code == 200

    assert not MessagePreferences.objects.filter(user=learner).exists()
    withdrawal = ConsentRecord.objects.get(user=learner, given=False)
    assert withdrawal.source == "account"
    assert not OutboundWhatsApp.objects.filter(pk=queued.pk).exists()
    sent.refresh_from_db()
    assert sent.status == "delivered" and sent.template == "payment_confirmed"
    assert (sent.to, sent.parameters, sent.fallback_email, sent.fallback_body) == ("", [], "", "")
    assert OutboundWhatsApp.objects.get(pk=other.pk).to == "+919812345678"
    assert not OutboundSMS.objects.filter(to=learner.phone).exists()
