from __future__ import annotations

import datetime
import io
import zipfile
from typing import Any

import pytest

from certificates.imports import CertificateImportError, ImportReport, certificate_import
from certificates.models import Certificate
from certificates.schemas import ImportReportOut
from certificates.tests.conftest import HEADER, csv_bytes, make, source

pytestmark = pytest.mark.django_db


def run(data: bytes, *, dry_run: bool = False) -> ImportReport:
    return certificate_import(source=source(data), dry_run=dry_run)


def refused(data: bytes, *, dry_run: bool = False) -> CertificateImportError:
    before = list(Certificate.objects.values_list("certificate_id", "name", "updated_at"))
    with pytest.raises(CertificateImportError) as info:
        run(data, dry_run=dry_run)
    after = list(Certificate.objects.values_list("certificate_id", "name", "updated_at"))
    assert after == before, "a refused import must not change the database"
    return info.value


def test_it_creates_records_and_counts_them() -> None:
    report = run(csv_bytes("wd-1,Web Development,30 Days,Priya Sharma", "WD-2,Java,2 Months,Ravi"))

    assert (report.rows, report.created, report.updated, report.unchanged) == (2, 2, 0, 0)
    assert report.imported is True
    record = Certificate.objects.get(certificate_id="WD-1")
    assert (record.name, record.course, record.duration) == (
        "Priya Sharma",
        "Web Development",
        "30 Days",
    )


def test_it_updates_changed_records_and_counts_unchanged_ones() -> None:
    make("WD-1", name="Priya Sharma", course="Web Development", duration="30 Days")
    make("WD-2", name="Old Name", course="Java", duration="2 Months")
    untouched = Certificate.objects.get(certificate_id="WD-1").updated_at

    report = run(
        csv_bytes(
            "WD-1,Web Development,30 Days,Priya Sharma",
            "WD-2,Java,2 Months,New Name",
            "WD-3,Python,30 Days,Asha",
        )
    )

    assert (report.created, report.updated, report.unchanged) == (1, 1, 1)
    assert (report.created_ids, report.updated_ids, report.unchanged_ids) == (
        ["WD-3"],
        ["WD-2"],
        ["WD-1"],
    )
    assert Certificate.objects.get(certificate_id="WD-2").name == "New Name"
    assert Certificate.objects.get(certificate_id="WD-1").updated_at == untouched


def test_it_keeps_the_revocation_of_a_reimported_record() -> None:
    make("RV-1", status=Certificate.Status.REVOKED, revoked_reason="Fraud")

    run(csv_bytes("RV-1,Java,30 Days,Someone Else"))

    record = Certificate.objects.get(certificate_id="RV-1")
    assert (record.status, record.name) == ("revoked", "Someone Else")


def test_it_writes_nothing_on_a_dry_run() -> None:
    make("WD-1", name="Old")

    report = run(csv_bytes("WD-1,Web Development,30 Days,New", "WD-2,Java,,"), dry_run=True)

    assert (report.created, report.updated, report.unchanged) == (1, 1, 0)
    assert (report.created_ids, report.updated_ids, report.unchanged_ids) == (
        ["WD-2"],
        ["WD-1"],
        [],
    )
    assert report.dry_run is True
    assert report.imported is False
    assert Certificate.objects.count() == 1
    assert Certificate.objects.get().name == "Old"


def test_it_accepts_a_byte_order_mark_and_crlf_lines() -> None:
    data = csv_bytes(bom=True).replace(b"\n", b"\r\n") + b"WD-1,Java,30 Days,Zo\xc3\xab\r\n"

    report = run(data)

    assert report.created == 1
    assert Certificate.objects.get().name == "Zoë"


@pytest.mark.parametrize(
    "header",
    [
        "certificate_id,course,duration,name",
        "Certificate ID, Course ,DURATION,Name",
        "CERTIFICATEID,COURSE,DURATION,NAME",
        "Name,Duration,Course,Certificate_ID",
    ],
)
def test_it_matches_header_names_ignoring_case_spaces_and_underscores(header: str) -> None:
    columns = [h.strip().replace(" ", "").replace("_", "").lower() for h in header.split(",")]
    values = {"certificateid": "WD-1", "course": "Java", "duration": "30 Days", "name": "Asha"}

    report = run(csv_bytes(",".join(values[c] for c in columns), header=header + "\n"))

    assert report.created == 1
    record = Certificate.objects.get()
    assert (record.certificate_id, record.course, record.duration, record.name) == (
        "WD-1",
        "Java",
        "30 Days",
        "Asha",
    )


def test_it_ignores_extra_columns_with_a_warning() -> None:
    report = run(
        csv_bytes(
            "WD-1,Java,30 Days,Asha,+91 98000 11122",
            header="CertificateID,Course,Duration,Name,Phone\n",
        )
    )

    assert report.created == 1
    assert report.warnings == ["Ignored column: Phone."]


def test_it_allows_empty_cells_other_than_the_id() -> None:
    report = run(csv_bytes("WD-1,,,", "WD-2"))

    assert report.created == 2
    assert set(Certificate.objects.values_list("name", "course", "duration")) == {("", "", "")}


