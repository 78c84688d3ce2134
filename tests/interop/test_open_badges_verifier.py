"""Our credentials checked by someone else's code: Digital Bazaar's verifiable credential
libraries with the Digital Credentials Consortium's document loader (verify.mjs), which
verifiers and wallets built on them use. `make test-credentials-interop` installs them
(package-lock.json here) and runs this file."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from certificates import services
from certificates.models import Certificate

HERE = Path(__file__).resolve().parent
SITE = "https://site.example"
KEY = "z3u2hvC5mMUqhW18wcYyTWeqzzN2gDRybRntgWkZQorh4pxj"
RETIRED_KEY = "z3u2dhAqcDc4B6FN3wp6kF13V8qk5bQZNqmsn5JREvsUKzMC"

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _site(settings: Any) -> None:
    settings.SITE_URL = SITE
    settings.CREDENTIAL_SIGNING_KEYS = [KEY]
    settings.RATE_LIMIT_ENABLED = False


def verify(client: Client, credential: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    """What the independent verifier says, given the status list our server serves now."""
    node = shutil.which("node")
    assert node, "Node.js is needed for this test"
    assert (HERE / "node_modules").is_dir(), "run `make test-credentials-interop` (npm ci here)"
    list_url = credential["credentialStatus"]["statusListCredential"]
    response = client.get(list_url.removeprefix(SITE))
    assert response.status_code == 200
    data = tmp_path / "input.json"
    data.write_text(
        json.dumps({"credential": credential, "statusLists": {list_url: response.json()}})
    )
    done = subprocess.run(  # noqa: S603  (our own script, fixed arguments)
        [node, str(HERE / "verify.mjs"), str(data)],
        cwd=HERE,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


def issue(client: Client, certificate_id: str = "WD-001") -> dict[str, Any]:
    response = client.get(f"/api/certificates/{certificate_id}/credential")
    assert response.status_code == 200
    return dict(response.json())


@pytest.fixture
def certificate() -> Certificate:
    return Certificate.objects.create(
        certificate_id="WD-001", name="प्रिया शर्मा", course="Web Development", duration="30 Days"
    )


def test_it_accepts_our_credential(
    client: Client, certificate: Certificate, tmp_path: Path
) -> None:
    result = verify(client, issue(client), tmp_path)
    assert result == {"verified": True, "revoked": False, "error": None}


def test_it_reports_a_revocation_and_a_restore(
    client: Client,
    certificate: Certificate,
    tmp_path: Path,
    django_capture_on_commit_callbacks: Any,
) -> None:
    credential = issue(client)
    with django_capture_on_commit_callbacks(execute=True):
        services.certificate_revoke(certificate_ids=[certificate.pk], reason="Issued in error")
    assert verify(client, credential, tmp_path) == {
        "verified": True,
        "revoked": True,
        "error": None,
    }
    with django_capture_on_commit_callbacks(execute=True):
        services.certificate_reinstate(certificate_ids=[certificate.pk])
    assert verify(client, credential, tmp_path) == {
        "verified": True,
        "revoked": False,
        "error": None,
    }


@pytest.mark.parametrize(
    "change",
    [
        lambda c: c["credentialSubject"]["identifier"][0].update(identityHash="Someone Else"),
        lambda c: c["credentialSubject"]["achievement"].update(name="Data Science"),
        lambda c: c["credentialSubject"]["achievement"]["criteria"].update(narrative="Top marks"),
        lambda c: c.update(name="Another certificate"),
        lambda c: c.update(validFrom="2020-01-01T00:00:00+05:30"),
        lambda c: c["issuer"].update(name="Another Company"),
        lambda c: c["issuer"].update(url="https://elsewhere.example"),
        lambda c: c["credentialStatus"].update(statusListIndex="7"),
        lambda c: c["proof"].update(created="2020-01-01T00:00:00Z"),
    ],
    ids=[
        "holder",
        "achievement",
        "criteria",
        "name",
        "valid-from",
        "issuer-name",
        "issuer-url",
        "status-index",
        "proof-created",
    ],
)
def test_it_rejects_our_credential_once_a_field_is_changed(
    client: Client, certificate: Certificate, tmp_path: Path, change: Any
) -> None:
    credential = issue(client)
    change(credential)
    assert verify(client, credential, tmp_path)["verified"] is False


def test_it_accepts_what_a_retired_key_signed(
    client: Client, certificate: Certificate, tmp_path: Path, settings: Any
) -> None:
    settings.CREDENTIAL_SIGNING_KEYS = [RETIRED_KEY]
    old = issue(client)
    settings.CREDENTIAL_SIGNING_KEYS = [KEY, RETIRED_KEY]
    assert issue(client)["issuer"] != old["issuer"]
    assert verify(client, old, tmp_path) == {"verified": True, "revoked": False, "error": None}
