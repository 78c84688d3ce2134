from __future__ import annotations

import copy
import datetime
import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.test.utils import override_settings

from certificates import openbadges, openbadges_check, services
from certificates.tests.conftest import FOREIGN_KEY, KEY, RETIRED_KEY, SITE, make
from core.multikey import (
    did_key,
    did_key_verification_method,
    secret_key_from_multibase,
)

pytestmark = pytest.mark.django_db

CHECK = "/api/credentials/check"


def upload(client: Client, content: bytes | str, name: str = "credential.json") -> Any:
    data = content.encode() if isinstance(content, str) else content
    return client.post(CHECK, {"file": SimpleUploadedFile(name, data, "application/json")})


def issued(client: Client, certificate_id: str = "WD-001") -> dict[str, Any]:
    response = client.get(f"/api/certificates/{certificate_id}/credential")
    assert response.status_code == 200
    return dict(response.json())


def test_it_says_a_genuine_credential_is_valid_with_issuer_holder_and_achievement(
    client: Client,
) -> None:
    make("WD-001")
    credential = issued(client)
    response = upload(client, json.dumps(credential))
    assert response.status_code == 200
    body = response.json()
    assert body["verdict"] == "valid"
    assert body["reason"] == ""
    assert body["issuer_id"] == credential["issuer"]["id"]
    assert body["issuer_name"] == credential["issuer"]["name"]
    assert body["issuer_url"] == SITE
    assert body["holder"] == "Priya Sharma"
    assert body["achievement"] == "Web Development"
    assert "30 Days" in body["achievement_description"]
    assert body["valid_from"] == credential["validFrom"]
    assert body["credential_id"] == f"{SITE}/api/certificates/WD-001/credential"


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (
            lambda c: c["credentialSubject"]["identifier"][0].update(identityHash="Someone Else"),
            "the holder's name",
        ),
        (
            lambda c: c["credentialSubject"]["achievement"].update(name="Data Science"),
            "the achievement",
        ),
        (
            lambda c: c.update(validFrom="2020-01-01T00:00:00+05:30"),
            "the date it is valid from",
        ),
        (
            lambda c: c["issuer"].update(name="Another Company"),
            "the issuer",
        ),
        (
            lambda c: c["credentialStatus"].update(
                statusListIndex=str(int(c["credentialStatus"]["statusListIndex"]) + 1)
            ),
            "the revocation entry",
        ),
    ],
    ids=["holder", "achievement", "valid-from", "issuer-name", "status-index"],
)
def test_it_says_a_changed_credential_is_not_valid_and_why(
    client: Client, change: Any, words: str
) -> None:
    make("WD-001")
    credential = issued(client)
    change(credential)
    response = upload(client, json.dumps(credential))
    assert response.status_code == 200
    body = response.json()
    assert body["verdict"] == "not_valid"
    assert body["reason"] == (
        f"It is not a credential we issued: {words} does not match our record of "
        "certificate WD-001."
    )


def test_it_says_a_credential_signed_otherwise_was_changed_after_it_was_signed(
    client: Client,
) -> None:
    # Every term is ours, but the signature is over something else: the proof's time
    # (which only the signature covers when there is an issue date) moved.
    make("WD-001", issue_date=datetime.date(2020, 1, 15))
    credential = issued(client)
    credential["proof"]["created"] = "2021-02-01T00:00:00Z"
    body = upload(client, json.dumps(credential)).json()
    assert body["verdict"] == "not_valid"
    assert body["reason"] == (
        "The signature does not match: the credential was changed after it was signed."
    )


