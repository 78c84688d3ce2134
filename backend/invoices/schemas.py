from __future__ import annotations

from datetime import date
from typing import Literal

from ninja import Schema
from pydantic import Field

from core.gst import state_label
from invoices.amounts import format_paise
from invoices.drawing import document_title
from invoices.selectors import Document, document_kind, document_related


# From an Invoice or a CreditNote.
class RelatedDocumentOut(Schema):
    number: str
    date: date


# What the public check page shows of an Invoice or a CreditNote: the seller, the
# document's number, date and total, and the buyer's name; nothing else personal (no
# state, GSTIN or enrolment).
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

    @staticmethod
    def resolve_kind(obj: Document) -> str:
        return document_kind(obj)

    @staticmethod
    def resolve_title(obj: Document) -> str:
        return document_title(obj)

    @staticmethod
    def resolve_seller_state(obj: Document) -> str:
        return state_label(obj.seller_state)

    @staticmethod
    def resolve_total_display(obj: Document) -> str:
        return format_paise(obj.total_paise)

    @staticmethod
    def resolve_related(obj: Document) -> Document | None:
        return document_related(obj)
