"""Invoices and credit notes in the back office: read-only lists by month, each document's
PDF, and the month's CSV exports for the GST return (docs/back-office.md). Nothing here
adds, edits or deletes a document: they are issued by the payment's confirmation or its
reversal only."""

from __future__ import annotations

import io
from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import (
    FileResponse,
    HttpRequest,
    HttpResponse,
    HttpResponseBase,
    HttpResponseRedirect,
)
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html
from unfold.admin import ModelAdmin
from unfold.decorators import action

from core.dates import MONTHS
from core.gst import state_label
from core.money import format_rupees, paise_as_rupees
from invoices.amounts import format_rate
from invoices.exports import (
    ALL,
    EXPORT_CHOICES,
    export_archive,
    export_file_name,
    export_month,
)
from invoices.models import CreditNote, Invoice
from invoices.selectors import Month, document_file_name, document_months, document_pdf

EXPORT_PERMISSIONS = ("invoices.view_invoice", "invoices.view_creditnote")
# A document's page shows these fields as staff read them (₹4,499, 18%, 29-Karnataka),
# not as stored (449900 paise, 18.00, 29).
SHOWN_AS = {
    "taxable_paise": "taxable",
    "cgst_paise": "cgst",
    "sgst_paise": "sgst",
    "igst_paise": "igst",
    "total_paise": "total",
    "rate": "rate_display",
    "place_of_supply": "place",
    "seller_state": "seller_state_display",
    "buyer_state": "buyer_state_display",
}


def _rupees(paise: int) -> str:
    return format_rupees(paise_as_rupees(paise))


MONTH_FORMAT = "Choose a month, e.g. Dec 2026 (or type it as 2026-12)."
_MONTH_NAMES = {name.lower(): n for n, name in enumerate(MONTHS, 1)} | {
    name[:3].lower(): n for n, name in enumerate(MONTHS, 1)
}


def month_parse(text: str) -> Month | None:
    """A month as staff type or pick it: "2026-12" (the month picker's value), "Dec 2026",
    "December 2026" or "12/2026"; None for anything else (bounded: a short field)."""
    value = " ".join(text.replace("/", " ").replace("-", " ").split()).lower()
    parts = value.split(" ")
    if len(value) > 20 or len(parts) != 2:
        return None
    first, second = parts
    if first.isdigit() and len(first) == 4 and second.isdigit():
        year, month = int(first), int(second)
    elif second.isdigit() and len(second) == 4:
        year = int(second)
        month = int(first) if first.isdigit() else _MONTH_NAMES.get(first, 0)
    else:
        return None
    return Month(year, month) if 1 <= month <= 12 and 2000 <= year <= 2999 else None


class ExportForm(forms.Form):
    month = forms.CharField(label="Month", max_length=20, error_messages={"required": MONTH_FORMAT})
    kind = forms.ChoiceField(label="File", choices=list(EXPORT_CHOICES.items()))

    def clean_month(self) -> str:
        month = month_parse(self.cleaned_data["month"])
        if month is None:
            raise forms.ValidationError(MONTH_FORMAT)
        return month.label

    def month_value(self) -> Month:
        year, month = self.cleaned_data["month"].split("-")
        return Month(int(year), int(month))


