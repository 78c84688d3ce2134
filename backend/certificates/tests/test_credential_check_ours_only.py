"""Only what we issue is checked (docs/product.md section 13, second round): a file that
is not, term for term, the credential we sign for a record we hold reads "not valid" with
the reason, and is answered without canonicalising anything it holds."""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from certificates import openbadges
from certificates.tests.conftest import make

pytestmark = pytest.mark.django_db

CHECK = "/api/credentials/check"
NOT_OURS = "It is not a credential we issued: "


def upload(client: Client, document: Any) -> Any:
    data = json.dumps(document).encode()
    return client.post(CHECK, {"file": SimpleUploadedFile("c.json", data, "application/json")})


def issued(client: Client, certificate_id: str = "WD-001") -> dict[str, Any]:
    response = client.get(f"/api/certificates/{certificate_id}/credential")
    assert response.status_code == 200
    return dict(response.json())


@pytest.fixture
def canonicalise_spy(monkeypatch: pytest.MonkeyPatch) -> mock.Mock:
    """Every canonicalisation the check runs, still done for real."""
    spy = mock.Mock(wraps=openbadges.canonicalize)
    monkeypatch.setattr(openbadges, "canonicalize", spy)
    return spy


def blank_node_bomb(genuine: dict[str, Any]) -> dict[str, Any]:
    """A genuine credential's outside (context, type, issuer, our proof) around eight blank
    nodes that all point at one another: the graph whose canonicalisation (permutations
    of the blank nodes) ran for over 30 seconds."""
    names = [f"_:b{n}" for n in range(8)]
    nodes = [
        {
            "id": name,
            "type": ["Achievement"],
            "related": [{"id": other} for other in names if other != name],
        }
        for name in names
    ]
    bomb = dict(genuine)
    bomb["credentialSubject"] = {
        **genuine["credentialSubject"],
        "achievement": {**genuine["credentialSubject"]["achievement"], "related": nodes},
    }
    return bomb


def test_a_blank_node_bomb_is_not_valid_at_once_without_canonicalising(
    client: Client, canonicalise_spy: mock.Mock
) -> None:
    make("WD-001")
    bomb = blank_node_bomb(issued(client))
    canonicalise_spy.reset_mock()
    response = upload(client, bomb)
    assert response.status_code == 200
    body = response.json()
    assert body["verdict"] == "not_valid"
    assert body["reason"].startswith(NOT_OURS)
    assert "blank-node identifier" in body["reason"]
    canonicalise_spy.assert_not_called()


def test_blank_nodes_without_their_prefix_are_refused_by_shape_without_canonicalising(
    client: Client, canonicalise_spy: mock.Mock
) -> None:
    # The same knot tied with nodes that have no id at all: not our shape either.
    make("WD-001")
    credential = issued(client)
    credential["credentialSubject"]["achievement"]["alignment"] = [
        {"type": ["Alignment"], "targetName": f"n{n}", "targetUrl": "https://a.example"}
        for n in range(8)
    ]
    canonicalise_spy.reset_mock()
    body = upload(client, credential).json()
    assert body["verdict"] == "not_valid"
    assert body["reason"] == (
        NOT_OURS
        + "it carries a field “alignment” in the achievement, which our credentials never do."
    )
    canonicalise_spy.assert_not_called()


def test_a_genuine_credential_is_checked_over_our_rebuilt_document(
    client: Client, canonicalise_spy: mock.Mock
) -> None:
    make("WD-001")
    credential = issued(client)
    canonicalise_spy.reset_mock()
    assert upload(client, credential).json()["verdict"] == "valid"
    # The document and the proof options, both ours.
    assert canonicalise_spy.call_count == 2
    unsigned = {key: value for key, value in credential.items() if key != "proof"}
    assert canonicalise_spy.call_args_list[1].args[0] == unsigned


def test_an_added_grade_is_not_valid(client: Client) -> None:
    make("WD-001")
    credential = issued(client)
    credential["credentialSubject"]["grade"] = "A+"
    body = upload(client, credential).json()
    assert body["verdict"] == "not_valid"
    assert body["reason"] == (
        NOT_OURS + "it carries a field “grade” in the subject, which our credentials never do."
    )


def test_an_added_awarded_by_is_not_valid(client: Client) -> None:
    make("WD-001")
    credential = issued(client)
    credential["awardedBy"] = "Indian Institute of Technology"
    body = upload(client, credential).json()
    assert body["verdict"] == "not_valid"
    assert (
        body["reason"]
        == NOT_OURS + "it carries a field “awardedBy”, which our credentials never do."
    )


def test_hashed_as_the_string_false_is_not_valid(client: Client) -> None:
    # "false" is not false: a verifier would read the name as a hash and show nothing.
    make("WD-001")
    credential = issued(client)
    credential["credentialSubject"]["identifier"][0]["hashed"] = "false"
    body = upload(client, credential).json()
    assert body["verdict"] == "not_valid"
    assert body["reason"] == (
        NOT_OURS + "the holder's name does not match our record of certificate WD-001."
    )


def test_an_old_file_of_a_certificate_imported_again_under_another_name_is_not_valid(
    client: Client,
) -> None:
    certificate = make("WD-001", name="Priya Sharma")
    old = issued(client)
    assert upload(client, old).json()["verdict"] == "valid"
    certificate.name = "Rahul Verma"
    certificate.save()
    body = upload(client, old).json()
    assert body["verdict"] == "not_valid"
    assert body["holder"] == "Priya Sharma"
    assert body["reason"] == (
        NOT_OURS + "the holder's name does not match our record of certificate WD-001."
    )
    # The record's own credential, downloaded again, is valid.
    assert upload(client, issued(client)).json()["verdict"] == "valid"


def test_a_credential_for_a_certificate_we_do_not_hold_is_not_valid(client: Client) -> None:
    certificate = make("WD-001")
    credential = issued(client)
    certificate.delete()
    body = upload(client, credential).json()
    assert body["verdict"] == "not_valid"
    assert body["reason"] == NOT_OURS + "we hold no certificate WD-001."


def test_a_credential_whose_id_is_not_ours_is_not_valid(client: Client) -> None:
    make("WD-001")
    credential = issued(client)
    credential["id"] = "urn:uuid:5a2b7d1e-0c8f-4a7e-9d3b-1f2e3c4d5e6f"
    body = upload(client, credential).json()
    assert body["verdict"] == "not_valid"
    assert body["reason"] == NOT_OURS + "its id is not the address of one of our credentials."


def test_a_json_ld_keyword_is_not_valid(client: Client) -> None:
    make("WD-001")
    credential = issued(client)
    credential["credentialSubject"]["@included"] = [{"id": "https://a.example"}]
    body = upload(client, credential).json()
    assert body["verdict"] == "not_valid"
    assert "JSON-LD keyword (@included)" in body["reason"]


def test_a_repeated_key_is_refused(client: Client) -> None:
    make("WD-001")
    text = json.dumps(issued(client))
    doubled = text[:-1] + ', "name": "Another name"}'
    response = client.post(
        CHECK, {"file": SimpleUploadedFile("c.json", doubled.encode(), "application/json")}
    )
    assert response.status_code == 422
    assert response.json()["message"] == "The file is not a credential: it repeats the key 'name'."
