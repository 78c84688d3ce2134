"""The unlock rule on chosen dates: the table's boards, and the month-end edges of start
days 29, 30 and 31 (30-day months, February in leap and common years, year ends)."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from core.dates import india_today
from internships.schedule import (
    board_cycle_start,
    board_next_cycle_start,
    india_midnight,
    task_unlock_date,
)


def unlock(start: int, day: int, today: date) -> date:
    return task_unlock_date(cycle_start_day=start, unlock_day=day, today=today)


@pytest.mark.parametrize(
    ("start", "today", "expected"),
    [
        (1, date(2027, 1, 1), date(2027, 1, 1)),
        (10, date(2027, 1, 9), date(2026, 12, 10)),
        (10, date(2027, 1, 10), date(2027, 1, 10)),
        # A start day beyond the month's end starts the cycle on the month's last day.
        (31, date(2026, 4, 29), date(2026, 3, 31)),
        (31, date(2026, 4, 30), date(2026, 4, 30)),
        (31, date(2026, 5, 30), date(2026, 4, 30)),
        (31, date(2026, 5, 31), date(2026, 5, 31)),
        (31, date(2026, 1, 15), date(2025, 12, 31)),
        (31, date(2027, 2, 27), date(2027, 1, 31)),
        (31, date(2027, 2, 28), date(2027, 2, 28)),
        (31, date(2028, 2, 28), date(2028, 1, 31)),
        (31, date(2028, 2, 29), date(2028, 2, 29)),
        (30, date(2027, 3, 1), date(2027, 2, 28)),
        (30, date(2028, 3, 1), date(2028, 2, 29)),
        (29, date(2027, 2, 28), date(2027, 2, 28)),
        (29, date(2028, 2, 28), date(2028, 1, 29)),
        (29, date(2028, 3, 28), date(2028, 2, 29)),
    ],
)
def test_it_starts_the_cycle_on_the_start_day_or_the_months_last_day(
    start: int, today: date, expected: date
) -> None:
    assert board_cycle_start(cycle_start_day=start, today=today) == expected


@pytest.mark.parametrize(
    ("start", "today", "expected"),
    [
        (10, date(2026, 12, 10), date(2027, 1, 10)),
        (31, date(2026, 3, 31), date(2026, 4, 30)),
        (31, date(2027, 1, 31), date(2027, 2, 28)),
        (31, date(2028, 1, 31), date(2028, 2, 29)),
        (29, date(2027, 1, 29), date(2027, 2, 28)),
        (29, date(2027, 2, 28), date(2027, 3, 29)),
    ],
)
def test_it_finds_the_next_cycle_start(start: int, today: date, expected: date) -> None:
    assert board_next_cycle_start(cycle_start_day=start, today=today) == expected


def test_it_unlocks_the_table_boards_on_their_days() -> None:
    # /tasks-10 in the cycle 10 Dec 2026 - 9 Jan 2027: 10, 18, 26 Dec and 3 Jan.
    today = date(2026, 12, 10)
    assert [unlock(10, d, today) for d in (10, 18, 26, 3)] == [
        date(2026, 12, 10),
        date(2026, 12, 18),
        date(2026, 12, 26),
        date(2027, 1, 3),
    ]
    # /tasks-20 in the cycle 20 Jan - 19 Feb 2027: 20, 27 Jan, 6 and 14 Feb.
    today = date(2027, 2, 19)
    assert [unlock(20, d, today) for d in (20, 27, 6, 14)] == [
        date(2027, 1, 20),
        date(2027, 1, 27),
        date(2027, 2, 6),
        date(2027, 2, 14),
    ]


def test_it_reads_an_unlock_day_beyond_the_months_end_as_its_last_day() -> None:
    assert unlock(1, 31, date(2026, 4, 1)) == date(2026, 4, 30)
    assert unlock(1, 31, date(2027, 2, 1)) == date(2027, 2, 28)
    assert unlock(1, 30, date(2028, 2, 1)) == date(2028, 2, 29)
    assert unlock(1, 29, date(2028, 2, 1)) == date(2028, 2, 29)
    assert unlock(1, 29, date(2027, 2, 1)) == date(2027, 2, 28)


def test_it_handles_start_day_31_in_a_30_day_month() -> None:
    # Cycle 31 Mar - 29 Apr 2026 (the next starts on 30 Apr, April's last day).
    today = date(2026, 4, 15)
    assert unlock(31, 31, today) == date(2026, 3, 31)
    assert unlock(31, 1, today) == date(2026, 4, 1)
    assert unlock(31, 29, today) == date(2026, 4, 29)
    # No 30th comes round before the next cycle: the task opens on the cycle's last day.
    assert unlock(31, 30, today) == date(2026, 4, 29)
    # Cycle 30 Apr - 30 May 2026: "31" and "30" are both 30 April, the start.
    today = date(2026, 4, 30)
    assert unlock(31, 31, today) == date(2026, 4, 30)
    assert unlock(31, 30, today) == date(2026, 4, 30)
    assert unlock(31, 29, today) == date(2026, 5, 29)


@pytest.mark.parametrize("start", [29, 30, 31])
def test_it_handles_start_days_29_to_31_in_a_common_february(start: int) -> None:
    # The cycle that begins in January ends on 27 Feb 2027: the next starts on 28 Feb.
    today = date(2027, 2, 27)
    assert board_next_cycle_start(cycle_start_day=start, today=today) == date(2027, 2, 28)
    assert unlock(start, start, today) == date(2027, 1, start)
    assert unlock(start, 28, today) == date(2027, 2, 27)  # the 28th is the next start
    assert unlock(start, 27, today) == date(2027, 2, 27)
    assert unlock(start, 1, today) == date(2027, 2, 1)
    # From 28 Feb every day from 28 to 31 means 28 Feb, the cycle's first day.
    today = date(2027, 2, 28)
    for day in (28, 29, 30, 31):
        assert unlock(start, day, today) == date(2027, 2, 28)
    assert unlock(start, 27, today) == date(2027, 3, 27)


@pytest.mark.parametrize("start", [29, 30, 31])
def test_it_handles_start_days_29_to_31_in_a_leap_february(start: int) -> None:
    today = date(2028, 2, 28)
    assert board_cycle_start(cycle_start_day=start, today=today) == date(2028, 1, start)
    assert board_next_cycle_start(cycle_start_day=start, today=today) == date(2028, 2, 29)
    assert unlock(start, 28, today) == date(2028, 2, 28)
    today = date(2028, 2, 29)
    assert board_cycle_start(cycle_start_day=start, today=today) == date(2028, 2, 29)
    assert unlock(start, 29, today) == date(2028, 2, 29)
    assert unlock(start, 31, today) == date(2028, 2, 29)
    assert unlock(start, 28, today) == date(2028, 3, 28)


def test_it_caps_a_skipped_unlock_day_at_the_cycles_last_day() -> None:
    # Start 30, unlock 29: cycle 30 Jan - 27 Feb 2027 has no 29th (28 Feb starts the next).
    assert unlock(30, 29, date(2027, 2, 10)) == date(2027, 2, 27)
    # In a leap year the cycle 30 Jan - 28 Feb 2028 ends before 29 Feb, the next start.
    assert unlock(30, 29, date(2028, 2, 10)) == date(2028, 2, 28)
    # The next cycle (28 Feb - 29 Mar 2027) reads "29" as 28 Feb.
    assert unlock(30, 29, date(2027, 3, 1)) == date(2027, 2, 28)


@pytest.mark.parametrize(
    ("utc", "expected"),
    [
        (datetime(2026, 12, 9, 18, 29, 59, tzinfo=UTC), date(2026, 12, 9)),
        (datetime(2026, 12, 9, 18, 30, tzinfo=UTC), date(2026, 12, 10)),
        (datetime(2026, 12, 9, 20, 0, tzinfo=UTC), date(2026, 12, 10)),
        (datetime(2026, 12, 31, 18, 30, tzinfo=UTC), date(2027, 1, 1)),
    ],
)
def test_it_takes_today_in_india_whatever_the_server_time_zone(
    settings: object, utc: datetime, expected: date
) -> None:
    settings.TIME_ZONE = "America/Los_Angeles"  # type: ignore[attr-defined]
    assert india_today(now=utc) == expected


def test_it_gives_midnight_in_india_with_its_offset() -> None:
    assert india_midnight(day=date(2026, 12, 10)).isoformat() == "2026-12-10T00:00:00+05:30"
