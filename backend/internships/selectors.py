from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime

from core.errors import NotFound
from internships.models import BoardTask, TaskBoard
from internships.schedule import (
    board_cycle_start,
    board_next_cycle_start,
    india_midnight,
    task_unlock_date,
)

NOT_FOUND_MESSAGE = "This task board does not exist."


@dataclass(frozen=True)
class TaskState:
    task: BoardTask
    unlock_date: date
    unlocked: bool


@dataclass(frozen=True)
class TaskBoardState:
    board: TaskBoard
    today: date
    cycle_start: date
    next_cycle_start: date
    next_change_at: datetime
    tasks: list[TaskState]


def task_board_get(*, slug: str) -> TaskBoard:
    """The board at route `/<slug>`, with its tasks loaded (`board.tasks.all()`)."""
    board = TaskBoard.objects.prefetch_related("tasks").filter(slug=slug).first()
    if board is None:
        raise NotFound(NOT_FOUND_MESSAGE, headers={"Cache-Control": "no-store"})
    return board


def task_board_state(
    *, board: TaskBoard, tasks: Sequence[BoardTask], today: date
) -> TaskBoardState:
    """Every task of `board` on `today` (a date in India time), and when that changes.

    No database access: the rule is `schedule.task_unlock_date`. `next_change_at` is
    midnight India time of the earliest unlock still to come in this cycle, or of the
    next cycle start when every task is already unlocked (everything relocks then, except
    tasks that unlock on the start day itself). Nothing changes between now and then, so
    a page can set one timer for it and refetch.
    """
    start_day = board.cycle_start_day
    states = []
    for task in sorted(tasks, key=lambda t: t.number):
        unlock = task_unlock_date(
            cycle_start_day=start_day, unlock_day=task.unlock_day, today=today
        )
        states.append(TaskState(task=task, unlock_date=unlock, unlocked=unlock <= today))
    next_start = board_next_cycle_start(cycle_start_day=start_day, today=today)
    upcoming = [s.unlock_date for s in states if not s.unlocked]
    return TaskBoardState(
        board=board,
        today=today,
        cycle_start=board_cycle_start(cycle_start_day=start_day, today=today),
        next_cycle_start=next_start,
        next_change_at=india_midnight(day=min(upcoming, default=next_start)),
        tasks=states,
    )
