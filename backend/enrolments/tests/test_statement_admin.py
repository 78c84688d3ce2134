"""Reconcile UPI payments in the admin: upload, dry run, Confirm matched; who may; CSRF;
every bad file answered with a clear 400 that changes nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from accounts.models import User
from catalog.models import Course
from enrolments import services
from enrolments.models import Enrolment, StatementLine
from enrolments.tests.conftest import enrol

pytestmark = pytest.mark.django_db

RECONCILE = "/admin/enrolments/statementline/reconcile/"
SAMPLES = Path(__file__).parent / "statements"
UTR = "412345678901"


def upload(client: Client, data: bytes, name: str = "statement.csv"):
    return client.post(RECONCILE, {"statement": SimpleUploadedFile(name, data, "text/csv")})


def token(page: bytes) -> str:
    found = re.search(rb'name="token" value="([^"]+)"', page)
    assert found is not None
    return found.group(1).decode()


@pytest.fixture
def waiting(course: Course) -> Enrolment:
    return services.enrolment_submit_utr(enrolment=enrol(course), utr=UTR)


def test_it_shows_the_dry_run_then_confirms_the_matched_payments_once(
    back_office_client: Client, waiting: Enrolment
) -> None:
    dry = upload(back_office_client, (SAMPLES / "hdfc-delimited.csv").read_bytes())

    page = dry.content.decode()
    assert dry.status_code == 200
    for heading in (
        "Matched (1)",
        "Amount mismatch (0)",
        "No enrolment (1)",
        "Already used (0)",
        "Waiting, no credit (0)",
    ):
        assert heading in page
    assert waiting.reference in page and "Kiran Friend" in page and UTR in page
    assert "Confirm matched (1)" in page
    assert Enrolment.objects.get(pk=waiting.pk).status == "paid_claimed"

    confirm = back_office_client.post(RECONCILE, {"token": token(dry.content)}, follow=True)
    assert "1 payment confirmed" in confirm.content.decode()
    assert Enrolment.objects.get(pk=waiting.pk).status == "confirmed"

    # The same dry run sent again, or the file uploaded again, confirms nothing more.
    twice = back_office_client.post(RECONCILE, {"token": token(dry.content)}, follow=True)
    assert "0 payments confirmed" in twice.content.decode()
    again = upload(back_office_client, (SAMPLES / "hdfc-delimited.csv").read_bytes())
    assert "Already used (1)" in again.content.decode() and "Matched (0)" in again.content.decode()
    assert StatementLine.objects.count() == 1


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "The submitted file is empty."),
        (b"PK\x03\x04 an xlsx", "not a CSV file"),
        ("Date,Narration\n01/11/26,Caf\xe9\n".encode("latin-1"), "not readable text"),
        (b"hello,world\n1,2\n", "does not look like a bank statement"),
        (
            b"Txn Date,Remarks of some kind,Money,Balance\n01/11/2026,x,1,2\n",
            "columns were not recognised",
        ),
    ],
)
def test_it_refuses_a_bad_file_and_changes_nothing(
    back_office_client: Client, waiting: Enrolment, data: bytes, message: str
) -> None:
    response = upload(back_office_client, data)

    assert response.status_code == 400
    assert message in response.content.decode()
    assert Enrolment.objects.get(pk=waiting.pk).status == "paid_claimed"
    assert StatementLine.objects.count() == 0


def test_it_refuses_an_oversized_file(back_office_client: Client, settings) -> None:
    settings.STATEMENT_MAX_BYTES = 2048

    response = upload(back_office_client, b"Date,Narration\n" + b"x" * 4096)

    assert response.status_code == 400
    assert "The file is larger than" in response.content.decode()


def test_it_refuses_a_forged_or_stale_dry_run(
    back_office_client: Client, waiting: Enrolment
) -> None:
    response = back_office_client.post(RECONCILE, {"token": "forged:token"})

    assert response.status_code == 400
    assert "upload the statement again. Nothing was confirmed." in response.content.decode()
    assert Enrolment.objects.get(pk=waiting.pk).status == "paid_claimed"


def test_it_needs_the_permissions_to_confirm_payments(
    staff: User, learner_client: Client, waiting: Enrolment
) -> None:
    # Staff without permissions: refused; with view only: still refused.
    client = Client()
    client.force_login(staff)
    assert client.get(RECONCILE).status_code == 403
    staff.user_permissions.add(Permission.objects.get(codename="view_enrolment"))
    client.force_login(User.objects.get(pk=staff.pk))
    assert client.get(RECONCILE).status_code == 403
    assert upload(client, (SAMPLES / "hdfc-delimited.csv").read_bytes()).status_code == 403
    # A learner is sent to the login page.
    assert learner_client.get(RECONCILE).status_code == 302
    assert Enrolment.objects.get(pk=waiting.pk).status == "paid_claimed"


def test_it_checks_csrf(staff: User, waiting: Enrolment) -> None:
    from enrolments.tests.conftest import back_office

    client = Client(enforce_csrf_checks=True)
    client.force_login(back_office(staff))

    response = upload(client, (SAMPLES / "hdfc-delimited.csv").read_bytes())

    assert response.status_code == 403
    assert StatementLine.objects.count() == 0


def test_the_list_of_statement_lines_links_the_reconciliation(back_office_client: Client) -> None:
    page = back_office_client.get("/admin/enrolments/statementline/").content.decode()

    assert "Reconcile UPI payments" in page
    assert back_office_client.get(RECONCILE).status_code == 200


def test_an_amount_mismatch_says_what_to_do_next_and_links_the_enrolment(
    back_office_client: Client, other_course: Course
) -> None:
    # ₹999 arrived for an enrolment whose fee is ₹4,499.
    short = services.enrolment_submit_utr(enrolment=enrol(other_course), utr=UTR)

    dry = upload(back_office_client, (SAMPLES / "hdfc-delimited.csv").read_bytes())

    page = dry.content.decode()
    assert dry.status_code == 200
    assert "Amount mismatch (1)" in page and "Matched (0)" in page
    assert "“Confirm matched” leaves these alone" in page
    assert "₹3,500 less than the fee arrived. Ask the student to send the rest" in page
    link = f'href="/admin/enrolments/enrolment/{short.pk}/change/"'
    assert f"{link}>Open {short.reference} to confirm or reject</a>" in page
    # Nothing is confirmed by looking.
    assert Enrolment.objects.get(pk=short.pk).status == "paid_claimed"
    assert not StatementLine.objects.exists()
