from __future__ import annotations

import pytest

from core.money import format_rupees, format_usd


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
