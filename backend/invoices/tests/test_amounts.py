"""The arithmetic: splits that add up to the paisa, words in Indian numbering, the
financial year, and the GSTIN's check character."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.gst import gst_buyer_validate, gstin_check_character, gstin_problem
from invoices.amounts import (
    amount_in_words,
    financial_year,
    format_paise,
    number_in_words,
    tax_split,
)

RATES = st.sampled_from([Decimal(r) for r in ("0", "5", "12", "18", "28", "2.5", "0.25")])


@given(total=st.integers(min_value=0, max_value=10**12), rate=RATES, same_state=st.booleans())
def test_it_splits_any_total_into_parts_that_add_up_exactly(
    total: int, rate: Decimal, same_state: bool
) -> None:
    split = tax_split(total_paise=total, rate=rate, same_state=same_state)
    assert split.total == total
    assert min(split.taxable, split.cgst, split.sgst, split.igst) >= 0
    if same_state:
        assert split.igst == 0 and split.cgst == split.sgst
    else:
        assert split.cgst == split.sgst == 0
    # The tax is the rate applied to the taxable value, to within rounding of a paisa each.
    tax = split.cgst + split.sgst + split.igst
    assert abs(tax * 100 - split.taxable * rate) <= (100 + rate) * 2


def test_it_splits_a_course_fee_as_an_accountant_would() -> None:
    same = tax_split(total_paise=449900, rate=Decimal("18"), same_state=True)
    assert (same.taxable, same.cgst, same.sgst) == (381272, 34314, 34314)
    other = tax_split(total_paise=449900, rate=Decimal("18"), same_state=False)
    assert (other.taxable, other.igst) == (381271, 68629)
    assert tax_split(total_paise=449900, rate=Decimal("0"), same_state=True).taxable == 449900


@pytest.mark.parametrize(
    ("paise", "words"),
    [
        (0, "Rupees Zero Only"),
        (19900, "Rupees One Hundred Ninety-Nine Only"),
        (449900, "Rupees Four Thousand Four Hundred Ninety-Nine Only"),
        (10000000, "Rupees One Lakh Only"),
        (
            12345678950,
            "Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred "
            "Eighty-Nine and Fifty Paise Only",
        ),
        (10**9 * 100 + 1, "Rupees One Hundred Crore and One Paise Only"),
    ],
)
def test_it_writes_amounts_in_indian_words(paise: int, words: str) -> None:
    assert amount_in_words(paise) == words


def test_it_writes_numbers_in_lakh_and_crore() -> None:
    assert number_in_words(1_00_000) == "One Lakh"
    assert number_in_words(21_05_010) == "Twenty-One Lakh Five Thousand Ten"
    assert format_paise(12345678) == "₹1,23,456.78"


@pytest.mark.parametrize(
    ("day", "year"),
    [
        (date(2026, 3, 31), "25-26"),
        (date(2026, 4, 1), "26-27"),
        (date(2027, 3, 31), "26-27"),
        (date(2099, 12, 1), "99-00"),
    ],
)
def test_it_names_the_financial_year_april_to_march(day: date, year: str) -> None:
    assert financial_year(day) == year


def test_it_accepts_gstins_whose_check_character_matches() -> None:
    for gstin in ("29AAGCB7383J1Z4", "27AAPFU0939F1ZV"):
        assert gstin_problem(gstin) == ""
        assert gstin_check_character(gstin[:14]) == gstin[14]


@pytest.mark.parametrize(
    ("gstin", "reason"),
    [
        ("29AAGCB7383J1Z", "15 characters"),
        ("29AAGCB7383J1Z5", "check digit"),
        ("2AAAGCB7383J1Z4", "not a GSTIN"),
        ("99AAGCB7383J1Z4", "state's code"),
    ],
)
def test_it_refuses_a_gstin_with_the_reason(gstin: str, reason: str) -> None:
    assert reason in gstin_problem(gstin)


def test_it_takes_the_buyers_state_from_the_gstin_and_refuses_another() -> None:
    errors, buyer = gst_buyer_validate(state="", gstin="27aapfu0939f1zv", business_name="Acme")
    assert errors == {} and buyer.state == "27" and buyer.gstin == "27AAPFU0939F1ZV"
    errors, _ = gst_buyer_validate(state="29", gstin="27AAPFU0939F1ZV", business_name="Acme")
    assert "Maharashtra" in errors["gstin"]
    errors, _ = gst_buyer_validate(state="", gstin="27AAPFU0939F1ZV", business_name="")
    assert "business_name" in errors
    errors, _ = gst_buyer_validate(state="XX", gstin="", business_name="Acme")
    assert set(errors) == {"state", "gstin"}
