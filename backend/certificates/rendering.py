"""The certificate and letter files (PNG, PDF): an uploaded image or the drawing, kept in a
least-recently-used file cache outside MEDIA_ROOT.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db.models.fields.files import ImageFieldFile

from catalog.selectors import site_settings_cached
from certificates import drawing
from certificates.models import Certificate
from certificates.selectors import certificate_verify_url

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
    brand = site_settings_cached().brand_name
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
