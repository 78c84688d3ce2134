"""What is due: the queries behind each reminder (reminders.services sends them)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.db.models import Prefetch, QuerySet

from core.dates import INDIA
from enrolments.models import Enrolment
from internships.models import EarlyUnlock, Placement, TaskSubmission
from internships.selectors import task_board_state
from reminders.models import ReminderSent
from teaching.models import LiveClass

# A pending enrolment older than this is not reminded (it has been left, or will expire).
PAYMENT_REMINDER_WINDOW = timedelta(days=7)


@dataclass(frozen=True)
class OpenTask:
    placement: Placement
    task_id: int
    number: int
    title: str
    opened_on: date  # India date
    submitted: bool

    @property
    def key(self) -> str:
        return f"{self.placement.pk}:{self.task_id}:{self.opened_on.isoformat()}"


def _active_placements() -> QuerySet[Placement]:
    return (
        Placement.objects.filter(certificate__isnull=True, user__is_active=True)
        .select_related("user", "board")
        .prefetch_related(
            "board__tasks",
            Prefetch("early_unlocks", queryset=EarlyUnlock.objects.all()),
            Prefetch(
                "submissions", queryset=TaskSubmission.objects.only("pk", "task_id", "placement_id")
            ),
        )
        .order_by("pk")
    )


def open_tasks(*, today: date) -> Iterator[OpenTask]:
    """Every task open to an intern without a certificate yet on `today` (India date),
    with the day it opened for them: the schedule's unlock date in this cycle, or the
    day staff unlocked it early when that came first, or the day they were placed when
    that came later."""
    for placement in _active_placements():
        state = task_board_state(
            board=placement.board, tasks=list(placement.board.tasks.all()), today=today
        )
        early = {
            u.task_id: u.unlocked_at.astimezone(INDIA).date() for u in placement.early_unlocks.all()
        }
        submitted = {s.task_id for s in placement.submissions.all()}
        placed_on = placement.created_at.astimezone(INDIA).date()
        for task_state in state.tasks:
            task = task_state.task
            opened: date | None = task_state.unlock_date if task_state.unlocked else None
            early_day = early.get(task.pk)
            if early_day is not None and (opened is None or early_day < opened):
                opened = early_day
            if opened is None:
                continue
            # An intern placed after the task opened has had it since their first day.
            opened = max(opened, placed_on)
            yield OpenTask(
                placement=placement,
                task_id=task.pk,
                number=task.number,
                title=task.title,
                opened_on=opened,
                submitted=task.pk in submitted,
            )


def submissions_waiting(*, before: datetime) -> QuerySet[TaskSubmission]:
    """Submissions waiting for review since before `before`."""
    return (
        TaskSubmission.objects.filter(
            state=TaskSubmission.State.SUBMITTED, submitted_at__lte=before
        )
        .select_related("placement__user", "placement__board", "task")
        .order_by("submitted_at", "pk")
    )


def enrolments_waiting_for_payment(*, before: datetime) -> QuerySet[Enrolment]:
    """Enrolments made before `before` (and within the window) still waiting for payment."""
    return (
        Enrolment.objects.filter(
            status=Enrolment.Status.PENDING,
            created_at__lte=before,
            created_at__gt=before - PAYMENT_REMINDER_WINDOW,
        )
        .select_related("course", "user")
        .order_by("created_at", "pk")
    )


def already_sent(*, kind: str, keys: list[str]) -> set[str]:
    return set(
        ReminderSent.objects.filter(kind=kind, object_key__in=keys).values_list(
            "object_key", flat=True
        )
    )


def students_of_batches_starting(*, day: date) -> QuerySet[Enrolment]:
    """The confirmed students of the batches (not finished) whose first day is `day`."""
    return (
        Enrolment.objects.filter(
            status=Enrolment.Status.CONFIRMED,
            batch__starts_on=day,
            batch__finished_at__isnull=True,
        )
        .select_related("batch", "batch__course", "course", "user")
        .order_by("pk")
    )


def first_class_of(*, batch_id: int) -> LiveClass | None:
    """The batch's first class (or doubt session) that is not cancelled."""
    return (
        LiveClass.objects.filter(batch_id=batch_id, cancelled=False)
        .order_by("starts_at", "pk")
        .first()
    )


def classes_starting(*, after: datetime, until: datetime) -> QuerySet[LiveClass]:
    """The classes, not cancelled, starting after `after` and by `until`."""
    return (
        LiveClass.objects.filter(cancelled=False, starts_at__gt=after, starts_at__lte=until)
        .select_related("batch", "batch__course")
        .order_by("starts_at", "pk")
    )


def confirmed_students_of(*, batch_ids: list[int]) -> QuerySet[Enrolment]:
    return (
        Enrolment.objects.filter(status=Enrolment.Status.CONFIRMED, batch_id__in=batch_ids)
        .select_related("user", "course")
        .order_by("pk")
    )
