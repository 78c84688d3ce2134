"""The CSV import of certificate records (all or nothing, streamed, in batches)."""

from __future__ import annotations

import codecs
import csv
import io
import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import IO, Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone

from certificates import selectors, services
from certificates.models import (
    COURSE_MAX_LENGTH,
    DURATION_MAX_LENGTH,
    NAME_MAX_LENGTH,
    Certificate,
    certificate_id_normalise,
    certificate_id_problem,
)
from certificates.schemas import ImportReportOut
from core.errors import ApplicationError

logger = logging.getLogger(__name__)

# --- CSV import -------------------------------------------------------------------------

IMPORT_BATCH_SIZE = 1000
IMPORT_ERRORS_SHOWN = 200
# The report lists the first this many CertificateIDs under each count (new, updated,
# unchanged), in file order; the count says how many more there are.
IMPORT_IDS_SHOWN = 50
SNIFF_BYTES = 8192

REQUIRED_COLUMNS = ("CertificateID", "Course", "Duration", "Name")
EMAIL_MAX_LENGTH = 254
OPTIONAL_COLUMNS = ("IssueDate", "Email")
_COLUMN_KEYS = {c.lower(): c for c in (*REQUIRED_COLUMNS, *OPTIONAL_COLUMNS)}
_DATE_FORMATS = ("%Y-%m-%d", "%d-%m-%Y", "%d/%m/%Y", "%d.%m.%Y", "%d %B %Y", "%d %b %Y")

# What a spreadsheet or other binary file starts with (people upload .xlsx as "CSV").
_BINARY_SIGNATURES = (
    (b"PK\x03\x04", "a ZIP archive or an Excel workbook (.xlsx)"),
    (b"\xd0\xcf\x11\xe0", "an Excel workbook (.xls)"),
    (b"%PDF", "a PDF document"),
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"\x1f\x8b", "a gzip archive"),
)
_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)

NOT_UTF8 = "The file is not UTF-8 text. Save it as CSV UTF-8 and try again."
EMPTY_FILE = "The file is empty. It needs a header line (CertificateID, Course, Duration, Name) and at least one row."
NO_ROWS = "The file has a header but no rows to import."


@dataclass
class ImportRowError:
    line: int
    certificate_id: str
    message: str


@dataclass
class ImportReport:
    dry_run: bool
    rows: int = 0
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    # The first IMPORT_IDS_SHOWN CertificateIDs behind each count, in file order.
    created_ids: list[str] = field(default_factory=list)
    updated_ids: list[str] = field(default_factory=list)
    unchanged_ids: list[str] = field(default_factory=list)
    # Holders emailed their links by this import (on a dry run: who would be).
    emails: int = 0
    error_count: int = 0
    errors: list[ImportRowError] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    imported: bool = False  # True once the rows are in the database

    def add_error(self, line: int, certificate_id: str, message: str) -> None:
        self.error_count += 1
        if len(self.errors) < IMPORT_ERRORS_SHOWN:
            self.errors.append(ImportRowError(line, certificate_id, message))

    def add_ids(self, shown: list[str], certificate_ids: list[str]) -> None:
        shown.extend(certificate_ids[: max(0, IMPORT_IDS_SHOWN - len(shown))])


class CertificateImportError(ApplicationError):
    """The file cannot be imported; nothing was written. `reason` says which check failed
    (not_csv, encoding, empty, headers, too_large, rows) and the report is in extra."""

    def __init__(self, message: str, *, reason: str, report: ImportReport) -> None:
        super().__init__(
            message,
            status_code=422,
            extra={"reason": reason, "report": ImportReportOut.model_validate(report).model_dump()},
        )
        self.reason = reason
        self.report = report


class _LimitedReader(io.RawIOBase):
    """Reads the upload (the sniffed bytes first) and stops past the size limit, for
    sources whose size is not known beforehand."""

    def __init__(
        self, prefix: bytes, source: IO[bytes], limit: int, on_limit: Callable[[], None]
    ) -> None:
        self._prefix = prefix
        self._source = source
        self._limit = limit
        self._seen = 0
        self._on_limit = on_limit

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        if self._prefix:
            chunk = self._prefix[: len(view)]
            self._prefix = self._prefix[len(chunk) :]
        else:
            chunk = self._source.read(len(view))
        self._seen += len(chunk)
        if self._seen > self._limit:
            self._on_limit()
        view[: len(chunk)] = chunk
        return len(chunk)


