"""The reportlab internals the drawing relies on (certificates/reportlab_fonts.py), checked
against HarfBuzz itself for each complex script a name may be in: a reportlab release that
moves or changes any of them fails here."""

from __future__ import annotations

import pytest
import uharfbuzz
from reportlab.pdfbase import pdfmetrics

from certificates import reportlab_fonts

NAMES = {
    "Devanagari": "प्रिया शर्मा",
    "Tamil": "கார்த்திக் சுப்ரமணியம்",
    "Bengali": "সৌমিত্র চট্টোপাধ্যায়",
    "Arabic": "محمد عبد الله",
}


def harfbuzz(text: str, font_file: str, size: float) -> tuple[list[int], float]:
    face = uharfbuzz.Face(uharfbuzz.Blob.from_file_path(reportlab_fonts.NOTO_FONT_DIR / font_file))
    buffer = uharfbuzz.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    uharfbuzz.shape(uharfbuzz.Font(face), buffer, {"kern": True, "liga": True})
    advance = sum(position.x_advance for position in buffer.glyph_positions)
    return [info.codepoint for info in buffer.glyph_infos], advance * size / face.upem


@pytest.mark.parametrize("script", sorted(NAMES))
def test_shaping_gives_harfbuzzs_glyphs_and_width(script: str) -> None:
    font = reportlab_fonts.register_noto(f"NotoSans{script}", "Bold")
    text = NAMES[script]

    drawn, width = reportlab_fonts.shape(text, font, 20)

    glyphs, expected_width = harfbuzz(text, f"{font}.ttf", 20)
    assert 0 not in glyphs
    # One character drawn per glyph HarfBuzz chose (conjuncts and joined forms included),
    # each mapped back to that glyph by the font's table.
    glyph_of = pdfmetrics.getFont(font).face.charToGlyph
    assert len(drawn) == len(glyphs)
    assert sorted(glyph_of.get(ord(c), -1) for c in drawn) == sorted(glyphs)
    assert width == pytest.approx(expected_width, abs=0.01)


def test_every_unencoded_glyph_is_numbered_when_the_font_is_registered() -> None:
    font = pdfmetrics.getFont(reportlab_fonts.register_noto("NotoSansDevanagari", "Regular"))
    # Conjuncts have no character of their own; each has its private one from the start,
    # so the bytes of a PDF do not depend on what the process drew before.
    assert font.hbFace.glyph_count - 1 <= len(font.face.glyphToChar)


def test_the_type1_faces_and_their_glyph_table() -> None:
    name = reportlab_fonts.register_type1(reportlab_fonts.TYPE1_FACES["times"], "Test-Times")
    assert pdfmetrics.stringWidth("Priya", name, 10) > 0
    vera = reportlab_fonts.register_reportlab_ttf("Vera", "Test-Vera")
    assert ord("P") in reportlab_fonts.ttf_chars(vera)
