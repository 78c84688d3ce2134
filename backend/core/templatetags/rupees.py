"""Money in templates through the one formatter (core.money): {% load rupees %}
{{ amount|rupees }} -> "₹4,499"."""

from __future__ import annotations

from decimal import Decimal

from django import template

from core.money import format_rupees

register = template.Library()


@register.filter
def rupees(amount: int | Decimal | None) -> str:
    return "-" if amount is None or amount == "" else format_rupees(amount)
