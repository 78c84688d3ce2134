"""Drawing of certificates and letters of recommendation.

Each document is drawn once, as a one-page PDF with reportlab (its QR widget included); the
PNG is that PDF rasterised by PDFium (pypdfium2). So the PNG and the PDF always match.

Fonts: Latin text is set in the Times-style Type 1 faces and Bitstream Vera that ship with
reportlab (the design's faces). Text they cannot hold falls back to the Noto fonts in
`fonts/` (SIL Open Font License): Noto Sans for other Latin, Greek and Cyrillic letters, and
Noto Sans Devanagari, Tamil, Bengali and Arabic for those scripts, shaped by HarfBuzz
(conjuncts, vowel signs, Arabic joining) and laid out right to left where the script is.
The font is chosen per run of text, so a name mixing scripts renders too.

Output is deterministic (reportlab's invariant mode: fixed dates and document ID), so the
same record always gives the same bytes.
"""

from __future__ import annotations

import io
import math
import unicodedata
from dataclasses import dataclass
from datetime import date
from functools import cache, lru_cache
from pathlib import Path

import pypdfium2
import reportlab
from PIL import Image
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.renderPDF import draw as draw_drawing
from reportlab.graphics.shapes import Drawing
from reportlab.lib.abag import ABag
from reportlab.lib.pagesizes import A4, landscape, portrait
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, shapeFragWord
from reportlab.pdfgen.canvas import Canvas

REPORTLAB_FONT_DIR = Path(reportlab.__file__).resolve().parent / "fonts"
NOTO_FONT_DIR = Path(__file__).resolve().parent / "fonts"

Color = tuple[int, int, int]
NAVY: Color = (27, 42, 74)
GOLD: Color = (176, 132, 56)
GOLD_LIGHT: Color = (222, 196, 140)
INK: Color = (52, 52, 60)
MUTED: Color = (112, 112, 120)
IVORY: Color = (255, 252, 244)
WHITE: Color = (255, 255, 255)

MM_PER_PT = 25.4 / 72
PNG_LONG_SIDE_PX = 2000  # A4 landscape -> 2000 x 1414, A4 portrait -> 1414 x 2000

# --- Fonts ----------------------------------------------------------------------------------

# A style of the design -> (the Latin face from reportlab, its kind, the Noto weight).
_STYLES: dict[str, tuple[str, str, str]] = {
    "serif": ("_er_____", "type1", "Regular"),
    "serif-bold": ("_eb_____", "type1", "Bold"),
    "serif-italic": ("_ei_____", "type1", "Regular"),
    "serif-bold-italic": ("_ebi____", "type1", "Bold"),
    "sans": ("Vera", "ttf", "Regular"),
    "sans-bold": ("VeraBd", "ttf", "Bold"),
}

# Scripts that need their own Noto font, by Unicode block. Everything else is "Latin" here
# (set in the style's face, or in Noto Sans when that face lacks a letter).
_SCRIPT_BLOCKS: tuple[tuple[int, int, str], ...] = (
    (0x0600, 0x06FF, "Arabic"),
    (0x0750, 0x077F, "Arabic"),
    (0x08A0, 0x08FF, "Arabic"),
    (0x0900, 0x097F, "Devanagari"),
    (0x0980, 0x09FF, "Bengali"),
    (0x0B80, 0x0BFF, "Tamil"),
    (0x1CD0, 0x1CFF, "Devanagari"),  # Vedic extensions
    (0xA8E0, 0xA8FF, "Devanagari"),  # Devanagari extended
    (0xFB50, 0xFDFF, "Arabic"),  # presentation forms A
    (0xFE70, 0xFEFF, "Arabic"),  # presentation forms B
)
_RIGHT_TO_LEFT = {"Arabic"}


def _script(char: str) -> str | None:
    code = ord(char)
    for first, last, script in _SCRIPT_BLOCKS:
        if first <= code <= last:
            return script
    return None


@cache
def _register_latin(style: str) -> str:
    face, kind, _weight = _STYLES[style]
    name = f"Cert-{style}"
    if kind == "type1":
        embedded = pdfmetrics.EmbeddedType1Face(
            str(REPORTLAB_FONT_DIR / f"{face}.afm"), str(REPORTLAB_FONT_DIR / f"{face}.pfb")
        )
        pdfmetrics.registerTypeFace(embedded)
        pdfmetrics.registerFont(pdfmetrics.Font(name, embedded.name, "WinAnsiEncoding"))
    else:
        pdfmetrics.registerFont(TTFont(name, str(REPORTLAB_FONT_DIR / f"{face}.ttf")))
    return name