def test_it_says_a_revoked_credential_is_revoked(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    certificate = make("WD-001")
    credential = issued(client)
    with django_capture_on_commit_callbacks(execute=True):
        services.certificate_revoke(certificate_ids=[certificate.pk], reason="Issued in error")
    body = upload(client, json.dumps(credential)).json()
    assert body["verdict"] == "revoked"
    assert body["holder"] == "Priya Sharma"
    with django_capture_on_commit_callbacks(execute=True):
        services.certificate_reinstate(certificate_ids=[certificate.pk])
    assert upload(client, json.dumps(credential)).json()["verdict"] == "valid"


def test_it_still_verifies_what_a_retired_key_signed(client: Client, settings: Any) -> None:
    make("WD-001")
    settings.CREDENTIAL_SIGNING_KEYS = [RETIRED_KEY]
    old = issued(client)
    settings.CREDENTIAL_SIGNING_KEYS = [KEY, RETIRED_KEY]
    new = issued(client)
    assert new["issuer"]["id"] != old["issuer"]["id"]
    assert upload(client, json.dumps(old)).json()["verdict"] == "valid"
    assert upload(client, json.dumps(new)).json()["verdict"] == "valid"
    # Dropping the retired key from the settings stops trusting what it signed.
    settings.CREDENTIAL_SIGNING_KEYS = [KEY]
    assert upload(client, json.dumps(old)).status_code == 422


def resign(credential: dict[str, Any], secret: str) -> dict[str, Any]:
    key = secret_key_from_multibase(secret)
    unsigned = {k: v for k, v in credential.items() if k != "proof"}
    unsigned["issuer"] = {**unsigned["issuer"], "id": did_key(key.public_key())}
    return openbadges.proof_add(
        unsigned,
        key=key,
        verification_method=did_key_verification_method(key.public_key()),
        created="2026-11-20T00:00:00Z",
    )


def test_it_refuses_a_credential_signed_by_a_key_that_is_not_ours(client: Client) -> None:
    make("WD-001")
    forged = resign(issued(client), FOREIGN_KEY)
    # Well signed, by someone else.
    openbadges.proof_verify(forged)
    response = upload(client, json.dumps(forged))
    assert response.status_code == 422
    assert response.json()["extra"]["reason"] == "unknown_key"
    assert "we did not issue it" in response.json()["message"]


def test_it_says_not_valid_when_the_issuer_is_not_the_signing_key(client: Client) -> None:
    make("WD-001")
    credential = issued(client)
    unsigned = {k: v for k, v in credential.items() if k != "proof"}
    unsigned["issuer"] = {
        **unsigned["issuer"],
        "id": "did:key:z6MkfqUw1wxPRyXBCs2ovLxfenoNoSUxF6jo1nc7RPXmMLNT",
    }
    key = secret_key_from_multibase(KEY)
    signed = openbadges.proof_add(
        unsigned,
        key=key,
        verification_method=did_key_verification_method(key.public_key()),
        created="2026-11-20T00:00:00Z",
    )
    body = upload(client, json.dumps(signed)).json()
    assert body["verdict"] == "not_valid"
    assert "issuer" in body["reason"]


def test_it_says_not_valid_for_keys_json_ld_would_ignore(client: Client) -> None:
    make("WD-001")
    credential = issued(client)
    credential["credentialSubject"]["@note"] = "Top of the class"
    body = upload(client, json.dumps(credential)).json()
    assert body["verdict"] == "not_valid"


def with_proof(client: Client, **changes: Any) -> dict[str, Any]:
    make("WD-001")
    credential = issued(client)
    credential["proof"].update(changes)
    return credential


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"cryptosuite": "ecdsa-rdfc-2019"}, "eddsa-rdfc-2022"),
        ({"type": "Ed25519Signature2020"}, "DataIntegrityProof"),
        ({"proofPurpose": "authentication"}, "assertionMethod"),
        ({"verificationMethod": "https://example.com/keys/1"}, "did:key"),
        ({"proofValue": "not-base58!"}, "base58btc"),
        ({"proofValue": "z3"}, "Ed25519 signature"),
    ],
)
def test_it_refuses_a_proof_it_cannot_check(
    client: Client, changes: dict[str, Any], message: str
) -> None:
    response = upload(client, json.dumps(with_proof(client, **changes)))
    assert response.status_code == 422
    assert message in response.json()["message"]


