"""The reward ledger (read-only: corrections are new entries, written by the services),
payout requests (paid or cancelled through actions) and each referrer's balance."""

from __future__ import annotations

import base64
from typing import Any, cast

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html
from unfold.decorators import action, display
from unfold.widgets import UnfoldAdminTextInputWidget

from accounts.models import User
from core.admin_decisions import DecisionPageAdmin, WaitingFirstFilter, decision_view
from core.errors import ApplicationError
from core.upi import upi_link, upi_qr_svg
from referrals import selectors, services
from referrals.models import PayoutRequest, Referrer, RewardEntry


def _staff(request: HttpRequest) -> User:
    return cast(User, request.user)


class _ReadOnly(DecisionPageAdmin):
    """The ledger, payouts and referrers are written by the services alone: not even a
    change form (payouts are decided with the buttons on their page)."""

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(RewardEntry)
class RewardEntryAdmin(_ReadOnly):
    list_display = (
        "created_at",
        "user",
        "kind",
        "amount",
        "payable_on",
        "enrolment",
        "payout",
        "note",
    )
    list_filter = ("kind", ("created_at", admin.DateFieldListFilter))
    search_fields = ("user__phone", "user__name", "user__referral_code", "enrolment__reference")
    list_select_related = ("user", "enrolment", "payout")
    date_hierarchy = "created_at"


class PaymentReferenceForm(forms.Form):
    reference = forms.CharField(
        label="Payment reference",
        max_length=services.PAYMENT_REFERENCE_MAX,
        help_text="The UTR of the UPI transfer you made.",
        widget=UnfoldAdminTextInputWidget,
    )


class PayoutStatusFilter(WaitingFirstFilter):
    """The list opens on the requests waiting to be paid."""

    choices_enum = PayoutRequest.Status
    default = PayoutRequest.Status.REQUESTED


def payout_upi_link(payout: PayoutRequest) -> str:
    """The transfer staff make from their phone: the referrer's UPI ID and the amount,
    the reward named in tn and the payout in tr (it shows in the bank statement)."""
    return upi_link(
        payee_id=payout.upi_id,
        payee_name=payout.user.name,
        amount=payout.amount,
        note=f"Referral reward payout {payout.pk}",
        reference=f"PAYOUT-{payout.pk}",
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
    list_filter = (PayoutStatusFilter,)
    search_fields = ("user__phone", "user__name", "upi_id", "payment_reference")
    search_help_text = "Phone, name, UPI ID or payment reference, in every status."
    list_select_related = ("user",)
    actions = ("mark_paid", "cancel")
    actions_detail = ("mark_paid_detail", "cancel_detail")
    fields = (
        "user",
        "amount",
        "upi_id",
        "pay_with_upi",
        "status",
        "requested_at",
        "paid_at",
        "paid_by",
        "payment_reference",
        "cancelled_at",
        "cancelled_by",
    )

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # Needed for the actions; the change form itself shows every field read-only.
        return super(_ReadOnly, self).has_change_permission(request, obj)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return (*(field.name for field in PayoutRequest._meta.fields), "pay_with_upi")

    @display(description="Pay with UPI")
    def pay_with_upi(self, obj: PayoutRequest) -> str:
        if obj.status != PayoutRequest.Status.REQUESTED:
            return "Nothing to pay: the request is paid or cancelled."
        link = payout_upi_link(obj)
        svg = base64.b64encode(upi_qr_svg(link)).decode("ascii")
        return format_html(
            '<div class="flex flex-col gap-2">'
            '<img src="data:image/svg+xml;base64,{}" width="200" height="200" '
            'alt="QR code to pay ₹{} to {}" data-testid="payout-qr">'
            '<a class="text-primary-600 underline" href="{}">Pay ₹{} with UPI</a>'
            "<span>Scan with the UPI app on your phone, pay, then Mark paid with the UTR.</span>"
            "</div>",
            svg,
            obj.amount,
            obj.upi_id,
            link,
            obj.amount,
        )

    def _waiting(self, request: HttpRequest, object_id: Any) -> bool:
        if not super(_ReadOnly, self).has_change_permission(request):
            return False
        return (
            object_id is None
            or PayoutRequest.objects.filter(
                pk=object_id, status=PayoutRequest.Status.REQUESTED
            ).exists()
        )

    def has_mark_paid_detail_permission(self, request: HttpRequest, object_id: Any = None) -> bool:
        return self._waiting(request, object_id)

    def has_cancel_detail_permission(self, request: HttpRequest, object_id: Any = None) -> bool:
        return self._waiting(request, object_id)

    @staticmethod
    def _summary(payout: PayoutRequest | None) -> list[tuple[str, Any]] | None:
        if payout is None:
            return None
        return [
            ("Referrer", payout.user.name),
            ("Phone", payout.user.phone),
            ("Amount", f"₹{payout.amount}"),
            ("UPI ID", payout.upi_id),
        ]

    @action(
        description="Mark paid",
        url_path="mark-paid",
        permissions=["mark_paid_detail"],
        icon="check_circle",
    )
    def mark_paid_detail(self, request: HttpRequest, object_id: str) -> HttpResponse:
        def run(payout: PayoutRequest, data: dict[str, Any]) -> str:
            services.payout_mark_paid(
                payout_id=payout.pk, by=_staff(request), reference=data["reference"]
            )
            return f"Payout #{payout.pk} marked as paid."

        return decision_view(
            self,
            request,
            object_id,
            title="Mark the payout as paid",
            explanation=(
                "Send the amount to the UPI ID first (the QR code on the payout's page), then "
                "record the UTR of your transfer. This debits the referrer's reward ledger "
                "and emails them."
            ),
            submit_label="Mark as paid",
            summary=self._summary(self.get_object(request, object_id)),
            form_class=PaymentReferenceForm,
            run=run,
        )

    @action(
        description="Cancel",
        url_path="cancel",
        permissions=["cancel_detail"],
        icon="cancel",
    )
    def cancel_detail(self, request: HttpRequest, object_id: str) -> HttpResponse:
        def run(payout: PayoutRequest, data: dict[str, Any]) -> str:
            services.payout_cancel(payout_id=payout.pk, by=_staff(request))
            return f"Payout request #{payout.pk} cancelled."

        return decision_view(
            self,
            request,
            object_id,
            title="Cancel the payout request",
            explanation="The amount becomes available to the referrer again.",
            submit_label="Cancel the request",
            summary=self._summary(self.get_object(request, object_id)),
            run=run,
            danger=True,
        )

    @admin.action(
        description="Mark as paid (asks for the payment reference)", permissions=["change"]
    )
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

    @admin.action(description="Cancel (the amount becomes available again)", permissions=["change"])
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

    list_display = ("name", "phone", "referral_code", "earned", "on_hold", "paid", "owes")
    search_fields = ("phone", "name", "referral_code")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        return selectors.referrer_balance_queryset()

    @admin.display(description="Earned (₹)")
    def earned(self, obj: Any) -> int:
        return int(obj.credits - obj.reversals)

    @admin.display(description="On hold (₹)")
    def on_hold(self, obj: Any) -> int:
        """Rewards a refund would still reverse; not payable yet."""
        return selectors.referral_figures(user_id=obj.pk).on_hold

    @admin.display(description="Paid (₹)")
    def paid(self, obj: Any) -> int:
        return int(obj.paid)

    @admin.display(description="Owes (₹)")
    def owes(self, obj: Any) -> int:
        """Paid out more than is earned after reversals (a refunded referral)."""
        return max(0, int(obj.paid - (obj.credits - obj.reversals)))
