from __future__ import annotations

import atexit
import codecs
import csv
import functools
import hashlib
import io
import json
import logging
import os
import re
import secrets
import tempfile
import threading
import uuid
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from datetime import UTC, date, datetime, time
from pathlib import Path
from time import monotonic
from typing import IO, Any
from urllib.parse import unquote

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import DatabaseError, IntegrityError, connections, transaction
from django.db.models import F, Max, Value
from django.db.models.fields.files import ImageFieldFile
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone

from catalog.selectors import site_settings_public
from certificates import credentials, drawing, selectors
from certificates.models import (
    COURSE_MAX_LENGTH,
    DURATION_MAX_LENGTH,
    NAME_MAX_LENGTH,
    Certificate,
    certificate_id_normalise,
    certificate_id_problem,
)
from certificates.selectors import certificate_path_segment, certificate_verify_url
from core.dates import INDIA
from core.email import email_queue
from core.env import credential_keys_file, credential_keys_write, env_str
from core.errors import ApplicationError, NotFound
from core.multikey import (
    DID_KEY_PREFIX,
    KeyFormatError,
    public_key_from_verification_method,
    public_key_multibase,
    secret_key_from_multibase,
    secret_key_multibase,
)
from core.ratelimit import rate_limit_hit

logger = logging.getLogger(__name__)

CREDENTIAL_NOT_FOUND = (
    "No verifiable credential: this certificate ID is invalid or was not awarded."
)

# --- Revocation -------------------------------------------------------------------------


@transaction.atomic
def certificate_revoke(*, certificate_ids: list[int], reason: str) -> int:
    """Revoke certificates (by primary key); returns how many changed. The reason is shown
    on the verify page, so it is required."""
    reason = " ".join(reason.split())
    if not reason:
        raise ApplicationError("Give a reason for the revocation.", status_code=422)
    now = timezone.now()
    status_list_invalidate()
    return Certificate.objects.filter(pk__in=certificate_ids).update(
        status=Certificate.Status.REVOKED, revoked_reason=reason, revoked_at=now, updated_at=now
    )


@transaction.atomic
def certificate_reinstate(*, certificate_ids: list[int]) -> int:
    status_list_invalidate()
    return Certificate.objects.filter(
        pk__in=certificate_ids, status=Certificate.Status.REVOKED
    ).update(
        status=Certificate.Status.VALID,
        revoked_reason="",
        revoked_at=None,
        updated_at=timezone.now(),
    )


# --- Rendering --------------------------------------------------------------------------

# Bump when the drawing changes, so cached files are drawn again.
RENDER_VERSION = "2"


@dataclass(frozen=True)
class RenderedFile:
    path: Path
    content_type: str
    filename: str  # offered to the browser
    etag: str


def _render_dir() -> Path:
    # Not under MEDIA_ROOT: /media/ is served as is, and a revoked certificate's file must
    # not stay reachable there. Only the download views (which check the status) read it.
    return Path(settings.CERTIFICATE_RENDER_DIR)


def _content(certificate: Certificate, brand: str) -> drawing.CertificateContent:
    return drawing.CertificateContent(
        brand=brand,
        name=certificate.name.strip(),
        domain=certificate.course.strip(),
        duration=certificate.duration.strip(),
        certificate_id=certificate.certificate_id,
        issue_date=certificate.issue_date,
        verify_url=certificate_verify_url(certificate_id=certificate.certificate_id),
    )


def _download_name(prefix: str, certificate: Certificate, extension: str) -> str:
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in certificate.certificate_id)
    return f"{prefix}-{safe}.{extension}"


def _write_atomically(path: Path, data: bytes) -> None:
    # Another worker may be serving the same name: write aside, then rename over it.
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _cached(
    *,
    kind: str,
    certificate: Certificate,
    extension: str,
    parts: list[str],
    build: Callable[[], bytes],
) -> tuple[Path, str]:
    """The path of a rendered file, drawing it first unless a file for exactly this
    version of the record (and brand, site URL, uploaded image, drawing) exists."""
    id_hash = hashlib.sha256(certificate.certificate_id.encode()).hexdigest()[:20]
    key = "|".join(
        [
            RENDER_VERSION,
            kind,
            certificate.certificate_id,
            certificate.updated_at.isoformat() if certificate.updated_at else "",
            settings.SITE_URL,
            *parts,
        ]
    )
    key_hash = hashlib.sha256(key.encode()).hexdigest()[:20]
    directory = _render_dir() / kind
    path = directory / f"{id_hash}-{key_hash}.{extension}"
    try:
        os.utime(path)  # a hit: most recently used now
    except FileNotFoundError:
        _write_atomically(path, build())
        # Older versions of this record's file are no longer needed.
        for stale in directory.glob(f"{id_hash}-*.{extension}"):
            if stale != path:
                stale.unlink(missing_ok=True)
        render_cache_trim(keep=path)
    return path, key_hash


