from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from ninja import Router, Status

from core.schemas import ErrorOut
from internships import selectors
from internships.schedule import india_today
from internships.schemas import BoardTaskOut, TaskBoardOut

router = Router(tags=["internships"])


@router.get(
    "/boards/{slug}",
    response={200: TaskBoardOut, 404: ErrorOut},
    summary="An internship task board: every task's state; links only for unlocked tasks",
)
def task_board_get(request: HttpRequest, response: HttpResponse, slug: str) -> Status[TaskBoardOut]:
    board = selectors.task_board_get(slug=slug)
    state = selectors.task_board_state(
        board=board, tasks=list(board.tasks.all()), today=india_today()
    )
    # The answer changes at next_change_at at the latest; no cache may keep it longer
    # (and a kept copy must never show a task as locked after it opened).
    response["Cache-Control"] = "no-store"
    return Status(
        200,
        TaskBoardOut(
            slug=board.slug,
            title=board.title,
            cycle_start_day=board.cycle_start_day,
            today=state.today,
            cycle_start=state.cycle_start,
            next_change_at=state.next_change_at,
            shows_certificate_link=board.shows_certificate_link,
            certificate_note=board.certificate_note,
            tasks=[
                BoardTaskOut(
                    number=s.task.number,
                    title=s.task.title,
                    description=s.task.description,
                    unlocked=s.unlocked,
                    unlocks_on=None if s.unlocked else s.unlock_date,
                    # Locked links never leave the server.
                    task_url=s.task.task_url if s.unlocked else None,
                    submission_url=s.task.submission_url if s.unlocked else None,
                )
                for s in state.tasks
            ],
        ),
    )
