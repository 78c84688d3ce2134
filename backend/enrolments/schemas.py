from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

from django.urls import reverse
from ninja import Schema
from pydantic import Field

from accounts.phones import phone_display
from core.dates import format_india_date
from core.schemas import Rupees, RupeesText
from core.schemas import Text as CoreText
from core.upi import UpiPayment
from enrolments.models import Enrolment, Offering
from enrolments.selectors import BatchPlaces, enrolment_payment_due, online_payment_offered
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
    coupon: Annotated[
        CoreText, Field(max_length=100, description="A discount code (optional).")
    ] = ""
    batch: int | None = Field(
        None,
        ge=1,
        le=2**31 - 1,
        description="The batch's id; without it, the course's earliest open batch with a seat.",
    )


class EnrolmentUtrIn(Schema):
    utr: Annotated[CoreText, Field(max_length=100)]


# From a UpiPayment: an enrolment's (its reference in tr) or /payment's (no reference).
# Without the QR's link: what the 409 of a second enrolment carries in extra.payment (the
# page opens the enrolment by its reference for the QR).
class PaymentPartsOut(Schema):
    amount: int
    amount_display: Rupees = RupeesText("amount")
    upi_link: str
    payee_id: str
    payee_name: str
    reference: str = Field(description="The enrolment reference (tr).")
    note: str

    @staticmethod
    def resolve_upi_link(obj: UpiPayment) -> str:
        return obj.link


class PaymentInstructionsOut(PaymentPartsOut):
    qr_url: str

    @staticmethod
    def resolve_qr_url(obj: UpiPayment) -> str:
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


# From an Enrolment's offering (enrolments.models.Offering): the course, or the event.
class EnrolmentCourseOut(Schema):
    kind: Literal["course", "event"] = Field(
        description="What was bought: a course, or an event's registration."
    )
    slug: str
    name: str
    short_name: str
    route: str = Field(description="The course's or the event's page.")


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
    amount_display: Rupees = RupeesText("amount")
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
    pay_online: bool = Field(
        description="'Pay ₹N online' (Razorpay Checkout) is offered beside the UPI road: "
        "PAYMENT_GATEWAY=razorpay and the enrolment is pending."
    )

    @staticmethod
    def resolve_course(obj: Enrolment) -> Offering:
        return obj.offering

    @staticmethod
    def resolve_status_display(obj: Enrolment) -> str:
        return REFUNDED if obj.is_refunded else obj.get_status_display()

    @staticmethod
    def resolve_refunded(obj: Enrolment) -> bool:
        return obj.is_refunded

    @staticmethod
    def resolve_pay_online(obj: Enrolment) -> bool:
        return online_payment_offered(enrolment=obj)

    @staticmethod
    def resolve_phone_display(obj: Enrolment) -> str:
        return phone_display(obj.phone)

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


# From an enrolments.selectors.BatchPlaces: a batch as the course page lists it. Never its
# meeting link (docs/product.md section 20: only a confirmed student is sent on to it).
class BatchPlaceOut(Schema):
    id: int = Field(description="The batch's id: `batch` in POST /api/enrolments.")
    starts_on: date
    ends_on: date
    starts_text: str = Field(description="'Starts 4 January 2027' (India date).")
    days: str = Field(description="Its class days, e.g. Mon/Wed/Fri.")
    time: str = Field(description="Its class time, India time, e.g. 9:00 PM - 11:00 PM.")
    seats: int | None = Field(description="How many it takes; null: no limit.")
    seats_left: int | None = Field(description="Seats left; null: no limit.")
    is_full: bool
    is_closed: bool = Field(description="Its enrolment has closed.")
    is_open: bool = Field(description="It takes an enrolment now: not closed, a seat free.")
    status_text: str = Field(
        description="'Enrolment closed', 'Full', '<N> seats left' ('1 seat left'), or 'Seats available'."
    )
    choice_text: str = Field(
        description="The enrolment form's Batch choice: 'Starts …, Mon/Wed/Fri'."
    )

    @staticmethod
    def resolve_id(obj: BatchPlaces) -> int:
        return obj.batch.pk

    @staticmethod
    def resolve_starts_on(obj: BatchPlaces) -> date:
        return obj.batch.starts_on

    @staticmethod
    def resolve_ends_on(obj: BatchPlaces) -> date:
        return obj.batch.ends_on

    @staticmethod
    def resolve_starts_text(obj: BatchPlaces) -> str:
        return f"Starts {format_india_date(obj.batch.starts_on)}"

    @staticmethod
    def resolve_days(obj: BatchPlaces) -> str:
        return obj.batch.days_text

    @staticmethod
    def resolve_time(obj: BatchPlaces) -> str:
        return obj.batch.time_text

    @staticmethod
    def resolve_seats(obj: BatchPlaces) -> int | None:
        return obj.batch.seats

    @staticmethod
    def resolve_seats_left(obj: BatchPlaces) -> int | None:
        return obj.left

    @staticmethod
    def resolve_status_text(obj: BatchPlaces) -> str:
        if obj.is_closed:
            return "Enrolment closed"
        if obj.is_full:
            return "Full"
        if obj.left is None:
            return "Seats available"
        return "1 seat left" if obj.left == 1 else f"{obj.left} seats left"

    @staticmethod
    def resolve_choice_text(obj: BatchPlaces) -> str:
        days = obj.batch.days_text
        starts = f"Starts {format_india_date(obj.batch.starts_on)}"
        return f"{starts}, {days}" if days else starts


class RazorpayCheckoutOut(Schema):
    """What Razorpay Checkout is opened with (never the key secret)."""

    key_id: str = Field(description="RAZORPAY_KEY_ID.")
    order_id: str = Field(description="The enrolment's Razorpay order (made once, reused).")
    amount: int = Field(description="In paise.")
    currency: str
    name: str = Field(description="The seller's brand, shown by Checkout.")
    description: str
    reference: str
    prefill_name: str
    prefill_email: str
    prefill_contact: str


class RazorpayVerifyIn(Schema):
    razorpay_order_id: Annotated[CoreText, Field(max_length=64)]
    razorpay_payment_id: Annotated[CoreText, Field(max_length=64)]
    razorpay_signature: Annotated[CoreText, Field(max_length=128)]
