"""The SMS queue in the back office: what was sent, what waits and why one failed. The
codes never show: a 6-digit run is masked (sent messages are also masked in the row)."""

from __future__ import annotations

import re

from django.contrib import admin
from django.http import HttpRequest
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