class DocumentAdmin(ModelAdmin):
    """What invoices and credit notes share: read-only, by month, with their PDF."""

    date_hierarchy = "date"
    list_display: tuple[str, ...] = (
        "number",
        "date",
        "buyer",
        "place",
        "taxable",
        "tax",
        "total",
    )
    list_display_links = ("number", "buyer")
    list_filter = ("financial_year", "series")
    search_fields: tuple[str, ...] = ("number", "buyer_name", "buyer_business_name", "buyer_gstin")
    actions_list = ("export_link",)
    readonly_fields = ("pdf_link",)

    def get_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        names = [
            SHOWN_AS.get(f.name, f.name)
            for f in self.model._meta.fields
            if f.name not in ("id", "token")
        ]
        return ["pdf_link", *names]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return self.get_fields(request, obj)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_export_permission(self, request: HttpRequest, object_id: Any = None) -> bool:
        return request.user.has_perms(EXPORT_PERMISSIONS)

    @admin.display(description="Buyer")
    def buyer(self, obj: Invoice | CreditNote) -> str:
        if obj.buyer_business_name:
            return f"{obj.buyer_business_name} ({obj.buyer_gstin})"
        return obj.buyer_name

    @admin.display(description="Place of supply")
    def place(self, obj: Invoice | CreditNote) -> str:
        return state_label(obj.place_of_supply)

    @admin.display(description="Seller's state")
    def seller_state_display(self, obj: Invoice | CreditNote) -> str:
        return state_label(obj.seller_state)

    @admin.display(description="Buyer's state")
    def buyer_state_display(self, obj: Invoice | CreditNote) -> str:
        return state_label(obj.buyer_state) if obj.buyer_state else "-"

    @admin.display(description="GST rate")
    def rate_display(self, obj: Invoice | CreditNote) -> str:
        return format_rate(obj.rate)

    @admin.display(description="Taxable value", ordering="taxable_paise")
    def taxable(self, obj: Invoice | CreditNote) -> str:
        return _rupees(obj.taxable_paise)

    @admin.display(description="CGST")
    def cgst(self, obj: Invoice | CreditNote) -> str:
        return _rupees(obj.cgst_paise)

    @admin.display(description="SGST")
    def sgst(self, obj: Invoice | CreditNote) -> str:
        return _rupees(obj.sgst_paise)

    @admin.display(description="IGST")
    def igst(self, obj: Invoice | CreditNote) -> str:
        return _rupees(obj.igst_paise)

    @admin.display(description="Tax")
    def tax(self, obj: Invoice | CreditNote) -> str:
        return _rupees(obj.tax_paise)

    @admin.display(description="Total", ordering="total_paise")
    def total(self, obj: Invoice | CreditNote) -> str:
        return _rupees(obj.total_paise)

    @admin.display(description="PDF")
    def pdf_link(self, obj: Invoice | CreditNote) -> str:
        url = reverse(f"admin:{self._url_prefix()}_pdf", args=[obj.pk])
        return format_html('<a class="underline" href="{}">{}</a>', url, document_file_name(obj))

    def _url_prefix(self) -> str:
        return f"{self.model._meta.app_label}_{self.model._meta.model_name}"

    @action(
        description="Export a month (CSV)",
        url_path="export-link",
        permissions=["export"],
        icon="download",
    )
    def export_link(self, request: HttpRequest) -> HttpResponse:
        return HttpResponseRedirect(reverse("admin:invoices_export"))

    def get_urls(self) -> list[URLPattern]:
        prefix = self._url_prefix()
        return [
            path(
                "<int:object_id>/pdf/",
                self.admin_site.admin_view(self.pdf_view),
                name=f"{prefix}_pdf",
            ),
            *super().get_urls(),
        ]

    def pdf_view(self, request: HttpRequest, object_id: int) -> HttpResponseBase:
        if not self.has_view_permission(request):
            raise PermissionDenied
        document = get_object_or_404(self.model, pk=object_id)
        response = FileResponse(
            io.BytesIO(document_pdf(document)),
            content_type="application/pdf",
            as_attachment=True,
            filename=document_file_name(document),
        )
        response["Cache-Control"] = "private, no-store"
        return response


@admin.register(Invoice)
class InvoiceAdmin(DocumentAdmin):
    list_select_related = ("enrolment", "credit_note")
    search_fields = (*DocumentAdmin.search_fields, "enrolment__reference")
    list_display = (*DocumentAdmin.list_display, "reversed_by")

    @admin.display(description="Credit note")
    def reversed_by(self, obj: Invoice) -> str:
        try:
            return obj.credit_note.number
        except CreditNote.DoesNotExist:
            return "-"

    def get_urls(self) -> list[URLPattern]:
        return [
            path(
                "export/",
                self.admin_site.admin_view(self.export_view),
                name="invoices_export",
            ),
            *super().get_urls(),
        ]

    def export_view(self, request: HttpRequest) -> HttpResponseBase:
        """GET with a month and a file: the CSV; otherwise the form, with the months that
        have documents to choose from."""
        if not self.has_export_permission(request):
            raise PermissionDenied
        form = ExportForm(request.GET or None)
        if request.GET and form.is_valid():
            month = form.month_value()
            kind = form.cleaned_data["kind"]
            if kind == ALL:
                content, content_type = export_archive(month=month), "application/zip"
            else:
                content = export_month(month=month, kind=kind).encode("utf-8")
                content_type = "text/csv; charset=utf-8"
            response = FileResponse(
                io.BytesIO(content),
                content_type=content_type,
                as_attachment=True,
                filename=export_file_name(month=month, kind=kind),
            )
            response["Cache-Control"] = "private, no-store"
            return response
        context: dict[str, Any] = {
            **self.admin_site.each_context(request),
            "title": "Export invoices and credit notes",
            "opts": self.model._meta,
            "form": form,
            "months": document_months(),
            "kinds": EXPORT_CHOICES,
        }
        return TemplateResponse(
            request,
            "admin/invoices/export.html",
            context,
            status=400 if request.GET else 200,
        )


@admin.register(CreditNote)
class CreditNoteAdmin(DocumentAdmin):
    list_select_related = ("invoice",)
    search_fields = (*DocumentAdmin.search_fields, "invoice__number")
    list_display = (*DocumentAdmin.list_display, "invoice")
