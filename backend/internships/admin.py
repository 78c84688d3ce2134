"""Back office of the internship programme: the task boards, and the three lists staff
work from (docs/product.md section 14): applications (accept onto a board, or reject with a
reason), placements (unlock an intern's next task early) and submissions (approve, or
request changes with feedback). Every decision goes through internships.services, from
the list (bulk) or from a button on the record's page with a confirmation step; the
records themselves are read-only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied
from django.db import models
from django.db.models import Count, Q, QuerySet
from django.forms import BaseInlineFormSet
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils import timezone
from django.utils.html import format_html
from unfold.admin import ModelAdmin, StackedInline, TabularInline
from unfold.decorators import action, display
from unfold.widgets import UnfoldAdminSelectWidget, UnfoldAdminTextareaWidget

from accounts.models import User
from accounts.phones import InvalidPhone, phone_normalise
from core.admin_decisions import (
    DecisionPageAdmin,
    WaitingFirstFilter,
    decision_view,
    error_text,
)
from core.dates import india_today
from core.errors import ApplicationError
from internships import selectors, services
from internships.models import (
    FEEDBACK_MAX_LENGTH,
    REASON_MAX_LENGTH,
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


# --- Shared pieces ----------------------------------------------------------------------

ROWS_SHOWN = 200


def _staff(request: HttpRequest) -> User:
    return cast(User, request.user)


def _local_date(value: Any) -> str:
    return timezone.localtime(value).strftime("%d %b %Y") if value else "-"


class ReasonForm(forms.Form):
    reason = forms.CharField(
        max_length=REASON_MAX_LENGTH,
        help_text="The applicant is emailed this reason.",
        widget=UnfoldAdminTextareaWidget(attrs={"rows": 3, "cols": 60}),
    )


class FeedbackForm(forms.Form):
    feedback = forms.CharField(
        max_length=FEEDBACK_MAX_LENGTH,
        help_text="The intern is emailed this and sees it on their board.",
        widget=UnfoldAdminTextareaWidget(attrs={"rows": 5, "cols": 60}),
    )


BATCH_BOARD = ""


def board_choice_form(default: TaskBoard | None = None, *, bulk: bool = False) -> type[forms.Form]:
    """The accept step's form: the board, by default the applicant's batch's board
    (bulk: each applicant's own batch's board)."""
    choices: list[tuple[str, str]] = []
    if bulk:
        choices.append((BATCH_BOARD, "The board of each applicant's batch"))
    choices += [(str(b.pk), f"/{b.slug} ({b.title})") for b in TaskBoard.objects.all()]

    class BoardChoiceForm(forms.Form):
        board = forms.ChoiceField(
            choices=choices,
            required=False,
            initial=BATCH_BOARD if bulk or default is None else str(default.pk),
            help_text="1st batch: /tasks-1, 10th: /tasks-10, 20th: /tasks-20.",
            widget=UnfoldAdminSelectWidget,
        )

    return BoardChoiceForm


def _board_from(data: dict[str, Any]) -> TaskBoard | None:
    value = data.get("board") or BATCH_BOARD
    return TaskBoard.objects.filter(pk=value).first() if value != BATCH_BOARD else None


class ListActionsMixin:
    """Runs a service on each selected row, reporting refusals one by one; a step page
    asks for what the decision needs first (a board, a reason, feedback)."""

    list_label = ""

    def _apply_each(
        self, request: HttpRequest, pks: list[int], run: Callable[[int], Any], verb: str
    ) -> None:
        admin_ = cast(ModelAdmin, self)
        done = 0
        for pk in pks:
            try:
                run(pk)
            except ApplicationError as exc:
                admin_.message_user(request, error_text(exc), messages.ERROR)
            else:
                done += 1
        if done:
            noun = (
                admin_.model._meta.verbose_name
                if done == 1
                else admin_.model._meta.verbose_name_plural
            )
            admin_.message_user(request, f"{done} {noun} {verb}.", messages.SUCCESS)

    def _step(
        self,
        request: HttpRequest,
        queryset: QuerySet[Any],
        *,
        form_class: type[forms.Form],
        action: str,
        title: str,
        explanation: str,
        submit_label: str,
        verb: str,
        run: Callable[[int, dict[str, Any]], Any],
        describe: Callable[[Any], str],
    ) -> HttpResponse | None:
        admin_ = cast(ModelAdmin, self)
        if not queryset.exists():
            admin_.message_user(request, "None of the selected rows can be changed so.")
            return None
        form = form_class(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            data = form.cleaned_data
            pks = list(queryset.values_list("pk", flat=True))
            self._apply_each(request, pks, lambda pk: run(pk, data), verb)
            return None
        opts = admin_.model._meta
        count = queryset.count()
        context: dict[str, Any] = {
            **admin_.admin_site.each_context(request),
            "title": title,
            "opts": opts,
            "form": form,
            "rows": [describe(obj) for obj in queryset[:ROWS_SHOWN]],
            "count": count,
            "more": max(0, count - ROWS_SHOWN),
            "explanation": explanation,
            "submit_label": submit_label,
            "action": action,
            "list_label": self.list_label,
            "selected": request.POST.getlist(helpers.ACTION_CHECKBOX_NAME),
            "select_across": request.POST.get("select_across", "0"),
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
            "changelist_url": reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist"),
        }
        return TemplateResponse(request, "admin/internships/action_step.html", context)


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
class InternshipApplicationAdmin(ListActionsMixin, PhoneSearchMixin, DecisionPageAdmin):
    list_label = "Applications"
    list_display = ("reference_display", "applicant", "domain", "batch", "status", "applied")
    list_filter = (ApplicationStatusFilter, "domain", "batch")
    search_fields = ("user__name", "user__phone", "user__email", "college")
    search_help_text = "Applicant's name, phone or e-mail, or college, in every status."
    list_select_related = ("user", "domain")
    ordering = ("created_at", "pk")  # oldest waiting first
    list_per_page = 50
    actions = ("accept", "reject")
    actions_detail = ("accept_detail", "reject_detail")
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
        return _local_date(obj.created_at)

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

    @staticmethod
    def _describe(obj: InternshipApplication) -> str:
        return (
            f"{obj.reference} - {obj.user.name} ({obj.user.phone}), {obj.domain.title}, "
            f"{obj.get_batch_display()} batch"
        )

    def _summary(self, obj: InternshipApplication) -> list[tuple[str, Any]]:
        return [
            ("Reference", obj.reference),
            ("Applicant", obj.user.name),
            ("Phone", obj.user.phone),
            ("Domain", obj.domain.title),
            ("Batch", obj.get_batch_display()),
            ("College", obj.college),
            ("Year", obj.year),
        ]

    def _waiting(self, request: HttpRequest, object_id: Any) -> bool:
        if not self.has_change_permission(request):
            return False
        if object_id is None:
            return True
        return InternshipApplication.objects.filter(
            pk=object_id, status=InternshipApplication.Status.SUBMITTED
        ).exists()

    def has_accept_detail_permission(self, request: HttpRequest, object_id: Any = None) -> bool:
        return self._waiting(request, object_id)

    def has_reject_detail_permission(self, request: HttpRequest, object_id: Any = None) -> bool:
        return self._waiting(request, object_id)

    @action(
        description="Accept", url_path="accept", permissions=["accept_detail"], icon="check_circle"
    )
    def accept_detail(self, request: HttpRequest, object_id: str) -> HttpResponse:
        application = self.get_object(request, object_id)
        if application is None:
            raise PermissionDenied

        def run(obj: InternshipApplication, data: dict[str, Any]) -> str:
            placement = services.application_accept(
                application_id=obj.pk, by=_staff(request), board=_board_from(data)
            )
            return f"{obj.reference} accepted: {obj.user.name} is an intern on /{placement.board.slug}."

        default = services.application_default_board(application=application)
        return decision_view(
            self,
            request,
            object_id,
            title="Accept the application",
            explanation=(
                "The applicant becomes an intern on the board you choose (by default the board "
                "of their batch) and is emailed its link."
            ),
            submit_label="Accept",
            summary=self._summary(application),
            form_class=board_choice_form(default),
            run=run,
        )

    @action(description="Reject", url_path="reject", permissions=["reject_detail"], icon="cancel")
    def reject_detail(self, request: HttpRequest, object_id: str) -> HttpResponse:
        application = self.get_object(request, object_id)

        def run(obj: InternshipApplication, data: dict[str, Any]) -> str:
            services.application_reject(
                application_id=obj.pk, by=_staff(request), reason=data["reason"]
            )
            return f"{obj.reference} rejected."

        return decision_view(
            self,
            request,
            object_id,
            title="Reject the application",
            explanation="The applicant is emailed this reason, and may apply again later.",
            submit_label="Reject",
            summary=self._summary(application) if application else None,
            form_class=ReasonForm,
            run=run,
            danger=True,
        )

    @admin.action(
        description="Accept (choose the board; emails the applicants)", permissions=["change"]
    )
    def accept(
        self, request: HttpRequest, queryset: QuerySet[InternshipApplication]
    ) -> HttpResponse | None:
        return self._step(
            request,
            queryset.filter(status=InternshipApplication.Status.SUBMITTED).select_related(
                "user", "domain"
            ),
            form_class=board_choice_form(bulk=True),
            action="accept",
            title="Accept applications",
            explanation=(
                "Each applicant becomes an intern on the board of their batch (1st: /tasks-1, "
                "10th: /tasks-10, 20th: /tasks-20) unless you choose one board for all, and is "
                "emailed its link."
            ),
            submit_label="Accept",
            verb="accepted",
            run=lambda pk, data: services.application_accept(
                application_id=pk, by=_staff(request), board=_board_from(data)
            ),
            describe=self._describe,
        )

    @admin.action(
        description="Reject (asks for the reason; emails the applicants)", permissions=["change"]
    )
    def reject(
        self, request: HttpRequest, queryset: QuerySet[InternshipApplication]
    ) -> HttpResponse | None:
        return self._step(
            request,
            queryset.filter(status=InternshipApplication.Status.SUBMITTED).select_related(
                "user", "domain"
            ),
            form_class=ReasonForm,
            action="reject",
            title="Reject applications",
            explanation="The applicants are emailed this reason, and may apply again later.",
            submit_label="Reject",
            verb="rejected",
            run=lambda pk, data: services.application_reject(
                application_id=pk, by=_staff(request), reason=data["reason"]
            ),
            describe=self._describe,
        )


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
class PlacementAdmin(ListActionsMixin, PhoneSearchMixin, DecisionPageAdmin):
    list_label = "Placements"
    list_display = ("intern", "board", "domain", "progress", "certificate", "placed")
    list_filter = ("board", "application__domain")
    search_fields = ("user__name", "user__phone", "user__email", "certificate__certificate_id")
    search_help_text = "Intern's name, phone or e-mail, or a CertificateID."
    list_select_related = ("user", "board", "application__domain", "certificate")
    list_per_page = 50
    actions = ("unlock_next_task",)
    actions_detail = ("unlock_next_task_detail",)
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
        return _local_date(obj.created_at)

    @display(description="tasks open to this intern today")
    def tasks_today(self, obj: Placement) -> str:
        board = obj.board
        state = selectors.task_board_state(
            board=board, tasks=list(board.tasks.all()), today=india_today()
        )
        opened = selectors.placement_unlocked_task_ids(placement=obj, state=state)
        numbers = [str(s.task.number) for s in state.tasks if s.task.pk in opened]
        return f"Tasks {', '.join(numbers)}" if numbers else "None yet"

    def has_unlock_next_task_detail_permission(
        self, request: HttpRequest, object_id: Any = None
    ) -> bool:
        # The button shows only while this intern still has a locked task.
        if not self.has_change_permission(request):
            return False
        if object_id is None:
            return True
        placement = Placement.objects.select_related("board").filter(pk=object_id).first()
        return placement is not None and self._has_locked_task(placement)

    @staticmethod
    def _has_locked_task(placement: Placement) -> bool:
        board = placement.board
        state = selectors.task_board_state(
            board=board, tasks=list(board.tasks.all()), today=india_today()
        )
        opened = selectors.placement_unlocked_task_ids(placement=placement, state=state)
        return any(s.task.pk not in opened for s in state.tasks)

    @action(
        description="Unlock next task early",
        url_path="unlock-next-task",
        permissions=["unlock_next_task_detail"],
        icon="lock_open",
    )
    def unlock_next_task_detail(self, request: HttpRequest, object_id: str) -> HttpResponse:
        placement = self.get_object(request, object_id)

        def run(obj: Placement, data: dict[str, Any]) -> str:
            task = services.placement_unlock_next_task(placement_id=obj.pk, by=_staff(request))
            return f"Task {task.number} unlocked early for {obj.user.name}."

        return decision_view(
            self,
            request,
            object_id,
            title="Unlock the next task early",
            explanation=(
                "This intern's next locked task opens for them alone, now, and stays open; the "
                "board's schedule does not change for anyone else."
            ),
            submit_label="Unlock",
            summary=[
                ("Intern", placement.user.name),
                ("Board", f"/{placement.board.slug}"),
                ("Open today", self.tasks_today(placement)),
            ]
            if placement
            else None,
            run=run,
        )

    @admin.action(
        description="Unlock next task early (for each selected intern)", permissions=["change"]
    )
    def unlock_next_task(self, request: HttpRequest, queryset: QuerySet[Placement]) -> None:
        self._apply_each(
            request,
            list(queryset.values_list("pk", flat=True)),
            lambda pk: services.placement_unlock_next_task(placement_id=pk, by=_staff(request)),
            "given their next task",
        )


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
class TaskSubmissionAdmin(ListActionsMixin, PhoneSearchMixin, DecisionPageAdmin):
    list_label = "Submissions"
    phone_lookup = "placement__user__phone"
    list_display = ("task_label", "intern", "board", "state", "submitted", "work")
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
    actions = ("approve", "request_changes")
    actions_detail = ("approve_detail", "request_changes_detail")
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
        return _local_date(obj.submitted_at)

    @display(description="work")
    def work(self, obj: TaskSubmission) -> str:
        return _work_link(obj)

    @staticmethod
    def _describe(obj: TaskSubmission) -> str:
        return f"Task {obj.task.number} - {obj.placement.user.name}, /{obj.placement.board.slug}, {obj.get_state_display()}"

    def _summary(self, obj: TaskSubmission) -> list[tuple[str, Any]]:
        return [
            ("Intern", obj.placement.user.name),
            ("Board", f"/{obj.placement.board.slug}"),
            ("Task", f"Task {obj.task.number}: {obj.task.title}"),
            ("Link", obj.link),
            ("File", obj.file_name or "-"),
            ("State", obj.get_state_display()),
        ]

    def _open(self, request: HttpRequest, object_id: Any) -> bool:
        if not self.has_change_permission(request):
            return False
        if object_id is None:
            return True
        return (
            TaskSubmission.objects.filter(pk=object_id)
            .exclude(state=TaskSubmission.State.APPROVED)
            .exists()
        )

    def has_approve_detail_permission(self, request: HttpRequest, object_id: Any = None) -> bool:
        return self._open(request, object_id)

    def has_request_changes_detail_permission(
        self, request: HttpRequest, object_id: Any = None
    ) -> bool:
        return self._open(request, object_id)

    @action(
        description="Approve",
        url_path="approve",
        permissions=["approve_detail"],
        icon="check_circle",
    )
    def approve_detail(self, request: HttpRequest, object_id: str) -> HttpResponse:
        submission = self.get_object(request, object_id)

        def run(obj: TaskSubmission, data: dict[str, Any]) -> str:
            services.submission_approve(submission_id=obj.pk, by=_staff(request))
            placement = Placement.objects.select_related("certificate").get(pk=obj.placement_id)
            issued = (
                f" All four tasks are approved: certificate {placement.certificate.certificate_id} issued."
                if placement.certificate
                else ""
            )
            return f"Task {obj.task.number} of {obj.placement.user.name} approved.{issued}"

        return decision_view(
            self,
            request,
            object_id,
            title="Approve the submission",
            explanation=(
                "The intern is emailed. When this is their fourth approved task, the Internship "
                "Completion Certificate is issued and emailed at once."
            ),
            submit_label="Approve",
            summary=self._summary(submission) if submission else None,
            run=run,
        )

    @action(
        description="Request changes",
        url_path="request-changes",
        permissions=["request_changes_detail"],
        icon="edit_note",
    )
    def request_changes_detail(self, request: HttpRequest, object_id: str) -> HttpResponse:
        submission = self.get_object(request, object_id)

        def run(obj: TaskSubmission, data: dict[str, Any]) -> str:
            services.submission_request_changes(
                submission_id=obj.pk, by=_staff(request), feedback=data["feedback"]
            )
            return f"Changes requested on task {obj.task.number} of {obj.placement.user.name}."

        return decision_view(
            self,
            request,
            object_id,
            title="Request changes",
            explanation="The intern is emailed your feedback, sees it on their board and may submit again.",
            submit_label="Request changes",
            summary=self._summary(submission) if submission else None,
            form_class=FeedbackForm,
            run=run,
        )

    @admin.action(
        description="Approve (emails the interns; issues certificates when complete)",
        permissions=["change"],
    )
    def approve(self, request: HttpRequest, queryset: QuerySet[TaskSubmission]) -> None:
        self._apply_each(
            request,
            list(
                queryset.exclude(state=TaskSubmission.State.APPROVED).values_list("pk", flat=True)
            ),
            lambda pk: services.submission_approve(submission_id=pk, by=_staff(request)),
            "approved",
        )

    @admin.action(
        description="Request changes (asks for the feedback; emails the interns)",
        permissions=["change"],
    )
    def request_changes(
        self, request: HttpRequest, queryset: QuerySet[TaskSubmission]
    ) -> HttpResponse | None:
        return self._step(
            request,
            queryset.exclude(state=TaskSubmission.State.APPROVED).select_related(
                "placement__user", "placement__board", "task"
            ),
            form_class=FeedbackForm,
            action="request_changes",
            title="Request changes",
            explanation="Each intern is emailed this feedback, sees it on their board and may submit again.",
            submit_label="Request changes",
            verb="sent back with feedback",
            run=lambda pk, data: services.submission_request_changes(
                submission_id=pk, by=_staff(request), feedback=data["feedback"]
            ),
            describe=self._describe,
        )
