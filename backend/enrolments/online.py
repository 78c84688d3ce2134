"""Payments that confirm themselves: Razorpay (docs/product.md section 22).

With PAYMENT_GATEWAY=razorpay an enrolment's (or registration's) payment step offers
"Pay ₹N online" beside the UPI road. Every road to "paid" ends in the same place,
`_capture_apply`, under the order's row lock, and from there in the confirmation staff make
(enrolments.services.enrolment_confirm_payment: invoice, referral reward, messages):

- the browser's return (razorpay_verify), checked by its signature;
- the webhook (razorpay_webhook_receive): its signature over the raw body checked before
  anything is read, the event stored once by X-Razorpay-Event-Id and answered at once; the
  worker applies it (razorpay_events_apply), where the invoice's PDF and the messages are
  made;
- the reconciler (razorpay_reconcile), which asks Razorpay about the open orders.

A capture whose amount or currency is not the order's confirms nothing and is shown to
staff; a second capture of an order already paid is refunded in full. Refunds (that one,
and staff's "Refund") carry a fixed X-Refund-Idempotency key, so a retry never pays twice.
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import User
from core.errors import ApplicationError
from core.worker import worker_heartbeat_age, worker_heartbeat_record
from enrolments import gateway, services
from enrolments.gateway import GatewayError, Payment
from enrolments.models import Enrolment, RazorpayEvent, RazorpayOrder, RazorpayRefund
from enrolments.selectors import razorpay_configured

logger = logging.getLogger(__name__)

NOT_OFFERED = "Online payment is not offered. Pay by UPI yourself and send us the UTR."
NOT_PAYABLE = "This enrolment is not waiting for a payment."
UNAVAILABLE = (
    "Online payment is not available at the moment. Try again in a few minutes, or pay by "
    "UPI yourself and send us the UTR."
)
BAD_SIGNATURE = "The payment could not be verified. If money left your account, write to us."
NOT_CAPTURED = (
    "Razorpay has not confirmed this payment yet. This page shows it as soon as it does; "
    "there is no need to pay again."
)
WEBHOOK_OFF = "The webhook is not configured."
WEBHOOK_BAD_SIGNATURE = "The signature does not match."
WEBHOOK_NOT_JSON = "The body is not a JSON object."
# Razorpay's own webhook bodies are a few KB; anything far larger is not from it.
WEBHOOK_MAX_BYTES = 256 * 1024
# The webhook's events the worker applies; the others are kept and ignored.
CAPTURE_EVENTS = ("payment.captured", "order.paid")
MAX_ATTEMPTS = 10
RECONCILER = "razorpay-reconcile"
# Paid orders are asked about a little longer: a second capture may come after the first.
RECONCILE_PAID_FOR = timedelta(days=2)


gateway_on = razorpay_configured


def refund_key(payment_id: str) -> str:
    """The X-Refund-Idempotency key of the full refund of one payment: the same for every
    try (at least 10 letters, digits, hyphens and underscores, as Razorpay asks)."""
    return f"refund-{payment_id}"[:64]


# --- The order ------------------------------------------------------------------------


@transaction.atomic
def razorpay_order_for(*, enrolment_id: int) -> RazorpayOrder:
    """The enrolment's Razorpay order, made on the first "Pay ₹N online" and reused on
    every later one. The enrolment's row is locked while Razorpay is asked, so two
    presses at once make one order."""
    if not gateway_on():
        raise ApplicationError(NOT_OFFERED, status_code=409)
    enrolment = Enrolment.objects.select_for_update(of=("self",)).get(pk=enrolment_id)
    existing = RazorpayOrder.objects.filter(enrolment=enrolment).first()
    if existing is not None:
        return existing
    if enrolment.status != Enrolment.Status.PENDING or enrolment.amount < 1:
        raise ApplicationError(NOT_PAYABLE, status_code=409)
    amount_paise = enrolment.amount * 100
    try:
        order_id = gateway.order_create(
            amount_paise=amount_paise,
            receipt=enrolment.reference,
            notes={"reference": enrolment.reference},
        )
    except GatewayError as exc:
        logger.warning("Razorpay order for %s not made: %s", enrolment.reference, exc)
        raise ApplicationError(UNAVAILABLE, status_code=503) from exc
    return RazorpayOrder.objects.create(
        enrolment=enrolment, order_id=order_id, amount_paise=amount_paise, currency="INR"
    )


# --- Applying a capture -----------------------------------------------------------------


@dataclass(frozen=True)
class Applied:
    outcome: RazorpayEvent.Outcome
    note: str = ""
    refund: RazorpayRefund | None = None


def _capture_apply(*, order_id: str, payment: Payment) -> Applied:
    """A captured payment on one of our orders, from whichever road it came: confirm the
    enrolment (once), refund a second capture, confirm nothing when the amount or the
    currency is not the order's. The order's row is locked, so the browser's return, the
    webhook and the reconciler meeting at once confirm once."""
    with transaction.atomic():
        order = (
            RazorpayOrder.objects.select_for_update()
            .select_related("enrolment")
            .filter(order_id=order_id)
            .first()
        )
        if order is None:
            return Applied(RazorpayEvent.Outcome.UNKNOWN_ORDER)
        if payment.amount_paise != order.amount_paise or payment.currency != order.currency:
            return Applied(
                RazorpayEvent.Outcome.MISMATCH,
                f"Razorpay reports {payment.amount_paise} paise {payment.currency or '?'} "
                f"on payment {payment.payment_id}; the order is for {order.amount_paise} "
                f"paise {order.currency}.",
            )
        if order.status == RazorpayOrder.Status.PAID:
            if order.payment_id == payment.payment_id:
                _details_fill(order, payment)
                return Applied(RazorpayEvent.Outcome.ALREADY)
            refund, _created = RazorpayRefund.objects.get_or_create(
                payment_id=payment.payment_id,
                defaults={
                    "enrolment": order.enrolment,
                    "amount_paise": payment.amount_paise,
                    "reason": RazorpayRefund.Reason.SECOND_CAPTURE,
                    "idempotency_key": refund_key(payment.payment_id),
                },
            )
            return Applied(
                RazorpayEvent.Outcome.SECOND_CAPTURE,
                f"Payment {payment.payment_id} came after {order.payment_id} had paid the "
                "order: it is refunded in full.",
                refund,
            )
        try:
            with transaction.atomic():
                order.status = RazorpayOrder.Status.PAID
                order.payment_id = payment.payment_id
                order.method = payment.method
                order.fee_paise = payment.fee_paise
                order.paid_at = timezone.now()
                order.save(update_fields=["status", "payment_id", "method", "fee_paise", "paid_at"])
                services.enrolment_confirm_payment(enrolment_id=order.enrolment_id, by=None)
        except ApplicationError as exc:
            # A rejected enrolment cannot be confirmed: the money is for staff to decide.
            return Applied(RazorpayEvent.Outcome.REFUSED, exc.message[:300])
    return Applied(RazorpayEvent.Outcome.CONFIRMED)


def _details_fill(order: RazorpayOrder, payment: Payment) -> None:
    """The browser's return may confirm before Razorpay said the method and fee."""
    fields = []
    if payment.method and not order.method:
        order.method = payment.method
        fields.append("method")
    if payment.fee_paise is not None and order.fee_paise is None:
        order.fee_paise = payment.fee_paise
        fields.append("fee_paise")
    if fields:
        order.save(update_fields=fields)


