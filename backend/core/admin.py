"""The message queues in the back office. The SMS and WhatsApp queues: what was sent, what
waits and why one failed; SMS codes never show (a 6-digit run is masked, sent messages are
also masked in the row). The email queue: django-post-office's admin, its action behind the
change permission."""

from __future__ import annotations

import re
from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from post_office import admin as post_office_admin
from post_office.models import STATUS, Email
from unfold.admin import ModelAdmin
from unfold.decorators import display

from core.admin_decisions import without_save_buttons
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


# --- The email queue (django-post-office's admin, with the permission its action needs) --


@admin.action(description="Send the selected emails again", permissions=["change"])
def requeue(model_admin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet) -> None:
    count = queryset.count()
    post_office_admin.requeue(model_admin, request, queryset)
    noun = "email" if count == 1 else "emails"
    model_admin.message_user(request, f"{count} {noun} queued to be sent again.")


class EmailAdmin(post_office_admin.EmailAdmin):
    """post-office's own admin, whose "requeue" action would run for staff who may only
    view emails: here it needs the change permission. The list says why an email failed,
    in its own column (the last attempt's error)."""

    actions = [requeue]
    list_display = ["to_display", "shortened_subject", "status", "why_failed", "last_updated"]

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return super().get_queryset(request).prefetch_related("logs")

    @display(description="why it failed")
    def why_failed(self, obj: Email) -> str:
        if obj.status != STATUS.failed:
            return ""
        logs = sorted(obj.logs.all(), key=lambda log: log.date)
        return logs[-1].message if logs else "Not sent yet: no attempt recorded."


admin.site.unregister(Email)
admin.site.register(Email, EmailAdmin)


@admin.register(OutboundWhatsApp)
class OutboundWhatsAppAdmin(ModelAdmin):
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
        self.message_user(request, f"{queued} message(s) queued to be sent again.")
        if skipped:
            self.message_user(
                request,
                f"{skipped} message(s) left as they are: only failed messages are sent again.",
                level=messages.WARNING,
            )

    def changeform_view(
        self,
        request: HttpRequest,
        object_id: str | None = None,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        return super().changeform_view(
            request, object_id, form_url, without_save_buttons(extra_context)
        )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(
        self, request: HttpRequest, obj: OutboundWhatsApp | None = None
    ) -> bool:
        return False
