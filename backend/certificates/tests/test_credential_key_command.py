from __future__ import annotations

import io
import json
import stat
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.test import Client

from certificates.tests.conftest import KEY, KEY_PUBLIC, make
from core.env import credential_signing_keys
from core.multikey import public_key_multibase, secret_key_from_multibase


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("credential_key", *args, stdout=out)
    return out.getvalue()


def test_it_refuses_to_start_in_production_without_a_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CREDENTIAL_SIGNING_KEY", raising=False)
    with pytest.raises(ImproperlyConfigured, match="CREDENTIAL_SIGNING_KEY must be set"):
        credential_signing_keys(tmp_path, production=True)
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("value", ["nonsense", KEY_PUBLIC, KEY + ",z3u2abc", "z" + "1" * 40])
def test_it_refuses_to_start_with_a_malformed_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("CREDENTIAL_SIGNING_KEY", value)
    with pytest.raises(ImproperlyConfigured, match="not a multibase Ed25519 secret key"):
        credential_signing_keys(tmp_path, production=True)


def test_it_reads_the_keys_from_the_environment_newest_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(
        "CREDENTIAL_SIGNING_KEY", f" {KEY} , z3u2dhAqcDc4B6FN3wp6kF13V8qk5bQZNqmsn5JREvsUKzMC"
    )
    keys = credential_signing_keys(tmp_path, production=True)
    assert keys == [KEY, "z3u2dhAqcDc4B6FN3wp6kF13V8qk5bQZNqmsn5JREvsUKzMC"]


def test_it_generates_and_keeps_a_key_in_the_embedded_setup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CREDENTIAL_SIGNING_KEY", raising=False)
    first = credential_signing_keys(tmp_path, production=False)
    again = credential_signing_keys(tmp_path, production=False)
    assert first == again and len(first) == 1
    secret_key_from_multibase(first[0])
    key_file = tmp_path / "credential_signing_keys"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600


@pytest.mark.django_db
def test_it_adds_a_key_in_the_embedded_setup_and_older_credentials_keep_verifying(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, settings: Any, client: Client
) -> None:
    monkeypatch.delenv("CREDENTIAL_SIGNING_KEY", raising=False)
    settings.VAR_DIR = tmp_path
    make("WD-001")
    old = client.get("/api/certificates/WD-001/credential").json()

    out = run("--new")

    key_file = tmp_path / "credential_signing_keys"
    keys = key_file.read_text().split()
    assert len(keys) == 2 and keys[1] == KEY
    new_public = public_key_multibase(secret_key_from_multibase(keys[0]).public_key())
    assert f"did:key:{new_public}" in out
    assert "Restart the server" in out
    # What a restarted server reads:
    settings.CREDENTIAL_SIGNING_KEYS = credential_signing_keys(tmp_path, production=False)
    new = client.get("/api/certificates/WD-001/credential").json()
    assert new["issuer"]["id"] == f"did:key:{new_public}"
    for credential in (old, new):
        response = client.post(
            "/api/credentials/check",
            {"file": io.BytesIO(json.dumps(credential).encode())},
        )
        assert response.json()["verdict"] == "valid"
    listing = run()
    assert f"did:key:{new_public}  (signs new credentials)" in listing
    assert f"did:key:{KEY_PUBLIC}  (retired, still trusted)" in listing


def test_it_prints_the_new_variable_in_production_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    monkeypatch.setenv("CREDENTIAL_SIGNING_KEY", KEY)
    settings.VAR_DIR = tmp_path

    out = run("--new")

    assert not list(tmp_path.iterdir())
    value = out.strip().splitlines()[-1]
    new_secret, old_secret = value.split(",")
    assert old_secret == KEY
    secret_key_from_multibase(new_secret)
