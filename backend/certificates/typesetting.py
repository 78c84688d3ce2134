"""Setting text for the certificates and letters: which font each piece of a name is set
in (the design's Latin faces, Noto for other scripts), its width, and fitting a line.

Latin text is set in the Times-style Type 1 faces and Bitstream Vera that ship with
reportlab (the design's faces). Text they cannot hold falls back to the Noto fonts in
`fonts/` (SIL Open Font License): Noto Sans for other Latin, Greek and Cyrillic letters, and
Noto Sans Devanagari, Tamil, Bengali and Arabic for those scripts, shaped by HarfBuzz
(conjuncts, vowel signs, Arabic joining) and laid out right to left where the script is.
The font is chosen per run of text, so a name mixing scripts renders too. What this needs
of reportlab beyond its documented API is in reportlab_fonts.py.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache, partial

from reportlab.pdfbase import pdfmetrics

from certificates.reportlab_fonts import (
    TYPE1_FACES,
    register_noto,
    register_reportlab_ttf,
    register_type1,
    shape,
    ttf_chars,
)

MM_PER_PT = 25.4 / 72

# A style of the design -> (how its Latin face is registered, the Noto weight).
_STYLES: dict[str, tuple[Callable[[str], str], str]] = {
    "serif": (partial(register_type1, TYPE1_FACES["times"]), "Regular"),
    "serif-bold": (partial(register_type1, TYPE1_FACES["times-bold"]), "Bold"),
    "serif-italic": (partial(register_type1, TYPE1_FACES["times-italic"]), "Regular"),
    "serif-bold-italic": (partial(register_type1, TYPE1_FACES["times-bold-italic"]), "Bold"),
    "sans": (partial(register_reportlab_ttf, "Vera"), "Regular"),
    "sans-bold": (partial(register_reportlab_ttf, "VeraBd"), "Bold"),
}
_TYPE1_STYLES = frozenset({"serif", "serif-bold", "serif-italic", "serif-bold-italic"})

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
    return _STYLES[style][0](f"Cert-{style}")


def _latin_holds(style: str, text: str) -> bool:
    """Whether the style's own face has every letter of `text`: a Type 1 face holds
    Windows-1252 only, Vera a little more."""
    name = _register_latin(style)
    if style in _TYPE1_STYLES:
        try:
            text.encode("cp1252")
        except UnicodeEncodeError:
            return False
        return True
    chars = ttf_chars(name)
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
    weight = _STYLES[style][1]
    scripts = [_script(char) for char in text]
    latin_text = "".join(c for c, s in zip(text, scripts, strict=True) if s is None)
    latin = (
        _register_latin(style)
        if _latin_holds(style, latin_text)
        else register_noto("NotoSans", weight)
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
            font = latin if script is None else register_noto(f"NotoSans{script}", weight)
            runs.append(Run(text[start:index], font, shaped=script is not None))
            start = index

    if right_to_left:
        runs.reverse()
    return tuple(runs)


@lru_cache(maxsize=8192)
def set_run(run: Run, size: float) -> tuple[str, float]:
    """The run ready to draw (through HarfBuzz when it is shaped) and its width in points."""
    if not run.shaped:
        return run.text, pdfmetrics.stringWidth(run.text, run.font, size)
    return shape(run.text, run.font, size)


def _run_width_pt(run: Run, size: float) -> float:
    return set_run(run, size)[1]


def tracking_for(runs: tuple[Run, ...], tracking: float) -> float:
    # Letter-spacing would break conjuncts and Arabic joining: only all-Latin text is spaced.
    return 0 if any(run.shaped for run in runs) else tracking


def text_width(text: str, font: str, size: float, tracking: float = 0) -> float:
    """Width in millimetres of `text` in style `font` at `size` points, with `tracking`
    points between letters."""
    runs = text_runs(text, font)
    tracking = tracking_for(runs, tracking)
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
