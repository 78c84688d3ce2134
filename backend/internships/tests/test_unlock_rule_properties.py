"""Properties of the unlock rule over every date of 2023-2028 (leap years 2024 and 2028),
checked against oracles written independently from docs/product.md §6 (see oracles.py)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, time, timedelta
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from internships.models import BoardTask, TaskBoard
from internships.schedule import INDIA, board_cycle_start, task_unlock_date
from internships.selectors import TaskBoardState, task_board_state
from internships.tests.oracles import (
    FIRST_DAY,
    LAST_DAY,
    ONE_DAY,
    TABLE,
    every_day,
    table_unlocked,
    table_unlocks_on,
    walk_cycle_start,
    walk_unlock_date,
)

# No example database: nothing is written to the working tree.
PROPERTY = settings(database=None, deadline=None, max_examples=60)
CHEAP_PROPERTY = settings(database=None, deadline=None, max_examples=1000)

day_of_month = st.integers(min_value=1, max_value=31)
some_day = st.dates(min_value=FIRST_DAY, max_value=LAST_DAY)


def board_states(
    start: int, unlocks: Sequence[int], first: date = FIRST_DAY, last: date = LAST_DAY
) -> list[TaskBoardState]:
    board = TaskBoard(slug="board", title="Board", cycle_start_day=start)
    tasks = [
        BoardTask(number=n, unlock_day=day, title=f"Task {n}")
        for n, day in enumerate(unlocks, start=1)
    ]
    return [task_board_state(board=board, tasks=tasks, today=day) for day in every_day(first, last)]


def unlocked_numbers(state: TaskBoardState) -> frozenset[int]:
    return frozenset(s.task.number for s in state.tasks if s.unlocked)


def assert_cycle_invariants(states: list[TaskBoardState]) -> None:
    """Monotonic within a cycle, relocking only at a cycle start, every task unlocked at
    some point of every (complete) cycle, and next_change_at is exactly the next change."""
    by_day = {state.today: state for state in states}
    for before, after in pairwise(states):
        same_cycle = after.cycle_start == before.cycle_start
        assert same_cycle != (after.today == before.next_cycle_start)
        if same_cycle:
            assert unlocked_numbers(before) <= unlocked_numbers(after)
        else:
            assert after.cycle_start == after.today
        if not unlocked_numbers(before) <= unlocked_numbers(after):
            assert after.today == after.cycle_start
        # The last day of every cycle has all four tasks unlocked.
        if not same_cycle:
            assert len(unlocked_numbers(before)) == len(before.tasks)
    for state in states:
        assert state.next_change_at.tzinfo == INDIA
        assert state.next_change_at.time() == time(0, 0)
        change = state.next_change_at.date()
        assert state.today < change <= state.next_cycle_start
        # Nothing changes before next_change_at ...
        day = state.today + ONE_DAY
        while day < change and day in by_day:
            assert unlocked_numbers(by_day[day]) == unlocked_numbers(state)
            day += ONE_DAY
        # ... and something does then (or the cycle restarts).
        if change in by_day:
            assert (
                unlocked_numbers(by_day[change]) != unlocked_numbers(state)
                or change == state.next_cycle_start
            )


@pytest.mark.parametrize("slug", sorted(TABLE))
def test_it_matches_the_product_table_on_every_day(slug: str) -> None:
    start, unlocks = TABLE[slug]
    for state in board_states(start, unlocks):
        for task_state, unlock in zip(state.tasks, unlocks, strict=True):
            expected = table_unlocked(start=start, unlock=unlock, today=state.today)
            assert task_state.unlocked is expected, (slug, state.today, unlock)
            if not expected:
                assert task_state.unlock_date == table_unlocks_on(
                    start=start, unlock=unlock, today=state.today
                )


@pytest.mark.parametrize("slug", sorted(TABLE))
def test_it_keeps_the_cycle_invariants_for_the_product_boards(slug: str) -> None:
    start, unlocks = TABLE[slug]
    states = board_states(start, unlocks)
    assert_cycle_invariants(states)
    # Every calendar month of the six years holds exactly one cycle start.
    starts = {state.cycle_start for state in states if state.cycle_start >= FIRST_DAY}
    assert len(starts) == 6 * 12


@given(start=day_of_month, unlock=day_of_month, today=some_day)
@CHEAP_PROPERTY
def test_it_agrees_with_a_day_by_day_walk_for_any_days(
    start: int, unlock: int, today: date
) -> None:
    assert board_cycle_start(cycle_start_day=start, today=today) == walk_cycle_start(
        start=start, today=today
    )
    assert task_unlock_date(
        cycle_start_day=start, unlock_day=unlock, today=today
    ) == walk_unlock_date(start=start, unlock=unlock, today=today)


@pytest.mark.parametrize("start", [29, 30, 31])
def test_it_agrees_with_the_walk_on_every_month_end_case(start: int) -> None:
    # Every unlock day on every date around a common and a leap February and a run of
    # 30- and 31-day months.
    days = [*every_day(date(2027, 1, 1), date(2027, 7, 31))]
    days += [*every_day(date(2028, 1, 1), date(2028, 3, 31))]
    for unlock in range(1, 32):
        for today in days:
            assert task_unlock_date(
                cycle_start_day=start, unlock_day=unlock, today=today
            ) == walk_unlock_date(start=start, unlock=unlock, today=today), (unlock, today)


@given(
    start=day_of_month,
    unlocks=st.lists(day_of_month, min_size=4, max_size=4),
    first=st.dates(min_value=FIRST_DAY, max_value=LAST_DAY - timedelta(days=430)),
)
@PROPERTY
def test_it_keeps_the_cycle_invariants_for_any_schedule(
    start: int, unlocks: list[int], first: date
) -> None:
    assert_cycle_invariants(board_states(start, unlocks, first, first + timedelta(days=430)))
