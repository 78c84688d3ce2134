from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from unfold.admin import ModelAdmin

from reminders.models import ReminderSent


@admin.register(ReminderSent)
class ReminderSentAdmin(ModelAdmin):
    list_display = ("kind", "object_key", "channel", "sent_at")
    list_filter = ("kind", "channel")
    search_fields = ("object_key",)
    readonly_fields = ("kind", "object_key", "channel", "sent_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
