"""Back office for certificate records. Revocation and reinstatement are decisions (a button
on the certificate's page and a list action, core.admin_decisions), revocation with a
reason, so the verify page always has one to show; a certificate is never deleted here."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.utils.html import format_html_join
from unfold.widgets import UnfoldAdminTextareaWidget

from certificates import selectors, services
from certificates.models import Certificate, certificate_id_normalise
from core.admin_decisions import Decision, DecisionsAdmin


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
        widget=UnfoldAdminTextareaWidget(attrs={"rows": 3, "cols": 60}),
        help_text="Shown to anyone who verifies the certificate.",
    )


def _revoke(obj: Certificate, by: Any, data: dict[str, Any]) -> str:
    services.certificate_revoke(certificate_ids=[obj.pk], reason=data["reason"])
    return f"Certificate {obj.certificate_id} revoked."


def _reinstate(obj: Certificate, by: Any, data: dict[str, Any]) -> str:
    services.certificate_reinstate(certificate_ids=[obj.pk])
    return f"Certificate {obj.certificate_id} reinstated."


CERTIFICATE_DECISIONS = (
    Decision(
        name="revoke",
        label="Revoke",
        applies=Q(status=Certificate.Status.VALID),
        run=_revoke,
        done="revoked",
        explanation=(
            "Anyone who verifies this certificate will see that it is revoked, with the "
            "reason below, and no download is offered. It can be reinstated later."
        ),
        bulk_explanation=(
            "Anyone who verifies these certificates will see that they are revoked, with "
            "the reason below, and no download is offered. They can be reinstated later."
        ),
        form_class=RevokeForm,
        icon="block",
        danger=True,
    ),
    Decision(
        name="reinstate",
        label="Reinstate",
        applies=Q(status=Certificate.Status.REVOKED),
        run=_reinstate,
        done="reinstated",
        explanation=(
            "The certificate verifies as valid again, its downloads are offered, and the "
            "revocation reason is cleared."
        ),
        bulk_explanation=(
            "These certificates verify as valid again, their downloads are offered, and "
            "the revocation reasons are cleared."
        ),
        icon="restart_alt",
    ),
)


@admin.register(Certificate)
class CertificateAdmin(DecisionsAdmin):
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
    list_display_links = ("certificate_id", "name")
    list_filter = ("status", "course", "duration")
    search_fields = ("certificate_id", "name")
    list_per_page = 100
    show_full_result_count = False  # counting 100,000 rows on every search is wasted work
    decisions = CERTIFICATE_DECISIONS
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

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # A deleted record makes the holder's link say "invalid" with no reason: revoke
        # (with the reason the verify page shows) instead.
        return False

    def decision_summary(self, obj: Certificate) -> list[tuple[str, Any]]:
        return [
            ("CertificateID", obj.certificate_id),
            ("Name", obj.name),
            ("Domain", obj.course),
            ("Duration", obj.duration),
            ("Issued", obj.issue_date),
            ("Status", obj.get_status_display()),
            *([("Revoked because", obj.revoked_reason)] if obj.revoked_reason else []),
        ]

    def decision_row(self, obj: Certificate) -> str:
        return f"{obj.certificate_id}: {obj.name or '-'} ({obj.get_status_display()})"

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
