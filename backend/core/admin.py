"""The message queues in the back office. The SMS queue: what was sent, what waits and why
one failed; the codes never show (a 6-digit run is masked, sent messages are also masked
in the row). The email queue: django-post-office's admin, its action behind the change
permission."""

from __future__ import annotations

import re

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from post_office import admin as post_office_admin
from post_office.models import STATUS, Email
from unfold.admin import ModelAdmin
from unfold.decorators import display

from core.models import OutboundSMS

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
