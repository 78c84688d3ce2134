from __future__ import annotations

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.utils import timezone


class Enquiry(models.Model):
    """A message sent through the contact or the quote form.

    What the visitor sent is kept exactly as sent (the admin shows it read-only); staff
    only change the status and their own note.
    """

    class Kind(models.TextChoices):
        CONTACT = "contact", "Contact"
        QUOTE = "quote", "Quote request"

    class Status(models.TextChoices):
        NEW = "new", "New"
        HANDLED = "handled", "Handled"

    kind = models.CharField(max_length=10, choices=Kind.choices)
    name = models.CharField(max_length=120)
    email = models.EmailField()
    subject = models.CharField(max_length=200)
    message = models.TextField(help_text="At most 5000 characters (checked when it is sent).")
    # SET_NULL, not PROTECT: staff must stay free to delete a package, and package_name
    # keeps what the visitor asked about, so the enquiry still reads right afterwards.
    package = models.ForeignKey(
        "catalog.ProjectPackage",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="enquiries",
    )
    package_name = models.CharField(
        max_length=120, blank=True, help_text="The package's name when the enquiry was sent."
    )
    ip_address = models.GenericIPAddressField("IP address", null=True, blank=True)
    user_agent = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.NEW)
    handled_at = models.DateTimeField(null=True, blank=True)
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    staff_note = models.TextField(blank=True, help_text="Only staff see this.")

    class Meta:
        ordering = ("-created_at",)
        verbose_name_plural = "enquiries"
        indexes = [
            # The inbox: newest first within a status, and within a kind.
            models.Index(fields=["status", "-created_at"], name="enquiry_status_created"),
            models.Index(fields=["kind", "-created_at"], name="enquiry_kind_created"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} from {self.name} <{self.email}>: {self.subject}"


class OutboundEmail(models.Model):
    """The notification outbox: every email the site sends to people goes through here.

    A row is written in the same transaction as the thing it is about, then sent; a failed
    send is retried with back-off by `manage.py send_pending_notifications` until
    NOTIFICATION_MAX_ATTEMPTS, so an SMTP outage never loses a notification.
    """

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"

    to = models.TextField(help_text="Recipients, separated by commas.")
    subject = models.CharField(max_length=255)
    body = models.TextField()
    reply_to = models.CharField(max_length=254, blank=True)
    # What the email is about, for other apps too: a free tag ("enquiry.received",
    # "enrolment.payment") and, optionally, the object itself.
    topic = models.CharField(max_length=60, blank=True, db_index=True)
    content_type = models.ForeignKey(
        ContentType, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    object_id = models.CharField(max_length=64, blank=True)
    related_object = GenericForeignKey("content_type", "object_id")

    created_at = models.DateTimeField(default=timezone.now)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    next_attempt_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at",)
        verbose_name = "outbound email"
        indexes = [
            # The sender's query: pending rows that are due.
            models.Index(fields=["status", "next_attempt_at"], name="outbound_due"),
            models.Index(fields=["content_type", "object_id"], name="outbound_object"),
        ]

    def __str__(self) -> str:
        return f"{self.subject} → {self.to or '(no recipients)'} [{self.status}]"

    @property
    def recipients(self) -> list[str]:
        return [address.strip() for address in self.to.split(",") if address.strip()]
