from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from ninja import Router, Status

from core.dates import india_today
from core.schemas import ErrorOut, Text
from internships import selectors
from internships.schemas import TaskBoardOut

router = Router(tags=["internships"])


@router.get(
    "/boards/{slug}",
    response={200: TaskBoardOut, 404: ErrorOut, 422: ErrorOut},
    summary="An internship task board: every task's state; links only for unlocked tasks",
)
def task_board_get(
    request: HttpRequest, response: HttpResponse, slug: Text
) -> Status[TaskBoardOut]:
    board = selectors.task_board_public(slug=slug, today=india_today())
    # The answer changes at next_change_at at the latest; no cache may keep it longer
    # (and a kept copy must never show a task as locked after it opened).
    response["Cache-Control"] = "no-store"
    return Status(200, TaskBoardOut(**board))
