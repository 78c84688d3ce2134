"""A month's invoices and credit notes as CSV files for the accountant (docs/back-office.md).

The GSTR-1 files follow the column headings of the GST offline tool's CSV templates, so
their rows can be pasted into it: b2b (invoices to a buyer with a GSTIN), cdnr (credit notes
to one), b2cs (every other sale, summed by place of supply and rate, net of its credit notes,
as the return reports them) and hsn (the SAC summary, net of every credit note). Only tax
invoices belong in the return: receipts of a seller without a GSTIN are in the register.

The sales register lists every document of the month, credit notes negative, with a total
line: its total is the month's confirmed payments less the month's refunds.
"""

from __future__ import annotations

import io
import zipfile
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from datetime import date
from decimal import Decimal

from core.csvfile import Cell, csv_text
from core.dates import MONTHS
from core.gst import state_label
from invoices.drawing import document_title
from invoices.models import CreditNote, Invoice
from invoices.selectors import Month, documents_in_month

KINDS = {
    "register": "Sales register",
    "b2b": "GSTR-1 B2B (buyers with a GSTIN)",
    "b2cs": "GSTR-1 B2C small (by place of supply and rate)",
    "cdnr": "GSTR-1 credit notes to buyers with a GSTIN (CDNR)",
    "hsn": "GSTR-1 HSN/SAC summary",
}


# The one download of a month: every file above in one ZIP, as the accountant files them.
ALL = "all"
EXPORT_CHOICES = {ALL: "All of them, in one ZIP file (for the GST return)", **KINDS}


def rupees(paise: int) -> Decimal:
    """Paise as the CSV writes rupees, a number: 381271 -> 3812.71 (no grouping)."""
    return Decimal(paise).scaleb(-2)


def gst_date(day: date) -> str:
    """The offline tool's date: 05-Apr-2026."""
    return f"{day.day:02d}-{MONTHS[day.month - 1][:3]}-{day.year}"


def rate_text(rate: Decimal) -> str:
    return f"{rate.normalize():f}"


def _csv(header: list[str], rows: Iterable[Sequence[Cell]]) -> str:
    # Text a person typed (names, business names) is neutralised against formulas there.
    return csv_text(header, rows)


def _tax_invoices(invoices: list[Invoice]) -> list[Invoice]:
    return [i for i in invoices if i.is_tax_invoice]


def _tax_notes(notes: list[CreditNote]) -> list[CreditNote]:
    return [n for n in notes if n.is_tax_invoice]


def export_register(invoices: list[Invoice], notes: list[CreditNote]) -> str:
    header = [
        "Date",
        "Number",
        "Document",
        "Against invoice",
        "Enrolment",
        "Buyer name",
        "Buyer business",
        "Buyer GSTIN",
        "Place of supply",
        "SAC",
        "Rate (%)",
        "Taxable value",
        "CGST",
        "SGST",
        "IGST",
        "Total",
    ]
    documents: list[tuple[Invoice | CreditNote, int]] = [(i, 1) for i in invoices]
    documents += [(n, -1) for n in notes]
    # In the order issued (an invoice before its credit note when issued the same instant).
    documents.sort(key=lambda pair: (pair[0].date, pair[0].issued_at, -pair[1], pair[0].number))
    rows: list[list[Cell]] = []
    sums = [0, 0, 0, 0, 0]
    for document, sign in documents:
        invoice = document.invoice if isinstance(document, CreditNote) else document
        figures = [
            sign * document.taxable_paise,
            sign * document.cgst_paise,
            sign * document.sgst_paise,
            sign * document.igst_paise,
            sign * document.total_paise,
        ]
        sums = [a + b for a, b in zip(sums, figures, strict=True)]
        rows.append(
            [
                document.date.isoformat(),
                document.number,
                document_title(document),
                invoice.number if isinstance(document, CreditNote) else "",
                invoice.enrolment.reference,
                document.buyer_name,
                document.buyer_business_name,
                document.buyer_gstin,
                state_label(document.place_of_supply),
                document.sac,
                rate_text(document.rate),
                *(rupees(value) for value in figures),
            ]
        )
    rows.append(["Total", "", "", "", "", "", "", "", "", "", "", *(rupees(v) for v in sums)])
    return _csv(header, rows)


def export_b2b(invoices: list[Invoice]) -> str:
    header = [
        "GSTIN/UIN of Recipient",
        "Receiver Name",
        "Invoice Number",
        "Invoice date",
        "Invoice Value",
        "Place Of Supply",
        "Reverse Charge",
        "Applicable % of Tax Rate",
        "Invoice Type",
        "E-Commerce GSTIN",
        "Rate",
        "Taxable Value",
        "Cess Amount",
    ]
    rows: list[list[Cell]] = [
        [
            i.buyer_gstin,
            i.buyer_business_name,
            i.number,
            gst_date(i.date),
            rupees(i.total_paise),
            state_label(i.place_of_supply),
            "N",
            "",
            "Regular B2B",
            "",
            rate_text(i.rate),
            rupees(i.taxable_paise),
            "",
        ]
        for i in _tax_invoices(invoices)
        if i.is_b2b
    ]
    return _csv(header, rows)