def _after(applied: Applied) -> None:
    """What happens once the capture's transaction is over: the refund of a second
    capture goes to Razorpay (a failure is retried by the worker)."""
    if applied.refund is not None and applied.refund.status == RazorpayRefund.Status.WAITING:
        try:
            razorpay_refund_send(refund_id=applied.refund.pk)
        except GatewayError as exc:
            logger.warning("Refund of %s not made yet: %s", applied.refund.payment_id, exc)


# --- The browser's return ----------------------------------------------------------------


def razorpay_verify(*, order_id: str, payment_id: str, signature: str) -> Enrolment:
    """Checkout's handler posts {razorpay_order_id, razorpay_payment_id,
    razorpay_signature}: checked against our stored order id, then the payment is
    confirmed at once. A wrong signature (or an order that is not ours) is 400 and changes
    nothing."""
    order = (
        RazorpayOrder.objects.filter(order_id=order_id).first()
        if gateway_on() and order_id and payment_id and signature
        else None
    )
    if order is None or not gateway.payment_signature_valid(
        order_id=order.order_id, payment_id=payment_id, signature=signature
    ):
        raise ApplicationError(
            BAD_SIGNATURE, status_code=400, extra={"fields": {"razorpay_signature": BAD_SIGNATURE}}
        )
    try:
        payment = gateway.payment_fetch(payment_id=payment_id)
    except GatewayError as exc:
        # The signature is Razorpay's word that this payment paid this order: confirm on
        # it; the webhook or the reconciler brings the method and the fee later.
        logger.info("Payment %s not fetched (%s): confirmed on its signature", payment_id, exc)
        payment = Payment(
            payment_id=payment_id,
            order_id=order.order_id,
            amount_paise=order.amount_paise,
            currency=order.currency,
            status="captured",
            method="",
            fee_paise=None,
        )
    if not payment.captured or payment.order_id != order.order_id:
        raise ApplicationError(NOT_CAPTURED, status_code=409)
    applied = _capture_apply(order_id=order.order_id, payment=payment)
    _after(applied)
    if applied.outcome == RazorpayEvent.Outcome.MISMATCH:
        RazorpayEvent.objects.get_or_create(
            event_id=f"verify-{payment_id}"[:64],
            defaults=_event_fields(
                "checkout.verify", order.order_id, payment, applied, enrolment=order.enrolment
            ),
        )
    return Enrolment.objects.select_related("course").get(pk=order.enrolment_id)


