"""Every reward figure is a sum over the ledger (and the open payout requests)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q, QuerySet, Sum, Value
from django.db.models.functions import Coalesce

from accounts.models import User
from referrals.models import PayoutRequest, Referrer, RewardEntry


@dataclass(frozen=True)
class Figures:
    credits: int
    reversals: int
    paid: int
    pending_payout: int

    @property
    def earned(self) -> int:
        return self.credits - self.reversals

    @property
    def available(self) -> int:
        """What could be paid now. Below zero only when a credit that was already paid
        out has since been reversed (a refund): the referrer then owes that amount."""
        return self.earned - self.paid - self.pending_payout


def _sum(kind: str) -> Coalesce:
    return Coalesce(Sum("amount", filter=Q(kind=kind)), Value(0))


def referral_figures(*, user_id: int) -> Figures:
    totals = RewardEntry.objects.filter(user_id=user_id).aggregate(
        credits=_sum(RewardEntry.Kind.CREDIT),
        reversals=_sum(RewardEntry.Kind.REVERSAL),
        paid=_sum(RewardEntry.Kind.PAYOUT),
    )
    pending = PayoutRequest.objects.filter(
        user_id=user_id, status=PayoutRequest.Status.REQUESTED
    ).aggregate(total=Coalesce(Sum("amount"), Value(0)))["total"]
    return Figures(
        credits=totals["credits"],
        reversals=totals["reversals"],
        paid=totals["paid"],
        pending_payout=pending,
    )


def payout_request_open(*, user: User) -> PayoutRequest | None:
    return PayoutRequest.objects.filter(user=user, status=PayoutRequest.Status.REQUESTED).first()


# enrolments.models.Enrolment.Status.CONFIRMED (test_schema_choices keeps them equal).
CONFIRMED = "confirmed"


def referral_summary(*, user: User) -> dict[str, Any]:
    """The dashboard's figures.

    balance is clamped at zero: a reversal after a payout can leave the referrer owing
    money; they see 0 (and cannot request a payout) until new credits cover the debt,
    while staff see the debt in the admin's referrer balances.
    """
    figures = referral_figures(user_id=user.pk)
    open_request = payout_request_open(user=user)
    balance = max(0, figures.available)
    return {
        # Through the relation, not the enrolments app: enrolments credit rewards here,
        # so referrals imports nothing of theirs (the import-linter contract).
        "successful_referrals": user.referred_enrolments.filter(status=CONFIRMED).count(),
        "earned": figures.earned,
        "pending_payout": figures.pending_payout,
        "paid": figures.paid,
        "balance": balance,
        "can_request_payout": balance > 0 and open_request is None,
        "open_request": (
            {
                "id": open_request.pk,
                "amount": open_request.amount,
                "upi_id": open_request.upi_id,
                "requested_at": open_request.requested_at,
            }
            if open_request
            else None
        ),
    }


def referral_entry_list(*, user: User) -> list[dict[str, Any]]:
    """The user's own ledger, newest first, with the course each line is about."""
    entries = (
        RewardEntry.objects.filter(user=user)
        .select_related("enrolment__course", "payout")
        .order_by("-created_at", "-pk")
    )
    return [
        {
            "id": entry.pk,
            "kind": entry.kind,
            "kind_display": entry.get_kind_display(),
            "amount": entry.amount,
            "signed_amount": entry.signed_amount,
            "course_name": entry.enrolment.course.name if entry.enrolment else "",
            "created_at": entry.created_at,
            "note": _public_note(entry),
        }
        for entry in entries
    ]


def _public_note(entry: RewardEntry) -> str:
    # Staff reasons can mention the friend's payment; the referrer gets a plain label.
    if entry.kind == RewardEntry.Kind.CREDIT:
        return "Referral reward"
    if entry.kind == RewardEntry.Kind.REVERSAL:
        return "Referral reward reversed (payment not confirmed or refunded)"
    return "Paid out" + (f" to {entry.payout.upi_id}" if entry.payout else "")


def referrer_balance_queryset() -> QuerySet[Any]:
    """Accounts with any ledger line, annotated with their figures (for the admin)."""
    return Referrer.objects.filter(pk__in=RewardEntry.objects.values("user_id")).annotate(
        credits=Coalesce(
            Sum("reward_entries__amount", filter=Q(reward_entries__kind="credit")), Value(0)
        ),
        reversals=Coalesce(
            Sum("reward_entries__amount", filter=Q(reward_entries__kind="reversal")), Value(0)
        ),
        paid=Coalesce(
            Sum("reward_entries__amount", filter=Q(reward_entries__kind="payout")), Value(0)
        ),
        entry_count=Count("reward_entries"),
    )
