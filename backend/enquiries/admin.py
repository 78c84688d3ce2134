"""The staff inbox (enquiries) and the outbox (emails the site sends)."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html
from unfold.admin import ModelAdmin

from core.admin_decisions import plural
from enquiries import services
from enquiries.models import Enquiry

VISITOR_FIELDS = (
    "kind",
    "name",
    "email",
    "reply_link",
    "phone",
    "whatsapp",
    "subject",
    "message",
    "package",
    "package_name",
    "created_at",
    "ip_address",
    "user_agent",
)


@admin.register(Enquiry)
class EnquiryAdmin(ModelAdmin):
    list_display = ("created_at", "name", "email", "kind", "package_name", "subject", "status")
    list_display_links = ("created_at", "name")
    list_filter = ("status", "kind", "package", ("created_at", admin.DateFieldListFilter))
    search_fields = ("name", "email", "phone", "subject", "message")
    date_hierarchy = "created_at"
    list_select_related = ("package",)
    list_per_page = 50
    actions = ("mark_handled", "mark_new")
    # What the visitor sent is evidence: staff read it but cannot change it.
    readonly_fields = (*VISITOR_FIELDS, "handled_at", "handled_by")
    fieldsets = (
        ("From the visitor", {"fields": VISITOR_FIELDS}),
        ("Handling", {"fields": ("status", "handled_at", "handled_by", "staff_note")}),
    )

    def has_add_permission(self, request: HttpRequest) -> bool:
        # Enquiries come from the site's forms only.
        return False

    def save_model(self, request: HttpRequest, obj: Enquiry, form: Any, change: bool) -> None:
        # A status change goes through the services, which record who handled it and when.
        status_changed = change and "status" in form.changed_data
        new_status = obj.status
        if status_changed:
            obj.status = form.initial["status"]
        super().save_model(request, obj, form, change)
        if status_changed and new_status == Enquiry.Status.HANDLED:
            services.enquiry_mark_handled(enquiry=obj, by=request.user)
        elif status_changed:
            services.enquiry_mark_new(enquiry=obj)

    @admin.display(description="Reply")
    def reply_link(self, obj: Enquiry) -> str:
        # Both parts quoted: an address holding "?", "&" or quotes cannot add headers
        # (cc, body) to the message or leave the attribute.
        address = quote(obj.email, safe="@")
        subject = quote(f"Re: {obj.subject}", safe="")
        return format_html(
            '<a href="mailto:{}?subject={}">Reply to {} by email</a>', address, subject, obj.email
        )

    @admin.display(description="WhatsApp")
    def whatsapp(self, obj: Enquiry) -> str:
        link = services.whatsapp_link(obj.phone)
        if not link:
            return "-"
        return format_html(
            '<a href="{}" rel="noopener noreferrer" target="_blank">Chat on WhatsApp with {}</a>',
            link,
            obj.phone,
        )

    @admin.action(description="Mark as handled", permissions=["change"])
    def mark_handled(self, request: HttpRequest, queryset: QuerySet[Enquiry]) -> None:
        count = 0
        for enquiry in queryset.exclude(status=Enquiry.Status.HANDLED):
            services.enquiry_mark_handled(enquiry=enquiry, by=request.user)
            count += 1
        self.message_user(
            request, f"{plural(count, 'enquiry', 'enquiries')} marked as handled.", messages.SUCCESS
        )

    @admin.action(description="Mark as new", permissions=["change"])
    def mark_new(self, request: HttpRequest, queryset: QuerySet[Enquiry]) -> None:
        count = 0
        for enquiry in queryset.exclude(status=Enquiry.Status.NEW):
            services.enquiry_mark_new(enquiry=enquiry)
            count += 1
        self.message_user(
            request, f"{plural(count, 'enquiry', 'enquiries')} marked as new.", messages.SUCCESS
        )
