"""The message queues in the back office. The SMS and WhatsApp queues: what was sent, what
waits and why one failed; SMS codes never show (a 6-digit run is masked, sent messages are
also masked in the row). The email queue: django-post-office's emails in plain words, read
only, sent again by an action behind the change permission."""

from __future__ import annotations

import re
from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.defaultfilters import linebreaksbr
from django.utils.html import strip_tags
from post_office.models import STATUS, Attachment, Email, EmailTemplate, Log
from unfold.admin import ModelAdmin
from unfold.decorators import display

from core.admin_decisions import WithoutSaveButtonsAdmin, plural
from core.dates import datetime_display
from core.email import email_requeue
from core.models import OutboundSMS, OutboundWhatsApp
from core.whatsapp.queue import whatsapp_resend

SIX_DIGITS = re.compile(r"\b\d{6}\b")


@admin.register(OutboundSMS)
class OutboundSMSAdmin(ModelAdmin):
    list_display = ("to", "topic", "status", "attempts", "created_at", "sent_at", "next_try_at")
    list_filter = ("status", "topic")
    search_fields = ("to",)
    fields = (
        "to",
        "topic",
        "message",
        "status",
        "attempts",
        "next_try_at",
        "expires_at",
        "last_error",
        "provider_id",
        "created_at",
        "sent_at",
    )
    readonly_fields = fields

    @display(description="text")
    def message(self, obj: OutboundSMS) -> str:
        return SIX_DIGITS.sub("******", obj.text)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: OutboundSMS | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: OutboundSMS | None = None) -> bool:
        return False


# --- The email queue (django-post-office's Email, in the office's words) ---------------

EMAIL_STATUS_WORDS = {
    STATUS.sent: "Sent",
    STATUS.failed: "Failed",
    STATUS.queued: "Waiting to be sent",
    STATUS.requeued: "Waiting to be sent again",
}


class EmailStatusFilter(admin.SimpleListFilter):
    """The status in plain words; the parameter is the stock filter's (`status__exact`),
    so the home page's "Failed emails" link works unchanged."""

    title = "status"
    parameter_name = "status__exact"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [(str(status), words) for status, words in EMAIL_STATUS_WORDS.items()]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Email]) -> QuerySet[Email]:
        value = self.value()
        return queryset.filter(status=int(value)) if value and value.isdigit() else queryset


def _logs(email: Email) -> list[Log]:
    return sorted(email.logs.all(), key=lambda log: (log.date, log.pk))


