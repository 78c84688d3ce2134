"""Back office of the internship programme: the task boards, and the three lists staff
work from (docs/product.md section 14): applications (accept onto a board, or reject with a
reason), placements (unlock an intern's next task early) and submissions (approve, or
request changes with feedback). Every decision is declared once in
internships.admin.decisions (a button on the record's page and a bulk action, each with a
confirmation step) and goes through internships.services; the records are read-only."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.db import models
from django.db.models import Count, Q, QuerySet
from django.forms import BaseInlineFormSet
from django.http import FileResponse, Http404, HttpRequest
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html
from unfold.admin import ModelAdmin, StackedInline, TabularInline
from unfold.decorators import display

from accounts.phones import InvalidPhone, phone_normalise
from core.admin_decisions import DecisionPageAdmin, WaitingFirstFilter
from core.dates import date_display, india_today
from internships import selectors
from internships.admin.decisions import (
    APPLICATION_DECISIONS,
    PLACEMENT_DECISIONS,
    SUBMISSION_DECISIONS,
)
from internships.models import (
    TASKS_PER_BOARD,
    BoardTask,
    EarlyUnlock,
    InternshipApplication,
    Placement,
    TaskBoard,
    TaskSubmission,
)


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
    list_display_links = ("route", "title")
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
        return f"{opened}; changes {date_display(state.next_change_at)}"


# --- Shared pieces ----------------------------------------------------------------------


class PhoneSearchMixin:
    """Staff type phones as people say them ("98765 43210"); the database holds E.164."""

    phone_lookup = "user__phone"

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[Any], search_term: str
    ) -> tuple[QuerySet[Any], bool]:
        results, distinct = super().get_search_results(  # type: ignore[misc]
            request, queryset, search_term
        )
        try:
            phone = phone_normalise(search_term)
        except InvalidPhone:
            return results, distinct
        return results | queryset.filter(**{self.phone_lookup: phone}), distinct


# --- Applications -----------------------------------------------------------------------


class ApplicationStatusFilter(WaitingFirstFilter):
    """The list opens on the applications waiting for a decision."""

    choices_enum = InternshipApplication.Status
    default = InternshipApplication.Status.SUBMITTED


# Applications come from the site's form, which checks every rule.
@admin.register(InternshipApplication)
class InternshipApplicationAdmin(PhoneSearchMixin, DecisionPageAdmin):
    list_display = ("reference_display", "applicant", "domain", "batch", "status", "applied")
    list_display_links = ("reference_display", "applicant")
    list_filter = (ApplicationStatusFilter, "domain", "batch")
    search_fields = ("user__name", "user__phone", "user__email", "college")
    search_help_text = "Applicant's name, phone or e-mail, or college, in every status."
    list_select_related = ("user", "domain")
    ordering = ("created_at", "pk")  # oldest waiting first
    list_per_page = 50
    decisions = APPLICATION_DECISIONS
    fieldsets = (
        ("Applicant", {"fields": ("user", "college", "year", "profile_link", "statement")}),
        (
            "Application",
            {"fields": ("domain", "batch", "status", "created_at", "placed_on")},
        ),
        ("Decision", {"fields": ("decided_by", "decided_at", "rejection_reason")}),
    )

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return (
            *(f.name for f in InternshipApplication._meta.fields),
            "profile_link",
            "placed_on",
        )

    @display(description="reference", ordering="pk")
    def reference_display(self, obj: InternshipApplication) -> str:
        return obj.reference

    @display(description="applicant", ordering="user__name")
    def applicant(self, obj: InternshipApplication) -> str:
        return f"{obj.user.name} ({obj.user.phone})"

    @display(description="applied", ordering="created_at")
    def applied(self, obj: InternshipApplication) -> str:
        return date_display(obj.created_at)

    @display(description="profile link")
    def profile_link(self, obj: InternshipApplication) -> str:
        if not obj.profile_url:
            return "-"
        return format_html(
            '<a class="text-primary-600 underline" href="{}" target="_blank" rel="noopener noreferrer">{}</a>',
            obj.profile_url,
            obj.profile_url,
        )

    @display(description="placed on")
    def placed_on(self, obj: InternshipApplication) -> str:
        placement = Placement.objects.filter(application=obj).select_related("board").first()
        if placement is None:
            return "-"
        url = reverse("admin:internships_placement_change", args=[placement.pk])
        return format_html(
            '<a class="text-primary-600 underline" href="{}">/{}</a>', url, placement.board.slug
        )

    def decision_row(self, obj: InternshipApplication) -> str:
        return (
            f"{obj.reference}: {obj.user.name} ({obj.user.phone}), {obj.domain.title}, "
            f"{obj.get_batch_display()} batch"
        )

    def decision_summary(self, obj: InternshipApplication) -> list[tuple[str, Any]]:
        return [
            ("Reference", obj.reference),
            ("Applicant", obj.user.name),
            ("Phone", obj.user.phone),
            ("Domain", obj.domain.title),
            ("Batch", obj.get_batch_display()),
            ("College", obj.college),
            ("Year", obj.year),
        ]


# --- Placements -------------------------------------------------------------------------


class EarlyUnlockInline(TabularInline):
    model = EarlyUnlock
    fields = ("task", "unlocked_at", "unlocked_by")
    readonly_fields = fields
    extra = 0
    can_delete = False
    verbose_name_plural = "Tasks unlocked early for this intern"

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SubmissionInline(TabularInline):
    model = TaskSubmission
    fields = ("task", "state", "submitted_at", "open_link")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True
    verbose_name_plural = "Submissions"

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @display(description="work")
    def open_link(self, obj: TaskSubmission) -> str:
        return _work_link(obj)


# An intern is placed by accepting their application.
@admin.register(Placement)
class PlacementAdmin(PhoneSearchMixin, DecisionPageAdmin):
    list_display = ("intern", "board", "domain", "progress", "certificate", "placed")
    list_filter = ("board", "application__domain")
    search_fields = ("user__name", "user__phone", "user__email", "certificate__certificate_id")
    search_help_text = "Intern's name, phone or e-mail, or a CertificateID."
    list_select_related = ("user", "board", "application__domain", "certificate")
    list_per_page = 50
    decisions = PLACEMENT_DECISIONS
    inlines = (SubmissionInline, EarlyUnlockInline)
    fields = ("user", "board", "application", "certificate", "tasks_today", "created_at")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Placement]:
        approved = Count("submissions", filter=Q(submissions__state=TaskSubmission.State.APPROVED))
        return super().get_queryset(request).annotate(approved_count=approved)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return (*(f.name for f in Placement._meta.fields), "tasks_today")

    @display(description="intern", ordering="user__name")
    def intern(self, obj: Placement) -> str:
        return f"{obj.user.name} ({obj.user.phone})"

    @display(description="domain", ordering="application__domain__title")
    def domain(self, obj: Placement) -> str:
        return obj.application.domain.title

    @display(description="approved")
    def progress(self, obj: Placement) -> str:
        return f"{getattr(obj, 'approved_count', 0)} of {TASKS_PER_BOARD}"

    @display(description="placed", ordering="created_at")
    def placed(self, obj: Placement) -> str:
        return date_display(obj.created_at)

    @display(description="tasks open to this intern today")
    def tasks_today(self, obj: Placement) -> str:
        board = obj.board
        state = selectors.task_board_state(
            board=board, tasks=list(board.tasks.all()), today=india_today()
        )
        opened = selectors.placement_unlocked_task_ids(placement=obj, state=state)
        numbers = [str(s.task.number) for s in state.tasks if s.task.pk in opened]
        return f"Tasks {', '.join(numbers)}" if numbers else "None yet"

    def decision_summary(self, obj: Placement) -> list[tuple[str, Any]]:
        return [
            ("Intern", obj.user.name),
            ("Board", f"/{obj.board.slug}"),
            ("Open today", self.tasks_today(obj)),
        ]

    def decision_row(self, obj: Placement) -> str:
        return f"{obj.user.name} ({obj.user.phone}) on /{obj.board.slug}: {self.tasks_today(obj)}"


# --- Submissions ------------------------------------------------------------------------


def _work_link(obj: TaskSubmission) -> str:
    parts = [
        format_html(
            '<a class="text-primary-600 underline" href="{}" target="_blank" '
            'rel="noopener noreferrer">Open the link</a>',
            obj.link,
        )
    ]
    if obj.file:
        url = reverse("admin:internships_tasksubmission_file", args=[obj.pk])
        parts.append(
            format_html(
                '<a class="text-primary-600 underline" href="{}">Download {}</a>',
                url,
                obj.file_name or "the file",
            )
        )
    return format_html(" · ".join(["{}"] * len(parts)), *parts)


class SubmissionStateFilter(WaitingFirstFilter):
    """The list opens on the submissions waiting for review."""

    title = "state"
    parameter_name = "state__exact"
    choices_enum = TaskSubmission.State
    default = TaskSubmission.State.SUBMITTED

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        value = self.current()
        if value in self.choices_enum.values:
            return queryset.filter(state=value)
        return queryset


class BoardFilter(admin.SimpleListFilter):
    title = "board"
    parameter_name = "board"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [(b.slug, f"/{b.slug}") for b in TaskBoard.objects.all()]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        value = self.value()
        return queryset.filter(placement__board__slug=value) if value else queryset


class TaskNumberFilter(admin.SimpleListFilter):
    title = "task"
    parameter_name = "task"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [(str(n), f"Task {n}") for n in range(1, TASKS_PER_BOARD + 1)]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        value = self.value()
        return queryset.filter(task__number=int(value)) if value and value.isdigit() else queryset


# Interns submit on their board.
@admin.register(TaskSubmission)
class TaskSubmissionAdmin(PhoneSearchMixin, DecisionPageAdmin):
    phone_lookup = "placement__user__phone"
    list_display = ("task_label", "intern", "board", "state", "submitted", "work")
    list_display_links = ("task_label", "intern")
    list_filter = (
        SubmissionStateFilter,
        BoardFilter,
        TaskNumberFilter,
    )
    search_fields = ("placement__user__name", "placement__user__phone", "placement__user__email")
    search_help_text = "Intern's name, phone or e-mail, in every state."
    list_select_related = ("placement__user", "placement__board", "task")
    ordering = ("submitted_at", "pk")  # the longest waiting first
    list_per_page = 50
    decisions = SUBMISSION_DECISIONS
    fieldsets = (
        (
            "Submission",
            {"fields": ("intern", "board", "task_label", "work", "note", "submitted_at")},
        ),
        ("Review", {"fields": ("state", "feedback", "reviewed_by", "reviewed_at")}),
    )

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return (
            "intern",
            "board",
            "task_label",
            "work",
            "note",
            "submitted_at",
            "state",
            "feedback",
            "reviewed_by",
            "reviewed_at",
        )

    def get_urls(self) -> list[URLPattern]:
        return [
            path(
                "<path:object_id>/file/",
                self.admin_site.admin_view(self.file_view),
                name="internships_tasksubmission_file",
            ),
            *super().get_urls(),
        ]

    def file_view(self, request: HttpRequest, object_id: str) -> FileResponse:
        """The submitted file, for staff who may view submissions (never a public URL)."""
        if not self.has_view_permission(request):
            raise PermissionDenied
        submission = self.get_object(request, object_id)
        if submission is None or not submission.file:
            raise Http404("This submission has no file.")
        handle, name, content_type = selectors.submission_file_open(submission=submission)
        response = FileResponse(
            handle, as_attachment=True, filename=name, content_type=content_type
        )
        response["Cache-Control"] = "private, no-store"
        response["X-Content-Type-Options"] = "nosniff"
        return response

    @display(description="task", ordering="task__number")
    def task_label(self, obj: TaskSubmission) -> str:
        return f"Task {obj.task.number}"

    @display(description="intern", ordering="placement__user__name")
    def intern(self, obj: TaskSubmission) -> str:
        return f"{obj.placement.user.name} ({obj.placement.user.phone})"

    @display(description="board", ordering="placement__board__slug")
    def board(self, obj: TaskSubmission) -> str:
        return f"/{obj.placement.board.slug}"

    @display(description="submitted", ordering="submitted_at")
    def submitted(self, obj: TaskSubmission) -> str:
        return date_display(obj.submitted_at)

    @display(description="work")
    def work(self, obj: TaskSubmission) -> str:
        return _work_link(obj)

    def decision_row(self, obj: TaskSubmission) -> str:
        return (
            f"Task {obj.task.number}: {obj.placement.user.name}, /{obj.placement.board.slug}, "
            f"{obj.get_state_display()}"
        )

    def decision_summary(self, obj: TaskSubmission) -> list[tuple[str, Any]]:
        return [
            ("Intern", obj.placement.user.name),
            ("Board", f"/{obj.placement.board.slug}"),
            ("Task", f"Task {obj.task.number}: {obj.task.title}"),
            ("Link", obj.link),
            ("File", obj.file_name or "-"),
            ("State", obj.get_state_display()),
        ]
