"""Drawing of certificates and letters of recommendation.

Each document is drawn once, as a one-page PDF with reportlab (its QR widget included); the
PNG is that PDF rasterised by PDFium (pypdfium2). So the PNG and the PDF always match.

Text is set by typesetting.py (fonts per script, widths, fitting a name on the page).

Output is deterministic (reportlab's invariant mode: fixed dates and document ID), so the
same record always gives the same bytes.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from datetime import date

import pypdfium2
from PIL import Image
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.renderPDF import draw as draw_drawing
from reportlab.graphics.shapes import Drawing
from reportlab.lib.pagesizes import A4, landscape, portrait
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from certificates.typesetting import (
    MM_PER_PT,
    ellipsize,
    fit_lines,
    fit_size,
    set_run,
    text_runs,
    text_width,
    tracking_for,
    wrap,
)

Color = tuple[int, int, int]
NAVY: Color = (27, 42, 74)
GOLD: Color = (176, 132, 56)
GOLD_LIGHT: Color = (222, 196, 140)
INK: Color = (52, 52, 60)
MUTED: Color = (112, 112, 120)
IVORY: Color = (255, 252, 244)
WHITE: Color = (255, 255, 255)

PNG_LONG_SIDE_PX = 2000  # A4 landscape -> 2000 x 1414, A4 portrait -> 1414 x 2000


def format_issue_date(value: date | None) -> str:
    return f"{value.day} {value:%B %Y}" if value else ""


# --- The page -------------------------------------------------------------------------------


def _aligned_x(x: float, width: float, align: str) -> float:
    if align == "center":
        return x - width / 2
    if align == "right":
        return x - width
    return x


class Page:
    """One reportlab page measured in millimetres from the top left (the design's units);
    converts to points from the bottom."""

    def __init__(self, width_mm: float, height_mm: float, *, title: str, author: str) -> None:
        self.width = width_mm
        self.height = height_mm
        self.buffer = io.BytesIO()
        # invariant: fixed creation dates and document ID, so the bytes are reproducible.
        self.canvas = Canvas(
            self.buffer,
            pagesize=(self._pt(width_mm), self._pt(height_mm)),
            pageCompression=1,
            invariant=1,
        )
        self.canvas.setTitle(title)
        self.canvas.setAuthor(author)
        self.canvas.setCreator(author)

    @staticmethod
    def _pt(value: float) -> float:
        return value / MM_PER_PT

    def _y(self, y: float) -> float:
        return self._pt(self.height - y)

    def _colors(self, fill: Color | None, stroke: Color | None, line_width: float) -> None:
        if fill:
            self.canvas.setFillColorRGB(*(c / 255 for c in fill))
        if stroke:
            self.canvas.setStrokeColorRGB(*(c / 255 for c in stroke))
            self.canvas.setLineWidth(self._pt(line_width))

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: Color | None = None,
        stroke: Color | None = None,
        line_width: float = 0.3,
    ) -> None:
        self._colors(fill, stroke, line_width)
        self.canvas.rect(
            self._pt(x),
            self._y(y + h),
            self._pt(w),
            self._pt(h),
            stroke=1 if stroke else 0,
            fill=1 if fill else 0,
        )

    def line(
        self, x1: float, y1: float, x2: float, y2: float, *, color: Color, line_width: float
    ) -> None:
        self._colors(None, color, line_width)
        self.canvas.line(self._pt(x1), self._y(y1), self._pt(x2), self._y(y2))

    def polygon(self, points: list[tuple[float, float]], *, fill: Color) -> None:
        self._colors(fill, None, 0)
        path = self.canvas.beginPath()
        first, *rest = points
        path.moveTo(self._pt(first[0]), self._y(first[1]))
        for px, py in rest:
            path.lineTo(self._pt(px), self._y(py))
        path.close()
        self.canvas.drawPath(path, stroke=0, fill=1)

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: Color | None = None,
        stroke: Color | None = None,
        line_width: float = 0.3,
    ) -> None:
        self._colors(fill, stroke, line_width)
        self.canvas.circle(
            self._pt(cx), self._y(cy), self._pt(r), stroke=1 if stroke else 0, fill=1 if fill else 0
        )

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        font: str,
        size: float,
        color: Color,
        align: str = "center",
        tracking: float = 0,
    ) -> None:
        if not text:
            return
        self._colors(color, None, 0)
        runs = text_runs(text, font)
        tracking = tracking_for(runs, tracking)
        cursor = self._pt(_aligned_x(x, text_width(text, font, size, tracking), align))
        for run in runs:
            glyphs, width = set_run(run, size)
            line = self.canvas.beginText(cursor, self._y(y))
            line.setFont(run.font, size)
            line.setCharSpace(tracking)
            line.textOut(glyphs)
            self.canvas.drawText(line)
            cursor += width + tracking * len(run.text)

    def qr(self, data: str, x: float, y: float, size: float) -> None:
        """A QR code (error correction M, no quiet zone: the caller leaves white around it)
        as vector modules, sharp at any zoom and in print."""
        side = self._pt(size)
        widget = QrCodeWidget(data, barLevel="M", barBorder=0, barWidth=side, barHeight=side)
        drawing = Drawing(side, side)
        drawing.add(widget)
        draw_drawing(drawing, self.canvas, self._pt(x), self._y(y + size))

    def pdf_bytes(self) -> bytes:
        self.canvas.showPage()
        self.canvas.save()
        return self.buffer.getvalue()


def png_from_pdf(pdf: bytes, *, long_side_px: int = PNG_LONG_SIDE_PX) -> bytes:
    """The first page of `pdf` rasterised by PDFium, `long_side_px` on its longer side."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[0]
        width_pt, height_pt = page.get_size()
        scale = long_side_px / max(width_pt, height_pt)
        size = (round(width_pt * scale), round(height_pt * scale))
        # PDFium rounds the bitmap up; trim the fraction of a pixel over the target size.
        excess = (math.ceil(width_pt * scale) - size[0], math.ceil(height_pt * scale) - size[1])
        crop = (
            0,
            excess[1] and (excess[1] - 0.5) / scale,
            excess[0] and (excess[0] - 0.5) / scale,
            0,
        )
        bitmap = page.render(scale=scale, crop=crop)
        image = bitmap.to_pil().convert("RGB")
    finally:
        document.close()
    buffer = io.BytesIO()
    # Not optimize=True: it costs more than the rasterising for 2% smaller files.
    image.save(buffer, format="PNG")
    return buffer.getvalue()


# --- The documents --------------------------------------------------------------------------


@dataclass(frozen=True)
class CertificateContent:
    brand: str
    name: str
    domain: str
    duration: str
    certificate_id: str
    issue_date: date | None
    verify_url: str


def _diamond(page: Page, cx: float, cy: float, r: float, color: Color) -> None:
    page.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=color)


