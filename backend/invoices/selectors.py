from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from django.conf import settings
from django.urls import reverse

from accounts.models import User
from core.dates import MONTHS
from core.errors import NotFound
from invoices.drawing import document_pdf_bytes
from invoices.models import CreditNote, Invoice

if TYPE_CHECKING:
    from enrolments.models import Enrolment

NOT_FOUND = "No invoice at this address."
TOKEN_MAX = 32

Document = Invoice | CreditNote


def invoice_check_url(*, token: str) -> str:
    """The public check page the PDF's QR code opens."""
    return f"{settings.SITE_URL}/invoice/{token}"


def invoice_download_path(*, token: str) -> str:
    """Where the enrolment's owner downloads the PDF (the API, behind the owner check)."""
    return reverse("api:invoice_pdf", kwargs={"token": token})


def document_file_name(document: Document) -> str:
    """INV/26-27/000001 -> "INV-26-27-000001.pdf"."""
    return document.number.replace("/", "-") + ".pdf"


def document_pdf(document: Document) -> bytes:
    return document_pdf_bytes(document, check_url=invoice_check_url(token=document.token))


def document_by_token(token: str) -> Document:
    """The invoice or credit note with this token, else the same 404 for every miss."""
    value = (token or "").strip()
    if not value or len(value) > TOKEN_MAX:
        raise NotFound(NOT_FOUND)
    invoice = Invoice.objects.select_related("credit_note", "enrolment").filter(token=value).first()
    if invoice is not None:
        return invoice
    note = CreditNote.objects.select_related("invoice__enrolment").filter(token=value).first()
    if note is None:
        raise NotFound(NOT_FOUND)
    return note


def document_for_owner(*, token: str, user: User) -> Document:
    """The document, when its enrolment is the logged-in account's; otherwise the same 404
    as for a token that does not exist, so tokens cannot be probed."""
    document = document_by_token(token)
    invoice = document.invoice if isinstance(document, CreditNote) else document
    if invoice.enrolment.user_id is None or invoice.enrolment.user_id != user.pk:
        raise NotFound(NOT_FOUND)
    return document


def document_kind(document: Document) -> str:
    """ "tax_invoice", "receipt" or "credit_note"."""
    if isinstance(document, CreditNote):
        return "credit_note"
    return "tax_invoice" if document.is_tax_invoice else "receipt"


def document_related(document: Document) -> Document | None:
    """For a credit note, the invoice it reverses; for an invoice, the credit note that
    reversed it, if any."""
    if isinstance(document, CreditNote):
        return document.invoice
    return getattr(document, "credit_note", None)


def invoice_for_enrolment(*, enrolment: Enrolment) -> Invoice | None:
    """The enrolment's current invoice for its owner's dashboard, or None: not confirmed,
    or its invoice was reversed. Reads the prefetched `invoices` when the caller
    prefetched them."""
    invoices = [i for i in enrolment.invoices.all() if not _is_reversed(i)]
    if not invoices:
        return None
    return max(invoices, key=lambda i: i.pk)


def _is_reversed(invoice: Invoice) -> bool:
    try:
        return invoice.credit_note is not None
    except CreditNote.DoesNotExist:
        return False


@dataclass(frozen=True)
class Month:
    year: int
    month: int

    @property
    def first_day(self) -> date:
        return date(self.year, self.month, 1)

    @property
    def next_first_day(self) -> date:
        return date(self.year + self.month // 12, self.month % 12 + 1, 1)

    @property
    def label(self) -> str:
        return f"{self.year:04d}-{self.month:02d}"

    @property
    def display(self) -> str:
        """As staff say it: "Dec 2026"."""
        return f"{MONTHS[self.month - 1][:3]} {self.year}"


def documents_in_month(*, month: Month) -> tuple[list[Invoice], list[CreditNote]]:
    """The month's invoices and credit notes by their date (India), in number order."""
    window = {"date__gte": month.first_day, "date__lt": month.next_first_day}
    invoices = list(
        Invoice.objects.filter(**window)
        .select_related("enrolment")
        .order_by("series", "financial_year", "sequence")
    )
    notes = list(
        CreditNote.objects.filter(**window)
        .select_related("invoice__enrolment")
        .order_by("series", "financial_year", "sequence")
    )
    return invoices, notes


def document_months() -> list[Month]:
    """Every month with an invoice or a credit note, newest first (the export's choices)."""
    days = set(Invoice.objects.dates("date", "month")) | set(
        CreditNote.objects.dates("date", "month")
    )
    return sorted((Month(d.year, d.month) for d in days), key=lambda m: m.label, reverse=True)
