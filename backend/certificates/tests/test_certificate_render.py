from __future__ import annotations

import base64
import io
import os
import re
import shutil
import subprocess
import zlib
from pathlib import Path
from typing import Any

import pytest
import zxingcpp
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from catalog.selectors import site_settings_row
from certificates.models import Certificate
from certificates.rendering import (
    certificate_render_pdf,
    certificate_render_png,
    letter_render_pdf,
    letter_render_png,
)
from certificates.tests.conftest import SITE, make

pytestmark = pytest.mark.django_db


def decode_qr(image: Image.Image) -> list[str]:
    return [result.text for result in zxingcpp.read_barcodes(image.convert("L"))]


def pdf_text(data: bytes) -> bytes:
    """The page content of a reportlab PDF, with its compressed streams inflated."""
    chunks = [data]
    for match in re.finditer(rb"stream\r?\n(.*?)endstream", data, re.S):
        raw = match.group(1).rstrip(b"\r\n")
        if raw.rstrip().endswith(b"~>"):  # ASCII85 around the compressed bytes
            raw = base64.a85decode(raw.rstrip()[:-2], adobe=False, ignorechars=b" \t\n\r")
        try:
            chunks.append(zlib.decompress(raw))
        except zlib.error:
            continue
    return b"\n".join(chunks)


def image_bytes(fmt: str, size: tuple[int, int] = (300, 200), color: str = "purple") -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, color).save(buffer, format=fmt)
    return buffer.getvalue()


def test_it_renders_a_certificate_png_whose_qr_code_opens_the_verify_page() -> None:
    certificate = make("WD-001")

    rendered = certificate_render_png(certificate=certificate)

    assert rendered.content_type == "image/png"
    assert rendered.filename == "certificate-WD-001.png"
    with Image.open(rendered.path) as image:
        assert image.format == "PNG"
        assert image.width == 2000
        assert 1400 < image.height < 1420  # A4 landscape
        assert decode_qr(image) == [f"{SITE}/verify/WD-001"]


def test_it_renders_a_letter_png_with_the_same_qr_code() -> None:
    certificate = make("WD-002")

    rendered = letter_render_png(certificate=certificate)

    with Image.open(rendered.path) as image:
        assert image.height == 2000
        assert image.width < image.height  # A4 portrait
        assert decode_qr(image) == [f"{SITE}/verify/WD-002"]


def test_it_encodes_a_slash_in_the_qr_link() -> None:
    certificate = make("IRC/2026/7")

    with Image.open(certificate_render_png(certificate=certificate).path) as image:
        assert decode_qr(image) == [f"{SITE}/verify/IRC%2F2026%2F7"]
    assert certificate_render_png(certificate=certificate).filename == "certificate-IRC-2026-7.png"


@pytest.mark.parametrize("render", [certificate_render_pdf, letter_render_pdf])
def test_it_renders_a_one_page_pdf_with_the_details(render: object) -> None:
    certificate = make("WD-003", name="Priya Sharma", course="Data Science")

    rendered = render(certificate=certificate)  # type: ignore[operator]

    data = rendered.path.read_bytes()
    assert rendered.content_type == "application/pdf"
    assert data.startswith(b"%PDF-")
    assert data.rstrip().endswith(b"%%EOF")
    assert b"/Count 1" in data
    content = pdf_text(data)
    for text in (b"WD-003", b"Priya Sharma", b"Data Science"):
        assert text in content


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")
def test_it_renders_a_pdf_whose_qr_code_decodes(tmp_path: Path) -> None:
    certificate = make("WD-004")
    pdf = certificate_render_pdf(certificate=certificate).path

    subprocess.run(["pdftoppm", "-png", "-r", "150", str(pdf), str(tmp_path / "page")], check=True)

    with Image.open(next(tmp_path.glob("page*.png"))) as image:
        assert decode_qr(image) == [f"{SITE}/verify/WD-004"]