def _ornament_rule(page: Page, cx: float, y: float, half: float) -> None:
    page.line(cx - half, y, cx - 4, y, color=GOLD, line_width=0.35)
    page.line(cx + 4, y, cx + half, y, color=GOLD, line_width=0.35)
    _diamond(page, cx, y, 1.6, GOLD)
    _diamond(page, cx - half - 1.4, y, 0.8, GOLD)
    _diamond(page, cx + half + 1.4, y, 0.8, GOLD)


def _corner(page: Page, x: float, y: float, dx: int, dy: int) -> None:
    """An ornament in one corner; (dx, dy) point into the page."""
    page.line(x, y, x + 22 * dx, y, color=GOLD, line_width=0.6)
    page.line(x, y, x, y + 22 * dy, color=GOLD, line_width=0.6)
    page.line(x + 3 * dx, y + 3 * dy, x + 14 * dx, y + 3 * dy, color=GOLD, line_width=0.3)
    page.line(x + 3 * dx, y + 3 * dy, x + 3 * dx, y + 14 * dy, color=GOLD, line_width=0.3)
    _diamond(page, x, y, 2.4, GOLD)
    _diamond(page, x + 6.5 * dx, y + 6.5 * dy, 1.3, GOLD)


def _star(cx: float, cy: float, outer: float, inner: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy - radius * math.sin(angle)))
    return points


