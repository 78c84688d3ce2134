from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings

from accounts.models import User
from accounts.phones import phone_display
from catalog.selectors import site_settings_public
from core.errors import NotFound
from core.money import format_rupees
from enrolments.models import Enrolment
from enrolments.upi import UpiPayment

NOT_FOUND = "No enrolment with this reference."


def reference_normalise(value: str) -> str:
    return (value or "").strip().upper()


def enrolment_payment_instructions(*, enrolment: Enrolment) -> dict[str, Any]:
    """How to pay this enrolment: the UPI link (reference in tr and tn) and its parts."""
    site = site_settings_public()
    course_name = enrolment.course.short_name or enrolment.course.name
    suffix = f" enrolment {enrolment.reference}"
    note = course_name[: 50 - len(suffix)].rstrip() + suffix
    payment = UpiPayment(
        payee_id=site["upi_payee_id"],
        payee_name=site["upi_payee_name"],
        amount=enrolment.amount,
        note=note,
        reference=enrolment.reference,
    )
    return payment.as_dict()


def bootcamp_payment_instructions() -> dict[str, Any]:
    """The /payment page's fixed payment (PRODUCT.md §7): no enrolment, no tr."""
    site = site_settings_public()
    payment = UpiPayment(
        payee_id=site["upi_payee_id"],
        payee_name=site["upi_payee_name"],
        amount=settings.BOOTCAMP_PAYMENT_AMOUNT,
        note=settings.BOOTCAMP_PAYMENT_NOTE,
    )
    return payment.as_dict()


def enrolment_get_visible(
    *, reference: str, user: User | None, session_references: Iterable[str]
) -> Enrolment:
    """The enrolment, if this visitor may see it: it was created (or claimed) in this
    browser session, or it is linked to the logged-in account. Anyone else gets the same
    404 as for a reference that does not exist, so references cannot be probed."""
    ref = reference_normalise(reference)
    enrolment = Enrolment.objects.select_related("course").filter(reference=ref).first()
    if enrolment is None:
        raise NotFound(NOT_FOUND)
    mine = user is not None and user.is_authenticated and enrolment.user_id == user.pk
    if not mine and ref not in set(session_references):
        raise NotFound(NOT_FOUND)
    return enrolment


def enrolment_list_mine(*, user: User) -> list[Enrolment]:
    """Enrolments linked to the account (made while logged in), newest first.

    Enrolments made logged out with the same phone are not included: a phone number is
    not proof of identity here (there is no SMS check), and they hold someone's details.
    """
    return list(Enrolment.objects.filter(user=user).select_related("course"))


def enrolment_list_for_session(*, session_references: Iterable[str]) -> list[Enrolment]:
    """The enrolments made (or claimed) in this browser session, newest first: what a
    visitor who is not logged in may see again, e.g. coming back from the UPI app."""
    references = list(session_references)
    if not references:
        return []
    return list(
        Enrolment.objects.filter(reference__in=references)
        .select_related("course")
        .order_by("-created_at")
    )


def enrolment_public(*, enrolment: Enrolment) -> dict[str, Any]:
    course = enrolment.course
    return {
        "reference": enrolment.reference,
        "status": enrolment.status,
        "status_display": enrolment.get_status_display(),
        "course": {
            "slug": course.slug,
            "name": course.name,
            "short_name": course.short_name,
            "route": course.route,
        },
        "name": enrolment.name,
        "phone": enrolment.phone,
        "phone_display": phone_display(enrolment.phone),
        "email": enrolment.email,
        "amount": enrolment.amount,
        "amount_display": format_rupees(enrolment.amount),
        "referral_code_used": enrolment.referral_code_used,
        "utr": enrolment.utr,
        "rejected_reason": (
            enrolment.rejected_reason if enrolment.status == Enrolment.Status.REJECTED else ""
        ),
        "created_at": enrolment.created_at,
        "utr_submitted_at": enrolment.utr_submitted_at,
        "confirmed_at": enrolment.confirmed_at,
        # Only while nothing has been paid: once a UTR is in, the page says the payment is
        # being checked and offers no second payment.
        "can_submit_utr": enrolment.status == Enrolment.Status.PENDING,
        "payment": (
            {
                **enrolment_payment_instructions(enrolment=enrolment),
                "qr_url": f"/api/enrolments/{enrolment.reference}/qr.svg",
            }
            if enrolment.status == Enrolment.Status.PENDING
            else None
        ),
    }
