from __future__ import annotations

import io
from typing import Any

import pytest
import time_machine
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.test import Client

from certificates import imports, openbadges
from certificates.models import Certificate
from certificates.tests.conftest import KEY, KEY_PUBLIC, RETIRED_KEY, RETIRED_KEY_PUBLIC, SITE, make
from core.multikey import public_key_multibase

pytestmark = pytest.mark.django_db

CHANGELIST = "/admin/certificates/certificate/"
LIST_URL = f"/api/credentials/status/{KEY_PUBLIC}"


def bits_of(status_list: dict[str, Any]) -> bytes:
    return openbadges.bitstring_decode(status_list["credentialSubject"]["encodedList"])


def revoked(client: Client, index: int) -> bool:
    return openbadges.bit_is_set(bits_of(client.get(LIST_URL).json()), index)


def test_it_numbers_bits_from_the_most_significant_bit_of_the_first_byte() -> None:
    bits = openbadges.bitstring_with(length=16, clear=[1, 8, 15])
    assert bits == bytes([0b10111111, 0b01111110])
    assert openbadges.bit_is_set(bits, 0)
    assert not openbadges.bit_is_set(bits, 1)
    assert not openbadges.bit_is_set(bits, 15)


def test_it_encodes_the_list_as_gzip_in_base64url_without_padding() -> None:
    bits = openbadges.bitstring_with(length=131_072, clear=range(0, 131_072, 3))
    encoded = openbadges.bitstring_encode(bits)
    assert encoded.startswith("u")
    assert "=" not in encoded and "+" not in encoded and "/" not in encoded
    assert openbadges.bitstring_decode(encoded) == bits


@pytest.mark.parametrize("bad", ["", "zabc", "u!!!", "uAAAA"])
def test_it_refuses_what_is_not_an_encoded_list(bad: str) -> None:
    with pytest.raises(ValueError):
        openbadges.bitstring_decode(bad)


@time_machine.travel("2026-11-20T10:00:00+05:30", tick=False)
def test_it_serves_a_signed_status_list_with_the_credentials_issuer(client: Client) -> None:
    certificate = make("WD-001")
    credential = client.get("/api/certificates/WD-001/credential").json()
    response = client.get(LIST_URL)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/ld+json"
    assert response["Cache-Control"] == "public, max-age=60, s-maxage=60"
    assert response["Access-Control-Allow-Origin"] == "*"
    status_list = response.json()
    url = f"{SITE}{LIST_URL}"
    assert credential["credentialStatus"]["statusListCredential"] == url
    assert status_list["@context"] == ["https://www.w3.org/ns/credentials/v2"]
    assert status_list["id"] == url
    assert status_list["type"] == ["VerifiableCredential", "BitstringStatusListCredential"]
    assert status_list["issuer"] == credential["issuer"]["id"]
    assert status_list["validFrom"] == "2026-11-20T04:30:00Z"
    subject = status_list["credentialSubject"]
    assert subject["id"] == f"{url}#list"
    assert subject["type"] == "BitstringStatusList"
    assert subject["statusPurpose"] == "revocation"
    bits = bits_of(status_list)
    assert len(bits) * 8 >= 131_072
    assert not openbadges.bit_is_set(bits, certificate.pk)
    assert public_key_multibase(openbadges.proof_verify(status_list)) == KEY_PUBLIC
    assert "issuer-dependent" not in openbadges.canonicalize(status_list)


def test_it_flips_the_bit_when_staff_revoke_and_restore_in_the_admin(
    admin_client: Client, client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    certificate = make("WD-001")
    other = make("WD-002")
    assert not revoked(client, certificate.pk)
    with django_capture_on_commit_callbacks(execute=True):
        admin_client.post(
            CHANGELIST,
            {
                "action": "revoke",
                ACTION_CHECKBOX_NAME: [certificate.pk],
                "apply": "1",
                "reason": "Issued in error.",
            },
        )
    assert revoked(client, certificate.pk)
    assert not revoked(client, other.pk)
    with django_capture_on_commit_callbacks(execute=True):
        admin_client.post(
            CHANGELIST,
            {"action": "reinstate", ACTION_CHECKBOX_NAME: [certificate.pk], "apply": "1"},
        )
    assert not revoked(client, certificate.pk)


def test_it_marks_a_deleted_record_revoked(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    # The admin never deletes a certificate (revoke instead); a record deleted some other
    # way (the shell) reads as revoked once the list is built again.
    certificate = make("WD-001")
    index = certificate.pk
    assert not revoked(client, index)
    with django_capture_on_commit_callbacks(execute=True):
        certificate.delete()
        openbadges.status_list_invalidate()
    assert revoked(client, index)


def test_it_clears_the_bit_of_a_record_created_after_the_list_was_built(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    make("WD-001")
    client.get(LIST_URL)
    with django_capture_on_commit_callbacks(execute=True):
        report = imports.certificate_import(
            source=io.BytesIO(b"CertificateID,Course,Duration,Name\nWD-002,Java,30 Days,Ravi\n"),
            dry_run=False,
        )
    assert report.created == 1
    assert not revoked(client, Certificate.objects.get(certificate_id="WD-002").pk)


def test_it_grows_the_list_past_its_minimum_length(client: Client) -> None:
    make("WD-001", id=200_000)
    bits = bits_of(client.get(LIST_URL).json())
    assert len(bits) * 8 == 262_144
    assert not openbadges.bit_is_set(bits, 200_000)
    assert openbadges.bit_is_set(bits, 1)


def test_it_keeps_serving_the_list_of_a_retired_key(client: Client, settings: Any) -> None:
    settings.CREDENTIAL_SIGNING_KEYS = [KEY, RETIRED_KEY]
    response = client.get(f"/api/credentials/status/{RETIRED_KEY_PUBLIC}")
    assert response.status_code == 200
    assert response.json()["issuer"] == f"did:key:{RETIRED_KEY_PUBLIC}"
    assert public_key_multibase(openbadges.proof_verify(response.json())) == RETIRED_KEY_PUBLIC


def test_it_answers_404_for_a_key_that_is_not_ours(client: Client) -> None:
    response = client.get(f"/api/credentials/status/{RETIRED_KEY_PUBLIC}")
    assert response.status_code == 404
    assert response.json()["message"] == "No status list has this address."