def render_cache_trim(*, keep: Path | None = None) -> int:
    """Delete the least recently used rendered files until the cache fits in
    CERTIFICATE_RENDER_CACHE_MB; returns how many were deleted. Every file can be drawn
    again, so this only costs a redraw; `keep` (the file just written) stays."""
    limit = settings.CERTIFICATE_RENDER_CACHE_MB * 1024 * 1024
    files = []
    for path in _render_dir().rglob("*"):
        try:
            info = path.stat()
        except FileNotFoundError:
            continue  # another worker trimmed it
        if path.is_file() and not path.name.startswith(".tmp-"):
            files.append((info.st_mtime, info.st_size, path))
    total = sum(size for _mtime, size, _path in files)
    deleted = 0
    for _mtime, size, path in sorted(files):
        if total <= limit:
            break
        if path == keep:
            continue
        path.unlink(missing_ok=True)
        total -= size
        deleted += 1
    return deleted


# --- Verification counts ----------------------------------------------------------------

_counts_lock = threading.Lock()
# certificate pk -> (verifications not written yet, the last one's time)
_counts_pending: dict[int, tuple[int, datetime]] = {}
_counts_state = {"written_at": monotonic(), "writing": False}
VERIFICATION_BATCH = 500


def certificate_verification_count(*, certificate_pk: int) -> threading.Thread | None:
    """Count one verification of a certificate (a lookup by ID, which the verify page makes,
    or a check of its credential) without writing anything on the request path: counts
    add up in this process's memory, and once CERTIFICATE_VERIFICATION_FLUSH_SECONDS have
    passed since the last write (or VERIFICATION_BATCH records wait) a background thread
    writes them in one batch. Returns that thread when one was started."""
    now = timezone.now()
    with _counts_lock:
        count, _last = _counts_pending.get(certificate_pk, (0, now))
        _counts_pending[certificate_pk] = (count + 1, now)
        due = not _counts_state["writing"] and (
            len(_counts_pending) >= VERIFICATION_BATCH
            or monotonic() - float(_counts_state["written_at"])
            >= settings.CERTIFICATE_VERIFICATION_FLUSH_SECONDS
        )
        if due:
            _counts_state["writing"] = True
    if not due:
        return None
    thread = threading.Thread(
        target=_verifications_write_in_background, name="verification-counts", daemon=True
    )
    thread.start()
    return thread


def _verifications_write_in_background() -> None:
    try:
        certificate_verifications_flush()
    except Exception:
        logger.exception("Could not write the verification counts; they are kept for later")
    finally:
        connections.close_all()  # this thread's own connection
        with _counts_lock:
            _counts_state["writing"] = False


def certificate_verifications_flush() -> int:
    """Write the counts waiting in this process (one UPDATE per certificate, adding to
    what other processes wrote); returns how many certificates were updated. On a
    database error the counts go back to wait for the next write."""
    with _counts_lock:
        pending = dict(_counts_pending)
        _counts_pending.clear()
        _counts_state["written_at"] = monotonic()
    written = 0
    try:
        with transaction.atomic():
            for pk, (count, last) in sorted(pending.items()):
                written += Certificate.objects.filter(pk=pk).update(
                    verification_count=F("verification_count") + count,
                    last_verified_at=Greatest(
                        Coalesce("last_verified_at", Value(last)), Value(last)
                    ),
                )
    except DatabaseError:
        with _counts_lock:
            for pk, (count, last) in pending.items():
                waiting, newest = _counts_pending.get(pk, (0, last))
                _counts_pending[pk] = (waiting + count, max(newest, last))
        raise
    return written


def _verifications_write_at_exit() -> None:
    # A worker that stops (a deploy, max-requests) writes what it counted.
    if not _counts_pending:
        return
    try:
        certificate_verifications_flush()
    except Exception:
        logger.warning("Verification counts lost at exit", exc_info=True)


atexit.register(_verifications_write_at_exit)


def certificate_lookup_count(*, client: str) -> None:
    """Count one lookup of a certificate by this client (the verify API and every
    download alike): RateLimited past RATE_LIMIT_VERIFY."""
    rate_limit_hit(
        scope="certificate-verify",
        ident=client,
        rate=settings.RATE_LIMIT_VERIFY,
        message="You have checked many certificates in a short time.",
    )


def _read_upload(upload: ImageFieldFile) -> bytes:
    upload.open("rb")
    try:
        return upload.read()
    finally:
        upload.close()


def _upload_is_png(upload: ImageFieldFile) -> bool:
    upload.open("rb")
    try:
        return upload.read(8) == b"\x89PNG\r\n\x1a\n"
    finally:
        upload.close()


def _render(
    *,
    certificate: Certificate,
    kind: str,
    extension: str,
    upload: ImageFieldFile,
    draw: Callable[[drawing.CertificateContent], bytes],
    title: str,
    filename_prefix: str,
) -> RenderedFile:
    """An uploaded image wins over the drawn document: a PNG upload is served as it is, any
    other image format is converted once; the PDF embeds the image on an A4 page."""
    brand = str(site_settings_public()["brand_name"])
    content_type = "image/png" if extension == "png" else "application/pdf"
    filename = _download_name(filename_prefix, certificate, extension)
    if upload:
        if extension == "png" and _upload_is_png(upload):
            path = Path(upload.path)
            etag = hashlib.sha256(f"{upload.name}|{path.stat().st_mtime_ns}".encode()).hexdigest()[
                :20
            ]
            return RenderedFile(path, content_type, filename, etag)

        def build() -> bytes:
            data = _read_upload(upload)
            if extension == "png":
                return drawing.image_png_bytes(data)
            return drawing.image_pdf_bytes(data, title=title, author=brand)

        parts = ["upload", upload.name or ""]
    else:

        def build() -> bytes:
            return draw(_content(certificate, brand))

        parts = ["drawn", brand]
    path, etag = _cached(
        kind=kind, certificate=certificate, extension=extension, parts=parts, build=build
    )
    return RenderedFile(path, content_type, filename, etag)


