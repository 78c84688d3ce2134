"""The decisions of the internship programme's back office, declared once each
(core.admin_decisions.Decision): accept or reject an application, unlock an intern's next
task early, approve a submission or request changes. Each declaration makes the button on
the record's page and the list's bulk action; the model admins (internships.admin) name
them."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.db.models import Q, QuerySet
from unfold.widgets import UnfoldAdminSelectWidget, UnfoldAdminTextareaWidget

from accounts.models import User
from core.admin_decisions import Decision, Outcome, plural
from core.dates import india_today
from internships import selectors, services
from internships.models import (
    FEEDBACK_MAX_LENGTH,
    REASON_MAX_LENGTH,
    TASKS_PER_BOARD,
    InternshipApplication,
    Placement,
    TaskBoard,
    TaskSubmission,
)


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


class BoardChoiceForm(forms.Form):
    """The accept step: the board, by default the board of the applicant's batch."""

    board = forms.ChoiceField(
        required=False,
        help_text="1st batch: /tasks-1, 10th: /tasks-10, 20th: /tasks-20.",
        widget=UnfoldAdminSelectWidget,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        board = cast(forms.ChoiceField, self.fields["board"])
        board.choices = [
            (BATCH_BOARD, "The board of the applicant's batch"),
            *((str(b.pk), f"/{b.slug} ({b.title})") for b in TaskBoard.objects.all()),
        ]


def _board_from(data: dict[str, Any]) -> TaskBoard | None:
    value = data.get("board") or BATCH_BOARD
    return TaskBoard.objects.filter(pk=value).first() if value != BATCH_BOARD else None


def _has_locked_task(placement: Placement) -> bool:
    board = placement.board
    state = selectors.task_board_state(
        board=board, tasks=list(board.tasks.all()), today=india_today()
    )
    opened = selectors.placement_unlocked_task_ids(placement=placement, state=state)
    return any(s.task.pk not in opened for s in state.tasks)


def _emailed(one: str, many: str, count: int, what: str = "") -> list[str]:
    return [f"{plural(count, one, many)} will be emailed{what}."] if count else []


# --- The decisions (core.admin_decisions): each makes a page button and a list action ---


def _accept(obj: InternshipApplication, by: User, data: dict[str, Any]) -> str:
    placement = services.application_accept(application_id=obj.pk, by=by, board=_board_from(data))
    return f"{obj.reference} accepted: {obj.user.name} is an intern on /{placement.board.slug}."


def _reject(obj: InternshipApplication, by: User, data: dict[str, Any]) -> str:
    services.application_reject(application_id=obj.pk, by=by, reason=data["reason"])
    return f"{obj.reference} rejected."


def _applicants(rows: QuerySet[Any]) -> int:
    return rows.values("user").distinct().count()


APPLICATION_DECISIONS = (
    Decision(
        name="accept",
        label="Accept",
        primary=True,
        applies=Q(status=InternshipApplication.Status.SUBMITTED),
        run=_accept,
        done="accepted",
        explanation=(
            "The applicant becomes an intern on the board you choose (by default the board "
            "of their batch) and is emailed its link."
        ),
        bulk_explanation=(
            "Each applicant becomes an intern on the board of their batch (1st: /tasks-1, "
            "10th: /tasks-10, 20th: /tasks-20) unless you choose one board for all, and is "
            "emailed its link."
        ),
        form_class=BoardChoiceForm,
        follows=lambda rows: _emailed("applicant", "applicants", _applicants(rows)),
    ),
    Decision(
        name="reject",
        label="Reject",
        applies=Q(status=InternshipApplication.Status.SUBMITTED),
        run=_reject,
        done="rejected",
        explanation="The applicant is emailed this reason, and may apply again later.",
        bulk_explanation="The applicants are emailed this reason, and may apply again later.",
        form_class=ReasonForm,
        icon="cancel",
        danger=True,
        follows=lambda rows: _emailed("applicant", "applicants", _applicants(rows), " the reason"),
    ),
)


def _unlock(obj: Placement, by: User, data: dict[str, Any]) -> str:
    task = services.placement_unlock_next_task(placement_id=obj.pk, by=by)
    return f"Task {task.number} unlocked early for {obj.user.name}."


PLACEMENT_DECISIONS = (
    Decision(
        name="unlock_next_task",
        label="Unlock next task early",
        applies=Q(),
        possible=_has_locked_task,
        run=_unlock,
        done="given their next task early",
        noun=("intern", "interns"),
        explanation=(
            "This intern's next locked task opens for them alone, now, and stays open; the "
            "board's schedule does not change for anyone else."
        ),
        bulk_explanation=(
            "Each intern's next locked task opens for them alone, now, and stays open; the "
            "board's schedule does not change for anyone else."
        ),
        icon="lock_open",
    ),
)


def _approve(obj: TaskSubmission, by: User, data: dict[str, Any]) -> Outcome:
    services.submission_approve(submission_id=obj.pk, by=by)
    placement = Placement.objects.select_related("certificate").get(pk=obj.placement_id)
    said = f"Task {obj.task.number} of {obj.placement.user.name} approved."
    if placement.certificate is None:
        return Outcome(said)
    issued = (
        f"certificate {placement.certificate.certificate_id} issued to {obj.placement.user.name}"
    )
    return Outcome(f"{said} All four tasks are approved: {issued}.", also=issued)


def _approve_follows(rows: QuerySet[Any]) -> list[str]:
    """The interns emailed, and the certificates this approval completes."""
    issued = 0
    for placement in Placement.objects.filter(
        pk__in=rows.values("placement"), certificate__isnull=True
    ):
        on_board = Q(placement=placement, task__board_id=placement.board_id)
        approved = TaskSubmission.objects.filter(
            on_board, state=TaskSubmission.State.APPROVED
        ).count()
        if approved + rows.filter(on_board).count() >= TASKS_PER_BOARD:
            issued += 1
    interns = rows.values("placement__user").distinct().count()
    certificates = (
        [
            f"{plural(issued, 'certificate', 'certificates')} will be issued (all four tasks "
            "approved) and emailed to the interns."
        ]
        if issued
        else []
    )
    return [*_emailed("intern", "interns", interns), *certificates]


def _request_changes(obj: TaskSubmission, by: User, data: dict[str, Any]) -> str:
    services.submission_request_changes(submission_id=obj.pk, by=by, feedback=data["feedback"])
    return f"Changes requested on task {obj.task.number} of {obj.placement.user.name}."


SUBMISSION_DECISIONS = (
    Decision(
        name="approve",
        label="Approve",
        primary=True,
        applies=~Q(state=TaskSubmission.State.APPROVED),
        run=_approve,
        done="approved",
        explanation=(
            "The intern is emailed. When this is their fourth approved task, the Internship "
            "Completion Certificate is issued and emailed at once."
        ),
        bulk_explanation=(
            "Each intern is emailed. An intern whose four tasks are then approved is issued "
            "the Internship Completion Certificate, emailed at once."
        ),
        follows=_approve_follows,
    ),
    Decision(
        name="request_changes",
        label="Request changes",
        applies=~Q(state=TaskSubmission.State.APPROVED),
        run=_request_changes,
        done="sent back with feedback",
        explanation=(
            "The intern is emailed your feedback, sees it on their board and may submit again."
        ),
        bulk_explanation=(
            "Each intern is emailed this feedback, sees it on their board and may submit again."
        ),
        form_class=FeedbackForm,
        icon="edit_note",
        follows=lambda rows: _emailed(
            "intern", "interns", rows.values("placement__user").distinct().count(), " your feedback"
        ),
    ),
)