def _seal(page: Page, cx: float, cy: float) -> None:
    # Ribbon tails behind a gold medallion.
    page.polygon(
        [
            (cx - 9, cy + 4),
            (cx - 3, cy + 6),
            (cx - 7, cy + 21),
            (cx - 10, cy + 17),
            (cx - 14, cy + 19),
        ],
        fill=NAVY,
    )
    page.polygon(
        [
            (cx + 9, cy + 4),
            (cx + 3, cy + 6),
            (cx + 7, cy + 21),
            (cx + 10, cy + 17),
            (cx + 14, cy + 19),
        ],
        fill=NAVY,
    )
    page.circle(cx, cy, 13.5, fill=GOLD)
    page.circle(cx, cy, 12, stroke=IVORY, line_width=0.35)
    page.circle(cx, cy, 10.8, stroke=GOLD_LIGHT, line_width=0.2)
    page.polygon(_star(cx, cy - 1.5, 5.2, 2.2), fill=IVORY)
    page.text(cx, cy + 7.2, "VERIFIED", font="sans-bold", size=5, color=IVORY, tracking=1.2)


def _frame(page: Page) -> None:
    w, h = page.width, page.height
    page.rect(0, 0, w, h, fill=NAVY)
    page.rect(7, 7, w - 14, h - 14, fill=IVORY)
    page.rect(11, 11, w - 22, h - 22, stroke=GOLD, line_width=0.9)
    page.rect(13, 13, w - 26, h - 26, stroke=GOLD, line_width=0.25)
    inset = 17
    _corner(page, inset, inset, 1, 1)
    _corner(page, w - inset, inset, -1, 1)
    _corner(page, inset, h - inset, 1, -1)
    _corner(page, w - inset, h - inset, -1, -1)


def _qr_block(page: Page, content: CertificateContent, x: float, y: float, size: float) -> None:
    pad = 2
    page.rect(
        x - pad,
        y - pad,
        size + 2 * pad,
        size + 2 * pad,
        fill=WHITE,
        stroke=GOLD_LIGHT,
        line_width=0.3,
    )
    page.qr(content.verify_url, x, y, size)
    cx = x + size / 2
    page.text(cx, y + size + 6, "Scan to verify", font="serif-italic", size=9, color=INK)
    url_size = fit_size(content.verify_url, "sans", 6, size + 26, 3.5)
    page.text(cx, y + size + 10, content.verify_url, font="sans", size=url_size, color=MUTED)


NAME_WIDTH_MM = 225


