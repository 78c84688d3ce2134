"""Writes to the reward ledger. Every function that changes a referrer's figures locks
that referrer's account row first (SELECT … FOR UPDATE), so a payout, a reversal and a
payout request for one person never interleave; different people never wait on each
other."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from core.dates import india_today
from core.errors import ApplicationError, FieldErrors
from core.messages import render_message
from core.money import format_rupees
from notifications.messages import payout_paid
from notifications.services import Email, notify
from referrals.models import PayoutRequest, RewardEntry
from referrals.selectors import (
    credit_on_hold,
    payout_refusal,
    payout_request_open,
    referral_figures,
)

if TYPE_CHECKING:
    from enrolments.models import Enrolment

UPI_ID_RE = re.compile(r"^[a-zA-Z0-9._-]{2,256}@[a-zA-Z]{2,64}$")
UPI_ID_INVALID = "Enter a valid UPI ID, for example name@bank."
PAYMENT_REFERENCE_MAX = 100
ERASED = "(erased)"


def _lock_user(user_id: int) -> User:
    return User.objects.select_for_update().get(pk=user_id)


@transaction.atomic
def referral_credit_for_enrolment(*, enrolment: Enrolment, by: User | None) -> RewardEntry | None:
    """Credit the enrolment's referrer with the course's reward, once per confirmation.

    Called by enrolment_confirm_payment inside its transaction (the enrolment row is
    locked). Does nothing when there is no referrer, the course has no reward, or the
    current confirmation is already credited (credits outnumber reversals).
    """
    if enrolment.referrer_id is None:
        return None
    # Never more than what the student paid, whatever the course says.
    reward = min(enrolment.course.referral_reward if enrolment.course else 0, enrolment.amount)
    if reward <= 0:
        return None
    _lock_user(enrolment.referrer_id)
    credits, reversals = _counts(enrolment)
    if credits > reversals:
        return None
    confirmed = enrolment.confirmed_at or timezone.now()
    return RewardEntry.objects.create(
        user_id=enrolment.referrer_id,
        kind=RewardEntry.Kind.CREDIT,
        amount=reward,
        enrolment=enrolment,
        cycle=credits + 1,
        payable_on=india_today(now=confirmed) + timedelta(days=settings.REFERRAL_HOLD_DAYS),
        created_by=by,
        note=f"Referral: {enrolment.offering.name} ({enrolment.reference})",
    )


@transaction.atomic
def referral_reverse_for_enrolment(
    *, enrolment: Enrolment, by: User | None, reason: str
) -> RewardEntry | None:
    """Take back the enrolment's live credit (same amount) with a reversal entry, while it
    is on hold (before its payable_on, India date).

    Does nothing when there is no credit, it is already reversed, or its hold is over:
    after the hold the reward may already be paid out, so a refund does not take it back
    (the admin tells staff so, and they recover it by hand if they must). The credit then
    stays live, so confirming the enrolment again credits nothing more.
    """
    if enrolment.referrer_id is None:
        return None
    _lock_user(enrolment.referrer_id)
    credits, reversals = _counts(enrolment)
    if credits <= reversals:
        return None
    credit = RewardEntry.objects.get(
        enrolment=enrolment, kind=RewardEntry.Kind.CREDIT, cycle=credits
    )
    if not credit_on_hold(credit):
        return None
    return RewardEntry.objects.create(
        user_id=credit.user_id,
        kind=RewardEntry.Kind.REVERSAL,
        amount=credit.amount,
        enrolment=enrolment,
        cycle=credits,
        created_by=by,
        note=reason.strip()[:500],
    )


def _counts(enrolment: Enrolment) -> tuple[int, int]:
    entries = RewardEntry.objects.filter(enrolment=enrolment)
    return (
        entries.filter(kind=RewardEntry.Kind.CREDIT).count(),
        entries.filter(kind=RewardEntry.Kind.REVERSAL).count(),
    )


@transaction.atomic
def payout_request_create(*, user: User, upi_id: str) -> PayoutRequest:
    """Ask for the whole payable balance (past the hold, not paid, not requested) to be
    paid to a UPI ID; at least REFERRAL_MIN_PAYOUT. Rewards on hold never count."""
    value = (upi_id or "").strip()
    if not UPI_ID_RE.fullmatch(value):
        raise FieldErrors({"upi_id": UPI_ID_INVALID})
    _lock_user(user.pk)
    open_request = payout_request_open(user=user)
    figures = referral_figures(user_id=user.pk)
    refusal = payout_refusal(figures=figures, open_request=open_request)
    if refusal is not None:
        raise ApplicationError(refusal, status_code=409)
    return PayoutRequest.objects.create(user=user, amount=figures.payable, upi_id=value)


@transaction.atomic
def payout_mark_paid(*, payout_id: int, by: User | None, reference: str) -> PayoutRequest:
    """Staff paid the request by UPI: record the payment reference and debit the ledger.

    Refused when a reversal since the request left less than its amount available: that
    request must be cancelled and the referrer may ask again for what is left.
    """
    text = (reference or "").strip()
    if not text:
        raise FieldErrors({"reference": "Enter the payment reference (UTR) of the transfer."})
    if len(text) > PAYMENT_REFERENCE_MAX:
        raise FieldErrors(
            {"reference": f"Ensure this value has at most {PAYMENT_REFERENCE_MAX} characters."}
        )
    user_id = PayoutRequest.objects.values_list("user_id", flat=True).get(pk=payout_id)
    if by is not None and by.pk == user_id:
        raise ApplicationError(
            f"Payout request #{payout_id} is your own: another staff member must pay it.",
            status_code=403,
        )
    user = _lock_user(user_id)
    payout = PayoutRequest.objects.select_for_update().get(pk=payout_id)
    if payout.status != PayoutRequest.Status.REQUESTED:
        raise ApplicationError(
            f"Payout request #{payout.pk} is {payout.get_status_display().lower()}, "
            "not waiting for payment.",
            status_code=409,
        )
    figures = referral_figures(user_id=user_id)
    if payout.amount > figures.past_hold - figures.paid:
        raise ApplicationError(
            f"Payout request #{payout.pk} is for {format_rupees(payout.amount)} but only "
            f"{format_rupees(max(0, figures.past_hold - figures.paid))} is payable after a "
            "reversal. Cancel it; the referrer can request the remaining balance.",
            status_code=409,
        )
    now = timezone.now()
    payout.status = PayoutRequest.Status.PAID
    payout.paid_at = now
    payout.paid_by = by
    payout.payment_reference = text
    payout.save(update_fields=["status", "paid_at", "paid_by", "payment_reference"])
    RewardEntry.objects.create(
        user_id=user_id,
        kind=RewardEntry.Kind.PAYOUT,
        amount=payout.amount,
        payout=payout,
        created_at=now,
        created_by=by,
        note=f"Paid to {payout.upi_id}, reference {text}"[:500],
    )
    subject, body = render_message(
        "referrals/messages/payout_paid",
        {
            "name": user.name,
            "amount": format_rupees(payout.amount),
            "upi_id": payout.upi_id,
            "reference": text,
        },
    )
    notify(
        user=user,
        notice=payout_paid(
            name=user.name,
            amount=format_rupees(payout.amount),
            upi_id=payout.upi_id,
            reference=text,
        ),
        email=Email(
            to=user.email,
            subject=subject,
            body=body,
            topic="referral.payout",
        ),
    )
    return payout


@transaction.atomic
def payout_cancel(*, payout_id: int, by: User | None) -> PayoutRequest:
    """Cancel a request that has not been paid; its amount is available again."""
    user_id = PayoutRequest.objects.values_list("user_id", flat=True).get(pk=payout_id)
    _lock_user(user_id)
    payout = PayoutRequest.objects.select_for_update().get(pk=payout_id)
    if payout.status == PayoutRequest.Status.CANCELLED:
        return payout
    if payout.status != PayoutRequest.Status.REQUESTED:
        raise ApplicationError(
            f"Payout request #{payout.pk} is already paid and cannot be cancelled.",
            status_code=409,
        )
    payout.status = PayoutRequest.Status.CANCELLED
    payout.cancelled_at = timezone.now()
    payout.cancelled_by = by
    payout.save(update_fields=["status", "cancelled_at", "cancelled_by"])
    return payout


def referrals_erase_personal_data(*, user: User) -> None:
    """The account is being deleted: a payout still requested is cancelled (nobody can be
    paid without the UPI ID), and the UPI IDs on its payouts and in its ledger's payout
    lines are erased. Amounts, dates and payment references stay, as accounting needs."""
    _lock_user(user.pk)
    now = timezone.now()
    PayoutRequest.objects.filter(user=user, status=PayoutRequest.Status.REQUESTED).update(
        status=PayoutRequest.Status.CANCELLED, cancelled_at=now
    )
    for payout in PayoutRequest.objects.filter(user=user).exclude(upi_id=ERASED):
        payout.upi_id = ERASED
        payout.save(update_fields=["upi_id"])
        RewardEntry.objects.filter(payout=payout, kind=RewardEntry.Kind.PAYOUT).update(
            note=f"Paid, reference {payout.payment_reference}"[:500]
        )
