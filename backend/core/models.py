from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone


class OutboundSMS(models.Model):
    """One text message the site sends, kept until it is sent (core.sms.queue).

    A message is a row written in the caller's transaction, so it exists exactly when what
    it is about exists; a provider outage leaves it queued and the worker tries again
    (attempts, next_try_at) until SMS_MAX_ATTEMPTS, then it shows as failed with the
    provider's last answer. Once sent or failed, the one-time code in it is masked.
    """

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"

    to = models.CharField("to", max_length=16, help_text="E.164, e.g. +919876543210.")
    text = models.TextField()
    variables = models.JSONField(
        default=dict, blank=True, help_text="Template variables (MSG91's DLT templates)."
    )
    topic = models.CharField(max_length=40, blank=True, help_text="What it is about.")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_try_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField(
        null=True, blank=True, help_text="Not worth sending after this (a code that expired)."
    )
    last_error = models.TextField(blank=True)
    provider_id = models.CharField(max_length=100, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at", "-pk")
        verbose_name = "text message (SMS)"
        verbose_name_plural = "text messages (SMS)"
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=["queued", "sent", "failed"]),
                name="outbound_sms_status_valid",
            )
        ]
        indexes = [
            models.Index(
                fields=["next_try_at"],
                condition=Q(status="queued"),
                name="outbound_sms_due",
            )
        ]

    def __str__(self) -> str:
        return f"SMS to {self.to} ({self.get_status_display()})"


class WorkerHeartbeat(models.Model):
    """When a background worker last finished a pass (core.worker): /api/health fails when
    the queue worker's is older than WORKER_HEARTBEAT_MAX_AGE, and the metrics show its age.
    A row in the database, not a cache entry, since the database cache culls entries."""

    name = models.CharField(max_length=40, primary_key=True)
    beat_at = models.DateTimeField()

    class Meta:
        verbose_name = "worker heartbeat"

    def __str__(self) -> str:
        return f"{self.name}: {self.beat_at:%Y-%m-%d %H:%M:%S}"


class OutboundWhatsApp(models.Model):
    """One WhatsApp template message the site sends (core.whatsapp.queue), queued like an
    SMS and then followed through Meta's delivery-status webhook: sent, delivered, read,
    or failed with Meta's reason.

    A message that fails for good (refused, out of tries, or reported failed on the
    webhook) is sent once by its fallback instead: the email or the SMS written with it
    (fallback_*), so a student still hears about a payment when WhatsApp cannot reach them.
    """

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        SENT = "sent", "Sent"
        DELIVERED = "delivered", "Delivered"
        READ = "read", "Read"
        FAILED = "failed", "Failed"

    class Fallback(models.TextChoices):
        NONE = "", "None"
        EMAIL = "email", "Email"
        SMS = "sms", "SMS"

    to = models.CharField("to", max_length=16, help_text="E.164, e.g. +919876543210.")
    template = models.CharField(max_length=100, help_text="The approved template's name.")
    language = models.CharField(max_length=12, default="en")
    parameters = models.JSONField(default=list, blank=True, help_text="The body's {{1}}, {{2}}…")
    topic = models.CharField(max_length=40, blank=True, help_text="What it is about.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_try_at = models.DateTimeField(default=timezone.now)
    last_error = models.TextField(blank=True)
    provider_id = models.CharField(max_length=128, blank=True, db_index=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)
    read_at = models.DateTimeField(null=True, blank=True)
    failed_at = models.DateTimeField(null=True, blank=True)
    fallback_email = models.EmailField(blank=True)
    fallback_subject = models.CharField(max_length=200, blank=True)
    fallback_body = models.TextField(blank=True)
    fallback_sms_to = models.CharField(max_length=16, blank=True)
    fallback_text = models.TextField(blank=True)
    fallback_sent = models.CharField(
        max_length=5, choices=Fallback.choices, blank=True, help_text="Sent instead, once."
    )

    class Meta:
        ordering = ("-created_at", "-pk")
        verbose_name = "WhatsApp message"
        verbose_name_plural = "WhatsApp messages"
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=["queued", "sent", "delivered", "read", "failed"]),
                name="outbound_whatsapp_status_valid",
            )
        ]
        indexes = [
            models.Index(
                fields=["next_try_at"],
                condition=Q(status="queued"),
                name="outbound_whatsapp_due",
            )
        ]

    def __str__(self) -> str:
        return f"WhatsApp {self.template} to {self.to} ({self.get_status_display()})"


class WhatsAppWebhookEvent(models.Model):
    """An event Meta's webhook reported and we applied (core.whatsapp.webhook): a status of
    one of our messages, or a message a student sent ("inbound"). A captured, signed body
    posted again is not applied twice; events older than the webhook's window are
    refused by their own timestamp, so rows past it are deleted."""

    provider_id = models.CharField(max_length=128)
    status = models.CharField(max_length=16)
    at = models.DateTimeField(db_index=True, help_text="When Meta says it happened.")

    class Meta:
        verbose_name = "WhatsApp webhook event"
        constraints = [
            models.UniqueConstraint(
                fields=["provider_id", "status"], name="whatsapp_webhook_event_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.status} of {self.provider_id}"


class MessageWords(models.Model):
    """Words staff add to one message's email (the back office's Message texts): a plain
    paragraph placed after the message's own words, before its sign-off. It is data, never
    a template: braces, percent signs and angle brackets are sent exactly as typed. The SMS
    and WhatsApp words are not here: they are registered with the SMS operator (DLT) and
    approved by Meta, so they change only with the code."""

    EXTRA_MAX = 500

    message = models.CharField(
        max_length=120,
        unique=True,
        help_text="Which message: its template's name, e.g. enrolments/messages/payment_confirmed.",
    )
    email_extra = models.TextField(
        "extra words in the email",
        max_length=EXTRA_MAX,
        blank=True,
        help_text="A paragraph added after the message's own words, before the sign-off.",
    )
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = "message's words"
        verbose_name_plural = "messages' words"

    def __str__(self) -> str:
        return self.message