def draw_certificate(page: Page, content: CertificateContent) -> None:
    w = page.width
    cx = w / 2
    _frame(page)

    brand = content.brand.upper()
    page.text(
        cx,
        35,
        brand,
        font="serif-bold",
        size=fit_size(brand, "serif-bold", 15, 200, 8),
        color=NAVY,
        tracking=3,
    )
    _ornament_rule(page, cx, 41, 30)

    page.text(cx, 64, "CERTIFICATE", font="serif-bold", size=46, color=NAVY, tracking=9)
    page.text(cx, 75, "OF COMPLETION", font="serif", size=15, color=GOLD, tracking=6)

    page.text(cx, 93, "This is to certify that", font="serif-italic", size=15, color=INK)
    name = content.name or "-"
    name_size, name_lines = fit_lines(
        name,
        "serif-bold-italic",
        # Noto's Indic and Arabic letters are much larger than Times at the same size.
        size=34 if any(run.shaped for run in text_runs(name, "serif-bold-italic")) else 40,
        max_width=NAME_WIDTH_MM,
        minimum=24,
        two_line_size=22,
        two_line_minimum=14,
    )
    # The last line sits on the rule, a first one above it.
    leading = name_size * MM_PER_PT * 1.1
    first_baseline = 113 - leading * (len(name_lines) - 1)
    for index, line in enumerate(name_lines):
        page.text(
            cx,
            first_baseline + index * leading,
            line,
            font="serif-bold-italic",
            size=name_size,
            color=NAVY,
        )
    page.line(cx - 80, 118.5, cx + 80, 118.5, color=GOLD, line_width=0.4)

    duration = content.duration.strip()
    programme = f"the {duration} programme" if duration else "the programme"
    if content.domain:
        page.text(
            cx, 130, f"has successfully completed {programme} in", font="serif", size=14, color=INK
        )
        # One line only: the details below leave no room for a second.
        domain_size = fit_size(content.domain, "serif-bold", 24, NAME_WIDTH_MM, 12)
        domain = ellipsize(content.domain, "serif-bold", domain_size, NAME_WIDTH_MM)
        page.text(cx, 143, domain, font="serif-bold", size=domain_size, color=NAVY)
    else:
        page.text(
            cx, 134, f"has successfully completed {programme}.", font="serif", size=14, color=INK
        )

    # Bottom row: details on the left, the seal in the middle, the QR code on the right.
    left = 52
    top = 160
    if content.issue_date:
        page.text(left, top, "DATE OF ISSUE", font="sans-bold", size=6.5, color=GOLD, tracking=1.5)
        page.text(
            left, top + 6, format_issue_date(content.issue_date), font="serif", size=13, color=NAVY
        )
        top += 15
    page.text(left, top, "CERTIFICATE ID", font="sans-bold", size=6.5, color=GOLD, tracking=1.5)
    id_size = fit_size(content.certificate_id, "sans-bold", 10.5, 80, 6)
    page.text(left, top + 6, content.certificate_id, font="sans-bold", size=id_size, color=NAVY)

    _seal(page, cx, 167)

    qr_size = 27
    _qr_block(page, content, w - 58 - qr_size / 2, 149, qr_size)


def _letter_paragraphs(content: CertificateContent) -> list[str]:
    words = content.name.split()
    name = " ".join(words) or "the holder of this letter"
    # Later mentions use the first name, as a person writing the letter would.
    first = words[0] if words else name
    domain = content.domain or "the programme"
    duration = content.duration.strip()
    programme = (
        f"the {duration} programme in {domain}" if duration else f"the programme in {domain}"
    )
    return [
        f"It is our pleasure to recommend {name}, who has successfully completed {programme} "
        f"with {content.brand}.",
        f"Throughout the programme, {first} approached every task with curiosity and "
        "discipline, completed the assigned work to a good standard, and showed the ability "
        "to learn new tools quickly and to work both independently and as part of a team.",
        f"We are confident that {first} will be a valuable addition to any team or further "
        f"course of study in {domain}, and we recommend {first} without reservation. We wish "
        f"{first} every success in the future.",
        "The authenticity of this letter can be checked at any time by scanning the QR code "
        f"below or by visiting {content.verify_url}.",
    ]


