"""STORAGES["private"]: where interns' submitted files are kept (never under MEDIA_ROOT),
and django-storages' S3 backend when a bucket is configured. The settings module is run
afresh with the environment of each case, as the server would read it."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.files.storage import StorageHandler

SETTINGS = str(Path(__file__).resolve().parents[1] / "settings.py")


def _settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **env: str) -> dict[str, Any]:
    monkeypatch.setenv("VAR_DIR", str(tmp_path / "var"))
    for name in ("PRIVATE_STORAGE_DIR", "PRIVATE_STORAGE_BUCKET"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(SETTINGS)


def test_it_keeps_private_files_under_var_outside_media(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    computed = _settings(monkeypatch, tmp_path)

    private = computed["STORAGES"]["private"]
    assert private["BACKEND"] == "core.storage.PrivateFileSystemStorage"
    assert private["OPTIONS"] == {
        "location": tmp_path / "var" / "private",
        "file_permissions_mode": 0o600,
        "directory_permissions_mode": 0o700,
    }
    storage = StorageHandler(computed["STORAGES"])["private"]
    with pytest.raises(ValueError):
        storage.url("submissions/x.pdf")  # no public address at all


def test_it_refuses_a_private_directory_inside_media(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    with pytest.raises(ImproperlyConfigured, match="PRIVATE_STORAGE_DIR"):
        _settings(monkeypatch, tmp_path, PRIVATE_STORAGE_DIR=str(tmp_path / "var" / "media" / "p"))


def test_it_uses_a_private_s3_bucket_when_one_is_named(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    computed = _settings(
        monkeypatch,
        tmp_path,
        PRIVATE_STORAGE_BUCKET="interns-work",
        PRIVATE_STORAGE_ENDPOINT_URL="https://s3.storage.example",
        AWS_ACCESS_KEY_ID="test-key-id",
        AWS_SECRET_ACCESS_KEY="test-secret",
    )

    storage = StorageHandler(computed["STORAGES"])["private"]
    assert type(storage).__module__ == "storages.backends.s3"
    assert storage.bucket_name == "interns-work"
    assert storage.default_acl == "private"
    assert storage.file_overwrite is False
    assert storage.endpoint_url == "https://s3.storage.example"
