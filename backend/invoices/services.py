"""Issuing invoices and credit notes. Called by enrolments.services inside the transaction
that confirms a payment (or reverses one), so the document exists exactly when the
confirmation does."""

from __future__ import annotations

import secrets
from datetime import date, datetime
from decimal import Decimal
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from catalog.selectors import site_settings_row
from core.dates import india_today
from invoices.amounts import amount_in_words, financial_year, tax_split
from invoices.models import CreditNote, DocumentCounter, Invoice

if TYPE_CHECKING:
    from enrolments.models import Enrolment

CREDIT_NOTE_SERIES = "CN"
# Receipts (a seller without a GSTIN) are numbered on their own, so the tax invoices' series
# stays consecutive (CGST rule 46) when a GSTIN is entered later.
RECEIPT_SERIES = "RCT"
OWN_SERIES = (CREDIT_NOTE_SERIES, RECEIPT_SERIES)
SEQUENCE_MAX = 999_999  # six digits: a number stays within 16 characters
NUMBER_MAX = 16
DESCRIPTION_MAX = 200
REASON_MAX = 500


class SeriesFull(Exception):
    """A series used all its numbers in one financial year."""


def document_number_next(*, series: str, day: date) -> tuple[str, str, int]:
    """The next number of `series` in the financial year of `day`: (number, year,
    sequence), e.g. ("INV/26-27/000001", "26-27", 1).

    The year's counter row is locked until the caller's transaction ends, so confirmations
    at the same moment take consecutive numbers one after the other, and a transaction that
    rolls back gives its number back (nothing is skipped). A new financial year starts a new
    row at 1.
    """
    year = financial_year(day)
    counter, _ = DocumentCounter.objects.select_for_update().get_or_create(
        series=series, financial_year=year
    )
    if counter.last_number >= SEQUENCE_MAX:
        raise SeriesFull(f"The series {series}/{year} has used all its numbers.")
    counter.last_number += 1
    counter.save(update_fields=["last_number"])
    number = f"{series}/{year}/{counter.last_number:06d}"
    assert len(number) <= NUMBER_MAX
    return number, year, counter.last_number


def _token() -> str:
    return secrets.token_urlsafe(16)


def _open_invoice(enrolment: Enrolment) -> Invoice | None:
    """The enrolment's invoice that no credit note has reversed yet, locked."""
    return (
        # of=self: PostgreSQL locks no row of the outer join's nullable side.
        Invoice.objects.select_for_update(of=("self",))
        .filter(enrolment_id=enrolment.pk, credit_note__isnull=True)
        .order_by("-pk")
        .first()
    )


@transaction.atomic
def invoice_issue_for_enrolment(*, enrolment: Enrolment, now: datetime | None = None) -> Invoice:
    """The tax invoice of an enrolment's confirmed payment (a payment receipt when the
    seller has no GSTIN), numbered in the seller's series for the financial year.

    The seller's details and rate are copied from the site settings as they are now, the
    buyer's from the enrolment. The place of supply is the buyer's state, else the seller's;
    the same state as the seller's means CGST + SGST, another IGST. An enrolment whose
    payment already has an invoice not reversed by a credit note gets that one back, so a
    confirmation repeated never invoices twice.
    """
    existing = _open_invoice(enrolment)
    if existing is not None:
        return existing
    moment = now or timezone.now()
    day = india_today(now=moment)
    seller = site_settings_row()
    gstin = seller.gstin
    rate = Decimal(seller.gst_rate) if gstin else Decimal("0.00")
    place = enrolment.state or seller.state
    total = int(enrolment.amount) * 100
    split = tax_split(total_paise=total, rate=rate, same_state=place == seller.state)
    series = seller.invoice_prefix if gstin else RECEIPT_SERIES
    number, year, sequence = document_number_next(series=series, day=day)
    description = f"{enrolment.offering.name} (enrolment {enrolment.reference})"
    return Invoice.objects.create(
        enrolment=enrolment,
        number=number,
        series=series,
        financial_year=year,
        sequence=sequence,
        token=_token(),
        issued_at=moment,
        date=day,
        seller_legal_name=seller.legal_name,
        seller_address=seller.legal_address,
        seller_state=seller.state,
        seller_gstin=gstin,
        brand_name=seller.brand_name,
        buyer_name=enrolment.name,
        buyer_state=enrolment.state,
        buyer_gstin=enrolment.gstin,
        buyer_business_name=enrolment.business_name,
        place_of_supply=place,
        description=description[:DESCRIPTION_MAX],
        sac=seller.sac,
        rate=rate,
        total_paise=total,
        taxable_paise=split.taxable,
        cgst_paise=split.cgst,
        sgst_paise=split.sgst,
        igst_paise=split.igst,
        amount_in_words=amount_in_words(total),
    )


@transaction.atomic
def credit_note_issue_for_enrolment(
    *, enrolment: Enrolment, reason: str, now: datetime | None = None
) -> CreditNote | None:
    """Reverse the enrolment's open invoice in full (a refund, or a confirmation undone):
    a credit note in its own series (CN/<year>/<6 digits>) naming the invoice, with the
    invoice's parties, taxable value and tax, as the invoice has them. The invoice stays.
    None when there is no open invoice (a payment confirmed before invoices existed)."""
    invoice = _open_invoice(enrolment)
    if invoice is None:
        return None
    moment = now or timezone.now()
    day = india_today(now=moment)
    number, year, sequence = document_number_next(series=CREDIT_NOTE_SERIES, day=day)
    return CreditNote.objects.create(
        invoice=invoice,
        reason=(reason or "").strip()[:REASON_MAX],
        number=number,
        series=CREDIT_NOTE_SERIES,
        financial_year=year,
        sequence=sequence,
        token=_token(),
        issued_at=moment,
        date=day,
        seller_legal_name=invoice.seller_legal_name,
        seller_address=invoice.seller_address,
        seller_state=invoice.seller_state,
        seller_gstin=invoice.seller_gstin,
        brand_name=invoice.brand_name,
        buyer_name=invoice.buyer_name,
        buyer_state=invoice.buyer_state,
        buyer_gstin=invoice.buyer_gstin,
        buyer_business_name=invoice.buyer_business_name,
        place_of_supply=invoice.place_of_supply,
        description=f"Reverses {invoice.number}: {invoice.description}"[:DESCRIPTION_MAX],
        sac=invoice.sac,
        rate=invoice.rate,
        total_paise=invoice.total_paise,
        taxable_paise=invoice.taxable_paise,
        cgst_paise=invoice.cgst_paise,
        sgst_paise=invoice.sgst_paise,
        igst_paise=invoice.igst_paise,
        amount_in_words=invoice.amount_in_words,
    )
