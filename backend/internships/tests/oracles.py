"""Independent statements of the unlock rule, written from docs/product.md §6 for the tests.

They share no code with `internships.schedule`: one reads the table's windows directly,
the other walks the calendar a day at a time.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta

ONE_DAY = timedelta(days=1)

# docs/product.md §6, copied by hand: route -> (cycle start, unlock days of tasks 1-4).
TABLE: dict[str, tuple[int, tuple[int, int, int, int]]] = {
    "tasks": (1, (1, 8, 15, 22)),
    "tasks-1": (1, (1, 8, 15, 22)),
    "tasks-10": (10, (10, 18, 26, 3)),
    "tasks-20": (20, (20, 27, 6, 14)),
}

FIRST_DAY = date(2023, 1, 1)
LAST_DAY = date(2028, 12, 31)  # 2024 and 2028 are leap years


def every_day(first: date = FIRST_DAY, last: date = LAST_DAY) -> Iterator[date]:
    day = first
    while day <= last:
        yield day
        day += ONE_DAY


# --- The table's windows (start and unlock days 1-28, which every day of a month has) ---


def table_unlocked(*, start: int, unlock: int, today: date) -> bool:
    """Days start..end of month belong to this month's cycle, days 1..start-1 to the one
    that began last month."""
    if today.day >= start:
        return start <= unlock <= today.day
    return unlock >= start or unlock <= today.day


def table_unlocks_on(*, start: int, unlock: int, today: date) -> date:
    """For a locked task: its unlock day this month if still ahead, else next month."""
    assert not table_unlocked(start=start, unlock=unlock, today=today)
    if unlock > today.day:
        return today.replace(day=unlock)
    year, month = (today.year + 1, 1) if today.month == 12 else (today.year, today.month + 1)
    return date(year, month, unlock)


# --- Day-by-day walk, for any start and unlock day 1-31 ---


def is_day(day: date, number: int) -> bool:
    """Whether `day` is day `number` of its month, a number past the month's end meaning
    its last day."""
    is_last = (day + ONE_DAY).day == 1
    return day.day == number or (is_last and number > day.day)


def walk_cycle_start(*, start: int, today: date) -> date:
    day = today
    while not is_day(day, start):
        day -= ONE_DAY
    return day


def walk_next_cycle_start(*, start: int, today: date) -> date:
    day = today + ONE_DAY
    while not is_day(day, start):
        day += ONE_DAY
    return day


def walk_unlock_date(*, start: int, unlock: int, today: date) -> date:
    """First day of the cycle that is the unlock day; the cycle's last day if the cycle
    ends before one comes round (possible only for start days 29-31)."""
    day = walk_cycle_start(start=start, today=today)
    end = walk_next_cycle_start(start=start, today=today)
    while day < end:
        if is_day(day, unlock):
            return day
        day += ONE_DAY
    return end - ONE_DAY
