from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest
import time_machine
from django.test import Client

from certificates import openbadges, services
from certificates.models import Certificate
from certificates.tests.conftest import KEY_PUBLIC, SITE, make
from core.multikey import public_key_multibase

pytestmark = pytest.mark.django_db

NOW = "2026-11-20T10:00:00+05:30"


def get(client: Client, certificate_id: str) -> Any:
    return client.get(f"/api/certificates/{certificate_id}/credential")


def ids_in(value: Any) -> list[str]:
    if isinstance(value, dict):
        found = [value["id"]] if "id" in value else []
        return found + [i for item in value.values() for i in ids_in(item)]
    if isinstance(value, list):
        return [i for item in value for i in ids_in(item)]
    return []


@time_machine.travel(NOW, tick=False)
def test_it_answers_a_signed_open_badges_credential(client: Client) -> None:
    certificate = make("WD-001", issue_date=date(2026, 11, 2))
    response = get(client, "wd-001")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/ld+json"
    assert response["Access-Control-Allow-Origin"] == "*"
    credential = response.json()
    assert credential["@context"] == [
        "https://www.w3.org/ns/credentials/v2",
        "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json",
    ]
    assert credential["type"] == ["VerifiableCredential", "OpenBadgeCredential"]
    did = f"did:key:{KEY_PUBLIC}"
    assert credential["issuer"] == {
        "id": did,
        "type": ["Profile"],
        "name": credential["issuer"]["name"],
        "url": SITE,
    }
    assert credential["issuer"]["name"]
    assert credential["validFrom"] == "2026-11-02T00:00:00+05:30"
    subject = credential["credentialSubject"]
    assert subject["identifier"] == [
        {
            "type": "IdentityObject",
            "identityType": "name",
            "hashed": False,
            "identityHash": "Priya Sharma",
        }
    ]
    achievement = subject["achievement"]
    assert achievement["name"] == "Web Development"
    assert "30 Days" in achievement["description"]
    assert "30 Days" in achievement["criteria"]["narrative"]
    list_url = f"{SITE}/api/credentials/status/{KEY_PUBLIC}"
    assert credential["credentialStatus"] == {
        "id": f"{list_url}#{certificate.pk}",
        "type": "BitstringStatusListEntry",
        "statusPurpose": "revocation",
        "statusListIndex": str(certificate.pk),
        "statusListCredential": list_url,
    }
    proof = credential["proof"]
    assert proof["type"] == "DataIntegrityProof"
    assert proof["cryptosuite"] == "eddsa-rdfc-2022"
    assert proof["proofPurpose"] == "assertionMethod"
    assert proof["verificationMethod"] == f"{did}#{KEY_PUBLIC}"
    assert proof["proofValue"].startswith("z")
    for value in ids_in(credential):
        assert value.startswith((f"{SITE}/", "urn:uuid:", "did:key:")), value
    key = openbadges.proof_verify(credential)
    assert public_key_multibase(key) == KEY_PUBLIC


@time_machine.travel(NOW, tick=False)
def test_it_uses_only_terms_the_two_contexts_define(client: Client) -> None:
    make("WD-001")
    credential = get(client, "WD-001").json()
    quads = openbadges.canonicalize(credential)
    # The VC 2.0 context maps any term it does not know to this vocabulary (where safe-mode
    # verifiers refuse the credential); none of ours may land there.
    assert "issuer-dependent" not in quads
    assert "https://schema.org/name" in quads


@time_machine.travel(NOW, tick=False)
def test_it_dates_a_credential_without_issue_date_from_its_import(client: Client) -> None:
    make("WD-001")
    assert get(client, "WD-001").json()["validFrom"] == "2026-11-20T10:00:00+05:30"


@time_machine.travel(NOW, tick=False)
def test_it_never_dates_a_credential_in_the_future(client: Client) -> None:
    make("WD-001", issue_date=date(2026, 12, 25))
    assert get(client, "WD-001").json()["validFrom"] == "2026-11-20T10:00:00+05:30"


def test_it_answers_404_for_an_unknown_id(client: Client) -> None:
    response = get(client, "NOPE-1")
    assert response.status_code == 404
    assert response.json()["message"]


def test_it_answers_404_for_an_eliminated_record(client: Client) -> None:
    make("EL-001", course=" eliminated ")
    response = get(client, "EL-001")
    assert response.status_code == 404
    assert "not awarded" in response.json()["message"]


def test_it_keeps_serving_a_revoked_record_whose_status_says_revoked(client: Client) -> None:
    certificate = make("WD-001")
    services.certificate_revoke(certificate_ids=[certificate.pk], reason="Issued in error")
    assert get(client, "WD-001").status_code == 200


def test_it_finds_ids_with_a_slash(client: Client) -> None:
    make("WD/2026/7")
    response = get(client, "wd%2F2026%2F7")
    assert response.status_code == 200
    assert response.json()["id"] == f"{SITE}/api/certificates/WD%2F2026%2F7/credential"


def test_it_signs_once_and_serves_the_same_credential_again(client: Client) -> None:
    with time_machine.travel("2026-11-20T10:00:00+05:30", tick=False):
        make("WD-001")
        first = get(client, "WD-001").json()
    with time_machine.travel("2026-11-20T11:00:00+05:30", tick=False):
        second = get(client, "WD-001").json()
    assert second == first


def test_it_signs_again_when_the_record_changes(client: Client) -> None:
    with time_machine.travel("2026-11-20T10:00:00+05:30", tick=False):
        certificate = make("WD-001")
        first = get(client, "WD-001").json()
    Certificate.objects.filter(pk=certificate.pk).update(name="Priya S. Sharma")
    with time_machine.travel("2026-11-20T11:00:00+05:30", tick=False):
        second = get(client, "WD-001").json()
    assert second["credentialSubject"]["identifier"][0]["identityHash"] == "Priya S. Sharma"
    assert second["proof"]["created"] == "2026-11-20T05:30:00Z"
    assert first["proof"]["created"] == "2026-11-20T04:30:00Z"
    openbadges.proof_verify(second)


@time_machine.travel(NOW, tick=False)  # the three requests in one fixed window
def test_it_counts_a_download_as_a_lookup(client: Client, settings: Any) -> None:
    settings.RATE_LIMIT_VERIFY = "2/m"
    make("WD-001")
    assert get(client, "WD-001").status_code == 200
    assert get(client, "WD-001").status_code == 200
    assert get(client, "WD-001").status_code == 429


def test_it_serves_json_that_round_trips(client: Client) -> None:
    make("WD-001", name="प्रिया शर्मा")
    response = get(client, "WD-001")
    assert "प्रिया" in response.content.decode()
    assert json.loads(response.content)["credentialSubject"]["identifier"][0]["identityHash"] == (
        "प्रिया शर्मा"
    )
