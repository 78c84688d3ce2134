"""The students' message preferences and consent records (read-only: a student's own
choice), and the message templates (notifications.messages) listed for staff."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from unfold.admin import ModelAdmin, TabularInline
from unfold.decorators import action

from core.dates import datetime_display
from notifications.messages import TEMPLATES
from notifications.models import ConsentRecord, MessagePreferences


class ConsentRecordInline(TabularInline):
    model = ConsentRecord
    fk_name = "user"
    fields = ("given", "source", "at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(MessagePreferences)
class MessagePreferencesAdmin(ModelAdmin):
    list_display = (
        "user",
        "whatsapp_opted_in_at",
        "payments",
        "tasks",
        "certificates",
        "reminders",
        "updated_at",
    )
    list_filter = ("payments", "tasks", "certificates", "reminders")
    search_fields = ("user__phone", "user__name")
    fields = (
        "user",
        "whatsapp_opted_in_at",
        "whatsapp_opted_out_at",
        "payments",
        "tasks",
        "certificates",
        "reminders",
        "updated_at",
        "consent_history",
    )
    readonly_fields = fields
    # The list's own button (django-unfold's actions_list, as the other lists' links).
    actions_list = ("templates_link", "texts_link")

    @action(description="Message templates", url_path="templates-link", icon="description")
    def templates_link(self, request: HttpRequest) -> HttpResponse:
        return HttpResponseRedirect(reverse("admin:notifications_templates"))

    @action(description="Message texts", url_path="texts-link", icon="mail")
    def texts_link(self, request: HttpRequest) -> HttpResponse:
        # The page itself is the back office's (backoffice.message_texts): it reads the
        # site settings and the certificates, which this app sits below.
        return HttpResponseRedirect(reverse("messagetexts:page"))

    @admin.display(description="consent history")
    def consent_history(self, obj: MessagePreferences) -> str:
        records = ConsentRecord.objects.filter(user_id=obj.user_id)[:20]
        return (
            "; ".join(
                f"{'given' if r.given else 'withdrawn'} {datetime_display(r.at)} "
                f"({r.get_source_display()})"
                for r in records
            )
            or "—"
        )

    def get_urls(self) -> list[URLPattern]:
        return [
            path(
                "templates/",
                self.admin_site.admin_view(self.templates_view),
                name="notifications_templates",
            ),
            *super().get_urls(),
        ]

    def templates_view(self, request: HttpRequest) -> HttpResponse:
        """Every message students get, as registered with WhatsApp (the same words go by
        email or SMS instead)."""
        if not self.has_view_permission(request):
            raise PermissionDenied
        context = {
            **self.admin_site.each_context(request),
            "title": "Messages to students (WhatsApp templates)",
            "templates": [
                {
                    "name": t.name,
                    "kind": t.kind.label,
                    "body": t.body,
                    "parameters": [f"{{{{{i}}}}} {p}" for i, p in enumerate(t.parameters, 1)],
                }
                for t in TEMPLATES
            ],
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "notifications/templates.html", context)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