def _event_fields(
    event: str, order_id: str, payment: Payment, applied: Applied, *, enrolment: Enrolment | None
) -> dict[str, Any]:
    return {
        "event": event,
        "order_id": order_id,
        "payment_id": payment.payment_id,
        "amount_paise": payment.amount_paise,
        "currency": payment.currency,
        "method": payment.method,
        "fee_paise": payment.fee_paise,
        "enrolment": enrolment,
        "outcome": applied.outcome,
        "note": applied.note,
        "processed_at": timezone.now(),
    }


# --- The webhook ------------------------------------------------------------------------


class WebhookRefused(Exception):
    """Not from Razorpay (no secret set, no or a wrong signature), or unreadable: 400."""


def razorpay_webhook_receive(*, body: bytes, signature: str | None, event_id: str | None) -> bool:
    """Check the signature over the raw body before reading anything, then keep the event
    for the worker, once: True when it is new, False for a repeat (nothing changes)."""
    if not settings.RAZORPAY_WEBHOOK_SECRET:
        raise WebhookRefused(WEBHOOK_OFF)
    if len(body) > WEBHOOK_MAX_BYTES or not gateway.webhook_signature_valid(
        body=body, signature=signature
    ):
        raise WebhookRefused(WEBHOOK_BAD_SIGNATURE)
    try:
        document = json.loads(body)
    except ValueError as exc:
        raise WebhookRefused(WEBHOOK_NOT_JSON) from exc
    if not isinstance(document, dict):
        raise WebhookRefused(WEBHOOK_NOT_JSON)
    name = document.get("event")
    name = name[:40] if isinstance(name, str) else ""
    payload = document.get("payload")
    entity = None
    if isinstance(payload, dict) and isinstance(payload.get("payment"), dict):
        entity = payload["payment"].get("entity")
    payment = gateway.payment_from(entity)
    # Razorpay names every event; a body without the header is still kept once, by itself.
    key = (event_id or "").strip()[:64] or "body-" + hashlib.sha256(body).hexdigest()[:40]
    fields: dict[str, Any] = {"event": name}
    if payment is not None:
        fields.update(
            order_id=payment.order_id,
            payment_id=payment.payment_id,
            amount_paise=payment.amount_paise,
            currency=payment.currency,
            method=payment.method,
            fee_paise=payment.fee_paise,
        )
    if name not in CAPTURE_EVENTS or payment is None:
        fields.update(outcome=RazorpayEvent.Outcome.IGNORED, processed_at=timezone.now())
    try:
        with transaction.atomic():
            RazorpayEvent.objects.create(event_id=key, **fields)
    except IntegrityError:
        return False
    return True