def export_cdnr(notes: list[CreditNote]) -> str:
    header = [
        "GSTIN/UIN of Recipient",
        "Receiver Name",
        "Note Number",
        "Note Date",
        "Note Type",
        "Place Of Supply",
        "Reverse Charge",
        "Note Supply Type",
        "Note Value",
        "Applicable % of Tax Rate",
        "Rate",
        "Taxable Value",
        "Cess Amount",
    ]
    rows: list[list[Cell]] = [
        [
            n.buyer_gstin,
            n.buyer_business_name,
            n.number,
            gst_date(n.date),
            "C",
            state_label(n.place_of_supply),
            "N",
            "Regular B2B",
            rupees(n.total_paise),
            "",
            rate_text(n.rate),
            rupees(n.taxable_paise),
            "",
        ]
        for n in _tax_notes(notes)
        if n.is_b2b
    ]
    return _csv(header, rows)


def export_b2cs(invoices: list[Invoice], notes: list[CreditNote]) -> str:
    header = [
        "Type",
        "Place Of Supply",
        "Rate",
        "Applicable % of Tax Rate",
        "Taxable Value",
        "Cess Amount",
        "E-Commerce GSTIN",
    ]
    taxable: dict[tuple[str, Decimal], int] = defaultdict(int)
    for invoice in _tax_invoices(invoices):
        if not invoice.is_b2b:
            taxable[(invoice.place_of_supply, invoice.rate)] += invoice.taxable_paise
    for note in _tax_notes(notes):
        if not note.is_b2b:
            taxable[(note.place_of_supply, note.rate)] -= note.taxable_paise
    rows: list[list[Cell]] = [
        ["OE", state_label(place), rate_text(rate), "", rupees(value), "", ""]
        for (place, rate), value in sorted(taxable.items())
    ]
    return _csv(header, rows)


def export_hsn(invoices: list[Invoice], notes: list[CreditNote]) -> str:
    header = [
        "HSN",
        "Description",
        "UQC",
        "Total Quantity",
        "Total Value",
        "Rate",
        "Taxable Value",
        "Integrated Tax Amount",
        "Central Tax Amount",
        "State/UT Tax Amount",
        "Cess Amount",
    ]
    sums: dict[tuple[str, Decimal], list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0, 0])
    for sign, documents in ((1, _tax_invoices(invoices)), (-1, _tax_notes(notes))):
        for d in documents:
            row = sums[(d.sac, d.rate)]
            for index, value in enumerate(
                (1, d.total_paise, d.taxable_paise, d.igst_paise, d.cgst_paise, d.sgst_paise)
            ):
                row[index] += sign * value
    rows: list[list[Cell]] = [
        [
            sac,
            "Commercial training and coaching services" if sac == "999293" else "",
            "NA",
            row[0],
            rupees(row[1]),
            rate_text(rate),
            rupees(row[2]),
            rupees(row[3]),
            rupees(row[4]),
            rupees(row[5]),
            "",
        ]
        for (sac, rate), row in sorted(sums.items())
    ]
    return _csv(header, rows)


# Each file of KINDS from the month's invoices and credit notes.
MAKERS: dict[str, Callable[[list[Invoice], list[CreditNote]], str]] = {
    "register": export_register,
    "b2b": lambda invoices, notes: export_b2b(invoices),
    "b2cs": export_b2cs,
    "cdnr": lambda invoices, notes: export_cdnr(notes),
    "hsn": export_hsn,
}


def export_month(*, month: Month, kind: str) -> str:
    """The month's CSV of `kind` (one of KINDS)."""
    if kind not in MAKERS:
        raise ValueError(f"Unknown export {kind!r}")
    invoices, notes = documents_in_month(month=month)
    return MAKERS[kind](invoices, notes)


def export_archive(*, month: Month) -> bytes:
    """Every CSV of the month in one ZIP (named as the single downloads), made in memory:
    a month's documents are a few thousand rows at most."""
    invoices, notes = documents_in_month(month=month)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for kind, make in MAKERS.items():
            # A fixed timestamp: the same month gives the same bytes.
            info = zipfile.ZipInfo(export_file_name(month=month, kind=kind), (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, make(invoices, notes).encode("utf-8"))
    return buffer.getvalue()


def export_file_name(*, month: Month, kind: str) -> str:
    if kind == ALL:
        return f"gst-{month.label}.zip"
    return f"{kind}-{month.label}.csv"
