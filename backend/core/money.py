"""Money as the site shows it. One helper, so pages, e-mails and JSON-LD agree."""

from __future__ import annotations


def format_rupees(amount: int) -> str:
    """Whole rupees with Indian digit grouping: 2499 -> "₹2,499", 100000 -> "₹1,00,000".

    The last three digits form one group and every group before them has two digits.
    """
    sign = "-" if amount < 0 else ""
    digits = str(abs(int(amount)))
    head, tail = digits[:-3], digits[-3:]
    groups: list[str] = []
    while len(head) > 2:
        groups.insert(0, head[-2:])
        head = head[:-2]
    if head:
        groups.insert(0, head)
    return f"{sign}₹{','.join([*groups, tail])}"


def format_usd(amount: int) -> str:
    """Whole US dollars with thousands grouping, as project packages are priced: 50 -> "$50",
    1500 -> "$1,500"."""
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(int(amount)):,}"
