"""The unlock rule of the internship task boards: pure calendar arithmetic, no database.

docs/product.md §6 and decision 5. Everything here works on dates in India time
(Asia/Kolkata); `india_today` is the one place that turns the server's clock into such a
date, so the visitor's clock never matters.

Vocabulary: a board has a *cycle start day* S and each task an *unlock day* U, both days of
the month in 1..31. A day number beyond a month's end stands for that month's last day
(S = 31 is 30 April, 28 or 29 February).
"""

from __future__ import annotations

import calendar
from datetime import date, datetime, time, timedelta

from core.dates import INDIA


def india_midnight(*, day: date) -> datetime:
    """00:00 India time at the start of `day`, as an aware datetime (+05:30)."""
    return datetime.combine(day, time.min, tzinfo=INDIA)


def month_day(*, year: int, month: int, day: int) -> date:
    """Day `day` of the month, or the month's last day when the month is shorter."""
    return date(year, month, min(day, calendar.monthrange(year, month)[1]))


def _add_months(year: int, month: int, months: int) -> tuple[int, int]:
    index = year * 12 + (month - 1) + months
    return index // 12, index % 12 + 1


def board_cycle_start(*, cycle_start_day: int, today: date) -> date:
    """The first day of the cycle `today` belongs to: the most recent start day, today
    included (day `cycle_start_day` of this month if it has come, else of last month)."""
    this_month = month_day(year=today.year, month=today.month, day=cycle_start_day)
    if this_month <= today:
        return this_month
    year, month = _add_months(today.year, today.month, -1)
    return month_day(year=year, month=month, day=cycle_start_day)


def board_next_cycle_start(*, cycle_start_day: int, today: date) -> date:
    """The first day of the cycle after the one `today` belongs to."""
    start = board_cycle_start(cycle_start_day=cycle_start_day, today=today)
    year, month = _add_months(start.year, start.month, 1)
    return month_day(year=year, month=month, day=cycle_start_day)


def task_unlock_date(*, cycle_start_day: int, unlock_day: int, today: date) -> date:
    """The date (India time) on which a task unlocks in the cycle `today` belongs to.

    The rule, in full:

    1. A cycle starts on the board's start day every month and runs to the day before the
       next start. (A start day beyond a month's end means that month's last day.)
    2. A task unlocks on the first occurrence of its unlock day on or after the cycle
       start (again, a day beyond a month's end means that month's last day).
    3. Unlocks are cumulative: an unlocked task stays unlocked until the next cycle
       starts; then every task relocks, except those whose unlock date is that new
       cycle start (unlock day = start day), which unlock again at once.

    The task is unlocked on `today` exactly when the returned date is on or before it.

    One case the rule above cannot place: with a start day of 29-31, the month-end
    clamping can make the next cycle start on or before the next occurrence of the
    unlock day (start 31, unlock 30: the cycle 31 March - 29 April never sees a 30th
    before the next cycle starts on 30 April). Such a task unlocks on the cycle's last
    day instead, so every task is unlocked at some point of every cycle. With a start
    day of 1-28 (all of docs/product.md §6's boards) this never happens.
    """
    start = board_cycle_start(cycle_start_day=cycle_start_day, today=today)
    unlock = month_day(year=start.year, month=start.month, day=unlock_day)
    if unlock < start:
        year, month = _add_months(start.year, start.month, 1)
        unlock = month_day(year=year, month=month, day=unlock_day)
    next_start = board_next_cycle_start(cycle_start_day=cycle_start_day, today=today)
    return min(unlock, next_start - timedelta(days=1))
