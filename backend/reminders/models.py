from __future__ import annotations

from django.db import models
from django.utils import timezone


class ReminderSent(models.Model):
    """One reminder (or scheduled message) sent: at most one row per kind and object, so
    it is sent once however often the job runs and however many workers run it (the
    unique constraint decides between two workers; the loser sends nothing)."""

    class Kind(models.TextChoices):
        TASK_OPENED = "task_opened", "Task opened today (to the intern)"
        TASK_OPEN_3_DAYS = "task_open_3_days", "Task open 3 days without a submission"
        REVIEW_WAITING_2_DAYS = "review_waiting_2_days", "Submission waiting 2 days (to staff)"
        PAYMENT_WAITING_1_DAY = "payment_waiting_1_day", "Enrolment waiting 1 day for payment"
        BATCH_STARTS_TOMORROW = "batch_starts_tomorrow", "Batch starts tomorrow (to the student)"
        CLASS_WITHIN_HOUR = "class_within_hour", "Class starts within the hour (to the student)"

    kind = models.CharField(max_length=24, choices=Kind.choices)
    object_key = models.CharField(
        max_length=80, help_text="What it was about (placement:task:unlock date, an id…)."
    )
    channel = models.CharField(max_length=10, blank=True, help_text="How it went, if at all.")
    sent_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("-sent_at", "-pk")
        verbose_name = "reminder sent"
        verbose_name_plural = "reminders sent"
        constraints = [
            models.UniqueConstraint(fields=["kind", "object_key"], name="reminder_sent_once")
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.object_key}"
