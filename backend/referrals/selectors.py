"""Every reward figure is a sum over the ledger (and the open payout requests)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.conf import settings
from django.db.models import Count, Exists, OuterRef, Q, QuerySet, Sum, Value
from django.db.models.functions import Coalesce

from accounts.models import User
from core.dates import format_india_date, india_today
from core.money import format_rupees
from referrals.models import PayoutRequest, Referrer, RewardEntry


@dataclass(frozen=True)
class Figures:
    credits: int
    reversals: int
    paid: int
    pending_payout: int
    on_hold: int = 0

    @property
    def earned(self) -> int:
        return self.credits - self.reversals

    @property
    def past_hold(self) -> int:
        """Earned and past its hold, whether paid out or not."""
        return self.earned - self.on_hold

    @property
    def payable(self) -> int:
        """What could be paid now: past the hold, not paid, not already requested. Below
        zero only when a credit that was already paid out was reversed before the hold
        existed (a refund): the referrer then owes that amount."""
        return self.past_hold - self.paid - self.pending_payout


def _sum(kind: str) -> Coalesce:
    return Coalesce(Sum("amount", filter=Q(kind=kind)), Value(0))


def held_credits(*, user_id: int, today: date | None = None) -> QuerySet[RewardEntry]:
    """The user's credits still on hold (their payable_on after today) and not reversed."""
    reversed_ = RewardEntry.objects.filter(
        kind=RewardEntry.Kind.REVERSAL, enrolment=OuterRef("enrolment"), cycle=OuterRef("cycle")
    )
    return (
        RewardEntry.objects.filter(
            user_id=user_id,
            kind=RewardEntry.Kind.CREDIT,
            payable_on__gt=today or india_today(),
        )
        .exclude(Exists(reversed_))
        .order_by("payable_on", "pk")
    )


def referral_figures(*, user_id: int, today: date | None = None) -> Figures:
    totals = RewardEntry.objects.filter(user_id=user_id).aggregate(
        credits=_sum(RewardEntry.Kind.CREDIT),
        reversals=_sum(RewardEntry.Kind.REVERSAL),
        paid=_sum(RewardEntry.Kind.PAYOUT),
    )
    pending = PayoutRequest.objects.filter(
        user_id=user_id, status=PayoutRequest.Status.REQUESTED
    ).aggregate(total=Coalesce(Sum("amount"), Value(0)))["total"]
    on_hold = held_credits(user_id=user_id, today=today).aggregate(
        total=Coalesce(Sum("amount"), Value(0))
    )["total"]
    return Figures(
        credits=totals["credits"],
        reversals=totals["reversals"],
        paid=totals["paid"],
        pending_payout=pending,
        on_hold=on_hold,
    )


def live_credit_for_enrolment(*, enrolment_id: int) -> RewardEntry | None:
    """The enrolment's credit that no reversal has taken back, if any."""
    reversed_ = RewardEntry.objects.filter(
        kind=RewardEntry.Kind.REVERSAL, enrolment=OuterRef("enrolment"), cycle=OuterRef("cycle")
    )
    return (
        RewardEntry.objects.filter(enrolment_id=enrolment_id, kind=RewardEntry.Kind.CREDIT)
        .exclude(Exists(reversed_))
        .select_related("user")
        .order_by("-cycle")
        .first()
    )


def credit_on_hold(credit: RewardEntry, *, today: date | None = None) -> bool:
    """Whether a refund now would still reverse this credit."""
    assert credit.payable_on is not None
    return credit.payable_on > (today or india_today())


def reward_hold_note(*, enrolment_id: int) -> str | None:
    """What a refund or an undone confirmation does to the enrolment's referral reward,
    in the back office's words; None when it carries no reward."""
    credit = live_credit_for_enrolment(enrolment_id=enrolment_id)
    if credit is None or credit.payable_on is None:
        return None
    amount = format_rupees(credit.amount)
    name = credit.user.name
    if credit_on_hold(credit):
        return (
            f"The referral reward of {amount} to {name} is on hold until "
            f"{format_india_date(credit.payable_on)}: this reverses it."
        )
    return (
        f"The referral reward of {amount} to {name} was past its hold on "
        f"{format_india_date(credit.payable_on)}: this does not take it back. Recover it "
        "from the referrer yourself if you need to."
    )


