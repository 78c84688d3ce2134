"""The PDF of an invoice, receipt or credit note, drawn on the site's one drawing path
(certificates.drawing: its fonts with their fallbacks for the ₹ sign and Indian scripts, its
QR codes, deterministic bytes), with money in Indian digit grouping (core.money).

Everything printed comes from the document's own row, so the same document always draws
the same PDF, however the site settings change later. The fields of CGST Rules rule 46
(invoice) and rule 53 (credit note) are each printed with a label.
"""

from __future__ import annotations

from certificates.drawing import INK, MUTED, NAVY, Color, Page, fit_size, wrap
from core.dates import format_india_date
from core.gst import state_label
from invoices.amounts import format_paise, format_rate
from invoices.models import CreditNote, Invoice

A4_MM = (210.0, 297.0)
MARGIN = 18.0
LINE = 5.2
RULE: Color = (200, 200, 208)
BAND: Color = (240, 242, 248)
REVERSE_CHARGE = "Tax payable on reverse charge: No"
SIGNATORY = "Authorised signatory"
COMPUTER_MADE = "Computer-generated document; no signature is required."
NOT_REGISTERED = "The seller is not registered for GST: no GST is charged on this payment."


def document_title(document: Invoice | CreditNote) -> str:
    if isinstance(document, CreditNote):
        return "Credit note"
    return "Tax invoice" if document.is_tax_invoice else "Payment receipt"


def tax_lines(document: Invoice | CreditNote) -> list[tuple[str, int]]:
    """The tax rows as printed: CGST and SGST at half the rate each, or IGST at the rate."""
    if not document.is_tax_invoice:
        return []
    if document.igst_paise or document.place_of_supply != document.seller_state:
        return [(f"IGST @ {format_rate(document.rate)}", document.igst_paise)]
    half = format_rate(document.rate / 2)
    return [(f"CGST @ {half}", document.cgst_paise), (f"SGST @ {half}", document.sgst_paise)]


def _labelled(page: Page, x: float, y: float, label: str, value: str, width: float) -> float:
    """`label: value`, the value wrapped under `width` mm; returns the next line's y."""
    page.text(x, y, f"{label}:", font="sans-bold", size=8.5, color=INK, align="left")
    lines = wrap(value, "sans", 8.5, width - 34) or [""]
    for line in lines:
        page.text(x + 34, y, line, font="sans", size=8.5, color=INK, align="left")
        y += LINE
    return y


def _money_row(page: Page, y: float, label: str, paise: int, *, bold: bool = False) -> float:
    font = "sans-bold" if bold else "sans"
    right = A4_MM[0] - MARGIN
    page.text(right - 60, y, label, font=font, size=9, color=INK, align="left")
    page.text(right - 2, y, format_paise(paise), font=font, size=9, color=INK, align="right")
    return y + LINE + 0.8


def _seller(page: Page, document: Invoice | CreditNote, y: float) -> float:
    name_size = fit_size(document.seller_legal_name, "sans-bold", 14, 110, 9)
    page.text(
        MARGIN,
        y,
        document.seller_legal_name,
        font="sans-bold",
        size=name_size,
        color=NAVY,
        align="left",
    )
    y += 6.5
    for line in document.seller_address.splitlines():
        for part in wrap(line, "sans", 8.5, 110):
            page.text(MARGIN, y, part, font="sans", size=8.5, color=INK, align="left")
            y += 4.4
    if document.seller_gstin:
        page.text(
            MARGIN,
            y,
            f"GSTIN: {document.seller_gstin}",
            font="sans",
            size=8.5,
            color=INK,
            align="left",
        )
        y += 4.4
    page.text(
        MARGIN,
        y,
        f"State: {state_label(document.seller_state)}",
        font="sans",
        size=8.5,
        color=INK,
        align="left",
    )
    return y + 4.4


def _heading(page: Page, document: Invoice | CreditNote) -> None:
    right = A4_MM[0] - MARGIN
    page.text(
        right,
        24,
        document_title(document).upper(),
        font="sans-bold",
        size=15,
        color=NAVY,
        align="right",
        tracking=1,
    )
    page.text(
        right, 31, f"No. {document.number}", font="sans-bold", size=9.5, color=INK, align="right"
    )
    page.text(
        right,
        36.5,
        f"Date: {format_india_date(document.date)}",
        font="sans",
        size=9,
        color=INK,
        align="right",
    )


