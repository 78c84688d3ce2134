"""Back office for certificate records. Revocation goes through actions (with a reason),
so the verify page always has one to show."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html_join
from unfold.admin import ModelAdmin

from certificates import selectors, services
from certificates.models import Certificate, certificate_id_normalise
from core.errors import ApplicationError


class CertificateForm(forms.ModelForm):
    class Meta:
        model = Certificate
        fields = (
            "certificate_id",
            "name",
            "course",
            "duration",
            "issue_date",
            "email",
            "certificate_image",
            "letter_image",
        )

    def clean_certificate_id(self) -> str:
        # Same spelling as imports and lookups; the model's validator then checks it.
        return certificate_id_normalise(self.cleaned_data.get("certificate_id") or "")


class RevokeForm(forms.Form):
    reason = forms.CharField(
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        help_text="Shown to anyone who verifies these certificates.",
    )


@admin.register(Certificate)
class CertificateAdmin(ModelAdmin):
    form = CertificateForm
    list_display = (
        "certificate_id",
        "name",
        "course",
        "duration",
        "issue_date",
        "status",
        "verification_count",
        "last_verified_at",
    )
    list_filter = ("status", "course", "duration")
    search_fields = ("certificate_id", "name")
    list_per_page = 100
    show_full_result_count = False  # counting 100,000 rows on every search is wasted work
    actions = ("revoke", "reinstate")
    readonly_fields = (
        "status",
        "revoked_reason",
        "revoked_at",
        "emailed_at",
        "verification_count",
        "last_verified_at",
        "created_at",
        "updated_at",
        "previews",
    )
    fieldsets = (
        (None, {"fields": ("certificate_id", "name", "course", "duration", "issue_date")}),
        (
            "Images",
            {
                "fields": ("certificate_image", "letter_image", "previews"),
                "description": "Optional. An uploaded image is served instead of the generated one.",
            },
        ),
        (
            "Holder",
            {
                "fields": ("email", "emailed_at"),
                "description": "With an email, the holder is sent the verify link, the "
                "downloads and the verifiable credential once (on saving).",
            },
        ),
        ("Status", {"fields": ("status", "revoked_reason", "revoked_at")}),
        (
            "History",
            {
                "fields": ("verification_count", "last_verified_at", "created_at", "updated_at"),
                "description": "Verifications: lookups by ID (the verify page's included) and "
                "credential checks; written every few seconds.",
            },
        ),
    )

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[Certificate], search_term: str
    ) -> tuple[QuerySet[Certificate], bool]:
        # An exact ID (any case) is the common search: answer it from the unique index.
        normalised = certificate_id_normalise(search_term)
        if normalised and queryset.filter(certificate_id=normalised).exists():
            return queryset.filter(certificate_id=normalised), False
        return super().get_search_results(request, queryset, search_term)

    def save_model(self, request: HttpRequest, obj: Certificate, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        if services.certificate_holders_notify(certificates=[obj]):
            self.message_user(request, f"{obj.email} was emailed the links.", messages.INFO)

    def delete_model(self, request: HttpRequest, obj: Certificate) -> None:
        super().delete_model(request, obj)
        # A deleted record's credential must read as revoked from now on.
        services.status_list_invalidate()

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Certificate]) -> None:
        super().delete_queryset(request, queryset)
        services.status_list_invalidate()

    @admin.display(description="Downloads")
    def previews(self, obj: Certificate) -> str:
        if not obj.pk:
            return "-"
        links = selectors.certificate_download_urls(certificate=obj)
        labels = {
            "certificate_png": "Certificate (PNG)",
            "certificate_pdf": "Certificate (PDF)",
            "letter_png": "Letter of recommendation (PNG)",
            "letter_pdf": "Letter of recommendation (PDF)",
            "credential": "Verifiable credential (Open Badges 3.0)",
        }
        available = [(url, labels[key]) for key, url in links.items() if url]
        if not available:
            return "None: revoked or eliminated records offer no download."
        return format_html_join(
            " · ", '<a href="{}" target="_blank" rel="noopener">{}</a>', available
        )

    @admin.action(
        description="Revoke selected certificates (asks for a reason)", permissions=["change"]
    )
    def revoke(self, request: HttpRequest, queryset: QuerySet[Certificate]) -> HttpResponse | None:
        form = RevokeForm(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            try:
                count = services.certificate_revoke(
                    certificate_ids=list(queryset.values_list("pk", flat=True)),
                    reason=form.cleaned_data["reason"],
                )
            except ApplicationError as exc:
                form.add_error("reason", exc.message)
            else:
                self.message_user(request, f"{count} certificate(s) revoked.", messages.SUCCESS)
                return None
        context: dict[str, Any] = {
            **self.admin_site.each_context(request),
            "title": "Revoke certificates",
            "opts": self.model._meta,
            "form": form,
            "certificates": queryset[:200],
            "count": queryset.count(),
            "selected": request.POST.getlist(helpers.ACTION_CHECKBOX_NAME),
            "select_across": request.POST.get("select_across", "0"),
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
            "changelist_url": reverse("admin:certificates_certificate_changelist"),
        }
        return TemplateResponse(request, "admin/certificates/certificate/revoke.html", context)

    @admin.action(description="Reinstate selected certificates", permissions=["change"])
    def reinstate(self, request: HttpRequest, queryset: QuerySet[Certificate]) -> None:
        count = services.certificate_reinstate(
            certificate_ids=list(queryset.values_list("pk", flat=True))
        )
        self.message_user(request, f"{count} certificate(s) reinstated.", messages.SUCCESS)
