from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

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


def task_board_public(*, slug: str, today: date) -> dict[str, Any]:
    """The board as anyone may see it on `today` (India time): every task's state, and
    the task and submission links of unlocked tasks only. Locked links never leave the
    server, whatever the client asks for."""
    board = task_board_get(slug=slug)
    state = task_board_state(board=board, tasks=list(board.tasks.all()), today=today)
    return {
        "slug": board.slug,
        "title": board.title,
        "cycle_start_day": board.cycle_start_day,
        "today": state.today,
        "cycle_start": state.cycle_start,
        "next_change_at": state.next_change_at,
        "shows_certificate_link": board.shows_certificate_link,
        "certificate_note": board.certificate_note,
        "tasks": [
            {
                "number": s.task.number,
                "title": s.task.title,
                "description": s.task.description,
                "unlocked": s.unlocked,
                "unlocks_on": None if s.unlocked else s.unlock_date,
                "task_url": s.task.task_url if s.unlocked else None,
                "submission_url": s.task.submission_url if s.unlocked else None,
            }
            for s in state.tasks
        ],
    }
