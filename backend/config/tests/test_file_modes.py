"""Issue 40.10: the SQLite database and the private files hold personal data, so they are
readable by the site's user only (0600, folders 0700), whatever the umask; public media
stays readable by nginx. The settings module is run afresh, as `make migrate` and every
server start read it."""

from __future__ import annotations

import os
import runpy
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import StorageHandler

SETTINGS = str(Path(__file__).resolve().parents[1] / "settings.py")


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture(autouse=True)
def _usual_umask() -> Iterator[None]:
    previous = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(previous)


def _settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, Any]:
    monkeypatch.setenv("VAR_DIR", str(tmp_path / "var"))
    for name in ("DATABASE_URL", "PRIVATE_STORAGE_DIR", "PRIVATE_STORAGE_BUCKET"):
        monkeypatch.delenv(name, raising=False)
    return runpy.run_path(SETTINGS)


def test_the_sqlite_database_and_its_wal_are_created_0600(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    computed = _settings(monkeypatch, tmp_path)
    database = Path(computed["DATABASES"]["default"]["NAME"])
    assert database == tmp_path / "var" / "db.sqlite3"
    assert mode(database) == 0o600
    # What Django's first connection does (WAL), then a write: SQLite gives its -wal and
    # -shm files the database file's mode.
    connection = sqlite3.connect(database)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("CREATE TABLE t (x)")
    connection.commit()
    try:
        for suffix in ("-wal", "-shm"):
            assert mode(database.with_name(database.name + suffix)) == 0o600
    finally:
        connection.close()
    assert mode(tmp_path / "var" / "secret_key") == 0o600


def test_an_existing_world_readable_database_is_made_private(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "var").mkdir()
    database = tmp_path / "var" / "db.sqlite3"
    database.write_bytes(b"")
    database.chmod(0o644)
    _settings(monkeypatch, tmp_path)
    assert mode(database) == 0o600


def test_a_stored_private_file_is_0600_in_folders_0700_and_media_stays_public(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    computed = _settings(monkeypatch, tmp_path)
    media = computed["STORAGES"]["default"]
    media_here = {**media, "OPTIONS": {**media["OPTIONS"], "location": tmp_path / "media"}}
    storages = StorageHandler({**computed["STORAGES"], "default": media_here})
    name = storages["private"].save("post_office_attachments/INV-1.pdf", ContentFile(b"%PDF"))
    private_root = tmp_path / "var" / "private"
    assert mode(private_root / name) == 0o600
    assert mode(private_root / "post_office_attachments") == 0o700
    assert mode(private_root) == 0o700

    os.umask(0o077)  # as the systemd units say: media must stay readable by nginx
    photo = storages["default"].save("team/asha.jpg", ContentFile(b"jpeg"))
    assert mode(tmp_path / "media" / photo) == 0o644
    assert mode(tmp_path / "media" / "team") == 0o755