def payout_refusal(
    *, figures: Figures, open_request: PayoutRequest | None, minimum: int | None = None
) -> str | None:
    """Why the referrer cannot ask for a payout now, in words that say what happens next;
    None when they can. The dashboard shows it and the payout request answers it."""
    if open_request is not None:
        return (
            f"Your request of {format_rupees(open_request.amount)} to {open_request.upi_id} "
            f"is waiting since {format_india_date(india_today(now=open_request.requested_at))}. "
            "You can ask again once we have paid it."
        )
    least = settings.REFERRAL_MIN_PAYOUT if minimum is None else minimum
    payable = max(0, figures.payable)
    if payable >= least:
        return None
    if payable == 0 and figures.on_hold == 0:
        return NOTHING_TO_PAY
    parts = [f"You can ask for a payout once {format_rupees(least)} is payable."]
    if payable:
        parts.append(f"{format_rupees(payable)} is payable now.")
    if figures.on_hold:
        parts.append(f"{format_rupees(figures.on_hold)} is on hold.")
    return " ".join(parts)


NOTHING_TO_PAY = (
    "You have no reward balance to pay out yet. You earn a reward when a friend enrols with "
    "your code and we confirm their payment."
)


def payout_request_open(*, user: User) -> PayoutRequest | None:
    return PayoutRequest.objects.filter(user=user, status=PayoutRequest.Status.REQUESTED).first()


# enrolments.models.Enrolment.Status.CONFIRMED (test_schema_choices keeps them equal).
CONFIRMED = "confirmed"


@dataclass(frozen=True)
class ReferralSummary:
    """The dashboard's figures (ReferralSummaryOut renders them, each amount also as the
    site writes it)."""

    successful_referrals: int
    earned: int
    on_hold: int
    payable: int
    pending_payout: int
    paid: int
    min_payout: int
    # Credits still on hold, the soonest payable first, with their enrolment's course.
    held_rewards: list[RewardEntry]
    payout_refusal: str | None
    open_request: PayoutRequest | None

    @property
    def can_request_payout(self) -> bool:
        return self.payout_refusal is None


def referral_summary(*, user: User) -> ReferralSummary:
    """The dashboard's figures.

    payable is clamped at zero: a reversal after a payout (possible only before rewards had
    a hold) can leave the referrer owing money; they see 0 (and cannot request a payout)
    until new credits cover the debt, while staff see the debt in the admin's referrer
    balances.
    """
    today = india_today()
    figures = referral_figures(user_id=user.pk, today=today)
    open_request = payout_request_open(user=user)
    minimum = settings.REFERRAL_MIN_PAYOUT
    held = held_credits(user_id=user.pk, today=today).select_related("enrolment__course")
    return ReferralSummary(
        # Through the relation, not the enrolments app: enrolments credit rewards here,
        # so referrals imports nothing of theirs (the import-linter contract).
        successful_referrals=user.referred_enrolments.filter(status=CONFIRMED).count(),
        earned=figures.earned,
        on_hold=figures.on_hold,
        payable=max(0, figures.payable),
        pending_payout=figures.pending_payout,
        paid=figures.paid,
        min_payout=minimum,
        held_rewards=[credit for credit in held if credit.payable_on is not None],
        payout_refusal=payout_refusal(figures=figures, open_request=open_request, minimum=minimum),
        open_request=open_request,
    )


def referral_entry_list(*, user: User) -> QuerySet[RewardEntry]:
    """The user's own ledger, newest first, with the course each line is about; each entry
    is annotated `held`: a credit still on hold (its payable_on is the day it becomes
    payable)."""
    held = held_credits(user_id=user.pk).filter(pk=OuterRef("pk"))
    return (
        RewardEntry.objects.filter(user=user)
        .select_related("enrolment__course", "payout")
        .annotate(held=Exists(held))
        .order_by("-created_at", "-pk")
    )


def reward_entry_on_hold_until(entry: RewardEntry) -> date | None:
    """The day a credit still on hold becomes payable (an entry of referral_entry_list)."""
    return entry.payable_on if getattr(entry, "held", False) else None


def reward_entry_referrer_note(entry: RewardEntry) -> str:
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