def test_it_refuses_an_unsigned_credential(client: Client) -> None:
    make("WD-001")
    credential = issued(client)
    del credential["proof"]
    response = upload(client, json.dumps(credential))
    assert response.status_code == 422
    assert response.json()["message"] == "The credential is not signed: it has no proof."


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"\xff\xfe not text", "not_json"),
        ("{not json", "not_json"),
        ("[" * 100_000, "not_json"),
        ("[1, 2, 3]", "not_credential"),
        ('"a string"', "not_credential"),
        ('{"hello": "world"}', "not_credential"),
        (
            json.dumps(
                {"@context": ["https://www.w3.org/2018/credentials/v1"], "credentialSubject": {}}
            ),
            "not_credential",
        ),
        (
            json.dumps(
                {
                    "@context": openbadges.OPEN_BADGES_CONTEXT,
                    "type": ["VerifiableCredential"],
                    "credentialSubject": {},
                }
            ),
            "not_credential",
        ),
    ],
)
def test_it_refuses_what_is_not_a_credential(
    client: Client, content: bytes | str, reason: str
) -> None:
    response = upload(client, content)
    assert response.status_code == 422
    assert response.json()["extra"]["reason"] == reason
    assert response.json()["message"].startswith("The file is not")


def test_it_refuses_a_credential_holding_far_more_objects_than_ours(client: Client) -> None:
    make("WD-001")
    credential = issued(client)
    credential["credentialSubject"]["achievement"]["alignment"] = [
        {"type": ["Alignment"], "targetName": f"n{n}", "targetUrl": "https://a.example"}
        for n in range(300)
    ]
    response = upload(client, json.dumps(credential))
    assert response.status_code == 422
    assert "far more data" in response.json()["message"]


@pytest.mark.parametrize("depth", [13, 500, 900, 990])
def test_it_refuses_a_credential_nested_far_deeper_than_ours(client: Client, depth: int) -> None:
    # Deep enough for the JSON parser and not for a recursive walk once gave a 500.
    text = '{"credentialSubject": {}, "x": ' + "[" * depth + "]" * depth + "}"
    response = upload(client, text)
    assert response.status_code == 422
    assert response.json()["extra"]["reason"] in {"not_json", "not_credential"}


def test_it_answers_a_credential_with_thousands_of_keys(client: Client) -> None:
    make("WD-001")
    credential = issued(client)
    credential["credentialSubject"].update({f"k{n}": n for n in range(15_000)})
    body = upload(client, json.dumps(credential)).json()
    assert body["verdict"] == "not_valid"
    assert "“k0” in the subject" in body["reason"]


def test_it_refuses_a_file_over_256_kb(client: Client) -> None:
    response = upload(client, b" " * (256 * 1024 + 1))
    assert response.status_code == 413
    assert "256 KB" in response.json()["message"]


def test_it_reads_a_file_of_exactly_256_kb(client: Client) -> None:
    make("WD-001")
    text = json.dumps(issued(client))
    padded = text + " " * (256 * 1024 - len(text.encode()))
    assert upload(client, padded).json()["verdict"] == "valid"


def test_it_asks_for_the_file(client: Client) -> None:
    response = client.post(CHECK, {})
    assert response.status_code == 422
    assert response.json()["extra"]["fields"]["file"] == "This field is required."


def test_it_refuses_a_post_without_csrf_token(csrf_client: Client) -> None:
    response = upload(csrf_client, "{}")
    assert response.status_code == 403


def test_it_counts_a_check_as_a_lookup(client: Client) -> None:
    with override_settings(RATE_LIMIT_VERIFY="1/m"):
        assert upload(client, "{}").status_code == 422
        assert upload(client, "{}").status_code == 429


def test_it_does_not_change_the_credential_it_was_given(client: Client) -> None:
    make("WD-001")
    credential = issued(client)
    before = copy.deepcopy(credential)
    openbadges_check.credential_check(data=json.dumps(credential).encode())
    assert credential == before
