"""The enrolments' back office in the office's words (issue 33 items 6 and 7): the name
links to the record, money as "₹4,499", one date format in India's time, counts in words
("1 enrolment confirmed"), "Check the statement", an empty list that says so, and the
enrolment's invoice and credit note one click away (issue 31)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
import time_machine
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from accounts.models import User
from catalog.models import Course
from core.tests.admin_pages import links_to
from enrolments import services
from enrolments.models import Enrolment
from enrolments.tests.conftest import enrol

pytestmark = pytest.mark.django_db

CHANGELIST = "/admin/enrolments/enrolment/"
RECONCILE = "/admin/enrolments/statementline/reconcile/"
UTR = "412345678901"
# 11:49 in India (UTC+5:30).
NOV_27_1149_IST = datetime(2026, 11, 27, 6, 19, tzinfo=UTC)


@pytest.fixture
def waiting(other_course: Course) -> Enrolment:
    """A ₹4,499 enrolment whose UTR was sent on 27 Nov 2026 at 11:49 in India."""
    with time_machine.travel(NOV_27_1149_IST, tick=False):
        return services.enrolment_submit_utr(enrolment=enrol(other_course), utr=UTR)


def change_url(enrolment: Enrolment) -> str:
    return f"{CHANGELIST}{enrolment.pk}/change/"


def test_the_students_name_links_to_the_enrolment_as_the_reference_does(
    back_office_client: Client, waiting: Enrolment
) -> None:
    page = back_office_client.get(CHANGELIST).content.decode()

    assert links_to(page, change_url(waiting), "Kiran Friend")
    assert links_to(page, change_url(waiting), waiting.reference)


def test_money_has_the_rupee_sign_and_indian_grouping_on_every_page(
    back_office_client: Client, waiting: Enrolment
) -> None:
    pages = {
        "list": back_office_client.get(CHANGELIST),
        "record": back_office_client.get(change_url(waiting)),
        "confirmation step": back_office_client.get(f"{change_url(waiting)[:-7]}confirm-payment/"),
        "bulk step": back_office_client.post(
            CHANGELIST, {"action": "confirm_payment", ACTION_CHECKBOX_NAME: [waiting.pk]}
        ),
    }

    for name, response in pages.items():
        page = response.content.decode()
        assert response.status_code == 200, name
        assert "₹4,499" in page, name
        assert "₹4499" not in page and ">4499<" not in page, name


def test_dates_and_times_are_written_one_way_in_india_time(
    back_office_client: Client, waiting: Enrolment
) -> None:
    listing = back_office_client.get(CHANGELIST).content.decode()
    record = back_office_client.get(change_url(waiting)).content.decode()

    assert "27 Nov 2026" in listing
    # Created at and UTR submitted at: the same moment, in India's time, to the minute.
    assert record.count("27 Nov 2026, 11:49") == 2
    assert "06:19" not in record and "a.m." not in record


def test_bulk_results_count_in_words_never_s_in_brackets(
    back_office_client: Client, waiting: Enrolment, course: Course
) -> None:
    other = services.enrolment_submit_utr(
        enrolment=enrol(course, phone="98111 00077"), utr="412345678902"
    )

    one = back_office_client.post(
        CHANGELIST,
        {"action": "confirm_payment", ACTION_CHECKBOX_NAME: [waiting.pk], "apply": "1"},
        follow=True,
    ).content.decode()
    two_steps = back_office_client.post(
        CHANGELIST,
        {"action": "unconfirm", ACTION_CHECKBOX_NAME: [waiting.pk, other.pk], "reason": "Oops"},
    ).content.decode()

    assert "1 enrolment confirmed." in one
    assert "1 enrolment will be reopened." in two_steps
    for page in (one, two_steps):
        assert "(s)" not in page


def test_an_empty_list_says_there_are_no_enrolments_yet(
    back_office_client: Client, course: Course
) -> None:
    page = back_office_client.get(CHANGELIST).content.decode()

    assert "No enrolments yet" in page
    assert "yielded" not in page and "No results found" not in page


def test_a_list_narrowed_by_its_filter_says_the_others_are_hidden(
    back_office_client: Client, course: Course
) -> None:
    enrol(course)  # waiting for a UTR: not in the list's default view (payment submitted)

    page = back_office_client.get(CHANGELIST).content.decode()

    assert "No enrolments here" in page and "choose “All”" in page


def test_the_statement_is_checked_not_dry_run_and_its_money_and_dates_read_plainly(
    back_office_client: Client, waiting: Enrolment
) -> None:
    form = back_office_client.get(RECONCILE).content.decode()
    statement = (
        "Date,Narration,Reference,Credit\n"
        f'2026-11-27,UPI-KIRAN FRIEND-{UTR},{UTR},"4,499.00"\n'
        "2026-11-28,UPI-SOMEONE ELSE-412345678999,412345678999,5000.00\n"
    ).encode()
    checked = back_office_client.post(
        RECONCILE, {"statement": SimpleUploadedFile("nov.csv", statement, "text/csv")}
    ).content.decode()

    assert "Check the statement" in form and "Dry run" not in form
    assert "Dry run" not in checked and "dry run" not in checked
    assert "What nov.csv shows" in checked
    assert "₹4,499" in checked and "₹5,000" in checked
    assert "₹5000.00" not in checked and "4499.00" not in checked
    assert "27 Nov 2026" in checked and "27/11/2026" not in checked


def test_the_enrolments_page_links_its_invoice_and_then_its_credit_note(
    back_office_client: Client, waiting: Enrolment, staff: User
) -> None:
    before = back_office_client.get(change_url(waiting)).content.decode()
    services.enrolment_confirm_payment(enrolment_id=waiting.pk, by=staff)
    invoice = waiting.invoices.get()
    confirmed = back_office_client.get(change_url(waiting)).content.decode()
    services.enrolment_unconfirm(enrolment_id=waiting.pk, by=staff, reason="Wrong UTR")
    note = invoice.credit_note
    undone = back_office_client.get(change_url(waiting)).content.decode()
    invoice_page = back_office_client.get(f"/admin/invoices/invoice/{invoice.pk}/change/")

    assert "the invoice is issued when the payment is confirmed" in before
    assert links_to(confirmed, f"/admin/invoices/invoice/{invoice.pk}/change/", invoice.number)
    assert "₹4,499" in confirmed
    assert links_to(undone, f"/admin/invoices/creditnote/{note.pk}/change/", note.number)
    # The invoice is shown, never edited: its page has no Save button and no form field.
    assert invoice_page.status_code == 200
    assert 'name="_save"' not in invoice_page.content.decode()
    assert not re.search(r'<input[^>]+name="total_paise"', invoice_page.content.decode())