@cache
def _register_noto(family: str, weight: str) -> str:
    name = f"{family}-{weight}"
    font = TTFont(name, str(NOTO_FONT_DIR / f"{name}.ttf"))
    pdfmetrics.registerFont(font)
    _number_unencoded_glyphs(font)
    return name


def _number_unencoded_glyphs(font: TTFont) -> None:
    """Give every glyph that has no character of its own (conjuncts, joining forms) its
    private-use character now, in glyph order. reportlab would otherwise number them as it
    first meets them while shaping, and a PDF's bytes would depend on which names the
    process happened to draw before."""
    shaper = font.hbFont(1000)
    for glyph in range(1, font.hbFace.glyph_count):
        if glyph not in font.face.glyphToChar:
            font.hbAddPrivate(
                shaper.glyph_to_string(glyph), glyph, shaper.get_glyph_h_advance(glyph)
            )


@cache
def _ttf_chars(font_name: str) -> frozenset[int]:
    font = pdfmetrics.getFont(font_name)
    return frozenset(font.face.charToGlyph)


def _latin_holds(style: str, text: str) -> bool:
    """Whether the style's own face has every letter of `text`: a Type 1 face holds
    Windows-1252 only, Vera a little more."""
    name = _register_latin(style)
    if _STYLES[style][1] == "type1":
        try:
            text.encode("cp1252")
        except UnicodeEncodeError:
            return False
        return True
    chars = _ttf_chars(name)
    return all(ord(char) in chars for char in text)


@dataclass(frozen=True)
class Run:
    """A piece of a line in one font, in the order it is drawn (left to right)."""

    text: str  # in logical order; HarfBuzz reverses right-to-left scripts itself
    font: str  # a registered reportlab font name
    shaped: bool  # set through HarfBuzz (the complex scripts)


def _is_attached(char: str) -> bool:
    # Combining marks and joiners (ZWJ/ZWNJ) belong to the letter before them.
    return unicodedata.category(char)[0] == "M" or unicodedata.category(char) == "Cf"


def _is_letter(char: str) -> bool:
    return unicodedata.bidirectional(char) in ("L", "R", "AL")


def _nearest_script(text: str, scripts: list[str | None], indices: range) -> str | None:
    """The script of the first letter (or script character) at `indices`; None for Latin
    or for none at all."""
    for index in indices:
        if scripts[index] is not None or _is_letter(text[index]):
            return scripts[index]
    return None


@lru_cache(maxsize=4096)
def text_runs(text: str, style: str) -> tuple[Run, ...]:
    """`text` cut into runs of one font each, in visual order.

    Letters of Devanagari, Tamil, Bengali and Arabic go to their Noto font; other letters to
    the style's face, or all of them to Noto Sans when that face lacks any (so a word is never
    set in two Latin faces). Spaces and punctuation between two letters of one script stay in
    that script's run, so a name of several words is shaped (and reversed) as one. The line
    reads right to left when its first letter does (a simple form of the Unicode bidi rule,
    enough for names: runs in reverse order, each one shaped in its own direction)."""
    text = unicodedata.normalize("NFC", text)
    _face, _kind, weight = _STYLES[style]
    scripts = [_script(char) for char in text]
    latin_text = "".join(c for c, s in zip(text, scripts, strict=True) if s is None)
    latin = (
        _register_latin(style)
        if _latin_holds(style, latin_text)
        else _register_noto("NotoSans", weight)
    )

    first_letter = next((s for c, s in zip(text, scripts, strict=True) if _is_letter(c)), None)
    right_to_left = first_letter in _RIGHT_TO_LEFT

    # Resolve what each character is set in: a script, or None for the Latin font.
    resolved: list[str | None] = list(scripts)
    for index, char in enumerate(text):
        if scripts[index] is not None:
            continue
        if _is_attached(char) and index > 0:
            resolved[index] = resolved[index - 1]
        elif not _is_letter(char):
            before = _nearest_script(text, resolved, range(index - 1, -1, -1))
            after = _nearest_script(text, scripts, range(index + 1, len(text)))
            if before is not None and before == after:
                resolved[index] = before
            elif right_to_left and {before, after} & _RIGHT_TO_LEFT:
                # Between the two directions a space takes the line's direction.
                resolved[index] = next(s for s in (before, after) if s in _RIGHT_TO_LEFT)

    runs: list[Run] = []
    start = 0
    for index in range(1, len(text) + 1):
        if index == len(text) or resolved[index] != resolved[start]:
            script = resolved[start]
            font = latin if script is None else _register_noto(f"NotoSans{script}", weight)
            runs.append(Run(text[start:index], font, shaped=script is not None))
            start = index

    if right_to_left:
        runs.reverse()
    return tuple(runs)


