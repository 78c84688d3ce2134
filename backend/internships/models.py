from __future__ import annotations

import uuid
from pathlib import PurePath
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from core.storage import private_storage

DAY_OF_MONTH_HELP = (
    "Day of the month, 1-31, in India time. A day beyond a month's end means its last day."
)
DAY_OF_MONTH = [MinValueValidator(1), MaxValueValidator(31)]
TASKS_PER_BOARD = 4


class TaskBoard(models.Model):
    """One internship task page (`/tasks`, `/tasks-1`, `/tasks-10`, `/tasks-20`).

    The routes are fixed by the site, so boards are seeded by a migration and staff only
    edit them. The unlock rule itself is in `internships.schedule`.
    """

    slug = models.SlugField(
        max_length=40,
        unique=True,
        help_text="The page's route without the leading slash, e.g. tasks-10.",
    )
    title = models.CharField(max_length=160)
    cycle_start_day = models.PositiveSmallIntegerField(
        validators=DAY_OF_MONTH,
        help_text="The cycle restarts (every task relocks) on this day each month. "
        + DAY_OF_MONTH_HELP,
    )
    shows_certificate_link = models.BooleanField(
        default=False,
        help_text='Show the (disabled) "Generate Certificate" link under the tasks.',
    )
    certificate_note = models.TextField(
        blank=True, help_text="Explanation shown next to the disabled certificate link."
    )

    class Meta:
        ordering = ("slug",)
        constraints = [
            models.CheckConstraint(
                condition=models.Q(cycle_start_day__gte=1, cycle_start_day__lte=31),
                name="internships_board_cycle_start_day_1_31",
            )
        ]

    def __str__(self) -> str:
        return f"/{self.slug}"


class BoardTask(models.Model):
    board = models.ForeignKey(TaskBoard, on_delete=models.CASCADE, related_name="tasks")
    number = models.PositiveSmallIntegerField(
        choices=[(n, f"Task {n}") for n in range(1, TASKS_PER_BOARD + 1)]
    )
    title = models.CharField(max_length=160)
    description = models.TextField(blank=True)
    task_url = models.URLField(
        "task file link", max_length=500, help_text="Sent to visitors only once the task unlocks."
    )
    unlock_day = models.PositiveSmallIntegerField(
        validators=DAY_OF_MONTH,
        help_text="Unlocks on the first such day on or after the cycle start. " + DAY_OF_MONTH_HELP,
    )

    class Meta:
        ordering = ("board", "number")
        constraints = [
            models.UniqueConstraint(
                fields=("board", "number"), name="internships_task_number_unique_per_board"
            ),
            models.CheckConstraint(
                condition=models.Q(number__gte=1, number__lte=TASKS_PER_BOARD),
                name="internships_task_number_1_4",
            ),
            models.CheckConstraint(
                condition=models.Q(unlock_day__gte=1, unlock_day__lte=31),
                name="internships_task_unlock_day_1_31",
            ),
        ]

    def __str__(self) -> str:
        return f"Task {self.number}: {self.title}"


# --- The internship programme (docs/product.md section 14) -----------------------------------


class Batch(models.IntegerChoices):
    """The day of the month a batch starts on; each has its own board."""

    FIRST = 1, "1st of the month"
    TENTH = 10, "10th of the month"
    TWENTIETH = 20, "20th of the month"


# The board an accepted applicant is placed on by default (/tasks is the 1st batch's too).
BATCH_BOARD_SLUGS: dict[int, str] = {
    Batch.FIRST: "tasks-1",
    Batch.TENTH: "tasks-10",
    Batch.TWENTIETH: "tasks-20",
}

COLLEGE_MAX_LENGTH = 200
YEAR_MAX_LENGTH = 40
LINK_MAX_LENGTH = 500
STATEMENT_MIN_LENGTH = 50
STATEMENT_MAX_LENGTH = 2000
NOTE_MAX_LENGTH = 2000
REASON_MAX_LENGTH = 500
FEEDBACK_MAX_LENGTH = 2000


