"""Enrolment and its UPI payment instructions.

Fixed paths ("payment-link", "private") are registered before "/{reference}", which would
otherwise capture them.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from ninja import Router, Status

from accounts.models import User
from catalog.selectors import site_settings_cached
from core.errors import ApplicationError
from core.http import client_key
from core.ratelimit import rate_limited
from core.schemas import ErrorOut, MessageOut, Text
from core.upi import upi_qr_svg
from enrolments import online, selectors, services
from enrolments.browser import remember, session_references
from enrolments.models import Enrolment
from enrolments.schemas import (
    EnrolmentCreateIn,
    EnrolmentOut,
    EnrolmentPaymentLinkIn,
    EnrolmentUtrIn,
    PaymentLinkSentOut,
    RazorpayCheckoutOut,
    RazorpayVerifyIn,
)

router = Router(tags=["enrolments"])

SVG = "image/svg+xml"


def _user(request: HttpRequest) -> User | None:
    user = request.user
    return user if user.is_authenticated else None  # type: ignore[return-value]


def _visible(request: HttpRequest, reference: str) -> Enrolment:
    return selectors.enrolment_get_visible(
        reference=reference, user=_user(request), session_references=session_references(request)
    )


def _svg_response(data: bytes, *, cache: str) -> HttpResponse:
    response = HttpResponse(data, content_type=SVG)
    response["Cache-Control"] = cache
    return response


@router.post(
    "",
    response={201: EnrolmentOut, 403: ErrorOut, 409: ErrorOut, 422: ErrorOut, 429: ErrorOut},
    summary="Enrol in a course",
    description=(
        "Creates a pending enrolment at the course's payable fee and returns it with its "
        "UPI payment instructions. The reference is remembered in this browser's session. "
        "409 when the phone already has an open enrolment for the course: extra.reference, "
        "extra.payment (instructions) and extra.can_view: true only for the browser session "
        "or account that made it; anyone else gets the message alone. 409 too for a closed "
        "course, and for a course with batches: the batch's enrolment closed, or no seat "
        "left ('This batch is full.', extra.waitlist true). "
        "422 field errors: course, batch, coupon (the discount code's refusal), name, phone, email, referral_code, state, gstin "
        "(with the reason: length, format, state code, check digit), business_name."
    ),
)
@rate_limited(
    scope="enrolment",
    rate="RATE_LIMIT_ENROLMENT",
    message="You have enrolled several times in a short time.",
)
def enrolment_create(request: HttpRequest, payload: EnrolmentCreateIn) -> Status[EnrolmentOut]:
    try:
        enrolment = services.enrolment_create(
            course_slug=payload.course,
            name=payload.name,
            phone=payload.phone,
            email=payload.email,
            referral_code=payload.referral_code,
            state=payload.state,
            gstin=payload.gstin,
            business_name=payload.business_name,
            batch_id=payload.batch,
            coupon=payload.coupon,
            user=_user(request),
            session_references=session_references(request),
        )
    except services.EnrolmentAlreadyOpen as exc:
        if exc.owned:
            remember(request, exc.enrolment.reference)
        raise
    remember(request, enrolment.reference)
    return Status(201, EnrolmentOut.from_orm(enrolment))


@router.post(
    "/payment-link",
    response={202: PaymentLinkSentOut, 403: ErrorOut, 422: ErrorOut, 429: ErrorOut},
    summary="Send me my payment link",
    description=(
        "Sends the private payment link (/e/<token>) of the phone's open enrolment in the "
        "course to that enrolment's own phone by SMS (and its email). Always 202 with the "
        "same message (the phone masked), whether or not such an enrolment exists; at most "
        "5 links a day go to one phone. 429 past RATE_LIMIT_SMS_PER_IP for this client "
        "address; 422 extra.fields.phone for a number that is not one."
    ),
)
def enrolment_payment_link_send(
    request: HttpRequest, payload: EnrolmentPaymentLinkIn
) -> Status[PaymentLinkSentOut]:
    message = services.enrolment_resend_payment_link(
        course_slug=payload.course, phone=payload.phone, client=client_key(request)
    )
    return Status(202, PaymentLinkSentOut(message=message))


@router.get(
    "/private/{token}/qr.svg",
    response={404: ErrorOut, 422: ErrorOut},
    auth=None,
    summary="QR code (SVG) of the UPI link of the enrolment whose private link this is",
    openapi_extra={"responses": {200: {"content": {SVG: {}}, "description": "SVG image"}}},
)
def enrolment_private_qr(request: HttpRequest, token: Text) -> HttpResponse:
    enrolment = selectors.enrolment_get_by_token(token=token)
    link = selectors.enrolment_payment_instructions(enrolment=enrolment).link
    return _svg_response(upi_qr_svg(link), cache="private, no-store")


@router.post(
    "/private/{token}/utr",
    response={200: EnrolmentOut, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut, 422: ErrorOut},
    summary="Submit the UTR of the enrolment whose private payment link this is",
    description="As /api/enrolments/{reference}/utr, for whoever holds the link (/e/<token>).",
)
def enrolment_private_submit_utr(
    request: HttpRequest, token: Text, payload: EnrolmentUtrIn
) -> Enrolment:
    enrolment = selectors.enrolment_get_by_token(token=token)
    return services.enrolment_submit_utr(enrolment=enrolment, utr=payload.utr)


@rate_limited(
    scope="razorpay-order",
    rate="RATE_LIMIT_ENROLMENT",
    message="You have asked to pay online several times in a short time.",
)
def _checkout(request: HttpRequest, enrolment: Enrolment) -> RazorpayCheckoutOut:
    # Each first press asks Razorpay for an order: bounded per client address.
    order = online.razorpay_order_for(enrolment_id=enrolment.pk)
    return RazorpayCheckoutOut(
        key_id=settings.RAZORPAY_KEY_ID,
        order_id=order.order_id,
        amount=order.amount_paise,
        currency=order.currency,
        name=site_settings_cached().brand_name,
        description=f"{enrolment.offering.name} ({enrolment.reference})"[:255],
        reference=enrolment.reference,
        prefill_name=enrolment.name,
        prefill_email=enrolment.email_to,
        prefill_contact=enrolment.phone,
    )


CHECKOUT_DESCRIPTION = (
    "With PAYMENT_GATEWAY=razorpay: the enrolment's Razorpay order (made on the first call, "
    "the same one after) and what Checkout opens with. 409 when online payment is not "
    "offered or the enrolment is not pending; 503 when Razorpay cannot be reached."
)


@router.post(
    "/private/{token}/razorpay-order",
    response={
        200: RazorpayCheckoutOut,
        403: ErrorOut,
        404: ErrorOut,
        409: ErrorOut,
        422: ErrorOut,
        429: ErrorOut,
        503: ErrorOut,
    },
    summary="Pay online the enrolment whose private payment link this is",
    description=CHECKOUT_DESCRIPTION,
)
def enrolment_private_razorpay_order(request: HttpRequest, token: Text) -> RazorpayCheckoutOut:
    return _checkout(request, selectors.enrolment_get_by_token(token=token))


@router.get(
    "/{reference}",
    response={200: EnrolmentOut, 404: ErrorOut, 422: ErrorOut},
    summary="An enrolment made in this browser or by the logged-in account",
)
def enrolment_get(request: HttpRequest, reference: Text) -> Enrolment:
    return _visible(request, reference)


@router.get(
    "/{reference}/qr.svg",
    response={404: ErrorOut, 422: ErrorOut},
    summary="QR code (SVG) of the enrolment's UPI link",
    openapi_extra={"responses": {200: {"content": {SVG: {}}, "description": "SVG image"}}},
)
def enrolment_qr(request: HttpRequest, reference: Text) -> HttpResponse:
    enrolment = _visible(request, reference)
    link = selectors.enrolment_payment_instructions(enrolment=enrolment).link
    return _svg_response(upi_qr_svg(link), cache="private, no-store")


@router.post(
    "/{reference}/utr",
    response={200: EnrolmentOut, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut, 422: ErrorOut},
    summary="Submit the UPI transaction reference (UTR) of the payment",
    description=(
        "12 digits (spaces ignored). Allowed once, while pending; 409 when a UTR was already "
        "sent (only staff correct it), or the enrolment is confirmed, rejected or expired; "
        "422 extra.fields.utr for a bad or used UTR."
    ),
)
def enrolment_submit_utr(
    request: HttpRequest, reference: Text, payload: EnrolmentUtrIn
) -> Enrolment:
    return services.enrolment_submit_utr(enrolment=_visible(request, reference), utr=payload.utr)


@router.post(
    "/{reference}/razorpay-order",
    response={
        200: RazorpayCheckoutOut,
        403: ErrorOut,
        404: ErrorOut,
        409: ErrorOut,
        422: ErrorOut,
        429: ErrorOut,
        503: ErrorOut,
    },
    summary="Pay online: the enrolment's Razorpay order",
    description=CHECKOUT_DESCRIPTION,
)
def enrolment_razorpay_order(request: HttpRequest, reference: Text) -> RazorpayCheckoutOut:
    return _checkout(request, _visible(request, reference))


# /api/payments/...: Razorpay's two calls back, the browser's and its server's.
payments_router = Router(tags=["payments"])


@payments_router.post(
    "/razorpay/verify",
    response={
        200: EnrolmentOut,
        400: ErrorOut,
        403: ErrorOut,
        409: ErrorOut,
        422: ErrorOut,
        429: ErrorOut,
    },
    summary="Razorpay Checkout's return: confirm the payment by its signature",
    description=(
        "The three fields of Checkout's handler. The signature (HMAC-SHA256 of our order "
        "id, '|', the payment id, keyed by the key secret) is checked and the payment "
        "confirmed at once, as staff confirm one. 400 for a wrong signature or an order "
        "that is not ours (nothing changes); 409 while Razorpay has not captured it."
    ),
)
@rate_limited(
    scope="razorpay-verify",
    rate="RATE_LIMIT_PAYMENT_VERIFY",
    message="Too many payment checks in a short time.",
)
def razorpay_verify(request: HttpRequest, payload: RazorpayVerifyIn) -> Enrolment:
    return online.razorpay_verify(
        order_id=payload.razorpay_order_id,
        payment_id=payload.razorpay_payment_id,
        signature=payload.razorpay_signature,
    )


@payments_router.post(
    "/razorpay/webhook",
    auth=None,
    response={200: MessageOut, 400: ErrorOut},
    include_in_schema=False,
)
def razorpay_webhook(request: HttpRequest) -> MessageOut:
    """Razorpay's server calls it (no session, no CSRF token): X-Razorpay-Signature over
    the raw body is what proves it, checked before anything is read. Answered at once;
    the worker applies the event (enrolments.online.razorpay_events_apply)."""
    try:
        new = online.razorpay_webhook_receive(
            body=request.body,
            signature=request.headers.get("X-Razorpay-Signature"),
            event_id=request.headers.get("X-Razorpay-Event-Id"),
        )
    except online.WebhookRefused as exc:
        raise ApplicationError(str(exc), status_code=400) from exc
    return MessageOut(message="Received." if new else "Already received.")
