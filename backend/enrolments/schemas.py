from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from ninja import Schema
from pydantic import Field

from core.schemas import Text as CoreText

Text = Annotated[CoreText, Field(max_length=1000)]


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


class PaymentInstructionsOut(Schema):
    amount: int
    amount_display: str
    upi_link: str
    payee_id: str
    payee_name: str
    reference: str = Field(description="The enrolment reference (tr); empty for /payment.")
    note: str
    qr_url: str


class StateOut(Schema):
    code: str = Field(description="The GST state code, e.g. '29'.")
    name: str


class EnrolmentInvoiceOut(Schema):
    number: str
    title: str = Field(description="'Tax invoice' or 'Payment receipt'.")
    download_url: str = Field(description="The PDF, for the enrolment's account only.")


class EnrolmentCourseOut(Schema):
    slug: str
    name: str
    short_name: str
    route: str


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
