"""The reward ledger (read-only: corrections are new entries, written by the services),
payout requests (paid or cancelled through actions) and each referrer's balance."""

from __future__ import annotations

import base64
from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.utils.html import format_html
from unfold.decorators import display
from unfold.widgets import UnfoldAdminTextInputWidget

from accounts.models import User
from core.admin_decisions import Decision, DecisionPageAdmin, WaitingFirstFilter
from core.money import format_rupees
from core.upi import upi_link, upi_qr_svg
from referrals import selectors, services
from referrals.models import PayoutRequest, Referrer, RewardEntry


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
        "signed_amount_display",
        "payable_on",
        "enrolment",
        "payout",
        "note",
    )
    list_display_links = ("created_at", "user")
    fields = (
        "user",
        "kind",
        "signed_amount_display",
        "payable_on",
        "enrolment",
        "cycle",
        "payout",
        "created_at",
        "created_by",
        "note",
    )
    readonly_fields = fields
    list_filter = ("kind", ("created_at", admin.DateFieldListFilter))
    search_fields = ("user__phone", "user__name", "user__referral_code", "enrolment__reference")
    list_select_related = ("user", "enrolment", "payout")
    date_hierarchy = "created_at"

    @display(description="amount", ordering="amount")
    def signed_amount_display(self, obj: RewardEntry) -> str:
        """+₹150 for a credit; a reversal or a payout with a minus sign."""
        amount = format_rupees(obj.amount)
        return f"+{amount}" if obj.kind == RewardEntry.Kind.CREDIT else f"\u2212{amount}"


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


def _mark_paid(payout: PayoutRequest, by: User, data: dict[str, Any]) -> str:
    services.payout_mark_paid(payout_id=payout.pk, by=by, reference=data["reference"])
    return f"Payout #{payout.pk} marked as paid."


def _cancel(payout: PayoutRequest, by: User, data: dict[str, Any]) -> str:
    services.payout_cancel(payout_id=payout.pk, by=by)
    return f"Payout request #{payout.pk} cancelled."


def _cancel_follows(payouts: QuerySet[PayoutRequest]) -> list[str]:
    total = sum(payouts.values_list("amount", flat=True))
    return [f"{format_rupees(total)} in all becomes available to the referrers again."]


PAYOUT_DECISIONS = (
    Decision(
        name="mark_paid",
        label="Mark paid",
        primary=True,
        applies=Q(status=PayoutRequest.Status.REQUESTED),
        run=_mark_paid,
        done="marked as paid",
        explanation=(
            "Send the amount to the UPI ID first (the QR code on the payout's page), then "
            "record the UTR of your transfer. This debits the referrer's reward ledger "
            "and emails them."
        ),
        form_class=PaymentReferenceForm,
        one_at_a_time=True,
    ),
    Decision(
        name="cancel",
        label="Cancel the request",
        applies=Q(status=PayoutRequest.Status.REQUESTED),
        run=_cancel,
        done="cancelled",
        explanation="The amount becomes available to the referrer again.",
        bulk_explanation="Each amount becomes available to its referrer again.",
        icon="cancel",
        danger=True,
        follows=_cancel_follows,
        url_path="cancel",
    ),
)


@admin.register(PayoutRequest)
class PayoutRequestAdmin(_ReadOnly):
    list_display = (
        "requested_at",
        "user",
        "amount_display",
        "upi_id",
        "status",
        "paid_at",
        "payment_reference",
    )
    list_display_links = ("requested_at", "user")
    list_filter = (PayoutStatusFilter,)
    search_fields = ("user__phone", "user__name", "upi_id", "payment_reference")
    search_help_text = "Phone, name, UPI ID or payment reference, in every status."
    list_select_related = ("user",)
    decisions = PAYOUT_DECISIONS
    fields = (
        "user",
        "amount_display",
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
        return (
            *(field.name for field in PayoutRequest._meta.fields),
            "amount_display",
            "pay_with_upi",
        )

    @display(description="amount", ordering="amount")
    def amount_display(self, obj: PayoutRequest) -> str:
        return format_rupees(obj.amount)

    @display(description="Pay with UPI")
    def pay_with_upi(self, obj: PayoutRequest) -> str:
        if obj.status != PayoutRequest.Status.REQUESTED:
            return "Nothing to pay: the request is paid or cancelled."
        link = payout_upi_link(obj)
        svg = base64.b64encode(upi_qr_svg(link)).decode("ascii")
        return format_html(
            '<div class="flex flex-col gap-2">'
            '<img src="data:image/svg+xml;base64,{}" width="200" height="200" '
            'alt="QR code to pay {} to {}" data-testid="payout-qr">'
            '<a class="text-primary-600 underline" href="{}">Pay {} with UPI</a>'
            "<span>Scan with the UPI app on your phone, pay, then Mark paid with the UTR.</span>"
            "</div>",
            svg,
            format_rupees(obj.amount),
            obj.upi_id,
            link,
            format_rupees(obj.amount),
        )

    def decision_summary(self, payout: PayoutRequest) -> list[tuple[str, Any]]:
        return [
            ("Referrer", payout.user.name),
            ("Phone", payout.user.phone),
            ("Amount", format_rupees(payout.amount)),
            ("UPI ID", payout.upi_id),
        ]

    def decision_row(self, payout: PayoutRequest) -> str:
        return (
            f"#{payout.pk}: {payout.user.name} ({payout.user.phone}), "
            f"{format_rupees(payout.amount)} to {payout.upi_id}"
        )


@admin.register(Referrer)
class ReferrerAdmin(_ReadOnly):
    """Each referrer's figures, including a debt the dashboard clamps to zero."""

    list_display = ("name", "phone", "referral_code", "earned", "on_hold", "paid", "owes")
    search_fields = ("phone", "name", "referral_code")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        return selectors.referrer_balance_queryset()

    @admin.display(description="Earned")
    def earned(self, obj: Any) -> str:
        return format_rupees(int(obj.credits - obj.reversals))

    @admin.display(description="On hold")
    def on_hold(self, obj: Any) -> str:
        """Rewards a refund would still reverse; not payable yet."""
        return format_rupees(selectors.referral_figures(user_id=obj.pk).on_hold)

    @admin.display(description="Paid")
    def paid(self, obj: Any) -> str:
        return format_rupees(int(obj.paid))

    @admin.display(description="Owes")
    def owes(self, obj: Any) -> str:
        """Paid out more than is earned after reversals (a refunded referral)."""
        return format_rupees(max(0, int(obj.paid - (obj.credits - obj.reversals))))
