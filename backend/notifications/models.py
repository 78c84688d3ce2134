"""What each student agreed to receive, and by which channel (docs/product.md section 19).

WhatsApp needs the student's consent (India's DPDP Act): given at sign-up or on /account,
withdrawn on /account or by replying STOP on WhatsApp; every change is a ConsentRecord
row with its time and source, so the site can show when and how consent was given.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone


class Channel(models.TextChoices):
    WHATSAPP = "whatsapp", "WhatsApp"
    EMAIL = "email", "Email"
    NONE = "none", "Neither"


class Kind(models.TextChoices):
    PAYMENTS = "payments", "Payments"
    TASKS = "tasks", "Internship tasks"
    CERTIFICATES = "certificates", "Certificates"
    REMINDERS = "reminders", "Reminders"
    CLASSES = "classes", "Classes"


# Payments (and security, which goes by SMS and email outside this choice) always reach
# the student by some channel: "neither" is refused for them.
ALWAYS_SENT = (Kind.PAYMENTS,)
CHANNEL_FIELDS = ("payments", "tasks", "certificates", "reminders", "classes")


class MessagePreferences(models.Model):
    """One student's channels, one per kind of message. WhatsApp is the default choice
    but only counts once they opted in (whatsapp_opted_in_at); until then those messages
    come by email."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="message_preferences"
    )
    whatsapp_opted_in_at = models.DateTimeField(
        "WhatsApp consent given", null=True, blank=True, help_text="Empty: no consent now."
    )
    whatsapp_opted_out_at = models.DateTimeField(
        "WhatsApp consent withdrawn", null=True, blank=True
    )
    payments = models.CharField(max_length=8, choices=Channel.choices, default=Channel.WHATSAPP)
    tasks = models.CharField(
        "internship tasks", max_length=8, choices=Channel.choices, default=Channel.WHATSAPP
    )
    certificates = models.CharField(max_length=8, choices=Channel.choices, default=Channel.WHATSAPP)
    reminders = models.CharField(max_length=8, choices=Channel.choices, default=Channel.WHATSAPP)
    classes = models.CharField(
        help_text="Batches starting, classes about to start, a seat free on the waitlist.",
        max_length=8,
        choices=Channel.choices,
        default=Channel.WHATSAPP,
    )
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = "message preferences"
        verbose_name_plural = "message preferences"
        constraints = [
            models.CheckConstraint(
                condition=Q(payments__in=["whatsapp", "email"]),
                name="message_preferences_payments_always_sent",
            )
        ]

    def __str__(self) -> str:
        return f"Message preferences of {self.user}"

    @property
    def whatsapp_opted_in(self) -> bool:
        return self.whatsapp_opted_in_at is not None

    def channel_for(self, kind: str) -> str:
        return str(getattr(self, kind))


class ConsentRecord(models.Model):
    """One consent given or withdrawn for WhatsApp messages, kept as evidence."""

    class Source(models.TextChoices):
        SIGNUP = "signup", "Sign-up form"
        ACCOUNT = "account", "Account page"
        WHATSAPP = "whatsapp", "Replied STOP on WhatsApp"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="consent_records"
    )
    given = models.BooleanField(help_text="Given (ticked) or withdrawn.")
    source = models.CharField(max_length=10, choices=Source.choices)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("-at", "-pk")
        verbose_name = "WhatsApp consent record"

    def __str__(self) -> str:
        return f"{'Consent' if self.given else 'Withdrawal'} of {self.user} ({self.source})"