def test_it_reads_an_optional_issue_date_column() -> None:
    report = run(
        csv_bytes(
            "WD-1,Java,30 Days,Asha,2026-11-22",
            "WD-2,Java,30 Days,Ravi,22/11/2026",
            "WD-3,Java,30 Days,Meera,",
            header="CertificateID,Course,Duration,Name,Issue Date\n",
        )
    )

    assert report.created == 3
    dates = dict(Certificate.objects.values_list("certificate_id", "issue_date"))
    assert dates == {
        "WD-1": datetime.date(2026, 11, 22),
        "WD-2": datetime.date(2026, 11, 22),
        "WD-3": None,
    }


def test_it_crosses_batch_boundaries() -> None:
    make("ID-00500", name="Old")
    rows = [f"ID-{i:05d},Java,30 Days,Person {i}" for i in range(2500)]

    report = run(csv_bytes(*rows))

    assert (report.created, report.updated) == (2499, 1)
    assert Certificate.objects.count() == 2500


def test_a_dry_run_lists_the_first_50_ids_of_each_count_in_file_order() -> None:
    make("ID-00070", name="Old")
    make("ID-00071", name="Person 71", course="Java", duration="30 Days")
    rows = [f"ID-{i:05d},Java,30 Days,Person {i}" for i in range(2500)]

    report = run(csv_bytes(*rows), dry_run=True)

    assert report.created == 2498
    # The first 50 new IDs, across the importer's batches; the rest only counted.
    expected = [f"ID-{i:05d}" for i in range(2500) if i not in (70, 71)][:50]
    assert report.created_ids == expected
    assert (report.updated_ids, report.unchanged_ids) == (["ID-00070"], ["ID-00071"])
    body = ImportReportOut.model_validate(report).model_dump()
    assert len(body["created_ids"]) == 50
    assert Certificate.objects.count() == 2


# --- Refusals: each writes nothing ----------------------------------------------------


def test_it_refuses_an_empty_file() -> None:
    make("KEEP-1")

    error = refused(b"")

    assert error.reason == "empty"
    assert "The file is empty" in error.message


@pytest.mark.parametrize("data", [b"\xef\xbb\xbf", b"\n\n  \r\n", b" "])
def test_it_refuses_a_file_with_nothing_in_it(data: bytes) -> None:
    assert refused(data).reason == "empty"


def test_it_refuses_a_header_without_rows() -> None:
    error = refused(csv_bytes())

    assert error.reason == "empty"
    assert error.message == "The file has a header but no rows to import."


def test_it_names_the_missing_columns() -> None:
    error = refused(csv_bytes("WD-1,Asha", header="CertificateID,Student\n"))

    assert error.reason == "headers"
    assert "missing the columns Course, Duration, Name" in error.message
    assert "found: CertificateID, Student" in error.message


def test_it_refuses_a_file_without_a_header_line() -> None:
    error = refused(csv_bytes("WD-2,Java,30 Days,Ravi", header="WD-1,Java,30 Days,Asha\n"))

    assert error.reason == "headers"


def test_it_refuses_a_column_named_twice() -> None:
    error = refused(
        csv_bytes("WD-1,Java,30 Days,A,B", header="CertificateID,Course,Duration,Name,name\n")
    )

    assert error.reason == "headers"
    assert "Name appears twice" in error.message


def test_it_refuses_an_excel_workbook() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")

    error = refused(buffer.getvalue())

    assert error.reason == "not_csv"
    assert "Excel workbook (.xlsx)" in error.message


@pytest.mark.parametrize(
    "data",
    [
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100,
        b"%PDF-1.7\n",
        b"\x89PNG\r\n\x1a\n",
        b"CertificateID\x00,Course\n",
    ],
)
def test_it_refuses_binary_files(data: bytes) -> None:
    assert refused(data).reason == "not_csv"


def test_it_refuses_a_nul_byte_past_the_first_8_kb_and_writes_nothing() -> None:
    """Issue 15.8: only the first 8 KB were checked; PostgreSQL then failed with a 500."""
    rows = [f"WD-{n},Java,30 Days,Asha {n}" for n in range(400)]
    data = csv_bytes(*rows, "WD-NUL,Java,30 Days,As\x00ha")
    assert data.index(b"\x00") > 8192

    error = refused(data)

    assert error.reason == "not_csv"
    assert "line 402 contains binary data" in error.message
    assert Certificate.objects.count() == 0


@pytest.mark.parametrize(
    "data",
    [
        csv_bytes("WD-1,Java,30 Days,Zoë").decode().encode("latin-1"),
        "\ufeffCertificateID,Course,Duration,Name\nWD-1,Java,30,Asha\n".encode("utf-16"),
        HEADER.encode() + b"WD-1,Java,30 Days,\xff\xfe\n",
    ],
)
def test_it_refuses_text_that_is_not_utf8(data: bytes) -> None:
    error = refused(data)

    assert error.reason == "encoding"
    assert error.message == "The file is not UTF-8 text. Save it as CSV UTF-8 and try again."


