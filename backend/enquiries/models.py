from __future__ import annotations

from django.conf import settings
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
    phone = models.CharField(
        "phone or WhatsApp",
        max_length=16,
        blank=True,
        help_text="Optional, with the country code, e.g. +919876543210.",
    )
    subject = models.CharField(max_length=200)
    message = models.TextField(help_text="What the visitor wrote.")
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
