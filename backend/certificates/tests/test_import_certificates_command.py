from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from certificates.models import Certificate
from certificates.tests.conftest import csv_bytes, make

pytestmark = pytest.mark.django_db


def write(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "certificates.csv"
    path.write_bytes(data)
    return path


def test_it_imports_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    call_command("import_certificates", str(write(tmp_path, csv_bytes("WD-1,Java,30 Days,Asha"))))

    assert Certificate.objects.filter(certificate_id="WD-1").exists()
    assert "created: 1" in capsys.readouterr().out


def test_it_writes_nothing_on_a_dry_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    make("WD-1", name="Old")
    path = write(tmp_path, csv_bytes("WD-1,Java,30 Days,New", "WD-2,Java,30 Days,Ravi"))

    call_command("import_certificates", str(path), "--dry-run")

    out = capsys.readouterr().out
    assert "created: 1  updated: 1" in out
    assert "Nothing was written" in out
    assert Certificate.objects.count() == 1
    assert Certificate.objects.get().name == "Old"


def test_it_fails_with_the_bad_rows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, csv_bytes("WD-1,Java,,", "BAD ID,Java,,"))

    with pytest.raises(CommandError, match="1 row has errors"):
        call_command("import_certificates", str(path))

    assert "Line 3 (BAD ID): CertificateID may contain only" in capsys.readouterr().err
    assert Certificate.objects.count() == 0


def test_it_fails_for_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="No such file"):
        call_command("import_certificates", str(tmp_path / "nope.csv"))