def test_it_includes_the_issue_date_and_brand() -> None:
    import datetime

    site = site_settings_row()
    site.brand_name = "Acme Academy"
    site.save()
    certificate = make("WD-005", issue_date=datetime.date(2026, 11, 22))

    content = pdf_text(certificate_render_pdf(certificate=certificate).path.read_bytes())

    assert b"22 November 2026" in content
    assert b"ACME ACADEMY" in content


def test_it_renders_names_outside_latin1_without_failing() -> None:
    certificate = make("WD-006", name="Łukasz Żółć", course="", duration="")

    assert certificate_render_pdf(certificate=certificate).path.read_bytes().startswith(b"%PDF")
    with Image.open(certificate_render_png(certificate=certificate).path) as image:
        assert image.format == "PNG"


def test_it_reuses_the_cached_file_until_the_record_changes() -> None:
    certificate = make("WD-007")
    first = certificate_render_png(certificate=certificate)
    first_inode = first.path.stat().st_ino

    again = certificate_render_png(certificate=certificate)
    assert again.path == first.path
    assert again.path.stat().st_ino == first_inode  # the same file, not drawn again

    certificate.name = "Corrected Name"
    certificate.save()
    changed = certificate_render_png(certificate=certificate)

    assert changed.path != first.path
    assert changed.etag != first.etag
    assert not first.path.exists()  # the stale version is removed


def test_it_renders_again_when_the_brand_changes() -> None:
    certificate = make("WD-008")
    first = certificate_render_pdf(certificate=certificate)

    site = site_settings_row()
    site.brand_name = "New Brand"
    site.save()
    second = certificate_render_pdf(certificate=certificate)

    assert second.path != first.path
    assert b"NEW BRAND" in pdf_text(second.path.read_bytes())


def test_it_serves_an_uploaded_png_as_it_is() -> None:
    upload = image_bytes("PNG")
    certificate = make("WD-009")
    certificate.certificate_image = SimpleUploadedFile("scan.png", upload, "image/png")
    certificate.save()

    rendered = certificate_render_png(certificate=Certificate.objects.get(pk=certificate.pk))

    assert rendered.path.read_bytes() == upload
    assert rendered.path.name != "scan.png"  # stored under a random name


def test_it_converts_an_uploaded_jpeg_to_png_and_embeds_it_in_the_pdf() -> None:
    certificate = make("WD-010")
    certificate.letter_image = SimpleUploadedFile("letter.jpg", image_bytes("JPEG", (200, 300)))
    certificate.save()
    certificate = Certificate.objects.get(pk=certificate.pk)

    png = letter_render_png(certificate=certificate)
    pdf = letter_render_pdf(certificate=certificate)

    with Image.open(png.path) as image:
        assert (image.format, image.size) == ("PNG", (200, 300))
    data = pdf.path.read_bytes()
    assert b"/Subtype /Image" in data
    assert b"Priya Sharma" not in pdf_text(data)  # the upload, not the drawn letter


def test_the_render_cache_keeps_to_its_size_by_dropping_the_least_recently_used(
    settings: Any,
) -> None:
    """Issue 15.5: the render cache grew without bound."""
    certificates = [make(f"WD-LRU-{n}") for n in range(4)]
    files = [certificate_render_pdf(certificate=c).path for c in certificates[:3]]
    size = max(path.stat().st_size for path in files)
    settings.CERTIFICATE_RENDER_CACHE_MB = (3 * size + size // 2) / (1024 * 1024)
    for age, path in enumerate(files):  # oldest first: 0, then 1, then 2
        os.utime(path, (1_000_000 + age, 1_000_000 + age))
    certificate_render_pdf(certificate=certificates[0])  # used again: now the newest

    fourth = certificate_render_pdf(certificate=certificates[3]).path

    assert fourth.exists() and files[0].exists() and files[2].exists()
    assert not files[1].exists()  # the least recently used went
