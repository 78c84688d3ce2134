"""Razorpay (docs/product.md section 22) against a local double of its HTTP API: the order
made once and reused, the browser's return checked by signature, the webhook (signature,
replay, amount mismatch, the student who closed the browser), the reconciler, refunds."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from accounts.models import User
from catalog.models import Course
from core.errors import ApplicationError
from core.tests.mail import queued_about
from enrolments import online, services
from enrolments.models import Enrolment, RazorpayEvent, RazorpayOrder, RazorpayRefund
from enrolments.tests.conftest import enrol, with_csrf
from enrolments.tests.razorpay_double import (
    KEY_ID,
    KEY_SECRET,
    WEBHOOK_SECRET,
    RazorpayDouble,
    serve,
    signature,
)
from invoices.models import CreditNote, Invoice

pytestmark = pytest.mark.django_db

VERIFY = "/api/payments/razorpay/verify"
WEBHOOK = "/api/payments/razorpay/webhook"


@pytest.fixture
def razorpay(settings: Any) -> Iterator[RazorpayDouble]:
    double = RazorpayDouble()
    server = serve(double)
    settings.PAYMENT_GATEWAY = "razorpay"
    settings.RAZORPAY_KEY_ID = KEY_ID
    settings.RAZORPAY_KEY_SECRET = KEY_SECRET
    settings.RAZORPAY_WEBHOOK_SECRET = WEBHOOK_SECRET
    settings.RAZORPAY_API_URL = double.url
    settings.RAZORPAY_TIMEOUT = 5.0
    yield double
    server.shutdown()
    server.server_close()


def order_for(enrolment: Enrolment) -> RazorpayOrder:
    return online.razorpay_order_for(enrolment_id=enrolment.pk)


def post_webhook(
    client: Client, body: bytes, *, sig: str | None = "good", event_id: str | None = "evt_1"
) -> Any:
    headers: dict[str, str] = {}
    if sig == "good":
        headers["HTTP_X_RAZORPAY_SIGNATURE"] = signature(body, WEBHOOK_SECRET)
    elif sig is not None:
        headers["HTTP_X_RAZORPAY_SIGNATURE"] = sig
    if event_id is not None:
        headers["HTTP_X_RAZORPAY_EVENT_ID"] = event_id
    return client.post(WEBHOOK, body, content_type="application/json", **headers)


def status_of(enrolment: Enrolment) -> str:
    return Enrolment.objects.get(pk=enrolment.pk).status


# --- The order ----------------------------------------------------------------------------


def test_it_makes_one_order_per_enrolment_and_reuses_it(
    course: Course, razorpay: RazorpayDouble
) -> None:
    enrolment = enrol(course)

    first = order_for(enrolment)
    again = order_for(enrolment)

    assert first.pk == again.pk
    assert razorpay.requests.count(("POST", "/v1/orders")) == 1
    order = razorpay.orders[first.order_id]
    assert (order["amount"], order["currency"], order["receipt"]) == (
        99900,
        "INR",
        enrolment.reference,
    )


def test_it_answers_checkout_details_to_the_browser_that_enrolled(
    course: Course, razorpay: RazorpayDouble
) -> None:
    client = Client()
    headers = with_csrf(client)
    made = client.post(
        "/api/enrolments",
        {
            "course": course.slug,
            "name": "Kiran Friend",
            "phone": "98111 22233",
            "email": "k@example.org",
        },
        content_type="application/json",
        **headers,
    )
    assert made.status_code == 201, made.content
    assert made.json()["pay_online"] is True
    reference = made.json()["reference"]

    answer = client.post(f"/api/enrolments/{reference}/razorpay-order", **headers)
    again = client.post(f"/api/enrolments/{reference}/razorpay-order", **headers)

    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["key_id"] == KEY_ID and body["amount"] == 99900 and body["currency"] == "INR"
    assert again.json()["order_id"] == body["order_id"]
    assert KEY_SECRET not in answer.content.decode()
    # Someone else's browser is not told about it.
    stranger = Client()
    assert (
        stranger.post(
            f"/api/enrolments/{reference}/razorpay-order", **with_csrf(stranger)
        ).status_code
        == 404
    )


def test_it_offers_no_online_payment_with_the_upi_gateway(course: Course, settings: Any) -> None:
    settings.PAYMENT_GATEWAY = "upi"
    enrolment = enrol(course)

    with pytest.raises(ApplicationError) as refused:
        order_for(enrolment)

    assert refused.value.status_code == 409
    assert not RazorpayOrder.objects.exists()


def test_it_says_online_payment_is_unavailable_when_razorpay_is_down(
    course: Course, razorpay: RazorpayDouble
) -> None:
    razorpay.down = True
    with pytest.raises(ApplicationError) as refused:
        order_for(enrol(course))
    assert refused.value.status_code == 503
    assert not RazorpayOrder.objects.exists()


# --- The browser's return -------------------------------------------------------------------


def test_it_confirms_at_once_on_a_good_signature(course: Course, razorpay: RazorpayDouble) -> None:
    enrolment = enrol(course)
    order = order_for(enrolment)
    payment = razorpay.capture(order.order_id)
    client = Client()

    answer = client.post(
        VERIFY,
        {
            "razorpay_order_id": order.order_id,
            "razorpay_payment_id": payment["id"],
            "razorpay_signature": razorpay.checkout_signature(order.order_id, payment["id"]),
        },
        content_type="application/json",
        **with_csrf(client),
    )

    assert answer.status_code == 200, answer.content
    assert answer.json()["status"] == "confirmed"
    order.refresh_from_db()
    assert (order.status, order.payment_id, order.method, order.fee_paise) == (
        "paid",
        payment["id"],
        "upi",
        2360,
    )
    assert Invoice.objects.filter(enrolment=enrolment).count() == 1
    assert len(queued_about("enrolment.confirmed")) == 1


def test_it_refuses_a_wrong_signature_and_changes_nothing(
    course: Course, razorpay: RazorpayDouble
) -> None:
    enrolment = enrol(course)
    order = order_for(enrolment)
    payment = razorpay.capture(order.order_id)
    client = Client()

    answer = client.post(
        VERIFY,
        {
            "razorpay_order_id": order.order_id,
            "razorpay_payment_id": payment["id"],
            "razorpay_signature": signature(f"{order.order_id}|{payment['id']}", "not-the-secret"),
        },
        content_type="application/json",
        **with_csrf(client),
    )

    assert answer.status_code == 400
    assert status_of(enrolment) == "pending"
    order.refresh_from_db()
    assert order.status == "created" and order.payment_id == ""
    assert not Invoice.objects.exists()


def test_it_refuses_a_signature_of_another_order(course: Course, razorpay: RazorpayDouble) -> None:
    mine = order_for(enrol(course))
    payment = razorpay.capture(mine.order_id)
    with pytest.raises(ApplicationError) as refused:
        online.razorpay_verify(
            order_id=mine.order_id,
            payment_id=payment["id"],
            signature=razorpay.checkout_signature("order_Other", payment["id"]),
        )
    assert refused.value.status_code == 400


# --- The webhook ----------------------------------------------------------------------------


def test_it_confirms_the_student_who_closed_the_browser(
    course: Course, razorpay: RazorpayDouble
) -> None:
    """Paid in Checkout, then the tab closed: only the webhook comes."""
    enrolment = enrol(course)
    order = order_for(enrolment)
    payment = razorpay.capture(order.order_id)

    answer = post_webhook(Client(), razorpay.webhook("payment.captured", payment))

    assert answer.status_code == 200
    assert status_of(enrolment) == "pending"  # answered at once: the worker confirms
    assert online.razorpay_events_apply() == 1
    assert status_of(enrolment) == "confirmed"
    event = RazorpayEvent.objects.get()
    assert event.outcome == RazorpayEvent.Outcome.CONFIRMED and event.enrolment_id == enrolment.pk
    assert len(queued_about("enrolment.confirmed")) == 1


@pytest.mark.parametrize("sig", [None, "0" * 64, "é" * 10])
def test_it_refuses_a_missing_or_wrong_signature(
    course: Course, razorpay: RazorpayDouble, sig: str | None
) -> None:
    order = order_for(enrol(course))
    body = razorpay.webhook("payment.captured", razorpay.capture(order.order_id))

    answer = post_webhook(Client(), body, sig=sig)

    assert answer.status_code == 400
    assert not RazorpayEvent.objects.exists()


def test_it_refuses_every_call_without_a_webhook_secret(
    course: Course, razorpay: RazorpayDouble, settings: Any
) -> None:
    order = order_for(enrol(course))
    body = razorpay.webhook("payment.captured", razorpay.capture(order.order_id))
    settings.RAZORPAY_WEBHOOK_SECRET = ""

    assert post_webhook(Client(), body, sig=signature(body, "")).status_code == 400
    assert post_webhook(Client(), body).status_code == 400
    assert not RazorpayEvent.objects.exists()


def test_it_applies_each_event_once(course: Course, razorpay: RazorpayDouble) -> None:
    enrolment = enrol(course)
    order = order_for(enrolment)
    payment = razorpay.capture(order.order_id)
    body = razorpay.webhook("payment.captured", payment)
    client = Client()

    assert post_webhook(client, body).json()["message"] == "Received."
    online.razorpay_events_apply()
    replay = post_webhook(client, body)
    online.razorpay_events_apply()
    # order.paid for the same payment: another event, the same payment, nothing more.
    post_webhook(client, razorpay.webhook("order.paid", payment), event_id="evt_2")
    online.razorpay_events_apply()

    assert replay.status_code == 200 and replay.json()["message"] == "Already received."
    assert RazorpayEvent.objects.count() == 2
    assert Invoice.objects.filter(enrolment=enrolment).count() == 1
    assert len(queued_about("enrolment.confirmed")) == 1
    assert RazorpayEvent.objects.get(event_id="evt_2").outcome == RazorpayEvent.Outcome.ALREADY


def test_it_confirms_nothing_when_the_amount_does_not_match(
    course: Course, razorpay: RazorpayDouble
) -> None:
    enrolment = enrol(course)
    order = order_for(enrolment)
    payment = razorpay.capture(order.order_id, amount=100)

    answer = post_webhook(Client(), razorpay.webhook("payment.captured", payment))
    online.razorpay_events_apply()

    assert answer.status_code == 200
    assert status_of(enrolment) == "pending"
    event = RazorpayEvent.objects.get()
    assert event.outcome == RazorpayEvent.Outcome.MISMATCH
    assert "100 paise" in event.note


def test_it_confirms_nothing_when_the_currency_does_not_match(
    course: Course, razorpay: RazorpayDouble
) -> None:
    enrolment = enrol(course)
    order = order_for(enrolment)
    payment = razorpay.capture(order.order_id, currency="USD")

    post_webhook(Client(), razorpay.webhook("order.paid", payment))
    online.razorpay_events_apply()

    assert status_of(enrolment) == "pending"
    assert RazorpayEvent.objects.get().outcome == RazorpayEvent.Outcome.MISMATCH


def test_it_keeps_and_ignores_other_events(razorpay: RazorpayDouble) -> None:
    body = json.dumps({"event": "payment.failed", "payload": {}}).encode()
    assert post_webhook(Client(), body).status_code == 200
    assert online.razorpay_events_apply() == 0
    assert RazorpayEvent.objects.get().outcome == RazorpayEvent.Outcome.IGNORED


# --- The reconciler and second captures -----------------------------------------------------


def test_the_reconciler_picks_up_a_capture_the_webhook_missed(
    course: Course, razorpay: RazorpayDouble
) -> None:
    enrolment = enrol(course)
    order = order_for(enrolment)
    razorpay.capture(order.order_id)

    call_command("reconcile_razorpay")

    assert status_of(enrolment) == "confirmed"
    order.refresh_from_db()
    assert order.status == "paid" and order.checked_at is not None
    assert ("GET", f"/v1/orders/{order.order_id}/payments") in razorpay.requests


def test_a_second_capture_is_refunded_in_full_and_the_enrolment_stays_confirmed(
    course: Course, razorpay: RazorpayDouble
) -> None:
    enrolment = enrol(course)
    order = order_for(enrolment)
    first = razorpay.capture(order.order_id)
    post_webhook(Client(), razorpay.webhook("payment.captured", first))
    online.razorpay_events_apply()
    second = razorpay.capture(order.order_id)  # paid again from a second tab

    online.razorpay_reconcile()

    assert status_of(enrolment) == "confirmed"
    assert razorpay.refunds_of(first["id"]) == []
    [refund] = razorpay.refunds_of(second["id"])
    assert refund["amount"] == 99900
    row = RazorpayRefund.objects.get()
    assert (row.status, row.reason, row.refund_id) == ("made", "second_capture", refund["id"])
    shown = RazorpayEvent.objects.get(event_id=f"reconcile-{second['id']}")
    assert shown.outcome == RazorpayEvent.Outcome.SECOND_CAPTURE
    # The reconciler asked again finds nothing new to refund.
    online.razorpay_reconcile()
    assert len(razorpay.refunds_of(second["id"])) == 1


# --- Staff's refund -------------------------------------------------------------------------


def paid_online(course: Course, razorpay: RazorpayDouble) -> tuple[Enrolment, dict[str, Any]]:
    enrolment = enrol(course)
    order = order_for(enrolment)
    payment = razorpay.capture(order.order_id)
    online.razorpay_verify(
        order_id=order.order_id,
        payment_id=payment["id"],
        signature=razorpay.checkout_signature(order.order_id, payment["id"]),
    )
    return enrolment, payment


def test_staff_refund_goes_through_razorpay_then_makes_the_credit_note(
    course: Course, razorpay: RazorpayDouble, staff: User
) -> None:
    enrolment, payment = paid_online(course, razorpay)

    refunded = online.enrolment_refund_online(
        enrolment_id=enrolment.pk, by=staff, reason="Changed their mind"
    )

    assert refunded.status == "rejected" and refunded.refunded_at is not None
    [refund] = razorpay.refunds_of(payment["id"])
    assert refund["amount"] == 99900
    assert CreditNote.objects.filter(invoice__enrolment=enrolment).count() == 1
    assert len(queued_about("enrolment.refunded")) == 1


def test_a_refund_retried_after_a_lost_answer_refunds_once(
    course: Course, razorpay: RazorpayDouble, staff: User
) -> None:
    enrolment, payment = paid_online(course, razorpay)
    razorpay.lose_next_refund_answer = True

    with pytest.raises(ApplicationError) as failed:
        online.enrolment_refund_online(enrolment_id=enrolment.pk, by=staff, reason="Refund")
    assert failed.value.status_code == 502
    assert status_of(enrolment) == "confirmed"  # nothing else changed
    assert not CreditNote.objects.exists()

    online.enrolment_refund_online(enrolment_id=enrolment.pk, by=staff, reason="Refund")

    assert len(razorpay.refunds_of(payment["id"])) == 1
    keys = [k for k, r in razorpay.refunds.items() if r["payment_id"] == payment["id"]]
    assert keys == [online.refund_key(payment["id"])]
    assert status_of(enrolment) == "rejected"
    assert CreditNote.objects.count() == 1


def test_staff_refund_needs_a_reason_and_an_online_payment(
    course: Course, razorpay: RazorpayDouble, staff: User
) -> None:
    enrolment, _payment = paid_online(course, razorpay)
    with pytest.raises(ApplicationError):
        online.enrolment_refund_online(enrolment_id=enrolment.pk, by=staff, reason=" ")
    upi = enrol(course, phone="98111 22299")
    services.enrolment_confirm_payment(enrolment_id=upi.pk, by=staff)
    with pytest.raises(ApplicationError) as refused:
        online.enrolment_refund_online(enrolment_id=upi.pk, by=staff, reason="Refund")
    assert refused.value.status_code == 409
    assert razorpay.refunds == {}


# --- The worker and the settings -------------------------------------------------------------


def test_the_worker_applies_events_and_reconciles_on_its_schedule(
    course: Course, razorpay: RazorpayDouble
) -> None:
    enrolment = enrol(course)
    order = order_for(enrolment)
    razorpay.capture(order.order_id)

    online.online_payments_work()
    assert status_of(enrolment) == "confirmed"
    asked = razorpay.requests.count(("GET", f"/v1/orders/{order.order_id}/payments"))
    online.online_payments_work()  # within RAZORPAY_RECONCILE_SECONDS: not asked again
    assert razorpay.requests.count(("GET", f"/v1/orders/{order.order_id}/payments")) == asked


def test_the_bank_statement_leaves_razorpay_settlements_alone(
    course: Course, razorpay: RazorpayDouble
) -> None:
    from enrolments.selectors import statement_reconcile
    from enrolments.statements import statement_parse

    paid_online(course, razorpay)
    csv = (
        b"Date,Narration,Value Dat,Debit Amount,Credit Amount,Chq/Ref Number,Closing Balance\n"
        b"07/12/26,NEFT CR-RAZORPAY SOFTWARE PVT LTD-SETTLEMENT 612345678901,07/12/26,0.00,975.40,"
        b"612345678901,10975.40\n"
    )

    result = statement_reconcile(statement=statement_parse(csv))

    assert result.razorpay_settlements == 1
    assert result.no_enrolment == [] and result.matched == [] and result.waiting == []


# --- The back office --------------------------------------------------------------------------


def admin_page(enrolment: Enrolment, step: str = "") -> str:
    base = f"/admin/enrolments/enrolment/{enrolment.pk}/"
    return base + (f"{step}/" if step else "change/")


def test_staff_see_how_it_was_paid_and_refund_it_through_razorpay(
    course: Course, razorpay: RazorpayDouble, back_office_client: Client, staff: User
) -> None:
    enrolment, payment = paid_online(course, razorpay)
    upi = services.enrolment_submit_utr(
        enrolment=enrol(course, phone="98111 22299"), utr="412345678901"
    )
    services.enrolment_confirm_payment(enrolment_id=upi.pk, by=staff)

    page = back_office_client.get(admin_page(enrolment)).content.decode()
    assert f"Razorpay: payment {payment['id']} (upi)" in page and "₹23.60" in page
    assert admin_page(enrolment, "refund-online") in page
    assert admin_page(enrolment, "refund") not in page  # "Record a refund" is for UPI
    upi_page = back_office_client.get(admin_page(upi)).content.decode()
    assert "UPI: UTR 412345678901" in upi_page
    assert (
        admin_page(upi, "refund") in upi_page and admin_page(upi, "refund-online") not in upi_page
    )
    listing = back_office_client.get(
        "/admin/enrolments/enrolment/", {"q": "Kiran"}
    ).content.decode()
    assert payment["id"] in listing and "412345678901" in listing

    done = back_office_client.post(
        admin_page(enrolment, "refund-online"), {"reason": "Changed their mind"}, follow=True
    )

    assert done.status_code == 200
    assert status_of(enrolment) == "rejected"
    assert len(razorpay.refunds_of(payment["id"])) == 1
    after = back_office_client.get(admin_page(enrolment)).content.decode()
    assert "Refund by staff, refunded by razorpay" in after


def test_a_second_capture_is_shown_on_the_enrolment_page(
    course: Course, razorpay: RazorpayDouble, back_office_client: Client
) -> None:
    enrolment, _first = paid_online(course, razorpay)
    second = razorpay.capture(RazorpayOrder.objects.get().order_id)
    post_webhook(Client(), razorpay.webhook("payment.captured", second))
    online.razorpay_events_apply()

    page = back_office_client.get(admin_page(enrolment)).content.decode()

    assert "Second capture: refunded in full" in page
    assert "Refund rfnd_" in page and second["id"] in page
    assert status_of(enrolment) == "confirmed"
