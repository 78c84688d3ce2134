from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from django.urls import reverse
from ninja import Schema
from pydantic import Field

from accounts.phones import phone_display
from core.money import format_rupees
from core.schemas import Text as CoreText
from core.upi import UpiPayment
from enrolments.models import Enrolment
from enrolments.selectors import enrolment_payment_due
from invoices.drawing import document_title
from invoices.models import Invoice
from invoices.selectors import invoice_download_path, invoice_for_enrolment

Text = Annotated[CoreText, Field(max_length=1000)]

REFUNDED = "Refunded"


class EnrolmentCreateIn(Schema):
    course: Annotated[CoreText, Field(max_length=100, description="The course's slug.")]
    name: Text
    phone: Text
    email: Text
    referral_code: Annotated[CoreText, Field(max_length=100)] = ""
    state: Annotated[
        CoreText,
        Field(
            max_length=100,
            description="The buyer's state or UT, by its GST code ('29'); empty: not given.",
        ),
    ] = ""
    gstin: Annotated[
        CoreText, Field(max_length=100, description="A business buyer's GSTIN (optional).")
    ] = ""
    business_name: Annotated[
        CoreText,
        Field(max_length=1000, description="The business's name (with its GSTIN)."),
    ] = ""


class EnrolmentUtrIn(Schema):
    utr: Annotated[CoreText, Field(max_length=100)]


# From a UpiPayment: an enrolment's (its reference in tr) or /payment's (no reference).
# Without the QR's link: what the 409 of a second enrolment carries in extra.payment (the
# page opens the enrolment by its reference for the QR).
class PaymentPartsOut(Schema):
    amount: int
    amount_display: str
    upi_link: str
    payee_id: str
    payee_name: str
    reference: str = Field(description="The enrolment reference (tr); empty for /payment.")
    note: str

    @staticmethod
    def resolve_amount_display(obj: UpiPayment) -> str:
        return format_rupees(obj.amount)

    @staticmethod
    def resolve_upi_link(obj: UpiPayment) -> str:
        return obj.link


class PaymentInstructionsOut(PaymentPartsOut):
    qr_url: str

    @staticmethod
    def resolve_qr_url(obj: UpiPayment) -> str:
        if not obj.reference:
            return reverse("api:bootcamp_payment_qr")
        return reverse("api:enrolment_qr", kwargs={"reference": obj.reference})


# From a (code, name) pair of core.gst.STATES.
class StateOut(Schema):
    code: str = Field(description="The GST state code, e.g. '29'.")
    name: str

    @staticmethod
    def resolve_code(obj: tuple[str, str]) -> str:
        return obj[0]

    @staticmethod
    def resolve_name(obj: tuple[str, str]) -> str:
        return obj[1]


# From an Invoice.
class EnrolmentInvoiceOut(Schema):
    number: str
    title: str = Field(description="'Tax invoice' or 'Payment receipt'.")
    download_url: str = Field(description="The PDF, for the enrolment's account only.")

    @staticmethod
    def resolve_title(obj: Invoice) -> str:
        return document_title(obj)

    @staticmethod
    def resolve_download_url(obj: Invoice) -> str:
        return invoice_download_path(token=obj.token)


# From a Course.
class EnrolmentCourseOut(Schema):
    slug: str
    name: str
    short_name: str
    route: str


# From an Enrolment (its course loaded; its invoices prefetched for a list).
class EnrolmentOut(Schema):
    reference: str
    status: Literal["pending", "paid_claimed", "confirmed", "rejected", "expired"]
    status_display: str
    course: EnrolmentCourseOut
    name: str
    phone: str
    phone_display: str
    email: str
    amount: int
    amount_display: str
    referral_code_used: str
    utr: str
    rejected_reason: str
    created_at: datetime
    utr_submitted_at: datetime | None
    confirmed_at: datetime | None
    can_submit_utr: bool
    is_open: bool = Field(
        description=(
            "Still open: waiting for the student's payment (pending) or for staff to check it"
            " (paid_claimed)."
        )
    )
    payment: PaymentInstructionsOut | None = Field(
        description="How to pay; null once the enrolment is confirmed or rejected."
    )
    state: str = Field(description="The buyer's state (GST code), or empty.")
    gstin: str
    business_name: str
    invoice: EnrolmentInvoiceOut | None = Field(
        description="The confirmed payment's invoice (or receipt); null before confirmation "
        "and after a refund."
    )

    refunded: bool = Field(
        description="Rejected after its payment was confirmed: the money was given back "
        "(status stays 'rejected'; status_display says 'Refunded')."
    )

    @staticmethod
    def resolve_status_display(obj: Enrolment) -> str:
        return REFUNDED if obj.is_refunded else obj.get_status_display()

    @staticmethod
    def resolve_refunded(obj: Enrolment) -> bool:
        return obj.is_refunded

    @staticmethod
    def resolve_phone_display(obj: Enrolment) -> str:
        return phone_display(obj.phone)

    @staticmethod
    def resolve_amount_display(obj: Enrolment) -> str:
        return format_rupees(obj.amount)

    @staticmethod
    def resolve_rejected_reason(obj: Enrolment) -> str:
        return obj.rejected_reason if obj.status == Enrolment.Status.REJECTED else ""

    @staticmethod
    def resolve_can_submit_utr(obj: Enrolment) -> bool:
        # Only while nothing has been paid (as the payment instructions).
        return obj.status == Enrolment.Status.PENDING

    @staticmethod
    def resolve_payment(obj: Enrolment) -> UpiPayment | None:
        return enrolment_payment_due(enrolment=obj)

    @staticmethod
    def resolve_invoice(obj: Enrolment) -> Invoice | None:
        return invoice_for_enrolment(enrolment=obj)


class EnrolmentPaymentLinkIn(Schema):
    course: Annotated[CoreText, Field(max_length=100, description="The course's slug.")]
    phone: Annotated[CoreText, Field(max_length=100)]


class PaymentLinkSentOut(Schema):
    message: str = Field(description="The same sentence whether or not an enrolment exists.")