def certificate_render_png(*, certificate: Certificate) -> RenderedFile:
    return _render(
        certificate=certificate,
        kind="certificate",
        extension="png",
        upload=certificate.certificate_image,
        draw=drawing.certificate_png_bytes,
        title=f"Certificate {certificate.certificate_id}",
        filename_prefix="certificate",
    )


def certificate_render_pdf(*, certificate: Certificate) -> RenderedFile:
    return _render(
        certificate=certificate,
        kind="certificate",
        extension="pdf",
        upload=certificate.certificate_image,
        draw=drawing.certificate_pdf_bytes,
        title=f"Certificate {certificate.certificate_id}",
        filename_prefix="certificate",
    )


def letter_render_png(*, certificate: Certificate) -> RenderedFile:
    return _render(
        certificate=certificate,
        kind="letter",
        extension="png",
        upload=certificate.letter_image,
        draw=drawing.letter_png_bytes,
        title=f"Letter of recommendation {certificate.certificate_id}",
        filename_prefix="letter-of-recommendation",
    )


def letter_render_pdf(*, certificate: Certificate) -> RenderedFile:
    return _render(
        certificate=certificate,
        kind="letter",
        extension="pdf",
        upload=certificate.letter_image,
        draw=drawing.letter_pdf_bytes,
        title=f"Letter of recommendation {certificate.certificate_id}",
        filename_prefix="letter-of-recommendation",
    )


# --- CSV import -------------------------------------------------------------------------

IMPORT_BATCH_SIZE = 1000
IMPORT_ERRORS_SHOWN = 200
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

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["errors_truncated"] = self.error_count > len(self.errors)
        return data


