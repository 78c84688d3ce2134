"""The reward ledger (read-only: corrections are new entries, written by the services),
payout requests (paid or cancelled through actions) and each referrer's balance."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import reverse
from unfold.admin import ModelAdmin

from accounts.models import User
from core.errors import ApplicationError
from referrals import selectors, services
from referrals.models import PayoutRequest, Referrer, RewardEntry


def _staff(request: HttpRequest) -> User:
    return cast(User, request.user)


class _ReadOnly(ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(RewardEntry)
class RewardEntryAdmin(_ReadOnly):
    list_display = ("created_at", "user", "kind", "amount", "enrolment", "payout", "note")
    list_filter = ("kind", ("created_at", admin.DateFieldListFilter))
    search_fields = ("user__phone", "user__name", "user__referral_code", "enrolment__reference")
    list_select_related = ("user", "enrolment", "payout")
    date_hierarchy = "created_at"


class PaymentReferenceForm(forms.Form):
    reference = forms.CharField(
        label="Payment reference",
        max_length=services.PAYMENT_REFERENCE_MAX,
        help_text="The UTR of the UPI transfer you made.",
    )


@admin.register(PayoutRequest)
class PayoutRequestAdmin(_ReadOnly):
    list_display = (
        "requested_at",
        "user",
        "amount",
        "upi_id",
        "status",
        "paid_at",
        "payment_reference",
    )
    list_filter = ("status",)
    search_fields = ("user__phone", "user__name", "upi_id", "payment_reference")
    list_select_related = ("user",)
    actions = ("mark_paid", "cancel")

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # Needed for the actions; the change form itself shows every field read-only.
        return super(_ReadOnly, self).has_change_permission(request, obj)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return tuple(field.name for field in PayoutRequest._meta.fields)

    @admin.action(description="Mark as paid (asks for the payment reference)")
    def mark_paid(
        self, request: HttpRequest, queryset: QuerySet[PayoutRequest]
    ) -> HttpResponse | None:
        waiting = queryset.filter(status=PayoutRequest.Status.REQUESTED)
        if waiting.count() != 1:
            self.message_user(
                request,
                "Select exactly one requested payout: each payment has its own reference.",
                messages.ERROR,
            )
            return None
        form = PaymentReferenceForm(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            payout = waiting.get()
            try:
                services.payout_mark_paid(
                    payout_id=payout.pk,
                    by=_staff(request),
                    reference=form.cleaned_data["reference"],
                )
            except ApplicationError as exc:
                self.message_user(request, exc.message, messages.ERROR)
            else:
                self.message_user(request, f"Payout #{payout.pk} marked as paid.", messages.SUCCESS)
            return None
        context: dict[str, Any] = {
            **self.admin_site.each_context(request),
            "title": "Mark payout as paid",
            "opts": self.model._meta,
            "form": form,
            "payouts": waiting.select_related("user"),
            "selected": request.POST.getlist(helpers.ACTION_CHECKBOX_NAME),
            "select_across": request.POST.get("select_across", "0"),
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
            "changelist_url": reverse("admin:referrals_payoutrequest_changelist"),
        }
        return TemplateResponse(request, "admin/referrals/payoutrequest/mark_paid.html", context)

    @admin.action(description="Cancel (the amount becomes available again)")
    def cancel(self, request: HttpRequest, queryset: QuerySet[PayoutRequest]) -> None:
        done = 0
        for pk in queryset.filter(status=PayoutRequest.Status.REQUESTED).values_list(
            "pk", flat=True
        ):
            try:
                services.payout_cancel(payout_id=pk, by=_staff(request))
            except ApplicationError as exc:
                self.message_user(request, exc.message, messages.ERROR)
            else:
                done += 1
        self.message_user(request, f"{done} payout request(s) cancelled.", messages.SUCCESS)


@admin.register(Referrer)
class ReferrerAdmin(_ReadOnly):
    """Each referrer's figures, including a debt the dashboard clamps to zero."""

    list_display = ("name", "phone", "referral_code", "earned", "paid", "owes")
    search_fields = ("phone", "name", "referral_code")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        return selectors.referrer_balance_queryset()

    @admin.display(description="Earned (₹)")
    def earned(self, obj: Any) -> int:
        return int(obj.credits - obj.reversals)

    @admin.display(description="Paid (₹)")
    def paid(self, obj: Any) -> int:
        return int(obj.paid)

    @admin.display(description="Owes (₹)")
    def owes(self, obj: Any) -> int:
        """Paid out more than is earned after reversals (a refunded referral)."""
        return max(0, int(obj.paid - (obj.credits - obj.reversals)))
