"""Drawing of certificates and letters of recommendation, as PNG (Pillow) and PDF (reportlab).

One layout, two backends: each document is described once, in millimetres on an A4 page
with y growing downwards, against the small `Page` interface below, and drawn by either
backend. So the PNG and the PDF of a certificate look the same.

Fonts come from reportlab's own package (Times-style Type 1 faces and Bitstream Vera), so
the output does not depend on fonts installed on the machine. Both backends measure text
with reportlab's metrics, so lines break and shrink-to-fit identically.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path
from typing import Protocol

import qrcode
import reportlab
from PIL import Image, ImageDraw, ImageFont
from qrcode.constants import ERROR_CORRECT_M
from reportlab.lib.pagesizes import A4, landscape, portrait
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONT_DIR = Path(reportlab.__file__).resolve().parent / "fonts"

Color = tuple[int, int, int]
NAVY: Color = (27, 42, 74)
GOLD: Color = (176, 132, 56)
GOLD_LIGHT: Color = (222, 196, 140)
INK: Color = (52, 52, 60)
MUTED: Color = (112, 112, 120)
IVORY: Color = (255, 252, 244)
WHITE: Color = (255, 255, 255)

MM_PER_PT = 25.4 / 72
PNG_WIDTH_PX = 2000  # of the longer side... of the page width: A4 landscape -> 2000 x 1414
SUPERSAMPLE = 2  # shapes are drawn at twice the size and scaled down, for smooth edges


@dataclass(frozen=True)
class _Font:
    file: str  # in reportlab's font folder
    afm: str | None  # Type 1 faces need their metrics file; TrueType does not
    fallback: str | None  # a TrueType font for text the Type 1 encoding cannot hold


_FONTS: dict[str, _Font] = {
    "serif": _Font("_er_____.pfb", "_er_____.afm", "sans"),
    "serif-bold": _Font("_eb_____.pfb", "_eb_____.afm", "sans-bold"),
    "serif-italic": _Font("_ei_____.pfb", "_ei_____.afm", "sans-italic"),
    "serif-bold-italic": _Font("_ebi____.pfb", "_ebi____.afm", "sans-bold-italic"),
    "sans": _Font("Vera.ttf", None, None),
    "sans-bold": _Font("VeraBd.ttf", None, None),
    "sans-italic": _Font("VeraIt.ttf", None, None),
    "sans-bold-italic": _Font("VeraBI.ttf", None, None),
}


def _pdf_font_name(key: str) -> str:
    return f"Cert-{key}"


@cache
def _register_pdf_fonts() -> None:
    for key, font in _FONTS.items():
        if font.afm:
            face = pdfmetrics.EmbeddedType1Face(str(FONT_DIR / font.afm), str(FONT_DIR / font.file))
            pdfmetrics.registerTypeFace(face)
            pdfmetrics.registerFont(
                pdfmetrics.Font(_pdf_font_name(key), face.name, "WinAnsiEncoding")
            )
        else:
            pdfmetrics.registerFont(TTFont(_pdf_font_name(key), str(FONT_DIR / font.file)))


def _font_for(key: str, text: str) -> str:
    """The font to use for `text`: Type 1 faces hold Windows-1252 only, so a name such as
    'Łukasz' is set in the matching Vera face instead."""
    font = _FONTS[key]
    if font.fallback:
        try:
            text.encode("cp1252")
        except UnicodeEncodeError:
            return font.fallback
    return key


def text_width(text: str, font: str, size: float, tracking: float = 0) -> float:
    """Width in millimetres of `text` at `size` points, with `tracking` points between letters."""
    _register_pdf_fonts()
    key = _font_for(font, text)
    width_pt = pdfmetrics.stringWidth(text, _pdf_font_name(key), size)
    return (width_pt + tracking * max(0, len(text) - 1)) * MM_PER_PT


def fit_size(text: str, font: str, size: float, max_width: float, minimum: float) -> float:
    """The largest size up to `size` at which `text` fits in `max_width` millimetres."""
    while size > minimum and text_width(text, font, size) > max_width:
        size -= 0.5
    return size


def wrap(text: str, font: str, size: float, max_width: float) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}".strip()
        if line and text_width(candidate, font, size) > max_width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


def qr_matrix(data: str) -> list[list[bool]]:
    qr = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0)
    qr.add_data(data)
    qr.make(fit=True)
    return [list(row) for row in qr.get_matrix()]


def format_issue_date(value: date | None) -> str:
    return f"{value.day} {value:%B %Y}" if value else ""


class Page(Protocol):
    width: float
    height: float

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
    ) -> None: ...

    def line(
        self, x1: float, y1: float, x2: float, y2: float, *, color: Color, line_width: float
    ) -> None: ...

    def polygon(self, points: list[tuple[float, float]], *, fill: Color) -> None: ...

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: Color | None = None,
        stroke: Color | None = None,
        line_width: float = 0.3,
    ) -> None: ...

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
    ) -> None: ...

    def qr(self, matrix: list[list[bool]], x: float, y: float, size: float) -> None: ...


def _aligned_x(x: float, width: float, align: str) -> float:
    if align == "center":
        return x - width / 2
    if align == "right":
        return x - width
    return x


class PillowPage:
    """Draws on a Pillow image, `SUPERSAMPLE` times larger than the output."""

    def __init__(self, width_mm: float, height_mm: float, width_px: int) -> None:
        self.width = width_mm
        self.height = height_mm
        self.scale = width_px * SUPERSAMPLE / width_mm  # pixels per millimetre
        self.size_px = (width_px, round(width_px * height_mm / width_mm))
        big = (self.size_px[0] * SUPERSAMPLE, self.size_px[1] * SUPERSAMPLE)
        self.image = Image.new("RGB", big, WHITE)
        self.draw = ImageDraw.Draw(self.image)

    def _px(self, value: float) -> float:
        return value * self.scale

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
        box = (self._px(x), self._px(y), self._px(x + w), self._px(y + h))
        if fill:
            self.draw.rectangle(box, fill=fill)
        if stroke:
            half = self._px(line_width) / 2
            outer = (box[0] - half, box[1] - half, box[2] + half, box[3] + half)
            self.draw.rectangle(outer, outline=stroke, width=max(1, round(self._px(line_width))))

    def line(
        self, x1: float, y1: float, x2: float, y2: float, *, color: Color, line_width: float
    ) -> None:
        self.draw.line(
            (self._px(x1), self._px(y1), self._px(x2), self._px(y2)),
            fill=color,
            width=max(1, round(self._px(line_width))),
        )

    def polygon(self, points: list[tuple[float, float]], *, fill: Color) -> None:
        self.draw.polygon([(self._px(px), self._px(py)) for px, py in points], fill=fill)

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
        box = (self._px(cx - r), self._px(cy - r), self._px(cx + r), self._px(cy + r))
        width = max(1, round(self._px(line_width))) if stroke else 0
        self.draw.ellipse(box, fill=fill, outline=stroke, width=width)

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
        key = _font_for(font, text)
        face = _pillow_font(key, round(self._px(size * MM_PER_PT)))
        left = _aligned_x(x, text_width(text, font, size, tracking), align)
        baseline = self._px(y)
        if not tracking:
            self.draw.text((self._px(left), baseline), text, font=face, fill=color, anchor="ls")
            return
        # Letter-spaced capitals: place each letter where reportlab would.
        cursor = left
        for char in text:
            self.draw.text((self._px(cursor), baseline), char, font=face, fill=color, anchor="ls")
            cursor += text_width(char, font, size) + tracking * MM_PER_PT

    def qr(self, matrix: list[list[bool]], x: float, y: float, size: float) -> None:
        modules = len(matrix)
        # Whole pixels per module (even, so the downscale keeps edges sharp).
        box = max(2, int(self._px(size) / modules) // SUPERSAMPLE * SUPERSAMPLE)
        side = box * modules
        offset_x = round(self._px(x) + (self._px(size) - side) / 2)
        offset_y = round(self._px(y) + (self._px(size) - side) / 2)
        for row_index, row in enumerate(matrix):
            for col_index, dark in enumerate(row):
                if dark:
                    left = offset_x + col_index * box
                    top = offset_y + row_index * box
                    self.draw.rectangle((left, top, left + box - 1, top + box - 1), fill=(0, 0, 0))

    def png_bytes(self) -> bytes:
        final = self.image.resize(self.size_px, Image.Resampling.LANCZOS)
        buffer = io.BytesIO()
        final.save(buffer, format="PNG", optimize=True)
        return buffer.getvalue()


@cache
def _pillow_font(key: str, size_px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / _FONTS[key].file), size_px)


class PdfPage:
    """Draws on one reportlab page; converts millimetres from the top to points from the
    bottom."""

    def __init__(self, width_mm: float, height_mm: float, *, title: str, author: str) -> None:
        _register_pdf_fonts()
        self.width = width_mm
        self.height = height_mm
        self.buffer = io.BytesIO()
        self.canvas = Canvas(
            self.buffer,
            pagesize=(self._pt(width_mm), self._pt(height_mm)),
            pageCompression=1,
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
        self.canvas.setFont(_pdf_font_name(_font_for(font, text)), size)
        left = _aligned_x(x, text_width(text, font, size, tracking), align)
        self.canvas.drawString(self._pt(left), self._y(y), text, charSpace=tracking)

    def qr(self, matrix: list[list[bool]], x: float, y: float, size: float) -> None:
        # Vector modules: sharp at any zoom and in print. Runs of dark modules in a row
        # are drawn as one rectangle.
        self._colors((0, 0, 0), None, 0)
        module = size / len(matrix)
        for row_index, row in enumerate(matrix):
            col = 0
            while col < len(row):
                if not row[col]:
                    col += 1
                    continue
                start = col
                while col < len(row) and row[col]:
                    col += 1
                top = y + row_index * module
                self.canvas.rect(
                    self._pt(x + start * module),
                    self._y(top + module),
                    self._pt((col - start) * module),
                    self._pt(module),
                    stroke=0,
                    fill=1,
                )

    def pdf_bytes(self) -> bytes:
        self.canvas.showPage()
        self.canvas.save()
        return self.buffer.getvalue()


# --- The documents ------------------------------------------------------------------------


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
    import math

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
    page.qr(qr_matrix(content.verify_url), x, y, size)
    cx = x + size / 2
    page.text(cx, y + size + 6, "Scan to verify", font="serif-italic", size=9, color=INK)
    url_size = fit_size(content.verify_url, "sans", 6, size + 26, 3.5)
    page.text(cx, y + size + 10, content.verify_url, font="sans", size=url_size, color=MUTED)


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
    name_size = fit_size(name, "serif-bold-italic", 40, 225, 16)
    page.text(cx, 113, name, font="serif-bold-italic", size=name_size, color=NAVY)
    page.line(cx - 80, 118.5, cx + 80, 118.5, color=GOLD, line_width=0.4)

    duration = content.duration.strip()
    programme = f"the {duration} programme" if duration else "the programme"
    if content.domain:
        page.text(
            cx, 130, f"has successfully completed {programme} in", font="serif", size=14, color=INK
        )
        domain_size = fit_size(content.domain, "serif-bold", 24, 225, 12)
        page.text(cx, 143, content.domain, font="serif-bold", size=domain_size, color=NAVY)
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
    name = content.name or "the holder of this letter"
    # Later mentions use the first name, as a person writing the letter would.
    first = content.name.split()[0] if content.name else name
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


def _landscape_mm() -> tuple[float, float]:
    width_pt, height_pt = landscape(A4)
    return width_pt * MM_PER_PT, height_pt * MM_PER_PT


def _portrait_mm() -> tuple[float, float]:
    width_pt, height_pt = portrait(A4)
    return width_pt * MM_PER_PT, height_pt * MM_PER_PT


def certificate_png_bytes(content: CertificateContent) -> bytes:
    page = PillowPage(*_landscape_mm(), width_px=PNG_WIDTH_PX)
    draw_certificate(page, content)
    return page.png_bytes()


def certificate_pdf_bytes(content: CertificateContent) -> bytes:
    page = PdfPage(
        *_landscape_mm(), title=f"Certificate {content.certificate_id}", author=content.brand
    )
    draw_certificate(page, content)
    return page.pdf_bytes()


def letter_png_bytes(content: CertificateContent) -> bytes:
    width, height = _portrait_mm()
    page = PillowPage(width, height, width_px=round(PNG_WIDTH_PX * width / height))
    draw_letter(page, content)
    return page.png_bytes()


def letter_pdf_bytes(content: CertificateContent) -> bytes:
    page = PdfPage(
        *_portrait_mm(),
        title=f"Letter of recommendation {content.certificate_id}",
        author=content.brand,
    )
    draw_letter(page, content)
    return page.pdf_bytes()


def image_pdf_bytes(image_bytes: bytes, *, title: str, author: str) -> bytes:
    """A one-page A4 PDF showing an uploaded image, in the page orientation that suits it."""
    with Image.open(io.BytesIO(image_bytes)) as image:
        width_px, height_px = image.size
        rgb = image.convert("RGB")
    buffer = io.BytesIO()
    pagesize = landscape(A4) if width_px >= height_px else portrait(A4)
    canvas = Canvas(buffer, pagesize=pagesize, pageCompression=1)
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