def razorpay_events_apply(*, limit: int = 50) -> int:
    """The worker's part of the webhook: apply the events waiting, oldest first. A failure
    (the database, Razorpay for a refund) leaves the event waiting for the next pass, at
    most MAX_ATTEMPTS times. Returns how many were applied."""
    done = 0
    waiting = RazorpayEvent.objects.filter(
        processed_at__isnull=True, attempts__lt=MAX_ATTEMPTS
    ).order_by("received_at", "pk")
    for event_pk in list(waiting.values_list("pk", flat=True)[:limit]):
        with transaction.atomic():
            event = (
                RazorpayEvent.objects.select_for_update(skip_locked=True)
                .filter(pk=event_pk, processed_at__isnull=True)
                .first()
            )
            if event is None:
                continue  # another worker has it
            event.attempts += 1
            payment = Payment(
                payment_id=event.payment_id,
                order_id=event.order_id,
                amount_paise=event.amount_paise or 0,
                currency=event.currency,
                status="captured",
                method=event.method,
                fee_paise=event.fee_paise,
            )
            try:
                with transaction.atomic():
                    applied = _capture_apply(order_id=event.order_id, payment=payment)
            except Exception as exc:
                event.note = f"{type(exc).__name__}: {exc}"[:300]
                event.save(update_fields=["attempts", "note"])
                logger.exception("Razorpay event %s not applied", event.event_id)
                continue
            event.outcome = applied.outcome
            event.note = applied.note
            event.processed_at = timezone.now()
            event.enrolment_id = (
                RazorpayOrder.objects.filter(order_id=event.order_id)
                .values_list("enrolment_id", flat=True)
                .first()
            )
            event.save(update_fields=["attempts", "outcome", "note", "processed_at", "enrolment"])
        _after(applied)
        done += 1
    return done


# --- The reconciler ----------------------------------------------------------------------


@dataclass
class Reconciled:
    asked: int = 0
    confirmed: int = 0
    refunded: int = 0
    mismatched: int = 0
    failed: int = 0


def razorpay_reconcile() -> Reconciled:
    """Ask Razorpay about every open order (however recent) and the ones paid in the last
    RECONCILE_PAID_FOR, and apply each captured payment the webhook did not bring: the
    open ones are confirmed, a second capture refunded. An enrolment rejected meanwhile is
    left out: staff decided it."""
    result = Reconciled()
    if not gateway_on():
        return result
    now = timezone.now()
    orders = RazorpayOrder.objects.exclude(enrolment__status=Enrolment.Status.REJECTED).filter(
        status=RazorpayOrder.Status.CREATED
    ) | RazorpayOrder.objects.filter(
        status=RazorpayOrder.Status.PAID, paid_at__gte=now - RECONCILE_PAID_FOR
    )
    for order in orders.order_by("created_at", "pk"):
        result.asked += 1
        try:
            payments = gateway.order_payments(order_id=order.order_id)
        except GatewayError as exc:
            result.failed += 1
            logger.warning("Razorpay order %s not checked: %s", order.order_id, exc)
            continue
        RazorpayOrder.objects.filter(pk=order.pk).update(checked_at=now)
        for payment in payments:
            if not payment.captured:
                continue
            applied = _capture_apply(order_id=order.order_id, payment=payment)
            if applied.outcome in (
                RazorpayEvent.Outcome.MISMATCH,
                RazorpayEvent.Outcome.SECOND_CAPTURE,
                RazorpayEvent.Outcome.REFUSED,
            ):
                # Shown to staff as the webhook's are, once per payment.
                RazorpayEvent.objects.get_or_create(
                    event_id=f"reconcile-{payment.payment_id}"[:64],
                    defaults=_event_fields(
                        "reconcile", order.order_id, payment, applied, enrolment=order.enrolment
                    ),
                )
            _after(applied)
            if applied.outcome == RazorpayEvent.Outcome.CONFIRMED:
                result.confirmed += 1
            elif applied.outcome == RazorpayEvent.Outcome.SECOND_CAPTURE:
                result.refunded += 1
            elif applied.outcome == RazorpayEvent.Outcome.MISMATCH:
                result.mismatched += 1
    return result


# --- Refunds ----------------------------------------------------------------------------


