from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Any, Literal

from django.urls import reverse
from ninja import Schema
from pydantic import BeforeValidator, Field

from core.schemas import Text
from internships.models import Batch, InternshipApplication, Placement, TaskSubmission
from internships.selectors import (
    CERTIFICATE_REASON,
    NOT_SUBMITTED,
    NOT_SUBMITTED_LABEL,
    BoardCertificate,
    DomainForApplication,
    InternshipsMine,
    PlacementTask,
    PlacementWork,
    TaskBoardForVisitor,
    VisibleTask,
    batch_choices,
    certificate_verify_path,
)


# From a VisibleTask.
class BoardTaskOut(Schema):
    number: int
    title: str
    description: str
    unlocked: bool = Field(
        description="Open to this visitor today: by the board's schedule, or for an intern "
        "also unlocked early by staff or already submitted."
    )
    unlocks_on: date | None = Field(
        description="India-time date on which a locked task unlocks; null once unlocked."
    )
    task_url: str | None = Field(description="Task file link; null while the task is locked.")

    @staticmethod
    def resolve_number(obj: VisibleTask) -> int:
        return obj.task.number

    @staticmethod
    def resolve_title(obj: VisibleTask) -> str:
        return obj.task.title

    @staticmethod
    def resolve_description(obj: VisibleTask) -> str:
        return obj.task.description

    @staticmethod
    def resolve_unlocks_on(obj: VisibleTask) -> date | None:
        return None if obj.unlocked else obj.unlock_date

    @staticmethod
    def resolve_task_url(obj: VisibleTask) -> str | None:
        # A locked task's link never leaves the server.
        return obj.task.task_url if obj.unlocked else None


TaskState = Literal["not_submitted", "submitted", "changes_requested", "approved"]


class TaskSubmissionIn(Schema):
    """The submission form's text fields (multipart, beside the optional file)."""

    link: Annotated[Text, Field(max_length=2000, description="https link to the work.")] = ""
    note: Annotated[Text, Field(max_length=10000)] = ""


class PlacementTaskOut(Schema):
    number: int
    unlocked: bool
    state: TaskState
    state_label: str
    feedback: str = Field(description="The reviewer's feedback while changes are requested.")
    link: str
    note: str
    file_name: str | None
    file_url: str | None = Field(description="The private download (intern and staff only).")
    submitted_at: datetime | None

    # From a PlacementTask: a task not yet handed in has no state of its own.
    @staticmethod
    def resolve_number(obj: PlacementTask) -> int:
        return obj.task.number

    @staticmethod
    def resolve_state(obj: PlacementTask) -> str:
        return NOT_SUBMITTED if obj.submission is None else obj.submission.state

    @staticmethod
    def resolve_state_label(obj: PlacementTask) -> str:
        if obj.submission is None:
            return NOT_SUBMITTED_LABEL
        return obj.submission.get_state_display()

    @staticmethod
    def resolve_feedback(obj: PlacementTask) -> str:
        changes = TaskSubmission.State.CHANGES_REQUESTED
        if obj.submission is None or obj.submission.state != changes:
            return ""
        return obj.submission.feedback

    @staticmethod
    def resolve_link(obj: PlacementTask) -> str:
        return "" if obj.submission is None else obj.submission.link

    @staticmethod
    def resolve_note(obj: PlacementTask) -> str:
        return "" if obj.submission is None else obj.submission.note

    @staticmethod
    def resolve_file_name(obj: PlacementTask) -> str | None:
        if obj.submission is None or not obj.submission.file:
            return None
        return obj.submission.file_name or None

    @staticmethod
    def resolve_file_url(obj: PlacementTask) -> str | None:
        if obj.submission is None or not obj.submission.file:
            return None
        return reverse("api:submission_file_download", kwargs={"submission_id": obj.submission.pk})

    @staticmethod
    def resolve_submitted_at(obj: PlacementTask) -> datetime | None:
        return None if obj.submission is None else obj.submission.submitted_at


# From a CatchUp.
class CatchUpOut(Schema):
    joined_on: date = Field(description="The India date the intern was accepted onto the board.")
    week: int = Field(description="The week of the cycle they joined in (1 = its first 7 days).")
    task_numbers: list[int] = Field(description="The tasks already open on the day they joined.")
    catch_up_by: date = Field(
        description="The cycle's last day: tasks not handed in by then lock again until "
        "their day in the next cycle."
    )


# From a PlacementWork.
class PlacementOut(Schema):
    certificate_id: str | None = Field(description="Issued once all four tasks are approved.")
    tasks: list[PlacementTaskOut]
    catch_up: CatchUpOut | None = Field(
        description="Why several tasks opened at once for an intern accepted mid-cycle; null "
        "outside the cycle they joined in or when at most one task was open that day."
    )

    @staticmethod
    def resolve_certificate_id(obj: PlacementWork) -> str | None:
        certificate = obj.placement.certificate
        return certificate.certificate_id if certificate else None


# From a BoardCertificate: enabled only for an intern whose certificate was issued on this
# board; for everyone else disabled, with the reason.
class BoardCertificateOut(Schema):
    enabled: bool = Field(description="True only for an intern whose certificate was issued.")
    verify_path: str | None = Field(description="/verify/<ID> when enabled.")
    reason: str = Field(description="Why the control is disabled; empty when enabled.")

    @staticmethod
    def resolve_enabled(obj: BoardCertificate) -> bool:
        return obj.certificate is not None

    @staticmethod
    def resolve_verify_path(obj: BoardCertificate) -> str | None:
        if obj.certificate is None:
            return None
        return certificate_verify_path(certificate_id=obj.certificate.certificate_id)

    @staticmethod
    def resolve_reason(obj: BoardCertificate) -> str:
        return "" if obj.certificate is not None else CERTIFICATE_REASON