@lru_cache(maxsize=8192)
def _set_run(run: Run, size: float) -> tuple[str, float]:
    """The run ready to draw (through HarfBuzz when it is shaped) and its width in points."""
    if not run.shaped:
        return run.text, pdfmetrics.stringWidth(run.text, run.font, size)
    # reportlab's shaping entry point for a word in one font; it returns the width first.
    # No discretionary ligatures: they would add vowel marks to a name such as Muhammad.
    word = shapeFragWord(
        [0, (ABag(fontName=run.font, fontSize=size), run.text)],
        features={"kern": True, "liga": True},
        force=True,
    )
    return word[1][1], float(word[0])


def _run_width_pt(run: Run, size: float) -> float:
    return _set_run(run, size)[1]


def _tracking_for(runs: tuple[Run, ...], tracking: float) -> float:
    # Letter-spacing would break conjuncts and Arabic joining: only all-Latin text is spaced.
    return 0 if any(run.shaped for run in runs) else tracking


def text_width(text: str, font: str, size: float, tracking: float = 0) -> float:
    """Width in millimetres of `text` in style `font` at `size` points, with `tracking`
    points between letters."""
    runs = text_runs(text, font)
    tracking = _tracking_for(runs, tracking)
    width_pt = sum(_run_width_pt(run, size) for run in runs)
    return (width_pt + tracking * max(0, len(text) - 1)) * MM_PER_PT


def fit_size(text: str, font: str, size: float, max_width: float, minimum: float) -> float:
    """The largest size up to `size` (in half points) at which `text` fits in `max_width`
    millimetres, and `minimum` if none does."""
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


def ellipsize(text: str, font: str, size: float, max_width: float) -> str:
    """`text`, cut short with an ellipsis if it is wider than `max_width` millimetres."""
    if text_width(text, font, size) <= max_width:
        return text
    while len(text) > 1 and text_width(f"{text}…", font, size) > max_width:
        text = text[:-1].rstrip()
    return f"{text}…"


def _two_lines(text: str) -> list[tuple[str, str]]:
    words = text.split()
    return [(" ".join(words[:cut]), " ".join(words[cut:])) for cut in range(1, len(words))]


def fit_lines(
    text: str,
    font: str,
    *,
    size: float,
    max_width: float,
    minimum: float,
    two_line_size: float,
    two_line_minimum: float,
) -> tuple[float, list[str]]:
    """Size and lines for a name: one line, shrunk from `size` down to `minimum`; then two
    lines broken at the space that balances them best, shrunk from `two_line_size` down to
    `two_line_minimum`;
    and when even that does not fit (a single very long word), one line at `minimum` cut
    short with an ellipsis. A name never runs off the page."""
    one = fit_size(text, font, size, max_width, minimum)
    if text_width(text, font, one) <= max_width:
        return one, [text]
    splits = _two_lines(text)
    if splits:
        best = min(
            splits,
            key=lambda pair: max(text_width(part, font, two_line_size) for part in pair),
        )
        widest = max(best, key=lambda part: text_width(part, font, two_line_size))
        two = fit_size(widest, font, two_line_size, max_width, two_line_minimum)
        if text_width(widest, font, two) <= max_width:
            return two, list(best)
    return minimum, [ellipsize(text, font, minimum, max_width)]


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
        tracking = _tracking_for(runs, tracking)
        cursor = self._pt(_aligned_x(x, text_width(text, font, size, tracking), align))
        for run in runs:
            glyphs, width = _set_run(run, size)
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