class EmailAdmin(WithoutSaveButtonsAdmin):
    """Every email the site sends, as the office reads it: to whom, the subject, whether it
    went (and when), why it failed, and the text that was sent. post-office's own admin
    shows the internals (Message-ID, priority, headers, templates, attachment records) and
    lets staff edit them; here nothing is edited, and a failed email is sent again with
    the list's action, which needs the change permission."""

    list_display = (
        "to_display",
        "subject_display",
        "status_display",
        "created_display",
        "sent_display",
        "why_failed",
    )
    list_display_links = ("to_display", "subject_display")
    list_filter = (EmailStatusFilter,)
    search_fields = ("to", "subject")
    search_help_text = "An email address or words of the subject."
    ordering = ("-created", "-pk")
    list_per_page = 50
    actions = ("requeue",)
    # post-office ships a change form of its own (a "Resend" link to its admin's view).
    change_form_template = "admin/change_form.html"
    fields = (
        "to_display",
        "subject_display",
        "status_display",
        "created_display",
        "sent_display",
        "why_failed",
        "text",
        "attached_files",
    )
    readonly_fields = fields

    def get_queryset(self, request: HttpRequest) -> QuerySet[Email]:
        return super().get_queryset(request).prefetch_related("logs", "attachments")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Email | None = None) -> bool:
        return False

    @admin.action(description="Send the selected emails again", permissions=["change"])
    def requeue(self, request: HttpRequest, queryset: QuerySet[Email]) -> None:
        results = [email_requeue(email) for email in queryset]
        count, stuck = results.count(True), results.count(False)
        if count:
            self.message_user(
                request,
                f"{plural(count, 'email', 'emails')} queued to be sent again.",
                messages.SUCCESS,
            )
        if stuck:
            self.message_user(
                request,
                f"{plural(stuck, 'email', 'emails')} still {'has' if stuck == 1 else 'have'} "
                "nobody to go to: add an email address to a staff account first.",
                messages.WARNING,
            )

    @display(description="to", ordering="to")
    def to_display(self, obj: Email) -> str:
        return ", ".join(obj.to) or "Nobody: no address was known"

    @display(description="subject", ordering="subject")
    def subject_display(self, obj: Email) -> str:
        return obj.subject or "(no subject)"

    @display(description="status", ordering="status")
    def status_display(self, obj: Email) -> str:
        return EMAIL_STATUS_WORDS.get(obj.status, "-") if obj.status is not None else "-"

    @display(description="created", ordering="created")
    def created_display(self, obj: Email) -> str:
        return datetime_display(obj.created)

    @display(description="sent")
    def sent_display(self, obj: Email) -> str:
        # Only failures are logged (POST_OFFICE LOG_LEVEL 1): a sent email's last change
        # is its sending.
        return datetime_display(obj.last_updated) if obj.status == STATUS.sent else "-"

    @display(description="why it failed")
    def why_failed(self, obj: Email) -> str:
        if obj.status != STATUS.failed:
            return ""
        logs = _logs(obj)
        return logs[-1].message if logs else "Not sent yet: no attempt recorded."

    @display(description="text")
    def text(self, obj: Email) -> str:
        return linebreaksbr(obj.message or strip_tags(obj.html_message) or "-")

    @display(description="attached files")
    def attached_files(self, obj: Email) -> str:
        return ", ".join(a.name for a in obj.attachments.all()) or "None"


# Our Email admin instead of post-office's; its logs, templates and attachment records
# are internals the office never edits (an email's page shows what they say).
for model in (Email, Log, EmailTemplate, Attachment):
    if admin.site.is_registered(model):
        admin.site.unregister(model)
admin.site.register(Email, EmailAdmin)


@admin.register(OutboundWhatsApp)
class OutboundWhatsAppAdmin(WithoutSaveButtonsAdmin):
    """WhatsApp messages beside the emails and SMS: each one's status as Meta reported it,
    why a failed one failed, and "Send again" for failed ones (the change permission).
    Nothing here is edited by hand: every field is read-only and there is no Save."""

    list_display = (
        "to",
        "template",
        "topic",
        "status",
        "attempts",
        "created_at",
        "sent_at",
        "delivered_at",
        "read_at",
        "fallback_sent",
    )
    list_filter = ("status", "template", "topic")
    search_fields = ("to", "provider_id")
    fields = (
        "to",
        "template",
        "language",
        "parameters",
        "topic",
        "status",
        "last_error",
        "attempts",
        "next_try_at",
        "provider_id",
        "created_at",
        "sent_at",
        "delivered_at",
        "read_at",
        "failed_at",
        "fallback_sent",
        "fallback_email",
        "fallback_subject",
        "fallback_sms_to",
    )
    readonly_fields = fields
    actions = ("send_again",)

    @admin.action(description="Send again (failed messages only)", permissions=["change"])
    def send_again(self, request: HttpRequest, queryset: QuerySet[OutboundWhatsApp]) -> None:
        queued = whatsapp_resend(message_ids=list(queryset.values_list("pk", flat=True)))
        skipped = queryset.count() - queued
        self.message_user(
            request, f"{plural(queued, 'message', 'messages')} queued to be sent again."
        )
        if skipped:
            self.message_user(
                request,
                f"{plural(skipped, 'message', 'messages')} left as they are: only failed "
                "messages are sent again.",
                level=messages.WARNING,
            )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(
        self, request: HttpRequest, obj: OutboundWhatsApp | None = None
    ) -> bool:
        return False
