"""The optional Email column: the holder is emailed the verify link, the downloads and the
credential once, through the email queue; the dry run says how many would be."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from certificates.imports import CertificateImportError, ImportReport, certificate_import
from certificates.models import Certificate
from certificates.services import HOLDER_EMAIL_TOPIC
from certificates.tests.conftest import SITE, csv_bytes, make, source
from core.tests.mail import queued_about, send_queued_email

pytestmark = pytest.mark.django_db

HEADER = "CertificateID,Course,Duration,Name,Email\n"


def run(*rows: str, dry_run: bool = False, header: str = HEADER) -> ImportReport:
    return certificate_import(source=source(csv_bytes(*rows, header=header)), dry_run=dry_run)


def test_it_emails_each_new_holder_their_links_once(mailoutbox: Any) -> None:
    report = run(
        "WD-1,Web Development,30 Days,Priya Sharma,priya@example.org",
        "WD-2,Java,2 Months,Ravi Kumar,",
    )

    assert report.emails == 1
    [email] = queued_about(HOLDER_EMAIL_TOPIC)
    assert email.to == ["priya@example.org"]
    assert "WD-1" in email.subject
    body = email.message
    assert "Dear Priya Sharma," in body
    assert f"{SITE}/verify/WD-1" in body
    assert f"{SITE}/Certificate/WD-1.png" in body
    assert f"{SITE}/Certificate/WD-1.pdf" in body
    assert f"{SITE}/LOR/WD-1.pdf" in body
    assert f"{SITE}/api/certificates/WD-1/credential" in body
    record = Certificate.objects.get(certificate_id="WD-1")
    assert record.email == "priya@example.org"
    assert record.emailed_at is not None

    again = run("WD-1,Web Development,30 Days,Priya Sharma,priya@example.org")

    assert again.emails == 0 and again.unchanged == 1
    assert len(queued_about(HOLDER_EMAIL_TOPIC)) == 1
    send_queued_email()
    assert [m.to for m in mailoutbox] == [["priya@example.org"]]


def test_it_counts_the_emails_on_a_dry_run_and_queues_none() -> None:
    make("WD-3", email="", name="Meera")

    report = run(
        "WD-1,Web Development,30 Days,Priya,priya@example.org",
        "WD-2,Eliminated,30 Days,Ravi,ravi@example.org",
        "WD-3,Java,2 Months,Meera,meera@example.org",
        dry_run=True,
    )

    # Eliminated holders were not awarded anything: no email.
    assert report.emails == 2
    assert queued_about(HOLDER_EMAIL_TOPIC) == []
    assert Certificate.objects.get(certificate_id="WD-3").email == ""


def test_it_emails_an_existing_holder_once_an_email_is_given() -> None:
    make("WD-1")
    report = run("WD-1,Web Development,30 Days,Priya Sharma,priya@example.org")
    assert (report.updated, report.emails) == (1, 1)
    assert [e.to for e in queued_about(HOLDER_EMAIL_TOPIC)] == [["priya@example.org"]]


def test_it_does_not_email_a_revoked_holder() -> None:
    make("WD-1", status=Certificate.Status.REVOKED, revoked_reason="Issued in error")
    report = run("WD-1,Web Development,30 Days,Priya Sharma,priya@example.org")
    assert report.emails == 0
    assert queued_about(HOLDER_EMAIL_TOPIC) == []


def test_it_keeps_stored_emails_when_the_file_has_no_email_column() -> None:
    make("WD-1", email="priya@example.org", name="Priya")
    run("WD-1,Web Development,30 Days,Priya Sharma", header="CertificateID,Course,Duration,Name\n")
    assert Certificate.objects.get().email == "priya@example.org"


@pytest.mark.parametrize(
    "bad", ["not-an-email", "a@b", "priya@@example.org", "x" * 250 + "@example.org"]
)
def test_it_refuses_a_row_with_a_malformed_email_and_sends_nothing(bad: str) -> None:
    with pytest.raises(CertificateImportError) as info:
        run("WD-1,Web Development,30 Days,Priya,priya@example.org", f"WD-2,Java,30 Days,Ravi,{bad}")
    [error] = info.value.report.errors
    assert error.line == 3
    assert "is not an email address" in error.message
    assert not Certificate.objects.exists()
    assert queued_about(HOLDER_EMAIL_TOPIC) == []


def test_it_takes_back_the_emails_of_an_import_that_fails_later(settings: Any) -> None:
    rows = [f"WD-{n},Java,30 Days,Person {n},p{n}@example.org" for n in range(1, 1_003)]
    rows.append("bad id!,Java,30 Days,Someone,someone@example.org")
    with pytest.raises(CertificateImportError):
        run(*rows)
    assert queued_about(HOLDER_EMAIL_TOPIC) == []
    assert not Certificate.objects.exists()


def test_it_emails_the_holder_when_staff_add_a_certificate_in_the_admin(
    admin_client: Client,
) -> None:
    response = admin_client.post(
        "/admin/certificates/certificate/add/",
        {
            "certificate_id": "wd-9",
            "name": "Priya",
            "course": "Web Development",
            "duration": "30 Days",
            "email": "priya@example.org",
        },
    )
    assert response.status_code == 302, response.content[:500]
    assert [e.to for e in queued_about(HOLDER_EMAIL_TOPIC)] == [["priya@example.org"]]
    record = Certificate.objects.get()
    admin_client.post(
        f"/admin/certificates/certificate/{record.pk}/change/",
        {
            "certificate_id": "WD-9",
            "name": "Priya Sharma",
            "course": "Web Development",
            "duration": "30 Days",
            "email": "priya@example.org",
        },
    )
    assert len(queued_about(HOLDER_EMAIL_TOPIC)) == 1


def test_it_never_shows_the_email_on_the_verify_answer(client: Client) -> None:
    make("WD-1", email="priya@example.org")
    assert b"priya@example.org" not in client.get("/api/certificates/WD-1").content
    assert b"priya@example.org" not in client.get("/api/certificates/WD-1/credential").content
