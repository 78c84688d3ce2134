from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.utils import timezone

from certificates.models import Certificate
from certificates.schemas import CertificateOut
from certificates.tests.conftest import SITE, make

pytestmark = pytest.mark.django_db

NOT_FOUND = {"message": "Verification failed. This certification ID is invalid.", "extra": {}}


def test_it_verifies_a_valid_certificate(client: Client) -> None:
    make("WD-001", issue_date=datetime.date(2026, 11, 22))

    response = client.get("/api/certificates/WD-001")

    assert response.status_code == 200
    assert response.json() == {
        "certificate_id": "WD-001",
        "name": "Priya Sharma",
        "domain": "Web Development",
        "duration": "30 Days",
        "issue_date": "2026-11-22",
        "status": "valid",
        "revoked_reason": "",
        "verified": True,
        "downloads": {
            "certificate_png": "/Certificate/WD-001.png",
            "certificate_pdf": "/Certificate/WD-001.pdf",
            "letter_png": "/LOR/WD-001.png",
            "letter_pdf": "/LOR/WD-001.pdf",
            "credential": "/api/certificates/WD-001/credential",
        },
        "verify_url": f"{SITE}/verify/WD-001",
    }


@pytest.mark.parametrize("typed", ["wd-001", "%20wd-001%20", "Wd-001", "%09WD-001"])
def test_it_finds_the_id_whatever_the_case_and_padding(client: Client, typed: str) -> None:
    make("WD-001")

    response = client.get(f"/api/certificates/{typed}")

    assert response.status_code == 200
    assert response.json()["certificate_id"] == "WD-001"


@pytest.mark.parametrize("typed", ["NOPE-1", "bad.id", "x" * 80])
def test_it_answers_404_with_the_envelope_for_an_unknown_id(client: Client, typed: str) -> None:
    make("WD-001")

    response = client.get(f"/api/certificates/{typed}")

    assert response.status_code == 404
    assert response.json() == NOT_FOUND


@pytest.mark.parametrize("course", ["Eliminated", "eliminated", " ELIMINATED "])
def test_it_does_not_verify_an_eliminated_participant(client: Client, course: str) -> None:
    make("EL-1", course=course)

    body = client.get("/api/certificates/EL-1").json()

    assert body["verified"] is False
    assert body["status"] == "valid"
    assert body["downloads"] == {
        "certificate_png": None,
        "certificate_pdf": None,
        "letter_png": None,
        "letter_pdf": None,
        "credential": None,
    }


def test_it_shows_a_revoked_certificate_with_its_reason(client: Client) -> None:
    make(
        "RV-1",
        status=Certificate.Status.REVOKED,
        revoked_reason="Issued in error.",
        revoked_at=timezone.now(),
    )

    body = client.get("/api/certificates/rv-1").json()

    assert body["status"] == "revoked"
    assert body["revoked_reason"] == "Issued in error."
    assert body["verified"] is False
    assert set(body["downloads"].values()) == {None}


@pytest.mark.parametrize("duration", ["30 Days", "30 days", " 30  DAYS ", "30days"])
def test_it_offers_the_letter_for_thirty_days(client: Client, duration: str) -> None:
    make("WD-1", duration=duration)

    downloads = client.get("/api/certificates/WD-1").json()["downloads"]

    assert downloads["letter_png"] == "/LOR/WD-1.png"


@pytest.mark.parametrize("duration", ["60 Days", "3 Months", ""])
def test_it_offers_no_letter_for_other_durations(client: Client, duration: str) -> None:
    make("WD-1", duration=duration)

    downloads = client.get("/api/certificates/WD-1").json()["downloads"]

    assert downloads["certificate_png"] == "/Certificate/WD-1.png"
    assert downloads["letter_png"] is None
    assert downloads["letter_pdf"] is None


def test_it_shows_empty_fields_as_empty_strings_and_null_date(client: Client) -> None:
    make("E-1", name="", course="", duration="")

    body = client.get("/api/certificates/E-1").json()

    assert (body["name"], body["domain"], body["duration"], body["issue_date"]) == (
        "",
        "",
        "",
        None,
    )


def test_it_finds_an_id_containing_a_slash(client: Client) -> None:
    make("IRC/2026/7")

    response = client.get("/api/certificates/irc%2F2026%2F7")

    assert response.status_code == 200
    body = response.json()
    assert body["verify_url"] == f"{SITE}/verify/IRC%2F2026%2F7"
    assert body["downloads"]["certificate_png"] == "/Certificate/IRC%2F2026%2F7.png"
    assert body["downloads"]["credential"] == "/api/certificates/IRC%2F2026%2F7/credential"


def test_it_has_a_readable_operation_id(client: Client) -> None:
    schema = client.get("/api/openapi.json").json()

    operation_ids = {
        op["operationId"]
        for path, item in schema["paths"].items()
        if path.startswith("/api/certificates")
        for op in item.values()
    }
    assert operation_ids == {"certificate_get", "certificate_import", "certificate_credential"}


@pytest.mark.parametrize(
    ("certificate_id", "fields"),
    [
        ("WD-001", {"issue_date": datetime.date(2026, 11, 22)}),
        ("PY-2", {"duration": "2 Months", "name": "Zoë Ångström"}),
        ("IRC/2026/7", {}),
        ("EL-1", {"course": "Eliminated"}),
        (
            "RV-1",
            {
                "status": Certificate.Status.REVOKED,
                "revoked_reason": 'Issued in error "by mistake"',
            },
        ),
        ("VR-1", {"revoked_reason": "left from before a reinstatement"}),
    ],
)
def test_the_answer_carries_the_record_through_the_schema(
    client: Client, certificate_id: str, fields: dict
) -> None:
    record = make(certificate_id, **fields)

    response = client.get(f"/api/certificates/{certificate_id}")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    body = response.json()
    assert set(body) == set(CertificateOut.model_fields)
    assert (body["certificate_id"], body["name"], body["domain"], body["duration"]) == (
        record.certificate_id,
        record.name,
        record.course,
        record.duration,
    )
    assert body["issue_date"] == (record.issue_date.isoformat() if record.issue_date else None)
    revoked = record.status == Certificate.Status.REVOKED
    assert body["revoked_reason"] == (record.revoked_reason if revoked else "")
    assert body["verified"] is (not revoked and record.course != "Eliminated")


def test_it_shows_no_reason_left_on_a_valid_record(client: Client) -> None:
    make("VR-1", revoked_reason="left from before a reinstatement")

    body = client.get("/api/certificates/VR-1").json()

    assert body["status"] == "valid"
    assert body["revoked_reason"] == ""


def test_a_verify_answer_is_shared_for_at_most_a_minute(client: Client) -> None:
    """Section 17: any cache may keep the lookup and the credential, for 60 s at most, so a
    revocation reaches everyone within a minute; a refusal carries no caching header."""
    make("WD-001")

    for url in ("/api/certificates/WD-001", "/api/certificates/WD-001/credential"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["Cache-Control"] == "public, max-age=60, s-maxage=60", url

    missing = client.get("/api/certificates/WD-404")
    assert missing.status_code == 404
    assert "public" not in missing.get("Cache-Control", "")
