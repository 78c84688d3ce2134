from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

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
    submission_url = models.URLField(
        "submission form link",
        max_length=500,
        help_text="Sent to visitors only once the task unlocks.",
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