class InternshipApplication(models.Model):
    class Status(models.TextChoices):
        SUBMITTED = "submitted", "Submitted, waiting for review"
        ACCEPTED = "accepted", "Accepted"
        REJECTED = "rejected", "Rejected"

    # One of these per person and domain at a time (the constraint below); a rejected
    # applicant may apply again.
    OPEN_STATUSES = (Status.SUBMITTED, Status.ACCEPTED)

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="internship_applications"
    )
    domain = models.ForeignKey(
        "catalog.InternshipDomain", on_delete=models.PROTECT, related_name="applications"
    )
    college = models.CharField("college or organisation", max_length=COLLEGE_MAX_LENGTH)
    year = models.CharField("year of study or graduation", max_length=YEAR_MAX_LENGTH)
    profile_url = models.URLField("profile link", max_length=LINK_MAX_LENGTH, blank=True)
    statement = models.TextField(max_length=STATEMENT_MAX_LENGTH)
    batch = models.PositiveSmallIntegerField("preferred batch", choices=Batch.choices)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.SUBMITTED)
    rejection_reason = models.CharField(max_length=REASON_MAX_LENGTH, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField("applied", auto_now_add=True)

    class Meta:
        ordering = ("-created_at", "-pk")
        verbose_name = "application"
        constraints = [
            models.UniqueConstraint(
                fields=("user", "domain"),
                condition=models.Q(status__in=("submitted", "accepted")),
                name="internships_one_open_application_per_domain",
            ),
            models.CheckConstraint(
                condition=models.Q(batch__in=(1, 10, 20)), name="internships_application_batch"
            ),
        ]
        indexes = [models.Index(fields=("status", "created_at"))]

    def __str__(self) -> str:
        return f"{self.reference}: {self.user.name} ({self.domain.title})"

    @property
    def reference(self) -> str:
        return f"APP-{self.pk:04d}" if self.pk else "APP-new"


class Placement(models.Model):
    """An accepted intern on one board: the tasks they submit and the certificate issued
    once all four are approved (at most one, for ever)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="placements"
    )
    board = models.ForeignKey(TaskBoard, on_delete=models.PROTECT, related_name="placements")
    application = models.OneToOneField(
        InternshipApplication, on_delete=models.CASCADE, related_name="placement"
    )
    certificate = models.OneToOneField(
        "certificates.Certificate",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="placement",
        help_text="Issued by itself when all four tasks are approved.",
    )
    created_at = models.DateTimeField("placed", auto_now_add=True)

    class Meta:
        ordering = ("-created_at", "-pk")
        constraints = [
            models.UniqueConstraint(
                fields=("user", "board"), name="internships_one_placement_per_board"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user.name} on /{self.board.slug}"


class EarlyUnlock(models.Model):
    """Staff opened one task for one intern before the board's schedule does."""

    placement = models.ForeignKey(Placement, on_delete=models.CASCADE, related_name="early_unlocks")
    task = models.ForeignKey(BoardTask, on_delete=models.CASCADE, related_name="+")
    unlocked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    unlocked_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("task__number",)
        constraints = [
            models.UniqueConstraint(
                fields=("placement", "task"), name="internships_one_early_unlock_per_task"
            )
        ]

    def __str__(self) -> str:
        return f"Task {self.task.number} unlocked early"


def submission_upload_to(instance: Any, filename: str) -> str:
    # A random name in the private storage; the intern's own file name is kept in
    # file_name for the download.
    suffix = PurePath(filename).suffix.lower()[:10]
    return f"submissions/{uuid.uuid4().hex}{suffix}"


class TaskSubmission(models.Model):
    """An intern's work on one task of their board; resubmitting replaces it."""

    class State(models.TextChoices):
        SUBMITTED = "submitted", "Submitted, waiting for review"
        CHANGES_REQUESTED = "changes_requested", "Changes requested"
        APPROVED = "approved", "Approved"

    WAITING_STATES = (State.SUBMITTED,)

    placement = models.ForeignKey(Placement, on_delete=models.CASCADE, related_name="submissions")
    task = models.ForeignKey(BoardTask, on_delete=models.PROTECT, related_name="submissions")
    link = models.URLField(max_length=LINK_MAX_LENGTH)
    note = models.TextField(max_length=NOTE_MAX_LENGTH, blank=True)
    file = models.FileField(
        storage=private_storage, upload_to=submission_upload_to, max_length=200, blank=True
    )
    file_name = models.CharField(max_length=255, blank=True)
    state = models.CharField(max_length=20, choices=State.choices, default=State.SUBMITTED)
    feedback = models.TextField(max_length=FEEDBACK_MAX_LENGTH, blank=True)
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reviewed_at = models.DateTimeField(null=True, blank=True)
    submitted_at = models.DateTimeField()
    created_at = models.DateTimeField("first submitted", auto_now_add=True)

    class Meta:
        ordering = ("submitted_at", "pk")
        verbose_name = "submission"
        constraints = [
            models.UniqueConstraint(
                fields=("placement", "task"), name="internships_one_submission_per_task"
            )
        ]
        indexes = [models.Index(fields=("state", "submitted_at"))]

    def __str__(self) -> str:
        return f"Task {self.task.number} by {self.placement.user.name}"