def test_it_refuses_bad_encoding_deep_in_a_large_file() -> None:
    rows = [f"ID-{i:05d},Java,30 Days,Person" for i in range(3000)]
    data = csv_bytes(*rows) + b"LAST,Java,30 Days,Jos\xe9\n"

    assert refused(data).reason == "encoding"


def test_it_reports_an_id_twice_with_both_line_numbers() -> None:
    error = refused(csv_bytes("WD-1,Java,30 Days,A", "WD-2,Java,30 Days,B", "wd-1 ,Java,30 Days,C"))

    assert error.reason == "rows"
    report = error.report
    assert [(e.line, e.certificate_id) for e in report.errors] == [(4, "WD-1")]
    assert "appears twice in the file (lines 2 and 4)" in report.errors[0].message
    assert (
        error.message == "1 row has errors. Nothing was imported. Correct the file and try again."
    )


def test_it_reports_empty_and_malformed_ids_with_line_numbers() -> None:
    error = refused(
        csv_bytes(
            "WD-1,Java,30 Days,A",
            ",Java,30 Days,No ID",
            "WD 2,Java,30 Days,Space",
            "WD-3,Java,30 Days,Fine",
            f"{'X' * 65},Java,30 Days,Long",
        )
    )

    messages = {(e.line, e.message.split(" (")[0]) for e in error.report.errors}
    assert messages == {
        (3, "CertificateID is empty."),
        (4, "CertificateID may contain only letters, digits, '-', '_' and '/'"),
        (6, "CertificateID is longer than 64 characters."),
    }
    assert error.message.startswith("3 rows have errors. Nothing was imported.")


def test_it_counts_lines_of_multi_line_cells_and_blank_lines() -> None:
    data = HEADER.encode() + b'WD-1,Java,30 Days,"Two\nLines"\n\nBAD ID,Java,,\n'

    error = refused(data)

    assert [e.line for e in error.report.errors] == [5]


def test_it_refuses_an_unreadable_date() -> None:
    error = refused(
        csv_bytes("WD-1,Java,30 Days,A,next week", header=HEADER.strip() + ",IssueDate\n")
    )

    assert "IssueDate 'next week' is not a date" in error.report.errors[0].message


def test_it_refuses_a_too_long_name() -> None:
    error = refused(csv_bytes(f"WD-1,Java,30 Days,{'n' * 201}"))

    assert error.report.errors[0].message == "Name is longer than 200 characters."


def test_it_writes_nothing_when_the_last_row_is_bad() -> None:
    make("WD-00001", name="Old")
    rows = [f"WD-{i:05d},Java,30 Days,Person {i}" for i in range(1, 4500)]

    error = refused(csv_bytes(*rows, "BAD ID,Java,30 Days,X"))

    assert error.report.error_count == 1
    assert Certificate.objects.count() == 1
    assert Certificate.objects.get().name == "Old"


def test_it_still_counts_rows_after_an_error() -> None:
    make("WD-2")
    error = refused(csv_bytes("BAD ID,Java,,", "WD-1,Java,,", "WD-2,Java,30 Days,Priya Sharma"))

    assert (error.report.created, error.report.updated, error.report.rows) == (1, 1, 3)


def test_it_caps_the_listed_errors_but_counts_them_all() -> None:
    error = refused(csv_bytes(*["BAD ID,Java,,"] * 250))

    assert error.report.error_count == 250
    assert len(error.report.errors) == 200
    assert ImportReportOut.model_validate(error.report).errors_truncated is True


def test_it_refuses_an_oversized_file(settings: Any) -> None:
    settings.CERTIFICATE_IMPORT_MAX_BYTES = 2048
    rows = [f"WD-{i:05d},Java,30 Days,Person {i}" for i in range(200)]

    error = refused(csv_bytes(*rows))

    assert error.reason == "too_large"
    assert "larger than" in error.message


class _Unsized(io.RawIOBase):
    """A stream whose size is unknown (no seek, no size)."""

    def __init__(self, data: bytes) -> None:
        self._data = io.BytesIO(data)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        chunk = self._data.read(len(buffer))
        buffer[: len(chunk)] = chunk
        return len(chunk)


def test_it_stops_reading_an_unsized_stream_past_the_limit(settings: Any) -> None:
    settings.CERTIFICATE_IMPORT_MAX_BYTES = 20_000
    rows = [f"WD-{i:05d},Java,30 Days,Person {i}" for i in range(3000)]

    with pytest.raises(CertificateImportError) as info:
        certificate_import(source=io.BufferedReader(_Unsized(csv_bytes(*rows))), dry_run=False)

    assert info.value.reason == "too_large"
    assert Certificate.objects.count() == 0


def test_it_refuses_a_malformed_csv_structure() -> None:
    data = HEADER.encode() + b"WD-1,Java,30 Days," + b"x" * 200_000 + b"\n"

    error = refused(data)

    assert error.reason == "not_csv"
