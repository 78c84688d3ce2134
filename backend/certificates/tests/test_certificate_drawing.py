"""The drawing itself: fonts per script, shaping, long names, reproducible bytes, and the
look of sample documents against committed reference images."""

from __future__ import annotations

import io
import re
from datetime import date
from pathlib import Path

import pytest
import uharfbuzz
import zxingcpp
from PIL import Image, ImageChops

from certificates import drawing, typesetting
from certificates.reportlab_fonts import NOTO_FONT_DIR

REFERENCES = Path(__file__).parent / "references"


def content(name: str, **fields: object) -> drawing.CertificateContent:
    values: dict[str, object] = {
        "brand": "Acme Academy",
        "name": name,
        "domain": "Web Development",
        "duration": "30 Days",
        "certificate_id": "WD-2026-0001",
        "issue_date": date(2026, 11, 22),
        "verify_url": "https://site.example/verify/WD-2026-0001",
    }
    values.update(fields)
    return drawing.CertificateContent(**values)  # type: ignore[arg-type]


def png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


def decode_qr(image: Image.Image) -> list[str]:
    return [result.text for result in zxingcpp.read_barcodes(image.convert("L"))]


def blocks_that_differ(first: Image.Image, second: Image.Image, *, block: int = 12) -> int:
    """How many `block`-pixel squares differ by more than a fifth of the grey scale on
    average: anti-aliasing and a pixel's shift pass, a changed word or a moved line does not."""
    assert first.size == second.size
    small = (first.width // block, first.height // block)
    a = first.convert("L").resize(small, Image.Resampling.BOX)
    b = second.convert("L").resize(small, Image.Resampling.BOX)
    return sum(ImageChops.difference(a, b).histogram()[48:])


# --- The look, against reference images ---------------------------------------------------

SCRIPT_NAMES = {
    "Devanagari": "प्रिया शर्मा",
    "Tamil": "கார்த்திக் சுப்ரமணியம்",
    "Bengali": "সৌমিত্র চট্টোপাধ্যায়",
    "Arabic": "محمد عبد الله",
}
LONG_NAME = "Venkata Lakshmi Narasimha Satyanarayana Subrahmanya Chakravarthy Ramachandran Iyer"

# reference file -> (draw, name)
SAMPLES = {
    "certificate-latin.png": (drawing.certificate_png_bytes, "Priya Sharma"),
    "certificate-devanagari.png": (drawing.certificate_png_bytes, SCRIPT_NAMES["Devanagari"]),
    "certificate-tamil.png": (drawing.certificate_png_bytes, SCRIPT_NAMES["Tamil"]),
    "certificate-bengali.png": (drawing.certificate_png_bytes, SCRIPT_NAMES["Bengali"]),
    "certificate-arabic.png": (drawing.certificate_png_bytes, SCRIPT_NAMES["Arabic"]),
    "certificate-mixed.png": (drawing.certificate_png_bytes, "Priya प्रिया Sharma"),
    "certificate-long.png": (drawing.certificate_png_bytes, LONG_NAME),
    "letter-latin.png": (drawing.letter_png_bytes, "Priya Sharma"),
    "letter-devanagari.png": (drawing.letter_png_bytes, SCRIPT_NAMES["Devanagari"]),
}


@pytest.mark.parametrize("reference", sorted(SAMPLES))
def test_it_draws_like_the_reference_image(reference: str) -> None:
    """The references were looked at by a person. The first ones were compared with the
    Pillow drawing this one replaced (the same outside the QR code); after a deliberate
    change of the drawing, write them again with
    `cd backend && uv run python -m certificates.tests.test_certificate_drawing`
    and look at them."""
    draw, name = SAMPLES[reference]

    image = png(draw(content(name)))

    with Image.open(REFERENCES / reference) as expected:
        assert image.size == expected.size
        assert blocks_that_differ(image, expected) == 0
    assert decode_qr(image) == ["https://site.example/verify/WD-2026-0001"]


def test_the_comparison_notices_a_different_name() -> None:
    latin = png(drawing.certificate_png_bytes(content("Priya Sharma")))
    other = png(drawing.certificate_png_bytes(content("Rahul Verma")))

    assert blocks_that_differ(latin, other) > 20


# --- Scripts --------------------------------------------------------------------------------


def shaped_glyphs(text: str, font: str) -> list[int]:
    face = uharfbuzz.Face(uharfbuzz.Blob.from_file_path(NOTO_FONT_DIR / f"{font}.ttf"))
    buffer = uharfbuzz.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    uharfbuzz.shape(uharfbuzz.Font(face), buffer, {"kern": True, "liga": True})
    return [info.codepoint for info in buffer.glyph_infos]


@pytest.mark.parametrize("script", sorted(SCRIPT_NAMES))
def test_it_sets_a_name_in_its_scripts_noto_font_with_real_glyphs(script: str) -> None:
    name = SCRIPT_NAMES[script]

    (run,) = typesetting.text_runs(name, "serif-bold-italic")

    assert run.font == f"NotoSans{script}-Bold"
    assert run.shaped
    glyphs = shaped_glyphs(name, run.font)
    assert 0 not in glyphs  # no .notdef box
    pdf = drawing.certificate_pdf_bytes(content(name))
    assert f"+NotoSans{script}-Bold".encode() in pdf  # the font is embedded (as a subset)


def test_it_shapes_conjuncts_and_arabic_joining() -> None:
    # प्रि is four characters (pa, virama, ra, i-sign) and two glyphs: the i-sign, moved
    # before the consonants, and the conjunct pra.
    assert len(shaped_glyphs("प्रि", "NotoSansDevanagari-Bold")) == 2
    # A joined Arabic letter is not its isolated form: mim at the start of محمد.
    isolated = shaped_glyphs("م", "NotoSansArabic-Bold")
    joined = shaped_glyphs("محمد", "NotoSansArabic-Bold")
    assert joined[-1] != isolated[0]  # right to left: the first letter comes out last


def test_a_name_mixing_latin_and_devanagari_uses_both_fonts() -> None:
    runs = typesetting.text_runs("Priya प्रिया Sharma", "serif-bold-italic")

    assert [(run.text, run.font) for run in runs] == [
        ("Priya ", "Cert-serif-bold-italic"),
        ("प्रिया", "NotoSansDevanagari-Bold"),
        (" Sharma", "Cert-serif-bold-italic"),
    ]
    pdf = drawing.certificate_pdf_bytes(content("Priya प्रिया Sharma"))
    assert b"+NotoSansDevanagari-Bold" in pdf


def test_an_arabic_name_reads_right_to_left_with_latin_in_place() -> None:
    runs = typesetting.text_runs("محمد عبد الله Khan", "serif-bold-italic")

    # The line starts with an Arabic letter, so it reads right to left: the Latin word
    # that ends it is drawn at the left, and the Arabic words stay one shaped run.
    assert [run.text for run in runs] == ["Khan", "محمد عبد الله "]


def test_latin_letters_the_design_face_lacks_move_the_whole_word_to_noto_sans() -> None:
    (run,) = typesetting.text_runs("Łukasz Żółć", "serif-bold-italic")
    (cyrillic,) = typesetting.text_runs("Анна Иванова", "serif")

    assert run.font == "NotoSans-Bold"
    assert cyrillic.font == "NotoSans-Regular"
    assert "NotoSans-Regular" in {r.font for r in typesetting.text_runs("Ref: Ж-1", "sans")}


# --- Long names ------------------------------------------------------------------------------


def test_a_long_name_shrinks_and_then_breaks_into_two_lines_that_fit() -> None:
    name = LONG_NAME

    size, lines = typesetting.fit_lines(
        name,
        "serif-bold-italic",
        size=40,
        max_width=drawing.NAME_WIDTH_MM,
        minimum=24,
        two_line_size=22,
        two_line_minimum=14,
    )

    assert len(lines) == 2
    assert " ".join(lines) == name  # nothing lost
    assert 14 <= size <= 22
    for line in lines:
        assert typesetting.text_width(line, "serif-bold-italic", size) <= drawing.NAME_WIDTH_MM


def test_a_name_that_fits_keeps_its_size_on_one_line() -> None:
    assert typesetting.fit_lines(
        "Priya Sharma",
        "serif-bold-italic",
        size=40,
        max_width=drawing.NAME_WIDTH_MM,
        minimum=24,
        two_line_size=22,
        two_line_minimum=14,
    ) == (40, ["Priya Sharma"])


def test_a_name_too_long_even_for_two_lines_is_cut_with_an_ellipsis() -> None:
    name = "A" * 200  # the longest name a record holds, and no space to break at

    size, lines = typesetting.fit_lines(
        name,
        "serif-bold-italic",
        size=40,
        max_width=drawing.NAME_WIDTH_MM,
        minimum=24,
        two_line_size=22,
        two_line_minimum=14,
    )

    (line,) = lines
    assert line.endswith("…")
    assert line.startswith("AAAA")
    assert typesetting.text_width(line, "serif-bold-italic", size) <= drawing.NAME_WIDTH_MM


# --- Output ------------------------------------------------------------------------------------


def test_the_same_certificate_gives_the_same_bytes() -> None:
    sample = content("प्रिया शर्मा")
    first_pdf = drawing.certificate_pdf_bytes(sample)
    first_png = drawing.certificate_png_bytes(sample)

    # Other names drawn in between (new conjuncts met while shaping) change nothing.
    drawing.certificate_pdf_bytes(content("क्षत्रिय द्विवेदी"))

    assert drawing.certificate_pdf_bytes(sample) == first_pdf
    assert drawing.certificate_png_bytes(sample) == first_png
    assert re.search(rb"/CreationDate \(D:2000", first_pdf)  # reportlab's fixed date


def test_the_png_has_the_size_of_the_page_at_2000_pixels() -> None:
    assert png(drawing.certificate_png_bytes(content("Priya Sharma"))).size == (2000, 1414)
    assert png(drawing.letter_png_bytes(content("Priya Sharma"))).size == (1414, 2000)


@pytest.mark.parametrize("name", ["", "   ", "王伟", "😀", "\u0301a", "Ali ١٢٣"])
def test_odd_names_still_give_a_document(name: str) -> None:
    # Letters no bundled font has (Chinese, emoji) draw as boxes, but never fail.
    assert drawing.letter_pdf_bytes(content(name)).startswith(b"%PDF-")
    assert png(drawing.certificate_png_bytes(content(name))).size == (2000, 1414)


if __name__ == "__main__":
    for reference, (draw, name) in SAMPLES.items():
        (REFERENCES / reference).write_bytes(draw(content(name)))
        print(REFERENCES / reference)
