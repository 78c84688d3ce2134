"""The PDF read back as text (PDFium) holds every field of CGST Rules rule 46 (and, for a
credit note, rule 53), and a receipt prints no tax lines."""

from __future__ import annotations

import io
from decimal import Decimal

import pypdfium2
import pytest
import zxingcpp
from PIL import Image

from accounts.models import User
from catalog.models import Course
from enrolments import services
from invoices.models import CreditNote, Invoice
from invoices.selectors import document_pdf
from invoices.tests.conftest import BUYER_GSTIN, confirmed

pytestmark = pytest.mark.django_db


def pdf_text(pdf: bytes) -> str:
    document = pypdfium2.PdfDocument(pdf)
    try:
        assert len(document) == 1
        page = document[0]
        return page.get_textpage().get_text_range().replace("\r\n", "\n")
    finally:
        document.close()


def pdf_qr(pdf: bytes) -> str:
    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=3).to_pil()
    finally:
        document.close()
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    [found] = zxingcpp.read_barcodes(Image.open(buffer))
    return found.text


def test_the_tax_invoice_pdf_holds_every_rule_46_field(
    seller: None, course: Course, settings: object
) -> None:
    enrolment = confirmed(course, gstin=BUYER_GSTIN, business_name="Acme Learning LLP")
    invoice = Invoice.objects.get(enrolment=enrolment)

    text = pdf_text(document_pdf(invoice))

    for expected in (
        "TAX INVOICE",
        "Test Brand Private Limited",  # supplier's name
        "12 MG Road",  # and address
        "GSTIN: 29AAGCB7383J1Z4",  # and GSTIN
        f"No. {invoice.number}",  # consecutive serial number
        "Date:",  # date of issue
        "Acme Learning LLP",  # recipient (registered): name, GSTIN
        BUYER_GSTIN,
        enrolment.name,
        "27-Maharashtra",  # place of supply with the state's name and code
        "999293",  # SAC
        enrolment.course.name,  # description of the service
        "Taxable value",
        "₹846.61",  # taxable value of ₹999 at 18 % IGST
        "IGST @ 18%",
        "₹152.39",
        "₹999.00",  # total
        "Rupees Nine Hundred Ninety-Nine Only",  # in words
        "Tax payable on reverse charge: No",
        "Authorised signatory",
    ):
        assert expected in text, expected
    assert pdf_qr(document_pdf(invoice)) == f"{settings.SITE_URL}/invoice/{invoice.token}"  # type: ignore[attr-defined]


def test_an_intra_state_invoice_prints_cgst_and_sgst(seller: None, course: Course) -> None:
    invoice = Invoice.objects.get(enrolment=confirmed(course, state="29"))
    text = pdf_text(document_pdf(invoice))
    assert "CGST @ 9%" in text and "SGST @ 9%" in text and "IGST" not in text
    assert "29-Karnataka" in text


def test_a_receipt_prints_no_tax_lines(unregistered_seller: None, course: Course) -> None:
    invoice = Invoice.objects.get(enrolment=confirmed(course))
    text = pdf_text(document_pdf(invoice))
    assert "PAYMENT RECEIPT" in text
    assert "GST @" not in text and "GSTIN" not in text and "reverse charge" not in text
    assert "no GST is charged" in text
    # Issue 41 item 10: no SAC or taxable value on a document that charges no tax.
    assert "SAC" not in text and "Taxable value" not in text and "999293" not in text
    assert "Amount" in text


def test_the_credit_note_pdf_names_the_invoice_and_the_tax(
    seller: None, course: Course, staff: User
) -> None:
    enrolment = confirmed(course, state="29")
    services.enrolment_reject(enrolment_id=enrolment.pk, by=staff, reason="Refunded")
    note = CreditNote.objects.get()
    text = pdf_text(document_pdf(note))
    assert "CREDIT NOTE" in text and note.number in text
    assert note.invoice.number in text and "Refund: Refunded" in text
    assert "CGST @ 9%" in text


def test_the_same_document_always_draws_the_same_bytes(seller: None, course: Course) -> None:
    invoice = Invoice.objects.get(enrolment=confirmed(course))
    assert document_pdf(invoice) == document_pdf(invoice)
    assert invoice.rate == Decimal("18.00")