def draw_document(page: Page, document: Invoice | CreditNote, *, check_url: str) -> None:
    width = A4_MM[0] - 2 * MARGIN
    _heading(page, document)
    y = _seller(page, document, 24)
    y = max(y, 44) + 2
    page.line(MARGIN, y, A4_MM[0] - MARGIN, y, color=RULE, line_width=0.3)
    y += 7

    page.text(MARGIN, y, "Billed to", font="sans-bold", size=10, color=NAVY, align="left")
    y += LINE + 0.5
    if document.buyer_business_name:
        y = _labelled(page, MARGIN, y, "Business", document.buyer_business_name, width)
    y = _labelled(page, MARGIN, y, "Name", document.buyer_name, width)
    if document.buyer_gstin:
        y = _labelled(page, MARGIN, y, "GSTIN", document.buyer_gstin, width)
    if document.buyer_state:
        y = _labelled(page, MARGIN, y, "State", state_label(document.buyer_state), width)
    y = _labelled(page, MARGIN, y, "Place of supply", state_label(document.place_of_supply), width)
    if isinstance(document, CreditNote):
        invoice = document.invoice
        y = _labelled(
            page,
            MARGIN,
            y,
            "Against",
            f"{document_title(invoice)} {invoice.number} dated {format_india_date(invoice.date)}",
            width,
        )
        y = _labelled(page, MARGIN, y, "Reason", document.reason or "-", width)
    y += 4

    # The one line of service.
    page.rect(MARGIN, y - 4.5, width, 7, fill=BAND)
    page.text(
        MARGIN + 2, y, "Description of service", font="sans-bold", size=8.5, color=INK, align="left"
    )
    # A receipt (no GSTIN) charges no tax: no SAC, no taxable value, the amount itself.
    taxed = document.is_tax_invoice
    if taxed:
        page.text(MARGIN + 120, y, "SAC", font="sans-bold", size=8.5, color=INK, align="left")
    page.text(
        A4_MM[0] - MARGIN - 2,
        y,
        "Taxable value" if taxed else "Amount",
        font="sans-bold",
        size=8.5,
        color=INK,
        align="right",
    )
    y += LINE + 2.5
    description = wrap(document.description, "sans", 8.5, 112) or [""]
    if taxed:
        page.text(MARGIN + 120, y, document.sac, font="sans", size=8.5, color=INK, align="left")
    page.text(
        A4_MM[0] - MARGIN - 2,
        y,
        format_paise(document.taxable_paise if taxed else document.total_paise),
        font="sans",
        size=8.5,
        color=INK,
        align="right",
    )
    for line in description:
        page.text(MARGIN + 2, y, line, font="sans", size=8.5, color=INK, align="left")
        y += LINE
    y += 2
    page.line(MARGIN, y - 3, A4_MM[0] - MARGIN, y - 3, color=RULE, line_width=0.3)
    y += 2

    if taxed:
        y = _money_row(page, y, "Taxable value", document.taxable_paise)
    for label, paise in tax_lines(document):
        y = _money_row(page, y, label, paise)
    total_label = "Total (tax inclusive)" if document.is_tax_invoice else "Total"
    y = _money_row(page, y, total_label, document.total_paise, bold=True)
    y += 2
    y = _labelled(page, MARGIN, y, "Amount in words", document.amount_in_words, width)
    if document.is_tax_invoice:
        page.text(MARGIN, y, REVERSE_CHARGE, font="sans", size=8.5, color=INK, align="left")
    else:
        page.text(MARGIN, y, NOT_REGISTERED, font="sans", size=8.5, color=INK, align="left")
    y += LINE + 8

    # Signature block, and the QR code of the public check page.
    page.text(
        MARGIN,
        y,
        f"For {document.seller_legal_name}",
        font="sans-bold",
        size=8.5,
        color=INK,
        align="left",
    )
    page.text(MARGIN, y + 12, SIGNATORY, font="sans", size=8.5, color=INK, align="left")
    page.text(MARGIN, y + 17, COMPUTER_MADE, font="sans", size=7.5, color=MUTED, align="left")
    qr_size = 26
    qr_x = A4_MM[0] - MARGIN - qr_size
    page.qr(check_url, qr_x, y - 4, qr_size)
    page.text(
        qr_x + qr_size / 2,
        y + qr_size + 1,
        "Scan to check",
        font="sans",
        size=7,
        color=MUTED,
        align="center",
    )
    url_size = fit_size(check_url, "sans", 6.5, 80, 4)
    page.text(
        A4_MM[0] - MARGIN,
        y + qr_size + 5,
        check_url,
        font="sans",
        size=url_size,
        color=MUTED,
        align="right",
    )


def document_pdf_bytes(document: Invoice | CreditNote, *, check_url: str) -> bytes:
    page = Page(
        *A4_MM,
        title=f"{document_title(document)} {document.number}",
        author=document.seller_legal_name,
    )
    draw_document(page, document, check_url=check_url)
    return page.pdf_bytes()
