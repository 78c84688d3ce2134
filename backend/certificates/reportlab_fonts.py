"""Every use of reportlab beyond its documented drawing API, in one place.

reportlab documents registering fonts and drawing strings, but not shaping complex scripts
through HarfBuzz, nor the names of the Type 1 faces it ships. The certificates need both
(names in Devanagari, Tamil, Bengali and Arabic; the design's Times-style faces), so this
module reaches into reportlab for them: `shapeFragWord` and `ABag` (its paragraph
shaper's entry point), a TTFont's HarfBuzz face (`hbFace`, `hbFont`, `hbAddPrivate`),
its glyph tables (`face.charToGlyph`, `face.glyphToChar`) and the `_e?_____` file names
under reportlab/fonts. pyproject.toml pins reportlab to the minor version these were
checked with, and certificates/tests/test_reportlab_fonts.py shapes each script through
here, so an upgrade that moves any of them fails a test instead of a certificate.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import reportlab
from reportlab.lib.abag import ABag
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, shapeFragWord

REPORTLAB_FONT_DIR = Path(reportlab.__file__).resolve().parent / "fonts"
NOTO_FONT_DIR = Path(__file__).resolve().parent / "fonts"

# reportlab's Type 1 faces by what they are (URW's Times-style faces, shipped as afm+pfb).
TYPE1_FACES = {
    "times": "_er_____",
    "times-bold": "_eb_____",
    "times-italic": "_ei_____",
    "times-bold-italic": "_ebi____",
}


def register_type1(face: str, name: str) -> str:
    """Register one of TYPE1_FACES' files, embedded, as the font `name`."""
    embedded = pdfmetrics.EmbeddedType1Face(
        str(REPORTLAB_FONT_DIR / f"{face}.afm"), str(REPORTLAB_FONT_DIR / f"{face}.pfb")
    )
    pdfmetrics.registerTypeFace(embedded)
    pdfmetrics.registerFont(pdfmetrics.Font(name, embedded.name, "WinAnsiEncoding"))
    return name


def register_reportlab_ttf(face: str, name: str) -> str:
    """Register a TrueType face that ships with reportlab (Bitstream Vera) as `name`."""
    pdfmetrics.registerFont(TTFont(name, str(REPORTLAB_FONT_DIR / f"{face}.ttf")))
    return name


@cache
def register_noto(family: str, weight: str) -> str:
    """Register `fonts/<family>-<weight>.ttf` (Noto, SIL Open Font License)."""
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
def ttf_chars(font_name: str) -> frozenset[int]:
    """The code points a registered TrueType font has glyphs for."""
    font = pdfmetrics.getFont(font_name)
    return frozenset(font.face.charToGlyph)


def shape(text: str, font_name: str, size: float) -> tuple[str, float]:
    """`text` shaped by HarfBuzz in a registered TrueType font: the string to draw (glyphs
    as the font's private characters) and its width in points. No discretionary ligatures:
    they would add vowel marks to a name such as Muhammad."""
    word = shapeFragWord(
        [0, (ABag(fontName=font_name, fontSize=size), text)],
        features={"kern": True, "liga": True},
        force=True,
    )
    return word[1][1], float(word[0])
