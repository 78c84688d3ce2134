"""Teaching a course batch (docs/product.md section 20): its classes, their registers, the
waitlist of a full course, the students' calendar feeds and the certificates on completion.

The batch itself (catalog.Batch) sits with the course it belongs to, and a student's place
in it is their enrolment (enrolments.Enrolment.batch): one record of what was sold and paid
for, whatever is sold.
"""

from __future__ import annotations

import secrets
from datetime import datetime

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone

from catalog.models import validate_meeting_link
from core.dates import datetime_display


def feed_token_new() -> str:
    return secrets.token_urlsafe(32)


class LiveClass(models.Model):
    """One class (or doubt session) of a batch, at a moment in India time. Made from the
    batch's schedule (teaching.services.batch_classes_make); staff move, cancel or add
    them. A class is held once it has started and is not cancelled."""

    class Kind(models.TextChoices):
        CLASS = "class", "Class"
        DOUBT = "doubt", "Doubt session"

    batch = models.ForeignKey("catalog.Batch", on_delete=models.CASCADE, related_name="classes")
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.CLASS)
    starts_at = models.DateTimeField("starts at", help_text="India time.")
    ends_at = models.DateTimeField("ends at", help_text="India time.")
    meeting_link = models.URLField(
        max_length=300,
        blank=True,
        validators=[validate_meeting_link],
        help_text="Leave empty for the batch's meeting link.",
    )
    recording_link = models.URLField(
        max_length=300,
        blank=True,
        validators=[validate_meeting_link],
        help_text="The class's recording (an https link), shown to its students afterwards.",
    )
    cancelled = models.BooleanField(default=False)
    # The moment of the batch's schedule this class was made for (empty for a class staff
    # added): a class moved to another time still stands for its slot, so "Add missing
    # classes" never puts a moved class back.
    scheduled_at = models.DateTimeField(null=True, blank=True, editable=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("starts_at", "pk")
        verbose_name = "class"
        verbose_name_plural = "classes"
        indexes = [models.Index(fields=["starts_at"], name="liveclass_starts_at")]
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_at__gt=models.F("starts_at")), name="liveclass_ends_after_start"
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}, {datetime_display(self.starts_at)}"

    @property
    def link(self) -> str:
        """Where the class happens: its own link, else the batch's ('' for none)."""
        return self.meeting_link or self.batch.meeting_link

    def is_held(self, *, now: datetime) -> bool:
        return not self.cancelled and self.starts_at <= now

    def clean(self) -> None:
        if self.starts_at and self.ends_at and self.ends_at <= self.starts_at:
            raise ValidationError({"ends_at": "The class must end after it starts."})


class Attendance(models.Model):
    """Whether a confirmed student of the batch came to one class (its register)."""

    live_class = models.ForeignKey(LiveClass, on_delete=models.CASCADE, related_name="attendance")
    enrolment = models.ForeignKey(
        "enrolments.Enrolment", on_delete=models.CASCADE, related_name="attendance"
    )
    present = models.BooleanField(default=False)
    marked_at = models.DateTimeField(default=timezone.now)
    marked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        verbose_name_plural = "attendance"
        constraints = [
            models.UniqueConstraint(
                fields=["live_class", "enrolment"], name="attendance_once_per_class"
            )
        ]

    def __str__(self) -> str:
        return f"{self.enrolment_id} at {self.live_class_id}: {'present' if self.present else 'absent'}"


class WaitlistEntry(models.Model):
    """Someone waiting for a seat: in a full batch, or in a course with no batch open.
    Told in turn (oldest first) when a seat frees or a batch opens."""

    course = models.ForeignKey("catalog.Course", on_delete=models.CASCADE, related_name="waitlist")
    batch = models.ForeignKey(
        "catalog.Batch",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="waitlist",
        help_text="The full batch they asked for; empty: any batch of the course.",
    )
    name = models.CharField(max_length=120)
    phone = models.CharField(max_length=16)
    email = models.EmailField(blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="waitlist_entries",
    )
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    told_at = models.DateTimeField(
        null=True, blank=True, help_text="When they were told a seat is free."
    )
    told_batch = models.ForeignKey(
        "catalog.Batch",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="The batch they were told about.",
    )

    class Meta:
        ordering = ("created_at", "pk")
        verbose_name = "waitlist entry"
        verbose_name_plural = "waitlist"
        constraints = [
            models.UniqueConstraint(
                fields=["course", "phone"],
                condition=Q(told_at__isnull=True),
                name="waitlist_once_per_phone_and_course",
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.phone})"


class CalendarFeed(models.Model):
    """A student's private calendar address, /calendar/<token>.ics, that calendar apps
    subscribe to. A new token (staff or the student) shuts the old address."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="calendar_feed"
    )
    token = models.CharField(max_length=64, unique=True, default=feed_token_new, editable=False)
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"Calendar of {self.user_id}"


class Completion(models.Model):
    """A student's certificate for finishing a batch: one per enrolment, so "Finish batch"
    run twice (or by two people at once) issues nothing twice."""

    enrolment = models.OneToOneField(
        "enrolments.Enrolment", on_delete=models.PROTECT, related_name="completion"
    )
    certificate = models.OneToOneField(
        "certificates.Certificate", on_delete=models.PROTECT, related_name="completion"
    )
    attended = models.PositiveIntegerField()
    held = models.PositiveIntegerField()
    issued_at = models.DateTimeField(default=timezone.now)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self) -> str:
        return f"{self.enrolment_id}: {self.certificate_id}"