def _column_key(header: str) -> str:
    return "".join(ch for ch in header.strip().lower() if ch not in " _")


def _size_of(source: IO[bytes]) -> int | None:
    size = getattr(source, "size", None)
    if isinstance(size, int):
        return size
    try:
        position = source.tell()
        end = source.seek(0, io.SEEK_END)
        source.seek(position)
        return end - position
    except (AttributeError, OSError, ValueError):
        return None


def _parse_date(value: str) -> date | None:
    for fmt in _DATE_FORMATS:
        try:
            return datetime.strptime(value, fmt).date()
        except ValueError:
            continue
    raise ValueError(value)


@dataclass
class _Row:
    line: int
    certificate_id: str
    name: str
    course: str
    duration: str
    issue_date: date | None
    date_problem: str | None
    email: str = ""


class _Importer:
    def __init__(self, *, dry_run: bool, max_bytes: int) -> None:
        self.report = ImportReport(dry_run=dry_run)
        self.max_bytes = max_bytes
        self.writing = not dry_run
        self.seen_lines: dict[str, int] = {}
        self.has_issue_date = False
        self.has_email = False
        self.now = timezone.now()

    def fail(self, reason: str, message: str) -> CertificateImportError:
        return CertificateImportError(message, reason=reason, report=self.report)

    def too_large(self) -> None:
        limit_mb = self.max_bytes / (1024 * 1024)
        raise self.fail(
            "too_large",
            f"The file is larger than {limit_mb:g} MB. Split it into smaller files and import them one by one.",
        )

    # -- reading ------------------------------------------------------------------------

    def text_lines(self, source: IO[bytes]) -> io.TextIOWrapper:
        size = _size_of(source)
        if size is not None and size > self.max_bytes:
            self.too_large()
        head = source.read(SNIFF_BYTES) or b""
        if not head.strip():
            raise self.fail("empty", EMPTY_FILE)
        for signature, what in _BINARY_SIGNATURES:
            if head.startswith(signature):
                raise self.fail(
                    "not_csv",
                    f"The file is not a CSV file (it looks like {what}). In your spreadsheet "
                    "choose Save As, CSV UTF-8 (comma delimited), and upload that file.",
                )
        if head.startswith(_UTF16_BOMS):
            raise self.fail("encoding", NOT_UTF8)
        if b"\x00" in head:
            raise self.fail(
                "not_csv",
                "The file is not a CSV file (it contains binary data). Save it as CSV UTF-8 and try again.",
            )
        try:
            # final=False: a character cut in two by the sniff window is not an error.
            codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
        except UnicodeDecodeError as exc:
            raise self.fail("encoding", NOT_UTF8) from exc
        raw = _LimitedReader(head, source, self.max_bytes, self.too_large)
        # utf-8-sig drops the byte-order mark Excel puts first; newline="" is what csv wants.
        return io.TextIOWrapper(io.BufferedReader(raw, 64 * 1024), encoding="utf-8-sig", newline="")

    def rows(self, text: io.TextIOWrapper) -> Iterator[_Row]:
        reader = csv.reader(text, strict=False)
        header: list[str] | None = None
        columns: dict[str, int] = {}
        last_line = 0
        try:
            for cells in reader:
                line = last_line + 1
                last_line = reader.line_num
                if any("\x00" in cell for cell in cells):
                    # Past the sniffed head too: the database could not store it (PostgreSQL).
                    raise self.fail(
                        "not_csv",
                        f"The file is not a CSV file (line {line} contains binary data). "
                        "Save it as CSV UTF-8 and try again.",
                    )
                if not any(cell.strip() for cell in cells):
                    continue
                if header is None:
                    header = cells
                    columns = self.columns(header)
                    continue
                yield self.row(line, cells, columns)
        except UnicodeDecodeError as exc:
            raise self.fail("encoding", NOT_UTF8) from exc
        except csv.Error as exc:
            raise self.fail(
                "not_csv", f"The file is not a valid CSV file (line {reader.line_num}: {exc})."
            ) from exc
        if header is None:
            raise self.fail("empty", EMPTY_FILE)

    def columns(self, header: list[str]) -> dict[str, int]:
        columns: dict[str, int] = {}
        ignored: list[str] = []
        for index, title in enumerate(header):
            canonical = _COLUMN_KEYS.get(_column_key(title))
            if canonical is None:
                if title.strip():
                    ignored.append(title.strip())
                continue
            if canonical in columns:
                raise self.fail(
                    "headers",
                    f"The column {canonical} appears twice in the header line. Keep one of them.",
                )
            columns[canonical] = index
        missing = [name for name in REQUIRED_COLUMNS if name not in columns]
        if missing:
            found = ", ".join(cell.strip() for cell in header if cell.strip()) or "nothing"
            raise self.fail(
                "headers",
                f"The header line is missing the column{'s' if len(missing) > 1 else ''} "
                f"{', '.join(missing)}. The first line must name the columns CertificateID, "
                f"Course, Duration and Name (found: {found[:200]}).",
            )
        if ignored:
            self.report.warnings.append(
                f"Ignored column{'s' if len(ignored) > 1 else ''}: {', '.join(ignored)[:300]}."
            )
        self.has_issue_date = "IssueDate" in columns
        self.has_email = "Email" in columns
        return columns

    def row(self, line: int, cells: list[str], columns: dict[str, int]) -> _Row:
        def cell(name: str) -> str:
            index = columns.get(name)
            return cells[index].strip() if index is not None and index < len(cells) else ""

        issue_date: date | None = None
        date_problem: str | None = None
        raw_date = cell("IssueDate")
        if raw_date:
            try:
                issue_date = _parse_date(raw_date)
            except ValueError:
                date_problem = f"IssueDate {raw_date[:40]!r} is not a date. Write it as 2026-11-22."
        return _Row(
            line=line,
            certificate_id=certificate_id_normalise(cell("CertificateID")),
            name=" ".join(cell("Name").split()),
            course=" ".join(cell("Course").split()),
            duration=" ".join(cell("Duration").split()),
            issue_date=issue_date,
            date_problem=date_problem,
            email=cell("Email"),
        )

    # -- checking and writing -----------------------------------------------------------

    def check(self, row: _Row) -> bool:
        problem = certificate_id_problem(row.certificate_id)
        if problem:
            self.report.add_error(row.line, row.certificate_id[:80], problem)
            return False
        first_line = self.seen_lines.get(row.certificate_id)
        if first_line is not None:
            self.report.add_error(
                row.line,
                row.certificate_id,
                f"CertificateID {row.certificate_id} appears twice in the file "
                f"(lines {first_line} and {row.line}).",
            )
            return False
        self.seen_lines[row.certificate_id] = row.line
        for label, value, limit in (
            ("Name", row.name, NAME_MAX_LENGTH),
            ("Course", row.course, COURSE_MAX_LENGTH),
            ("Duration", row.duration, DURATION_MAX_LENGTH),
        ):
            if len(value) > limit:
                self.report.add_error(
                    row.line, row.certificate_id, f"{label} is longer than {limit} characters."
                )
                return False
        if row.date_problem:
            self.report.add_error(row.line, row.certificate_id, row.date_problem)
            return False
        if row.email:
            try:
                if len(row.email) > EMAIL_MAX_LENGTH:
                    raise ValidationError("too long")
                validate_email(row.email)
            except ValidationError:
                self.report.add_error(
                    row.line,
                    row.certificate_id,
                    f"Email {row.email[:80]!r} is not an email address.",
                )
                return False
        return True

    def apply(self, batch: list[_Row]) -> None:
        existing = {
            values[1]: values
            for values in Certificate.objects.filter(
                certificate_id__in=[row.certificate_id for row in batch]
            ).values_list(
                "pk",
                "certificate_id",
                "name",
                "course",
                "duration",
                "issue_date",
                "email",
                "emailed_at",
                "status",
            )
        }
        to_create: list[_Row] = []
        to_update: list[tuple[int, _Row]] = []
        to_email: list[str] = []
        for row in batch:
            current = existing.get(row.certificate_id)
            if current is None:
                to_create.append(row)
                if row.email and not _eliminated(row.course):
                    to_email.append(row.certificate_id)
                continue
            pk, _id, name, course, duration, issue_date, email, emailed_at, status = current
            email_after = row.email if self.has_email else email
            if (
                email_after
                and emailed_at is None
                and status == Certificate.Status.VALID
                and not _eliminated(row.course)
            ):
                to_email.append(row.certificate_id)
            changed = (name, course, duration) != (row.name, row.course, row.duration) or (
                (self.has_issue_date and issue_date != row.issue_date)
                or (self.has_email and email != row.email)
            )
            if changed:
                to_update.append((pk, row))
            else:
                self.report.unchanged += 1
                self.report.add_ids(self.report.unchanged_ids, [row.certificate_id])
        self.report.created += len(to_create)
        self.report.updated += len(to_update)
        self.report.add_ids(self.report.created_ids, [row.certificate_id for row in to_create])
        self.report.add_ids(self.report.updated_ids, [row.certificate_id for _, row in to_update])
        self.report.emails += len(to_email)
        # Once a row has failed nothing more is written: the transaction is rolled back
        # at the end anyway, and the rest of the file is only checked for the report.
        if self.writing and self.report.error_count == 0:
            self.write(to_create, to_update)
            if to_email:
                services.certificate_holders_notify(
                    certificates=list(Certificate.objects.filter(certificate_id__in=to_email))
                )

    def write(self, to_create: list[_Row], to_update: list[tuple[int, _Row]]) -> None:
        """One bulk_create per batch: new IDs are inserted, changed ones updated in place
        (INSERT ... ON CONFLICT on certificate_id, through the ORM). Unchanged rows were
        left out by apply(), so their updated_at, and their rendered files, stay."""
        fields = ["name", "course", "duration", "updated_at"]
        if self.has_issue_date:
            fields.append("issue_date")
        if self.has_email:
            fields.append("email")
        Certificate.objects.bulk_create(
            [
                Certificate(
                    certificate_id=row.certificate_id,
                    name=row.name,
                    course=row.course,
                    duration=row.duration,
                    issue_date=row.issue_date,
                    email=row.email,
                    created_at=self.now,
                    updated_at=self.now,
                )
                for row in [*to_create, *(row for _pk, row in to_update)]
            ],
            batch_size=IMPORT_BATCH_SIZE,
            update_conflicts=True,
            unique_fields=["certificate_id"],
            update_fields=fields,
        )

    def run(self, source: IO[bytes]) -> ImportReport:
        text = self.text_lines(source)
        batch: list[_Row] = []
        for row in self.rows(text):
            self.report.rows += 1
            if self.check(row):
                batch.append(row)
            if len(batch) >= IMPORT_BATCH_SIZE:
                self.apply(batch)
                batch = []
        if batch:
            self.apply(batch)
        if self.report.rows == 0:
            raise self.fail("empty", NO_ROWS)
        if self.report.error_count:
            count = self.report.error_count
            rows = "1 row has errors" if count == 1 else f"{count} rows have errors"
            raise self.fail(
                "rows", f"{rows}. Nothing was imported. Correct the file and try again."
            )
        self.report.imported = not self.report.dry_run
        return self.report


def certificate_import(*, source: IO[bytes], dry_run: bool) -> ImportReport:
    """Import certificate records from a CSV file (CertificateID, Course, Duration, Name,
    optionally IssueDate; header names match ignoring case, spaces and '_').

    All or nothing: the whole file is applied in one transaction, and any problem (with
    the file or with a single row) raises CertificateImportError, whose report lists every
    bad row, and leaves the database as it was. A dry run checks the file and counts what
    would be created, updated and unchanged, without writing. New IDs are created, known
    IDs updated (revocation status is kept). The file is read as a stream and written in
    batches, so large files need little memory.
    """
    max_bytes = settings.CERTIFICATE_IMPORT_MAX_BYTES
    importer = _Importer(dry_run=dry_run, max_bytes=max_bytes)
    if dry_run:
        return importer.run(source)
    with transaction.atomic():
        report = importer.run(source)
    logger.info(
        "Certificates imported: %s created, %s updated, %s unchanged",
        report.created,
        report.updated,
        report.unchanged,
    )
    return report


def _eliminated(course: str) -> bool:
    return course.strip().lower() == selectors.ELIMINATED