def draw_letter(page: Page, content: CertificateContent) -> None:
    w, h = page.width, page.height
    cx = w / 2
    page.rect(0, 0, w, h, fill=IVORY)
    page.rect(0, 0, w, 36, fill=NAVY)
    page.line(0, 37.2, w, 37.2, color=GOLD, line_width=1.2)
    page.rect(8, 44, w - 16, h - 52, stroke=GOLD, line_width=0.25)

    brand = content.brand.upper()
    page.text(
        cx,
        19,
        brand,
        font="serif-bold",
        size=fit_size(brand, "serif-bold", 20, 180, 9),
        color=IVORY,
        tracking=3,
    )
    page.text(cx, 28, "LETTER OF RECOMMENDATION", font="sans", size=8, color=GOLD_LIGHT, tracking=3)

    margin = 24
    body_width = w - 2 * margin
    page.text(
        margin, 58, f"Ref: {content.certificate_id}", font="sans", size=9, color=MUTED, align="left"
    )
    if content.issue_date:
        page.text(
            w - margin,
            58,
            format_issue_date(content.issue_date),
            font="serif",
            size=11,
            color=INK,
            align="right",
        )

    y = 76.0
    page.text(
        margin, y, "To whom it may concern,", font="serif-bold", size=13, color=NAVY, align="left"
    )
    y += 12
    size = 12
    leading = 6.6
    for paragraph in _letter_paragraphs(content):
        for line in wrap(paragraph, "serif", size, body_width):
            page.text(margin, y, line, font="serif", size=size, color=INK, align="left")
            y += leading
        y += 4

    y += 6
    page.text(margin, y, "With best wishes,", font="serif-italic", size=12, color=INK, align="left")
    y += 26
    page.line(margin, y, margin + 62, y, color=NAVY, line_width=0.3)
    page.text(
        margin, y + 6, "Authorised Signatory", font="serif-bold", size=11, color=NAVY, align="left"
    )
    page.text(
        margin, y + 11.5, content.brand, font="serif-italic", size=10, color=MUTED, align="left"
    )

    qr_size = 30
    _qr_block(page, content, w - margin - qr_size - 6, y - 24, qr_size)

    _ornament_rule(page, cx, h - 22, 40)
    footer = f"Certificate ID {content.certificate_id}"
    page.text(cx, h - 14.5, footer, font="sans", size=7, color=MUTED, tracking=0.5)


def _mm(pagesize: tuple[float, float]) -> tuple[float, float]:
    return pagesize[0] * MM_PER_PT, pagesize[1] * MM_PER_PT


def certificate_pdf_bytes(content: CertificateContent) -> bytes:
    page = Page(
        *_mm(landscape(A4)), title=f"Certificate {content.certificate_id}", author=content.brand
    )
    draw_certificate(page, content)
    return page.pdf_bytes()


def certificate_png_bytes(content: CertificateContent) -> bytes:
    return png_from_pdf(certificate_pdf_bytes(content))


def letter_pdf_bytes(content: CertificateContent) -> bytes:
    page = Page(
        *_mm(portrait(A4)),
        title=f"Letter of recommendation {content.certificate_id}",
        author=content.brand,
    )
    draw_letter(page, content)
    return page.pdf_bytes()


def letter_png_bytes(content: CertificateContent) -> bytes:
    return png_from_pdf(letter_pdf_bytes(content))


def image_pdf_bytes(image_bytes: bytes, *, title: str, author: str) -> bytes:
    """A one-page A4 PDF showing an uploaded image, in the page orientation that suits it."""
    with Image.open(io.BytesIO(image_bytes)) as image:
        width_px, height_px = image.size
        rgb = image.convert("RGB")
    buffer = io.BytesIO()
    pagesize = landscape(A4) if width_px >= height_px else portrait(A4)
    canvas = Canvas(buffer, pagesize=pagesize, pageCompression=1, invariant=1)
    canvas.setTitle(title)
    canvas.setAuthor(author)
    canvas.drawImage(
        ImageReader(rgb),
        0,
        0,
        width=pagesize[0],
        height=pagesize[1],
        preserveAspectRatio=True,
        anchor="c",
    )
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def image_png_bytes(image_bytes: bytes) -> bytes:
    """An uploaded image converted to PNG (for uploads in another format)."""
    with Image.open(io.BytesIO(image_bytes)) as image:
        buffer = io.BytesIO()
        image.convert("RGBA" if image.mode in ("RGBA", "LA", "P") else "RGB").save(
            buffer, format="PNG"
        )
    return buffer.getvalue()