# From a TaskBoardForVisitor.
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
    placement: PlacementOut | None = Field(
        description="The logged-in visitor's work on this board; null unless they are an "
        "intern on it."
    )
    certificate: BoardCertificateOut

    @staticmethod
    def resolve_slug(obj: TaskBoardForVisitor) -> str:
        return obj.state.board.slug

    @staticmethod
    def resolve_title(obj: TaskBoardForVisitor) -> str:
        return obj.state.board.title

    @staticmethod
    def resolve_cycle_start_day(obj: TaskBoardForVisitor) -> int:
        return obj.state.board.cycle_start_day

    @staticmethod
    def resolve_today(obj: TaskBoardForVisitor) -> date:
        return obj.state.today

    @staticmethod
    def resolve_cycle_start(obj: TaskBoardForVisitor) -> date:
        return obj.state.cycle_start

    @staticmethod
    def resolve_next_change_at(obj: TaskBoardForVisitor) -> datetime:
        return obj.state.next_change_at

    @staticmethod
    def resolve_shows_certificate_link(obj: TaskBoardForVisitor) -> bool:
        return obj.state.board.shows_certificate_link

    @staticmethod
    def resolve_certificate_note(obj: TaskBoardForVisitor) -> str:
        return obj.state.board.certificate_note


# --- Applications -----------------------------------------------------------------------


def _batch_or_zero(value: Any) -> Any:
    # Whatever is not a whole number (a missing choice, "abc") becomes 0, which the
    # service refuses with "Choose a batch." next to the field.
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) <= 3:
        return int(value.strip())
    return 0


class ApplicationCreateIn(Schema):
    domain: Annotated[Text, Field(max_length=200, description="The domain's slug.")]
    college: Annotated[Text, Field(max_length=1000)] = ""
    year: Annotated[Text, Field(max_length=1000)] = ""
    profile_url: Annotated[Text, Field(max_length=2000)] = ""
    statement: Annotated[Text, Field(max_length=10000)] = ""
    batch: Annotated[
        int, BeforeValidator(_batch_or_zero), Field(description="1, 10 or 20: the start day.")
    ] = 0


class ApplicationOut(Schema):
    id: int
    reference: str
    domain_slug: str
    domain_title: str
    batch: int
    batch_label: str
    status: Literal["submitted", "accepted", "rejected"]
    status_label: str
    rejection_reason: str
    board_slug: str | None = Field(description="The intern's board once accepted.")
    created_at: datetime

    @staticmethod
    def resolve_domain_slug(obj: InternshipApplication) -> str:
        return obj.domain.slug

    @staticmethod
    def resolve_domain_title(obj: InternshipApplication) -> str:
        return obj.domain.title

    @staticmethod
    def resolve_batch_label(obj: InternshipApplication) -> str:
        return obj.get_batch_display()

    @staticmethod
    def resolve_status_label(obj: InternshipApplication) -> str:
        return obj.get_status_display()

    @staticmethod
    def resolve_board_slug(obj: InternshipApplication) -> str | None:
        placement = getattr(obj, "placement", None)
        accepted = obj.status == InternshipApplication.Status.ACCEPTED
        return placement.board.slug if accepted and placement is not None else None


# From a Batch.
class BatchOut(Schema):
    day: int
    label: str

    @staticmethod
    def resolve_day(obj: Batch) -> int:
        return int(obj.value)


class DomainForApplicationOut(Schema):
    slug: str
    title: str
    summary: str
    duration: str
    is_open: bool
    closed_reason: str = Field(description="Why applications are closed; empty while open.")
    batches: list[BatchOut]
    my_application: ApplicationOut | None = Field(
        description="The caller's waiting or accepted application for this domain."
    )

    @staticmethod
    def resolve_slug(obj: DomainForApplication) -> str:
        return obj.domain.slug

    @staticmethod
    def resolve_title(obj: DomainForApplication) -> str:
        return obj.domain.title

    @staticmethod
    def resolve_summary(obj: DomainForApplication) -> str:
        return obj.domain.summary

    @staticmethod
    def resolve_duration(obj: DomainForApplication) -> str:
        return obj.domain.duration

    @staticmethod
    def resolve_is_open(obj: DomainForApplication) -> bool:
        return obj.domain.is_open

    @staticmethod
    def resolve_closed_reason(obj: DomainForApplication) -> str:
        return "" if obj.domain.is_open else obj.domain.closed_reason

    @staticmethod
    def resolve_batches(obj: DomainForApplication) -> list[Batch]:
        return batch_choices()


class InternshipCertificateOut(Schema):
    certificate_id: str
    domain_title: str
    board_slug: str
    issued_on: date | None
    verify_path: str

    # From a Placement whose certificate was issued.
    @staticmethod
    def resolve_certificate_id(obj: Placement) -> str:
        assert obj.certificate is not None
        return obj.certificate.certificate_id

    @staticmethod
    def resolve_domain_title(obj: Placement) -> str:
        return obj.application.domain.title

    @staticmethod
    def resolve_board_slug(obj: Placement) -> str:
        return obj.board.slug

    @staticmethod
    def resolve_issued_on(obj: Placement) -> date | None:
        assert obj.certificate is not None
        return obj.certificate.issue_date

    @staticmethod
    def resolve_verify_path(obj: Placement) -> str:
        assert obj.certificate is not None
        return certificate_verify_path(certificate_id=obj.certificate.certificate_id)


class InternshipsMineOut(Schema):
    applications: list[ApplicationOut]
    certificates: list[InternshipCertificateOut]

    @staticmethod
    def resolve_certificates(obj: InternshipsMine) -> list[Placement]:
        return obj.certified_placements