def razorpay_refund_send(*, refund_id: int) -> RazorpayRefund:
    """Ask Razorpay for the refund with its fixed idempotency key; a refund already made
    is not asked again. GatewayError when Razorpay did not make it (the row says why)."""
    refund = RazorpayRefund.objects.get(pk=refund_id)
    if refund.status == RazorpayRefund.Status.MADE:
        return refund
    refund.attempts += 1
    try:
        made = gateway.payment_refund(
            payment_id=refund.payment_id,
            amount_paise=refund.amount_paise,
            idempotency_key=refund.idempotency_key,
        )
    except GatewayError as exc:
        refund.error = str(exc)[:300]
        if isinstance(exc, gateway.GatewayRefused):
            refund.status = RazorpayRefund.Status.FAILED
        refund.save(update_fields=["attempts", "error", "status"])
        raise
    refund.refund_id = made
    refund.status = RazorpayRefund.Status.MADE
    refund.made_at = timezone.now()
    refund.error = ""
    refund.save(update_fields=["attempts", "refund_id", "status", "made_at", "error"])
    return refund


def razorpay_refunds_retry() -> int:
    """The automatic refunds (second captures) Razorpay did not answer yet."""
    count = 0
    for pk in RazorpayRefund.objects.filter(
        status=RazorpayRefund.Status.WAITING,
        reason=RazorpayRefund.Reason.SECOND_CAPTURE,
        attempts__lt=MAX_ATTEMPTS,
    ).values_list("pk", flat=True):
        try:
            razorpay_refund_send(refund_id=pk)
            count += 1
        except GatewayError:
            continue
    return count


def online_payment_of(enrolment: Enrolment) -> RazorpayOrder | None:
    """The paid Razorpay order of a confirmed enrolment (its money came online), or None."""
    return RazorpayOrder.objects.filter(
        enrolment=enrolment, status=RazorpayOrder.Status.PAID
    ).first()


def enrolment_refund_online(*, enrolment_id: int, by: User | None, reason: str) -> Enrolment:
    """Staff's "Refund" of a confirmed online payment: the full amount through Razorpay's
    refund API (X-Refund-Idempotency fixed per payment, so a retry after a lost answer
    never refunds twice), then what "Record a refund" does (enrolment_reject: the credit
    note, "Refund of ₹N processed", status rejected, the seat freed). When Razorpay does
    not make the refund nothing else changes."""
    services.reason_check(reason)
    enrolment = Enrolment.objects.get(pk=enrolment_id)
    order = online_payment_of(enrolment)
    if enrolment.status != Enrolment.Status.CONFIRMED or order is None:
        raise ApplicationError(
            f"{enrolment.reference} has no confirmed online payment to refund.", status_code=409
        )
    refund, _created = RazorpayRefund.objects.get_or_create(
        payment_id=order.payment_id,
        defaults={
            "enrolment": enrolment,
            "amount_paise": order.amount_paise,
            "reason": RazorpayRefund.Reason.STAFF,
            "idempotency_key": refund_key(order.payment_id),
            "by": by if getattr(by, "pk", None) else None,
        },
    )
    if refund.status != RazorpayRefund.Status.MADE:
        try:
            razorpay_refund_send(refund_id=refund.pk)
        except GatewayError as exc:
            raise ApplicationError(
                f"Razorpay did not make the refund of {enrolment.reference} ({exc}). Nothing "
                "else was changed: try again.",
                status_code=502,
            ) from exc
    return services.enrolment_reject(enrolment_id=enrolment.pk, by=by, reason=reason)


# --- The worker ---------------------------------------------------------------------------


def online_payments_work() -> None:
    """Each pass of the queue worker (QUEUE_WORKER_TASKS): the webhook's events, the
    refunds to retry, and every RAZORPAY_RECONCILE_SECONDS the reconciler. Nothing with
    PAYMENT_GATEWAY=upi."""
    if not gateway_on():
        return
    razorpay_events_apply()
    razorpay_refunds_retry()
    age = worker_heartbeat_age(name=RECONCILER)
    if age is None or age.total_seconds() >= settings.RAZORPAY_RECONCILE_SECONDS:
        worker_heartbeat_record(name=RECONCILER)
        razorpay_reconcile()
