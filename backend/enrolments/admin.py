"""Back office for enrolments: staff check the UTR against the bank statement and confirm
or reject. Every change goes through an action (and so through the services, which lock
the row, write the ledger and email the student); the record itself is read-only."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import reverse

from accounts.models import User
from accounts.phones import InvalidPhone, phone_normalise
from core.errors import ApplicationError
from enrolments import services
from enrolments.models import Enrolment, UtrChange


def _staff(request: HttpRequest) -> User:
    return cast(User, request.user)


class ReasonForm(forms.Form):
    reason = forms.CharField(
        max_length=services.REASON_MAX,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
    )


class UtrCorrectionForm(ReasonForm):
    utr = forms.CharField(label="Correct UTR", max_length=20, help_text="12 digits.")
    field_order = ("utr", "reason")


class UtrChangeInline(admin.TabularInline):
    model = UtrChange
    fields = ("changed_at", "old_utr", "new_utr", "reason", "changed_by")
    readonly_fields = fields
    extra = 0
    can_delete = False
    verbose_name_plural = "UTR corrections"

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Enrolment)
class EnrolmentAdmin(admin.ModelAdmin):
    list_display = (
        "reference",
        "created_at",
        "name",
        "phone",
        "course",
        "amount",
        "status",
        "utr",
        "referral_code_used",
    )
    list_filter = ("status", "course", ("created_at", admin.DateFieldListFilter))
    search_fields = ("reference", "phone", "utr", "name", "email", "referral_code_used")
    list_select_related = ("course",)
    date_hierarchy = "created_at"
    list_per_page = 50
    actions = ("confirm_payment", "reject", "unconfirm", "correct_utr")
    inlines = (UtrChangeInline,)
    fieldsets = (
        (
            "Enrolment",
            {
                "fields": (
                    "reference",
                    "course",
                    "amount",
                    "name",
                    "phone",
                    "email",
                    "user",
                    "created_at",
                )
            },
        ),
        ("Referral", {"fields": ("referral_code_used", "referrer")}),
        (
            "Payment",
            {
                "fields": (
                    "status",
                    "utr",
                    "utr_submitted_at",
                    "confirmed_at",
                    "confirmed_by",
                    "rejected_reason",
                    "rejected_at",
                    "rejected_by",
                    "unconfirmed_reason",
                    "unconfirmed_at",
                    "unconfirmed_by",
                )
            },
        ),
    )

    def get_readonly_fields(
        self, request: HttpRequest, obj: Enrolment | None = None
    ) -> tuple[str, ...]:
        return tuple(field.name for field in Enrolment._meta.fields)

    def has_add_permission(self, request: HttpRequest) -> bool:
        # Enrolments come from the site's form (which checks referral codes and
        # duplicates); staff enrolling someone by phone use that form too.
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Enrolment | None = None) -> bool:
        # The ledger points at enrolments; reject instead.
        return False

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[Enrolment], search_term: str
    ) -> tuple[QuerySet[Enrolment], bool]:
        # Staff type phones as people say them ("98765 43210"); the database holds E.164.
        results, distinct = super().get_search_results(request, queryset, search_term)
        try:
            phone = phone_normalise(search_term)
        except InvalidPhone:
            return results, distinct
        return results | queryset.filter(phone=phone), distinct

    def _apply(
        self,
        request: HttpRequest,
        queryset: QuerySet[Enrolment],
        verb: str,
        run: Any,
    ) -> None:
        done = 0
        for pk in queryset.values_list("pk", flat=True):
            try:
                run(pk)
            except ApplicationError as exc:
                fields = (exc.extra or {}).get("fields") or {}
                self.message_user(request, " ".join(fields.values()) or exc.message, messages.ERROR)
            else:
                done += 1
        if done:
            self.message_user(request, f"{done} enrolment(s) {verb}.", messages.SUCCESS)

    @admin.action(description="Confirm payment (credits the referrer, emails the student)")
    def confirm_payment(self, request: HttpRequest, queryset: QuerySet[Enrolment]) -> None:
        self._apply(
            request,
            queryset.exclude(status=Enrolment.Status.CONFIRMED),
            "confirmed",
            lambda pk: services.enrolment_confirm_payment(enrolment_id=pk, by=_staff(request)),
        )

    @admin.action(description="Reject (asks for a reason, emails the student)")
    def reject(self, request: HttpRequest, queryset: QuerySet[Enrolment]) -> HttpResponse | None:
        return self._with_reason(
            request,
            queryset.exclude(status=Enrolment.Status.REJECTED),
            action="reject",
            title="Reject enrolments",
            submit_label="Reject",
            explanation=(
                "The students are emailed this reason. Rejecting a confirmed enrolment (a "
                "refund) also reverses its referral reward."
            ),
            verb="rejected",
            run=lambda pk, reason: services.enrolment_reject(
                enrolment_id=pk, by=_staff(request), reason=reason
            ),
        )

    @admin.action(description="Undo confirmation (asks for a reason, reverses the reward)")
    def unconfirm(self, request: HttpRequest, queryset: QuerySet[Enrolment]) -> HttpResponse | None:
        return self._with_reason(
            request,
            queryset.filter(status=Enrolment.Status.CONFIRMED),
            action="unconfirm",
            title="Undo confirmation",
            submit_label="Undo confirmation",
            explanation=(
                "These enrolments go back to waiting for a decision, and their referral "
                "rewards are reversed. The students are not emailed."
            ),
            verb="reopened",
            run=lambda pk, reason: services.enrolment_unconfirm(
                enrolment_id=pk, by=_staff(request), reason=reason
            ),
        )

    @admin.action(description="Correct the UTR (asks for the right one and a reason)")
    def correct_utr(
        self, request: HttpRequest, queryset: QuerySet[Enrolment]
    ) -> HttpResponse | None:
        if queryset.count() > 1:
            self.message_user(request, "Correct one enrolment's UTR at a time.", messages.ERROR)
            return None
        return self._with_reason(
            request,
            queryset.exclude(status__in=[Enrolment.Status.REJECTED, Enrolment.Status.EXPIRED]),
            action="correct_utr",
            title="Correct the UTR",
            submit_label="Save the UTR",
            explanation=(
                "Students cannot change a UTR once sent. Type the UTR shown on the bank "
                "statement; the old one and your reason are kept on the enrolment."
            ),
            verb="updated",
            form_class=UtrCorrectionForm,
            run=lambda pk, data: services.enrolment_correct_utr(
                enrolment_id=pk, utr=data["utr"], by=_staff(request), reason=data["reason"]
            ),
        )

    def _with_reason(
        self,
        request: HttpRequest,
        queryset: QuerySet[Enrolment],
        *,
        form_class: type[ReasonForm] = ReasonForm,
        action: str,
        title: str,
        submit_label: str,
        explanation: str,
        verb: str,
        run: Any,
    ) -> HttpResponse | None:
        if not queryset.exists():
            self.message_user(request, "None of the selected enrolments can be changed so.")
            return None
        form = form_class(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            data = form.cleaned_data
            value = data if form_class is not ReasonForm else data["reason"]
            self._apply(request, queryset, verb, lambda pk: run(pk, value))
            return None
        context: dict[str, Any] = {
            **self.admin_site.each_context(request),
            "title": title,
            "opts": self.model._meta,
            "form": form,
            "enrolments": queryset.select_related("course")[:200],
            "count": queryset.count(),
            "explanation": explanation,
            "submit_label": submit_label,
            "action": action,
            "selected": request.POST.getlist(helpers.ACTION_CHECKBOX_NAME),
            "select_across": request.POST.get("select_across", "0"),
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
            "changelist_url": reverse("admin:enrolments_enrolment_changelist"),
        }
        return TemplateResponse(request, "admin/enrolments/enrolment/reason.html", context)
