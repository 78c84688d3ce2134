from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from accounts.models import User
from core.money import format_rupees


class RewardEntry(models.Model):
    """One line of a referrer's reward ledger. Written once, never edited or deleted.

    Amounts are positive whole rupees; the kind gives the sign (credit adds, reversal and
    payout subtract). Every figure on the dashboard is a sum over these rows.

    A credit is on hold until its `payable_on` (the India date of the confirmation plus
    REFERRAL_HOLD_DAYS): only then can it be paid out, and only until then does a refund
    or an undone confirmation reverse it.

    `cycle` numbers the confirmations of one enrolment: the first confirmation's credit is
    cycle 1; undoing it writes the reversal of cycle 1; confirming again credits cycle 2.
    The database allows one credit and one reversal per (enrolment, cycle), so two staff
    confirming at once can never credit twice (the services also lock the enrolment row).
    """

    class Kind(models.TextChoices):
        CREDIT = "credit", "Credit"
        REVERSAL = "reversal", "Reversal"
        PAYOUT = "payout", "Payout"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="reward_entries"
    )
    kind = models.CharField(max_length=10, choices=Kind.choices)
    amount = models.PositiveIntegerField("amount (₹)")
    enrolment = models.ForeignKey(
        "enrolments.Enrolment",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="reward_entries",
    )
    cycle = models.PositiveIntegerField(default=1)
    # Stored, not worked out from created_at and REFERRAL_HOLD_DAYS: the date the referrer
    # was shown stays true when the setting changes later.
    payable_on = models.DateField(
        "payable from",
        null=True,
        blank=True,
        help_text="Credits: the first day (India) it can be paid out; before it, it is on hold.",
    )
    payout = models.ForeignKey(
        "referrals.PayoutRequest",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="entries",
    )
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    note = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ("-created_at", "-pk")
        verbose_name = "reward ledger entry"
        verbose_name_plural = "reward ledger"
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="reward_entry_amount_positive"),
            models.CheckConstraint(
                condition=Q(kind__in=["credit", "reversal", "payout"]),
                name="reward_entry_kind_valid",
            ),
            models.CheckConstraint(
                condition=(Q(kind="payout") & Q(payout__isnull=False))
                | (~Q(kind="payout") & Q(enrolment__isnull=False)),
                name="reward_entry_has_its_source",
            ),
            models.CheckConstraint(
                condition=Q(kind="credit", payable_on__isnull=False)
                | (~Q(kind="credit") & Q(payable_on__isnull=True)),
                name="reward_entry_credit_has_payable_on",
            ),
            models.UniqueConstraint(
                fields=["enrolment", "cycle"],
                condition=Q(kind="credit"),
                name="reward_entry_one_credit_per_enrolment_cycle",
            ),
            models.UniqueConstraint(
                fields=["enrolment", "cycle"],
                condition=Q(kind="reversal"),
                name="reward_entry_one_reversal_per_enrolment_cycle",
            ),
            models.UniqueConstraint(
                fields=["payout"],
                condition=Q(kind="payout"),
                name="reward_entry_one_debit_per_payout",
            ),
        ]
        indexes = [models.Index(fields=["user", "kind"], name="reward_entry_user_kind")]

    def __str__(self) -> str:
        sign = "+" if self.kind == self.Kind.CREDIT else "\u2212"
        return f"{self.get_kind_display()} {sign}{format_rupees(self.amount)} for {self.user_id}"

    @property
    def signed_amount(self) -> int:
        return self.amount if self.kind == self.Kind.CREDIT else -self.amount


class PayoutRequest(models.Model):
    """A referrer asked for their balance to be paid to a UPI ID; staff pay it by hand
    and mark it paid with the payment reference, which debits the ledger."""

    class Status(models.TextChoices):
        REQUESTED = "requested", "Requested"
        PAID = "paid", "Paid"
        CANCELLED = "cancelled", "Cancelled"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="payout_requests"
    )
    amount = models.PositiveIntegerField("amount (₹)")
    upi_id = models.CharField("UPI ID", max_length=330)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.REQUESTED)
    requested_at = models.DateTimeField(default=timezone.now, db_index=True)
    paid_at = models.DateTimeField(null=True, blank=True)
    paid_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    payment_reference = models.CharField(max_length=100, blank=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)
    cancelled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ("-requested_at",)
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="payout_amount_positive"),
            models.UniqueConstraint(
                fields=["user"],
                condition=Q(status="requested"),
                name="payout_one_open_request_per_user",
            ),
        ]

    def __str__(self) -> str:
        return (
            f"Payout of {format_rupees(self.amount)} to {self.upi_id} ({self.get_status_display()})"
        )


class Referrer(User):
    """Accounts seen from the reward side: the admin lists each referrer's figures,
    including a debt (a reversal after a payout) that the dashboard does not show."""

    class Meta:
        proxy = True
        verbose_name = "referrer balance"
        verbose_name_plural = "referrer balances"
