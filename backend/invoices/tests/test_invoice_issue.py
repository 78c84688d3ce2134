"""A confirmed payment gets one invoice, in the same transaction, numbered in its
financial year's series; a refund or an undo gets a credit note; nothing issued changes."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest
import time_machine
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase as HypothesisTestCase

from accounts.models import User
from catalog.models import Course
from catalog.selectors import site_settings_row
from core.tests.mail import queued_about
from enrolments import services
from enrolments.models import Enrolment
from enrolments.statements import Credit, Statement
from invoices.models import CreditNote, Invoice
from invoices.tests.conftest import BUYER_GSTIN, confirmed, enrol

pytestmark = pytest.mark.django_db


def test_it_issues_one_tax_invoice_whose_parts_add_up(seller: None, course: Course) -> None:
    enrolment = confirmed(course, state="29")

    invoice = Invoice.objects.get(enrolment=enrolment)
    assert invoice.number.startswith("INV/") and len(invoice.number) <= 16
    assert invoice.total_paise == course.payable_fee * 100
    assert invoice.taxable_paise + invoice.cgst_paise + invoice.sgst_paise == invoice.total_paise
    assert invoice.cgst_paise == invoice.sgst_paise > 0 and invoice.igst_paise == 0
    assert invoice.place_of_supply == "29" and invoice.sac == "999293"
    assert invoice.rate == Decimal("18.00") and invoice.is_tax_invoice
    assert invoice.seller_gstin == "29AAGCB7383J1Z4"
    assert invoice.buyer_name == enrolment.name
    assert invoice.amount_in_words == "Rupees Nine Hundred Ninety-Nine Only"
    # Confirming again (a second click, the statement after the staff) issues nothing more.
    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=None)
    assert Invoice.objects.filter(enrolment=enrolment).count() == 1


def test_it_charges_igst_to_a_buyer_in_another_state(seller: None, course: Course) -> None:
    invoice = Invoice.objects.get(enrolment=confirmed(course, state="27"))
    assert invoice.igst_paise > 0 and invoice.cgst_paise == invoice.sgst_paise == 0
    assert invoice.place_of_supply == "27"


def test_it_supplies_in_the_sellers_state_when_the_buyer_gave_none(
    seller: None, course: Course
) -> None:
    invoice = Invoice.objects.get(enrolment=confirmed(course))
    assert invoice.place_of_supply == "29" and invoice.buyer_state == ""
    assert invoice.cgst_paise > 0


def test_it_carries_a_business_buyers_gstin_and_name(seller: None, course: Course) -> None:
    enrolment = confirmed(course, gstin=BUYER_GSTIN, business_name="Acme Learning LLP")
    invoice = Invoice.objects.get(enrolment=enrolment)
    assert invoice.buyer_gstin == BUYER_GSTIN
    assert invoice.buyer_business_name == "Acme Learning LLP"
    assert invoice.place_of_supply == "27" and invoice.igst_paise > 0


def test_it_issues_a_receipt_without_tax_when_the_seller_has_no_gstin(
    unregistered_seller: None, course: Course
) -> None:
    invoice = Invoice.objects.get(enrolment=confirmed(course, state="27"))
    assert not invoice.is_tax_invoice and invoice.title == "Payment receipt"
    assert invoice.taxable_paise == invoice.total_paise
    assert invoice.tax_paise == 0 and invoice.rate == 0


def test_it_never_changes_an_issued_invoice_when_the_settings_change(
    seller: None, course: Course
) -> None:
    invoice = Invoice.objects.get(enrolment=confirmed(course))
    before = {f.name: getattr(invoice, f.name) for f in Invoice._meta.fields}
    row = site_settings_row()
    row.legal_name = "Renamed Pvt Ltd"
    row.gst_rate = Decimal("5")
    row.legal_address = "Elsewhere"
    row.save()
    invoice.refresh_from_db()
    assert {f.name: getattr(invoice, f.name) for f in Invoice._meta.fields} == before
    later = Invoice.objects.get(enrolment=confirmed(course, phone="98111 00001"))
    assert later.seller_legal_name == "Renamed Pvt Ltd" and later.rate == Decimal("5.00")


def test_it_numbers_consecutively_and_restarts_each_april(seller: None, course: Course) -> None:
    with time_machine.travel(datetime(2027, 3, 31, 18, 0, tzinfo=UTC), tick=False):
        # 23:30 in India on 31 March: still the year 26-27.
        first = confirmed(course, phone="98111 00011")
        second = confirmed(course, phone="98111 00012")
    with time_machine.travel(datetime(2027, 3, 31, 18, 31, tzinfo=UTC), tick=False):
        # 00:01 on 1 April in India: a new year, a new series from 1.
        third = confirmed(course, phone="98111 00013")
        fourth = confirmed(course, phone="98111 00014")
    numbers = [Invoice.objects.get(enrolment=e).number for e in (first, second, third, fourth)]
    assert numbers == [
        "INV/26-27/000001",
        "INV/26-27/000002",
        "INV/27-28/000001",
        "INV/27-28/000002",
    ]


def test_it_takes_back_a_number_when_the_confirmation_fails(
    seller: None, course: Course, learner: User
) -> None:
    confirmed(course, phone="98111 00021")
    own = enrol(course, phone="98111 00022", referral_code=learner.referral_code)
    with pytest.raises(Exception, match="another staff member"):
        services.enrolment_confirm_payment(enrolment_id=own.pk, by=learner)
    confirmed(course, phone="98111 00023")
    assert sorted(Invoice.objects.values_list("sequence", flat=True)) == [1, 2]


def test_it_attaches_the_pdf_to_the_confirmation_email(seller: None, course: Course) -> None:
    enrolment = confirmed(course)
    invoice = Invoice.objects.get(enrolment=enrolment)
    [email] = queued_about("enrolment.confirmed")
    [attachment] = email.attachments.all()
    assert attachment.name == invoice.number.replace("/", "-") + ".pdf"
    assert attachment.mimetype == "application/pdf"
    assert attachment.file.read().startswith(b"%PDF")
    assert invoice.number in email.message


def test_it_invoices_a_payment_confirmed_from_the_bank_statement(
    seller: None, course: Course
) -> None:
    enrolment = enrol(course)
    services.enrolment_submit_utr(enrolment=enrolment, utr="412345678901")
    credit = Credit(
        line=2,
        date=datetime(2026, 5, 4).date(),
        amount=Decimal(course.payable_fee),
        narration="UPI/412345678901/ASHA",
        reference="412345678901",
        utrs=("412345678901",),
    )
    outcome = services.statement_confirm_matched(
        statement=Statement(layout="Test", credits=[credit]), by=None
    )
    assert outcome.confirmed == [enrolment.reference]
    assert Invoice.objects.filter(enrolment=enrolment).count() == 1


def test_a_refund_issues_a_credit_note_and_the_invoice_stays(
    seller: None, course: Course, staff: User
) -> None:
    enrolment = confirmed(course, state="27")
    invoice = Invoice.objects.get(enrolment=enrolment)
    services.enrolment_reject(enrolment_id=enrolment.pk, by=staff, reason="Refunded in full")

    note = CreditNote.objects.get(invoice=invoice)
    assert note.number == note.number[:16] and note.number.startswith("CN/")
    assert note.number.endswith("/000001")
    assert (note.total_paise, note.taxable_paise, note.igst_paise) == (
        invoice.total_paise,
        invoice.taxable_paise,
        invoice.igst_paise,
    )
    assert "Refunded in full" in note.reason
    assert Invoice.objects.filter(pk=invoice.pk).exists()


def test_an_undone_confirmation_is_reversed_and_a_new_one_invoiced_again(
    seller: None, course: Course, staff: User
) -> None:
    enrolment = confirmed(course)
    services.enrolment_unconfirm(enrolment_id=enrolment.pk, by=staff, reason="Wrong person")
    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)

    first, second = Invoice.objects.filter(enrolment=enrolment).order_by("pk")
    assert first.credit_note.number == CreditNote.objects.get().number
    assert second.number.endswith("/000002")
    assert not CreditNote.objects.filter(invoice=second).exists()
    assert Enrolment.objects.get(pk=enrolment.pk).status == Enrolment.Status.CONFIRMED


def test_rejecting_an_unconfirmed_payment_issues_no_credit_note(
    seller: None, course: Course, staff: User
) -> None:
    enrolment = enrol(course)
    services.enrolment_reject(enrolment_id=enrolment.pk, by=staff, reason="No money came")
    assert not Invoice.objects.exists() and not CreditNote.objects.exists()


class TestAnyFee(HypothesisTestCase):
    """Whatever the fee and the buyer's state, the invoice adds up to what was paid."""

    @hypothesis_settings(
        max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )
    @given(
        fee=st.integers(min_value=1, max_value=10**7),
        state=st.sampled_from(["", "29", "27", "07"]),
    )
    def test_it_adds_up_for_any_fee(self, fee: int, state: str) -> None:
        site = site_settings_row()
        site.state, site.gstin, site.gst_rate = "29", "29AAGCB7383J1Z4", Decimal("18")
        site.save()
        course = Course.objects.create(
            slug=f"fee-{fee}",
            name="Any fee",
            short_name="Any",
            route=f"/fee-{fee}",
            summary="s",
            list_fee=fee,
        )
        enrolment = enrol(course, state=state)
        services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=None)
        invoice = Invoice.objects.get(enrolment=enrolment)
        assert invoice.total_paise == fee * 100
        parts = invoice.taxable_paise + invoice.cgst_paise + invoice.sgst_paise
        assert parts + invoice.igst_paise == fee * 100


def test_receipts_have_their_own_series_so_tax_invoices_stay_consecutive(
    unregistered_seller: None, course: Course
) -> None:
    """Issue 41 item 10 (CGST rule 46): a receipt made before the GSTIN was entered does not
    take the tax invoices' first number."""
    with time_machine.travel(datetime(2026, 12, 1, 6, tzinfo=UTC), tick=False):
        receipt = Invoice.objects.get(enrolment=confirmed(course))
        row = site_settings_row()
        row.gstin, row.state = "29AAGCB7383J1Z4", "29"
        row.save()
        invoice = Invoice.objects.get(enrolment=confirmed(course, phone="+919811100011"))
    assert (receipt.number, receipt.is_tax_invoice) == ("RCT/26-27/000001", False)
    assert (invoice.number, invoice.is_tax_invoice) == ("INV/26-27/000001", True)


def test_the_invoice_prefix_cannot_take_the_receipts_or_credit_notes_series() -> None:
    from django.core.exceptions import ValidationError

    row = site_settings_row()
    for taken in ("CN", "RCT"):
        row.invoice_prefix = taken
        with pytest.raises(ValidationError, match="own series: choose another"):
            row.full_clean()
