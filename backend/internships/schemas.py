from __future__ import annotations

from datetime import date, datetime

from ninja import Schema
from pydantic import Field


class BoardTaskOut(Schema):
    number: int
    title: str
    description: str
    unlocked: bool
    unlocks_on: date | None = Field(
        description="India-time date on which a locked task unlocks; null once unlocked."
    )
    task_url: str | None = Field(description="Task file link; null while the task is locked.")
    submission_url: str | None = Field(
        description="Submission form link; null while the task is locked."
    )


class TaskBoardOut(Schema):
    slug: str
    title: str
    cycle_start_day: int
    today: date = Field(description="Today's date in India (Asia/Kolkata) on the server.")
    cycle_start: date = Field(description="First day of the current cycle.")
    next_change_at: datetime = Field(
        description="Next instant (India midnight, +05:30) at which a task unlocks or the "
        "cycle restarts; refetch then."
    )
    shows_certificate_link: bool
    certificate_note: str
    tasks: list[BoardTaskOut]
