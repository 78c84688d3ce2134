"""Enrolment, its UPI payment instructions and the /payment page's bootcamp payment.

Fixed paths ("mine", "session", "states", "bootcamp-payment", "payment-link", "private") are registered before "/{reference}", which
would otherwise capture them.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from ninja import Router, Status

from accounts.models import User
from core.api import logged_in
from core.gst import STATES
from core.http import client_key
from core.ratelimit import rate_limit_hit
from core.schemas import ErrorOut, Text
from core.upi import UpiPayment, upi_qr_svg
from enrolments import selectors, services
from enrolments.models import Enrolment
from enrolments.schemas import (
    EnrolmentCreateIn,
    EnrolmentOut,
    EnrolmentPaymentLinkIn,
    EnrolmentUtrIn,
    PaymentInstructionsOut,
    PaymentLinkSentOut,
    StateOut,
)

router = Router(tags=["enrolments"])

SESSION_KEY = "enrolment_references"
SESSION_MAX = 50
SVG = "image/svg+xml"


def _session_references(request: HttpRequest) -> list[str]:
    return list(request.session.get(SESSION_KEY, []))


def _remember(request: HttpRequest, reference: str) -> None:
    """This browser may see the enrolment from now on (until the session ends)."""
    references = [r for r in _session_references(request) if r != reference]
    request.session[SESSION_KEY] = [*references, reference][-SESSION_MAX:]


def _user(request: HttpRequest) -> User | None:
    user = request.user
    return user if user.is_authenticated else None  # type: ignore[return-value]


def _visible(request: HttpRequest, reference: str) -> Enrolment:
    return selectors.enrolment_get_visible(
        reference=reference, user=_user(request), session_references=_session_references(request)
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
        "course. "
        "422 field errors: course, name, phone, email, referral_code, state, gstin "
        "(with the reason: length, format, state code, check digit), business_name."
    ),
)
def enrolment_create(request: HttpRequest, payload: EnrolmentCreateIn) -> Status[EnrolmentOut]:
    rate_limit_hit(
        scope="enrolment",
        ident=client_key(request),
        rate=settings.RATE_LIMIT_ENROLMENT,
        message="You have enrolled several times in a short time.",
    )
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
            user=_user(request),
            session_references=_session_references(request),
        )
    except services.EnrolmentAlreadyOpen as exc:
        if exc.owned:
            _remember(request, exc.enrolment.reference)
        raise
    _remember(request, enrolment.reference)
    return Status(201, EnrolmentOut.from_orm(enrolment))


@router.get(
    "/mine",
    response={200: list[EnrolmentOut], 401: ErrorOut},
    auth=logged_in,
    summary="The logged-in account's enrolments",
)
def enrolment_list_mine(request: HttpRequest) -> list[Enrolment]:
    user: User = request.user  # type: ignore[assignment]
    return selectors.enrolment_list_mine(user=user)


@router.get(
    "/session",
    response=list[EnrolmentOut],
    auth=None,
    summary="The enrolments made in this browser session",
    description=(
        "Newest first; empty for a new visitor. The same enrolments a visitor may open one by "
        "one: those created (or claimed) in this session."
    ),
)
def enrolment_list_session(request: HttpRequest) -> list[Enrolment]:
    return selectors.enrolment_list_for_session(session_references=_session_references(request))


@router.get(
    "/states",
    response=list[StateOut],
    auth=None,
    summary="India's states and union territories (the enrolment form's state select)",
)
def enrolment_states(request: HttpRequest) -> tuple[tuple[str, str], ...]:
    return STATES


@router.get(
    "/bootcamp-payment",
    response={200: PaymentInstructionsOut},
    auth=None,
    summary="Payment instructions of the 4-day training bootcamp (/payment)",
)
def bootcamp_payment_get(request: HttpRequest) -> UpiPayment:
    return selectors.bootcamp_payment_instructions()


@router.get(
    "/bootcamp-payment/qr.svg",
    auth=None,
    summary="QR code (SVG) of the bootcamp's UPI link",
    openapi_extra={"responses": {200: {"content": {SVG: {}}, "description": "SVG image"}}},
)
def bootcamp_payment_qr(request: HttpRequest) -> HttpResponse:
    link = selectors.bootcamp_payment_instructions().link
    return _svg_response(upi_qr_svg(link), cache="public, max-age=300")


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
