from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db import models
from django.db.models import QuerySet
from django.forms import BaseInlineFormSet
from django.http import HttpRequest
from unfold.admin import ModelAdmin, StackedInline

from core.dates import india_today
from internships import selectors
from internships.models import TASKS_PER_BOARD, BoardTask, TaskBoard


class BoardTaskInline(StackedInline):
    model = BoardTask
    fields = ("number", "title", "description", "unlock_day", "task_url")
    # Every board has exactly tasks 1-4: the formset refuses fewer, more or a repeated
    # number (the choices are 1-4 and the number is unique per board).
    min_num = TASKS_PER_BOARD
    max_num = TASKS_PER_BOARD
    extra = 0
    can_delete = False
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}

    def get_formset(
        self, request: HttpRequest, obj: TaskBoard | None = None, **kwargs: Any
    ) -> type[BaseInlineFormSet]:
        # The admin does not pass validate_min/validate_max on its own.
        kwargs.setdefault("validate_min", True)
        kwargs.setdefault("validate_max", True)
        return super().get_formset(request, obj, **kwargs)


@admin.register(TaskBoard)
class TaskBoardAdmin(ModelAdmin):
    list_display = ("route", "title", "schedule", "today_in_india", "shows_certificate_link")
    fields = ("slug", "title", "cycle_start_day", "shows_certificate_link", "certificate_note")
    inlines = (BoardTaskInline,)

    def get_queryset(self, request: HttpRequest) -> QuerySet[TaskBoard]:
        return super().get_queryset(request).prefetch_related("tasks")

    def get_readonly_fields(self, request: HttpRequest, obj: TaskBoard | None = None) -> tuple:
        # The slug is the page's route: the site has exactly these four pages.
        return ("slug",) if obj else ()

    def has_add_permission(self, request: HttpRequest) -> bool:
        # Boards exist because their routes exist (/tasks, /tasks-1, /tasks-10, /tasks-20);
        # they are seeded by a migration. A new board would have no page to show it.
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    @admin.display(description="Route", ordering="slug")
    def route(self, board: TaskBoard) -> str:
        return f"/{board.slug}"

    @admin.display(description="Schedule (day of month)")
    def schedule(self, board: TaskBoard) -> str:
        unlocks = ", ".join(f"task {t.number} on {t.unlock_day}" for t in board.tasks.all())
        return f"Cycle starts on {board.cycle_start_day}; {unlocks}"

    @admin.display(description="Today (India time)")
    def today_in_india(self, board: TaskBoard) -> str:
        state = selectors.task_board_state(
            board=board, tasks=list(board.tasks.all()), today=india_today()
        )
        unlocked = [str(s.task.number) for s in state.tasks if s.unlocked]
        opened = f"tasks {', '.join(unlocked)} unlocked" if unlocked else "all locked"
        return f"{opened}; changes {state.next_change_at:%d %b %Y}"
