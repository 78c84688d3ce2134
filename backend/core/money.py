"""Money as the site shows it. One helper, so pages, e-mails, JSON-LD and the back office
agree."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal


def format_rupees(amount: int | Decimal) -> str:
    """Rupees with Indian digit grouping: 2499 -> "₹2,499", 100000 -> "₹1,00,000".

    The last three digits form one group and every group before them has two digits. A
    Decimal amount (a bank statement's credit, an invoice's tax) keeps its paise when it
    has any, Decimal("686.29") -> "₹686.29", and a whole one is written as whole rupees,
    Decimal("5000.00") -> "₹5,000".
    """
    paise_total = int((abs(Decimal(amount)) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    sign = "-" if amount < 0 and paise_total else ""
    rupees, paise = divmod(paise_total, 100)
    digits = str(rupees)
    head, tail = digits[:-3], digits[-3:]
    groups: list[str] = []
    while len(head) > 2:
        groups.insert(0, head[-2:])
        head = head[:-2]
    if head:
        groups.insert(0, head)
    text = f"{sign}₹{','.join([*groups, tail])}"
    return f"{text}.{paise:02d}" if paise else text


def paise_as_rupees(paise: int) -> Decimal:
    """An amount kept in paise (invoices) as rupees, for format_rupees: 449900 -> 4499."""
    return Decimal(paise) / 100


def format_usd(amount: int) -> str:
    """Whole US dollars with thousands grouping, as project packages are priced: 50 -> "$50",
    1500 -> "$1,500"."""
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(int(amount)):,}"
