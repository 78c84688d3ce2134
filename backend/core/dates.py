"""Calendar days are India days (Asia/Kolkata), whatever the server's or the visitor's clock."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from django.utils import formats, timezone

INDIA = ZoneInfo("Asia/Kolkata")


def india_today(*, now: datetime | None = None) -> date:
    """The date in India at `now` (timezone-aware; default: the server's clock)."""
    return timezone.localtime(now or timezone.now(), INDIA).date()


def format_india_date(day: date) -> str:
    """A calendar date as the site writes it in sentences: "3 December 2026"."""
    return f"{day.day} {MONTHS[day.month - 1]} {day.year}"


def date_display(value: date | datetime | None) -> str:
    """A date, or a moment's date in India, as the back office writes it: "27 Nov 2026"
    (DATE_FORMAT, config/formats); "-" for none."""
    if value is None:
        return "-"
    if isinstance(value, datetime):
        value = timezone.localtime(value)
    return formats.date_format(value)


def datetime_display(value: datetime | None) -> str:
    """A moment in India's time as the back office writes it: "27 Nov 2026, 11:49"
    (DATETIME_FORMAT, config/formats); "-" for none."""
    if value is None:
        return "-"
    return formats.date_format(timezone.localtime(value), "DATETIME_FORMAT")


def format_india_clock(moment: datetime) -> str:
    """A moment's time of day in India, as the site writes it: "9:00 PM"."""
    local = moment.astimezone(INDIA)
    hour = local.hour % 12 or 12
    return f"{hour}:{local.minute:02d} {'AM' if local.hour < 12 else 'PM'}"


def format_india_day(moment: datetime) -> str:
    """A moment's India date with its weekday: "Mon 7 December 2026"."""
    local = moment.astimezone(INDIA)
    return f"{WEEKDAYS[local.weekday()]} {format_india_date(local.date())}"


WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
# Spelled out rather than strftime("%B"), which follows the server's locale.
MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