class CertificateImportError(ApplicationError):
    """The file cannot be imported; nothing was written. `reason` says which check failed
    (not_csv, encoding, empty, headers, too_large, rows) and the report is in extra."""

    def __init__(self, message: str, *, reason: str, report: ImportReport) -> None:
        super().__init__(
            message, status_code=422, extra={"reason": reason, "report": report.as_dict()}
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
        self.report.created += len(to_create)
        self.report.updated += len(to_update)
        self.report.emails += len(to_email)
        # Once a row has failed nothing more is written: the transaction is rolled back
        # at the end anyway, and the rest of the file is only checked for the report.
        if self.writing and self.report.error_count == 0:
            self.write(to_create, to_update)
            if to_email:
                certificate_holders_notify(
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


# --- Telling the holder -----------------------------------------------------------------

HOLDER_EMAIL_TOPIC = "certificate.issued"


def _holder_email_body(certificate: Certificate, brand: str) -> str:
    links = selectors.certificate_download_urls(certificate=certificate)
    labels = {
        "certificate_png": "Certificate (image)",
        "certificate_pdf": "Certificate (PDF)",
        "letter_png": "Letter of recommendation (image)",
        "letter_pdf": "Letter of recommendation (PDF)",
    }
    downloads = [
        f"  {labels[key]}: {settings.SITE_URL}{url}"
        for key, url in links.items()
        if url and key in labels
    ]
    programme = " ".join(
        part for part in (certificate.duration.strip(), certificate.course.strip()) if part
    )
    return "\n".join(
        [
            f"Dear {certificate.name.strip() or 'learner'},",
            "",
            f"Your certificate {certificate.certificate_id}"
            + (f" for the {programme} programme" if programme else "")
            + f" has been issued by {brand}.",
            "",
            "Anyone can check it here:",
            f"  {certificate_verify_url(certificate_id=certificate.certificate_id)}",
            "",
            "Downloads:",
            *downloads,
            "",
            "Your verifiable credential (Open Badges 3.0, signed by us: add it to a digital",
            "wallet or share it with an employer, who can check it without contacting us):",
            f"  {certificate_credential_url(certificate_id=certificate.certificate_id)}",
            "",
            brand,
        ]
    )


@transaction.atomic
def certificate_holders_notify(*, certificates: list[Certificate]) -> int:
    """Email each holder their verify link, downloads and credential, once: records
    without an email, already emailed, revoked or Eliminated are skipped. The emails are
    queued in the caller's transaction, so they exist exactly when the records do.
    Returns how many were queued."""
    brand = str(site_settings_public()["brand_name"]).strip() or settings.SITE_URL
    now = timezone.now()
    sent: list[int] = []
    for certificate in certificates:
        if (
            not certificate.email
            or certificate.emailed_at is not None
            or not selectors.certificate_is_verified(certificate=certificate)
        ):
            continue
        email_queue(
            to=certificate.email,
            subject=f"Your certificate {certificate.certificate_id} from {brand}",
            body=_holder_email_body(certificate, brand),
            topic=HOLDER_EMAIL_TOPIC,
        )
        sent.append(certificate.pk)
    Certificate.objects.filter(pk__in=sent).update(emailed_at=now)
    return len(sent)


# --- Issued by the site itself (internship completion, docs/product.md section 14) ----------

ISSUED_ID_PREFIX = "INT"
# No 0/O, 1/I/L: IDs are read off paper and typed into the verify page.
ISSUED_ID_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
ISSUED_ID_LENGTH = 6
ISSUED_ID_ATTEMPTS = 10


def certificate_id_new(*, prefix: str, issued_on: date) -> str:
    """A fresh CertificateID such as INT-2026-7KQ2MX: the prefix, the year and six
    random characters (31**6, about 887 million per year), within the format rules of
    certificates.models (letters, digits and '-')."""
    tail = "".join(secrets.choice(ISSUED_ID_ALPHABET) for _ in range(ISSUED_ID_LENGTH))
    value = certificate_id_normalise(f"{prefix}-{issued_on:%Y}-{tail}")
    problem = certificate_id_problem(value)
    if problem:
        raise ValueError(problem)
    return value


@transaction.atomic
def certificate_issue(
    *,
    name: str,
    course: str,
    duration: str,
    email: str,
    issued_on: date,
    prefix: str = ISSUED_ID_PREFIX,
) -> Certificate:
    """Create a certificate under a new unique CertificateID and queue its holder email
    (verify link, downloads, credential) in the same transaction. Like an imported
    record it is verifiable, downloadable and a signed credential at once; a Duration of
    30 Days also offers the letter of recommendation. A clash with an existing ID (made
    by staff or an import) draws another."""
    for _attempt in range(ISSUED_ID_ATTEMPTS):
        certificate = Certificate(
            certificate_id=certificate_id_new(prefix=prefix, issued_on=issued_on),
            name=" ".join(name.split())[:NAME_MAX_LENGTH],
            course=course.strip()[:COURSE_MAX_LENGTH],
            duration=duration.strip()[:DURATION_MAX_LENGTH],
            issue_date=issued_on,
            email=email.strip(),
        )
        try:
            with transaction.atomic():
                certificate.save()
        except IntegrityError:
            continue
        certificate_holders_notify(certificates=[certificate])
        return certificate
    raise IntegrityError("Could not allocate a new CertificateID; please try again.")


# --- Verifiable credentials (Open Badges 3.0, docs/product.md section 13) --------------------

# Bump when the credential's shape changes, so cached credentials are signed again.
CREDENTIAL_FORMAT_VERSION = "1"
CREDENTIAL_CACHE_SECONDS = 7 * 24 * 3600
# A revocation shows within a minute: the list is cached for at most this long, here and
# (Cache-Control) anywhere else; revoking or restoring also drops it from our cache.
STATUS_LIST_MAX_AGE = 60
STATUS_BITS_CACHE_KEY = "credentials:status-bits"
CREDENTIAL_CHECK_MAX_BYTES = 256 * 1024
CREDENTIAL_CHECK_MAX_NODES = 200
OPEN_BADGES_CONTEXT = [credentials.VC_V2_CONTEXT, credentials.OB_V3_CONTEXT]
CREDENTIAL_TYPES = ["VerifiableCredential", "OpenBadgeCredential"]


@dataclass(frozen=True)
class SigningKey:
    secret: Ed25519PrivateKey
    fingerprint: str  # the public key, multibase ("z6Mk…")

    @property
    def did(self) -> str:
        return f"{DID_KEY_PREFIX}{self.fingerprint}"

    @property
    def verification_method(self) -> str:
        return f"{self.did}#{self.fingerprint}"


@functools.lru_cache(maxsize=8)
def _signing_keys(secrets: tuple[str, ...]) -> tuple[SigningKey, ...]:
    keys = []
    for secret in secrets:
        key = secret_key_from_multibase(secret)
        keys.append(SigningKey(secret=key, fingerprint=public_key_multibase(key.public_key())))
    return tuple(keys)


def credential_signing_keys() -> tuple[SigningKey, ...]:
    """Our keys, newest (the one that signs new credentials) first; the older ones still
    sign the status lists their credentials point at."""
    return _signing_keys(tuple(settings.CREDENTIAL_SIGNING_KEYS))


def _signing_key(fingerprint: str) -> SigningKey | None:
    return next((k for k in credential_signing_keys() if k.fingerprint == fingerprint), None)


def _xsd_datetime(moment: datetime) -> str:
    """An XML Schema dateTime in India time with its offset, to the second."""
    return timezone.localtime(moment, INDIA).replace(microsecond=0).isoformat()


def _utc_datetime(moment: datetime) -> str:
    return moment.astimezone(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def status_list_url(*, fingerprint: str) -> str:
    return f"{settings.SITE_URL}/api/credentials/status/{fingerprint}"


def certificate_credential_url(*, certificate_id: str) -> str:
    segment = certificate_path_segment(certificate_id=certificate_id)
    return f"{settings.SITE_URL}/api/certificates/{segment}/credential"


def _valid_from(certificate: Certificate, now: datetime) -> str:
    """The issue date at 00:00 India time, or the import time when there is none or when
    the issue date is still to come (validFrom is never in the future)."""
    if certificate.issue_date is not None:
        midnight = datetime.combine(certificate.issue_date, time(0, 0), tzinfo=INDIA)
        if midnight <= now:
            return _xsd_datetime(midnight)
    return _xsd_datetime(min(certificate.created_at or now, now))


def credential_unsigned(
    *, certificate: Certificate, key: SigningKey, now: datetime
) -> dict[str, Any]:
    """The OpenBadgeCredential for a record, before its proof. Only terms the VC 2.0 and
    OB 3.0.3 contexts define (verifiers reject others), every id an absolute URI; there is
    no term for a duration, so it is said in the description and the criteria."""
    brand = str(site_settings_public()["brand_name"]).strip() or settings.SITE_URL
    domain = certificate.course.strip() or "Programme"
    duration = certificate.duration.strip()
    programme = f"{duration} {domain} programme" if duration else f"{domain} programme"
    verify_url = certificate_verify_url(certificate_id=certificate.certificate_id)
    achievement_key = f"{settings.SITE_URL}/achievements|{domain}|{duration}"
    index = str(certificate.pk)
    list_url = status_list_url(fingerprint=key.fingerprint)
    return {
        "@context": list(OPEN_BADGES_CONTEXT),
        "id": certificate_credential_url(certificate_id=certificate.certificate_id),
        "type": list(CREDENTIAL_TYPES),
        "name": f"{domain} certificate",
        "description": (
            f"{brand} certifies that the holder completed the {programme} "
            f"(certificate ID {certificate.certificate_id})."
        ),
        "issuer": {
            "id": key.did,
            "type": ["Profile"],
            "name": brand,
            "url": settings.SITE_URL,
        },
        "validFrom": _valid_from(certificate, now),
        "credentialSubject": {
            "type": ["AchievementSubject"],
            "identifier": [
                {
                    "type": "IdentityObject",
                    "identityType": "name",
                    "hashed": False,
                    "identityHash": certificate.name.strip(),
                }
            ],
            "achievement": {
                "id": f"urn:uuid:{uuid.uuid5(uuid.NAMESPACE_URL, achievement_key)}",
                "type": ["Achievement"],
                "achievementType": "Certificate",
                "name": domain,
                "description": f"Completion of the {programme} of {brand}.",
                "criteria": {
                    "narrative": (
                        f"Completed the {programme} of {brand}. Certificate ID "
                        f"{certificate.certificate_id}, verifiable at {verify_url}."
                    )
                },
            },
        },
        "credentialStatus": {
            "id": f"{list_url}#{index}",
            "type": "BitstringStatusListEntry",
            "statusPurpose": "revocation",
            "statusListIndex": index,
            "statusListCredential": list_url,
        },
    }


def certificate_credential(*, certificate: Certificate) -> dict[str, Any]:
    """The record's signed credential. Signing canonicalises the document, which costs
    milliseconds: the signed credential is cached under a hash of what it says (so any
    change to the record, the site settings or the key signs it again) and repeated
    downloads serve the same file. `Eliminated` records have none (NotFound)."""
    if selectors.certificate_is_eliminated(certificate=certificate):
        raise NotFound(CREDENTIAL_NOT_FOUND)
    key = credential_signing_keys()[0]
    now = timezone.now()
    unsigned = credential_unsigned(certificate=certificate, key=key, now=now)
    content = json.dumps(unsigned, sort_keys=True, ensure_ascii=False)
    digest = hashlib.sha256(f"{CREDENTIAL_FORMAT_VERSION}|{content}".encode()).hexdigest()
    cache_key = f"credentials:signed:{certificate.pk}:{digest[:32]}"
    cached = cache.get(cache_key)
    if cached is not None:
        return dict(json.loads(cached))
    signed = credentials.proof_add(
        unsigned,
        key=key.secret,
        verification_method=key.verification_method,
        created=_utc_datetime(now),
    )
    cache.set(cache_key, json.dumps(signed, ensure_ascii=False), CREDENTIAL_CACHE_SECONDS)
    return signed


def status_list_bits() -> bytes:
    """The revocation bits shared by every key's list: bit n is 0 only while certificate
    n (its primary key) exists and is valid. Revoked records, deleted ones and indices
    not handed out yet read as revoked. At least 131,072 bits, grown in steps of that.

    Cached for a minute at most; revoking, restoring and deleting drop the cache, and a
    record created since (by any road) is noticed by the highest primary key, one index
    read, so a new certificate's credential is never reported revoked."""
    highest = Certificate.objects.aggregate(highest=Max("pk"))["highest"] or 0
    cached = cache.get(STATUS_BITS_CACHE_KEY)
    if cached is not None and cached[0] == highest:
        return bytes(cached[1])
    step = credentials.STATUS_LIST_MIN_BITS
    length = max(step, -(-(highest + 1) // step) * step)
    valid = (
        Certificate.objects.filter(status=Certificate.Status.VALID)
        .values_list("pk", flat=True)
        .order_by()
        .iterator(chunk_size=20_000)
    )
    bits = credentials.bitstring_with(length=length, clear=valid)
    cache.set(STATUS_BITS_CACHE_KEY, (highest, bits), STATUS_LIST_MAX_AGE)
    return bits


def status_list_invalidate() -> None:
    """Drop the cached bits (and so every list signed from them) once the current
    transaction commits: a reader in between would cache what it is about to replace."""
    transaction.on_commit(lambda: cache.delete(STATUS_BITS_CACHE_KEY))


def status_list_credential(*, fingerprint: str) -> dict[str, Any]:
    """The signed BitstringStatusListCredential of one of our keys (NotFound for any other
    key), with the same issuer as the credentials that key signed."""
    key = _signing_key(fingerprint)
    if key is None:
        raise NotFound("No status list has this address.")
    bits = status_list_bits()
    encoded = credentials.bitstring_encode(bits)
    digest = hashlib.sha256(f"{settings.SITE_URL}|{encoded}".encode()).hexdigest()[:32]
    cache_key = f"credentials:status-list:{fingerprint}:{digest}"
    cached = cache.get(cache_key)
    if cached is not None:
        return dict(json.loads(cached))
    now = timezone.now()
    url = status_list_url(fingerprint=fingerprint)
    unsigned = {
        "@context": [credentials.VC_V2_CONTEXT],
        "id": url,
        "type": ["VerifiableCredential", "BitstringStatusListCredential"],
        "issuer": key.did,
        "validFrom": _utc_datetime(now),
        "credentialSubject": {
            "id": f"{url}#list",
            "type": "BitstringStatusList",
            "statusPurpose": "revocation",
            "encodedList": encoded,
        },
    }
    signed = credentials.proof_add(
        unsigned,
        key=key.secret,
        verification_method=key.verification_method,
        created=_utc_datetime(now),
    )
    cache.set(cache_key, json.dumps(signed), STATUS_LIST_MAX_AGE)
    return signed


# --- Checking an uploaded credential ----------------------------------------------------
#
# Only what we issue is checked (docs/product.md section 13, second round). The upload is
# never canonicalised: crafted blank-node graphs make RDF canonicalisation explode. The
# certificate it names is looked up, the credential we would have signed for that record
# at the proof's time is rebuilt, and the upload must be that document term for term
# (same keys, same JSON types, same values, nothing added). Only then is the signature
# checked, over the rebuilt document, whose shape is ours and whose cost is known.

CREDENTIAL_NOT_OURS = "It is not a credential we issued"
# Where a record's own text goes: free text, never read as an identifier by JSON-LD.
_FREE_TEXT_KEYS = frozenset({"name", "description", "narrative", "identityHash"})
# Reasons name the part of the credential that differs in words.
_FIELD_WORDS = (
    ("credentialSubject.identifier", "the holder's name"),
    ("credentialSubject.achievement", "the achievement"),
    ("credentialSubject", "the subject"),
    ("credentialStatus", "the revocation entry"),
    ("issuer", "the issuer"),
    ("validFrom", "the date it is valid from"),
    ("proof", "the proof"),
    ("@context", "the @context"),
    ("description", "the description"),
    ("name", "the name"),
    ("type", "the type"),
    ("id", "the credential's address"),
)
_PROOF_CREATED_RE = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z")


@dataclass
class CredentialCheck:
    """What /verify says about an uploaded credential: "valid", "not_valid" (with the
    reason) or "revoked", and what the credential says (issuer, holder, achievement)."""

    verdict: str
    reason: str = ""
    issuer_id: str = ""
    issuer_name: str = ""
    issuer_url: str = ""
    holder: str = ""
    achievement: str = ""
    achievement_description: str = ""
    valid_from: str = ""
    credential_id: str = ""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def not_ours(self, detail: str) -> CredentialCheck:
        self.verdict = "not_valid"
        self.reason = f"{CREDENTIAL_NOT_OURS}: {detail}."
        return self


class CredentialUnreadable(ApplicationError):
    """The upload is not a credential that can be checked (nothing about its validity is
    known): 422, or 413 for an oversized file."""

    def __init__(self, message: str, *, reason: str, status_code: int = 422) -> None:
        super().__init__(message, status_code=status_code, extra={"reason": reason})


def _text(value: Any) -> str:
    return value.strip()[:500] if isinstance(value, str) else ""


def _described(check: CredentialCheck, document: dict[str, Any]) -> CredentialCheck:
    """Fill in what the credential says about itself (shape-checked, never trusted for
    the verdict)."""
    issuer = document.get("issuer")
    if isinstance(issuer, dict):
        check.issuer_id = _text(issuer.get("id"))
        check.issuer_name = _text(issuer.get("name"))
        check.issuer_url = _text(issuer.get("url"))
    else:
        check.issuer_id = _text(issuer)
    subject = document.get("credentialSubject")
    if isinstance(subject, dict):
        identifiers = subject.get("identifier")
        for entry in identifiers if isinstance(identifiers, list) else [identifiers]:
            if (
                isinstance(entry, dict)
                and entry.get("identityType") == "name"
                and entry.get("hashed") is False
            ):
                check.holder = _text(entry.get("identityHash"))
                break
        achievement = subject.get("achievement")
        if isinstance(achievement, dict):
            check.achievement = _text(achievement.get("name"))
            check.achievement_description = _text(achievement.get("description"))
    check.valid_from = _text(document.get("validFrom"))
    check.credential_id = _text(document.get("id"))
    return check


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    document: dict[str, Any] = {}
    for key, value in pairs:
        if key in document:
            # Parsers disagree on which of two equal keys wins: ours never repeat one.
            raise CredentialUnreadable(
                f"The file is not a credential: it repeats the key {key[:80]!r}.",
                reason="not_json",
            )
        document[key] = value
    return document


def _read_json(data: bytes) -> Any:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CredentialUnreadable(
            "The file is not a credential: it is not UTF-8 text.", reason="not_json"
        ) from exc
    try:
        return json.loads(text, object_pairs_hook=_unique_keys)
    except (ValueError, RecursionError) as exc:
        raise CredentialUnreadable(
            "The file is not a credential: it is not valid JSON.", reason="not_json"
        ) from exc


def _node_count(value: Any) -> int:
    """How many objects and arrays a JSON value holds."""
    if isinstance(value, dict):
        return 1 + sum(_node_count(item) for item in value.values())
    if isinstance(value, list):
        return 1 + sum(_node_count(item) for item in value)
    return 0


def _blank_node_or_keyword(value: Any, *, key: str = "", top: bool = True) -> str | None:
    """The first blank-node identifier ("_:…") or JSON-LD keyword key ("@…", @context at
    the top aside) in the document, which our credentials never hold; None otherwise.
    The record's own text (a holder's name, say) may say anything."""
    if isinstance(value, dict):
        for name, item in value.items():
            if name.startswith("_:") or (name.startswith("@") and not (top and name == "@context")):
                return name
            found = _blank_node_or_keyword(item, key=name, top=False)
            if found is not None:
                return found
    elif isinstance(value, list):
        for item in value:
            found = _blank_node_or_keyword(item, key=key, top=False)
            if found is not None:
                return found
    elif isinstance(value, str) and value.startswith("_:") and key not in _FREE_TEXT_KEYS:
        return value
    return None


def _path(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _first_difference(upload: Any, expected: Any, path: str = "") -> tuple[str, str] | None:
    """Where the upload first differs from the expected document, as (kind, path), kind
    one of "extra", "missing" and "value"; None when they are the same term for term
    (JSON types included: "false" is not false, 0 is not false)."""
    if isinstance(expected, dict):
        if not isinstance(upload, dict):
            return "value", path
        for key in upload:
            if key not in expected:
                return "extra", _path(path, key)
        for key in expected:
            if key not in upload:
                return "missing", _path(path, key)
        for key, value in expected.items():
            found = _first_difference(upload[key], value, _path(path, key))
            if found is not None:
                return found
        return None
    if isinstance(expected, list):
        if not isinstance(upload, list) or len(upload) != len(expected):
            return "value", path
        for index, (item, value) in enumerate(zip(upload, expected, strict=True)):
            found = _first_difference(item, value, _path(path, index))
            if found is not None:
                return found
        return None
    if type(upload) is not type(expected) or upload != expected:
        return "value", path
    return None


def _difference_words(kind: str, path: str, certificate_id: str) -> str:
    shown = path[:120]
    if kind == "extra":
        return f"it carries {shown}, which our credentials never do"
    if kind == "missing":
        return f"it lacks {shown}"
    words = next(
        (
            w
            for prefix, w in _FIELD_WORDS
            if path == prefix or path.startswith((f"{prefix}.", f"{prefix}["))
        ),
        shown,
    )
    return f"{words} ({shown}) does not match our record of certificate {certificate_id}"


def _certificate_named(document: dict[str, Any]) -> tuple[Certificate | None, str]:
    """The record whose credential address the document's id is, and the ID it names."""
    credential_url = document.get("id")
    prefix = f"{settings.SITE_URL}/api/certificates/"
    suffix = "/credential"
    if (
        not isinstance(credential_url, str)
        or not credential_url.startswith(prefix)
        or not credential_url.endswith(suffix)
        or len(credential_url) <= len(prefix) + len(suffix)
    ):
        return None, ""
    certificate_id = unquote(credential_url[len(prefix) : -len(suffix)])
    certificate = selectors.certificate_find(certificate_id=certificate_id)
    if certificate is None or selectors.certificate_is_eliminated(certificate=certificate):
        return None, certificate_id
    return certificate, certificate_id


def _proof_created(proof: dict[str, Any]) -> datetime | None:
    created = proof.get("created")
    if not isinstance(created, str) or not _PROOF_CREATED_RE.fullmatch(created):
        return None
    try:
        return datetime.fromisoformat(created)
    except ValueError:
        return None


def credential_check(*, data: bytes) -> CredentialCheck:
    """Check an uploaded credential against what we issued: CredentialUnreadable (422,
    413) for a file that is not a signed Open Badges credential at all or is signed by a
    key that is not ours; otherwise the verdict. "valid" only when the file is, term for
    term, the credential we sign for a certificate we hold, its record still says so, the
    signature (over our rebuilt document) holds, and the record is not revoked. Nothing
    the upload holds is canonicalised, so the answer never takes long."""
    if len(data) > CREDENTIAL_CHECK_MAX_BYTES:
        raise CredentialUnreadable(
            "The file is larger than 256 KB: a credential is a few kilobytes.",
            reason="too_large",
            status_code=413,
        )
    document = _read_json(data)
    if not isinstance(document, dict) or "credentialSubject" not in document:
        raise CredentialUnreadable(
            "The file is not a credential: it has no credentialSubject.", reason="not_credential"
        )
    if _node_count(document) > CREDENTIAL_CHECK_MAX_NODES:
        raise CredentialUnreadable(
            "The file is not one of our credentials: it holds far more data than one.",
            reason="not_credential",
        )
    if document.get("@context") != OPEN_BADGES_CONTEXT or not isinstance(
        document.get("type"), list
    ):
        raise CredentialUnreadable(
            "The file is not an Open Badges 3.0 credential: its @context must be the "
            "Verifiable Credentials 2.0 and Open Badges 3.0.3 contexts.",
            reason="not_credential",
        )
    if not set(CREDENTIAL_TYPES) <= {t for t in document["type"] if isinstance(t, str)}:
        raise CredentialUnreadable(
            "The file is not an Open Badges credential (its type is not OpenBadgeCredential).",
            reason="not_credential",
        )
    try:
        proof = credentials.proof_of(document)
        public_key = public_key_from_verification_method(proof["verificationMethod"])
    except credentials.ProofError as exc:
        raise CredentialUnreadable(exc.message, reason="proof") from exc
    except KeyFormatError as exc:
        raise CredentialUnreadable(
            "The credential is signed with a key that is not an Ed25519 did:key.",
            reason="unknown_key",
        ) from exc
    key = _signing_key(public_key_multibase(public_key))
    if key is None:
        raise CredentialUnreadable(
            "The credential is not signed with one of our keys: we did not issue it.",
            reason="unknown_key",
        )
    check = _described(CredentialCheck(verdict="valid"), document)
    strange = _blank_node_or_keyword(document)
    if strange is not None:
        kind = "a blank-node identifier" if strange.startswith("_:") else "a JSON-LD keyword"
        return check.not_ours(f"it holds {kind} ({strange[:80]}), which our credentials never do")
    certificate, certificate_id = _certificate_named(document)
    if certificate is None:
        if not certificate_id:
            return check.not_ours("its id is not the address of one of our credentials")
        return check.not_ours(f"we hold no certificate {certificate_id[:80]}")
    created = _proof_created(proof)
    if created is None or not isinstance(document.get("proof"), dict):
        return check.not_ours("its proof is not one we write")
    expected = credential_unsigned(certificate=certificate, key=key, now=created)
    expected["proof"] = {
        "type": credentials.PROOF_TYPE,
        "cryptosuite": credentials.CRYPTOSUITE,
        "created": proof["created"],
        "verificationMethod": key.verification_method,
        "proofPurpose": credentials.PROOF_PURPOSE,
        "proofValue": proof["proofValue"],
    }
    difference = _first_difference(document, expected)
    if difference is not None:
        return check.not_ours(_difference_words(*difference, certificate.certificate_id))
    certificate_verification_count(certificate_pk=certificate.pk)
    try:
        credentials.proof_verify(expected)
    except credentials.ProofError as exc:
        if exc.malformed:
            raise CredentialUnreadable(exc.message, reason="proof") from exc
        check.verdict = "not_valid"
        check.reason = exc.message
        return check
    if certificate.status == Certificate.Status.REVOKED:
        check.verdict = "revoked"
        check.reason = "The issuer has revoked this credential."
    return check


@dataclass(frozen=True)
class CredentialKeyRotation:
    new_secret: str
    new_public: str
    keys: list[str]  # every secret key, newest first: the new CREDENTIAL_SIGNING_KEY
    written_to: Path | None  # the embedded setup's key file, or None (production)


def credential_key_rotate() -> CredentialKeyRotation:
    """A new signing key in front of the others: new credentials are signed with it, and
    the older keys stay, still trusted and still signing their status lists, so every
    credential issued before keeps verifying (and can still be revoked). The embedded
    setup's key file is rewritten; in production (CREDENTIAL_SIGNING_KEY) nothing is
    written, and the operator sets the variable to the answer's keys."""
    key = Ed25519PrivateKey.generate()
    new_secret = secret_key_multibase(key)
    keys = [new_secret, *settings.CREDENTIAL_SIGNING_KEYS]
    written_to = None
    if not env_str("CREDENTIAL_SIGNING_KEY"):
        written_to = credential_keys_file(settings.VAR_DIR)
        credential_keys_write(written_to, keys)
    return CredentialKeyRotation(
        new_secret=new_secret,
        new_public=public_key_multibase(key.public_key()),
        keys=keys,
        written_to=written_to,
    )
