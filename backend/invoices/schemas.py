from __future__ import annotations

from datetime import date
from typing import Literal

from ninja import Schema
from pydantic import Field


class RelatedDocumentOut(Schema):
    number: str
    date: date


class InvoiceCheckOut(Schema):
    kind: Literal["tax_invoice", "receipt", "credit_note"]
    title: str = Field(description="'Tax invoice', 'Payment receipt' or 'Credit note'.")
    number: str
    date: date
    seller_legal_name: str
    seller_gstin: str = Field(description="Empty for a seller not registered for GST.")
    seller_state: str = Field(description="e.g. '29-Karnataka'.")
    total_paise: int
    total_display: str = Field(description="e.g. '₹4,499.00'.")
    buyer_name: str
    related: RelatedDocumentOut | None = Field(
        description="For an invoice: the credit note that reversed it, if any. For a credit "
        "note: the invoice it reverses."
    )
