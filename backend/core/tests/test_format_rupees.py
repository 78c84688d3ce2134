from __future__ import annotations

from decimal import Decimal

import pytest

from core.money import format_rupees, format_usd, paise_as_rupees


@pytest.mark.parametrize(
    ("amount", "shown"),
    [
        (0, "₹0"),
        (99, "₹99"),
        (999, "₹999"),
        (2499, "₹2,499"),
        (99999, "₹99,999"),
        (100000, "₹1,00,000"),
        (1234567, "₹12,34,567"),
        (10000000, "₹1,00,00,000"),
        (-2499, "-₹2,499"),
    ],
)
def test_it_groups_digits_the_indian_way(amount: int, shown: str) -> None:
    assert format_rupees(amount) == shown


@pytest.mark.parametrize(
    ("amount", "shown"), [(0, "$0"), (50, "$50"), (1500, "$1,500"), (1234567, "$1,234,567")]
)
def test_it_groups_dollars_in_thousands(amount: int, shown: str) -> None:
    assert format_usd(amount) == shown


@pytest.mark.parametrize(
    ("amount", "shown"),
    [
        (Decimal("5000.00"), "₹5,000"),
        (Decimal("4499"), "₹4,499"),
        (Decimal("686.29"), "₹686.29"),
        (Decimal("123456.5"), "₹1,23,456.50"),
        (Decimal("0.004"), "₹0"),
        (Decimal("-150.00"), "-₹150"),
        (paise_as_rupees(449900), "₹4,499"),
        (paise_as_rupees(68629), "₹686.29"),
    ],
)
def test_it_writes_paise_only_when_there_are_some(amount: Decimal, shown: str) -> None:
    assert format_rupees(amount) == shown
