"""The arithmetic of an invoice: the financial year, the tax-inclusive total split into
taxable value and tax, paise as rupees, and the total in words (Indian numbering)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction

from core.money import format_rupees


def financial_year(day: date) -> str:
    """India's financial year (1 April to 31 March) holding `day`: 2026-04-01 -> "26-27",
    2027-03-31 -> "26-27"."""
    start = day.year if day.month >= 4 else day.year - 1
    return f"{start % 100:02d}-{(start + 1) % 100:02d}"


def financial_year_start(day: date) -> date:
    return date(day.year if day.month >= 4 else day.year - 1, 4, 1)


@dataclass(frozen=True)
class Split:
    taxable: int
    cgst: int = 0
    sgst: int = 0
    igst: int = 0

    @property
    def total(self) -> int:
        return self.taxable + self.cgst + self.sgst + self.igst


def _round_half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


def tax_split(*, total_paise: int, rate: Decimal, same_state: bool) -> Split:
    """Split a tax-inclusive total (paise) at `rate` percent.

    The tax is rounded to the paisa and the taxable value is what remains, so the parts
    always add up to exactly what was paid. Within one state the tax is CGST + SGST at half
    the rate each, equal; across states it is IGST. A rate of 0 (a seller without a GSTIN)
    gives no tax.
    """
    if total_paise < 0:
        raise ValueError("A total cannot be negative.")
    rate_fraction = Fraction(rate)
    if rate_fraction <= 0:
        return Split(taxable=total_paise)
    divisor = 100 + rate_fraction
    if same_state:
        half = _round_half_up(total_paise * (rate_fraction / 2) / divisor)
        return Split(taxable=total_paise - 2 * half, cgst=half, sgst=half)
    igst = _round_half_up(total_paise * rate_fraction / divisor)
    return Split(taxable=total_paise - igst, igst=igst)


def format_paise(paise: int) -> str:
    """Rupees and paise with Indian digit grouping: 449900 -> "₹4,499.00"."""
    sign = "-" if paise < 0 else ""
    rupees, rest = divmod(abs(paise), 100)
    return f"{sign}{format_rupees(rupees)}.{rest:02d}"


def format_rate(rate: Decimal) -> str:
    """18.00 -> "18%", 2.50 -> "2.5%"."""
    text = f"{rate.normalize():f}"
    return f"{text}%"


_ONES = (
    "",
    "One",
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Eleven",
    "Twelve",
    "Thirteen",
    "Fourteen",
    "Fifteen",
    "Sixteen",
    "Seventeen",
    "Eighteen",
    "Nineteen",
)
_TENS = ("", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety")


def _below_hundred(n: int) -> str:
    if n < 20:
        return _ONES[n]
    tens, ones = divmod(n, 10)
    return f"{_TENS[tens]}-{_ONES[ones]}" if ones else _TENS[tens]


def _below_thousand(n: int) -> str:
    hundreds, rest = divmod(n, 100)
    parts = []
    if hundreds:
        parts.append(f"{_ONES[hundreds]} Hundred")
    if rest:
        parts.append(_below_hundred(rest))
    return " ".join(parts)


def number_in_words(n: int) -> str:
    """A whole number in words with Indian grouping: 1234567 -> "Twelve Lakh Thirty-Four
    Thousand Five Hundred Sixty-Seven"; crores above that (100 crore and more are counted
    in crores: "One Hundred Crore")."""
    if n < 0:
        raise ValueError("Only amounts of zero or more are written in words.")
    if n == 0:
        return "Zero"
    crores, rest = divmod(n, 10**7)
    lakhs, rest = divmod(rest, 10**5)
    thousands, rest = divmod(rest, 1000)
    parts = []
    if crores:
        parts.append(f"{number_in_words(crores)} Crore")
    if lakhs:
        parts.append(f"{_below_hundred(lakhs)} Lakh")
    if thousands:
        parts.append(f"{_below_hundred(thousands)} Thousand")
    if rest:
        parts.append(_below_thousand(rest))
    return " ".join(parts)


def amount_in_words(paise: int) -> str:
    """449900 -> "Rupees Four Thousand Four Hundred Ninety-Nine Only"; with paise,
    "Rupees One Hundred and Fifty Paise Only"."""
    rupees, rest = divmod(paise, 100)
    words = f"Rupees {number_in_words(rupees)}"
    if rest:
        words += f" and {_below_hundred(rest)} Paise"
    return f"{words} Only"
