from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

from ninja import Schema
from pydantic import Field

from core.dates import format_india_date
from core.money import format_rupees
from core.schemas import Rupees, RupeesText, Text
from referrals.models import RewardEntry
from referrals.selectors import (
    reward_entry_on_hold_until,
    reward_entry_referrer_note,
)


class PayoutRequestCreateIn(Schema):
    upi_id: Annotated[Text, Field(max_length=400)]


# From a PayoutRequest.
class PayoutRequestOut(Schema):
    id: int
    amount: int
    amount_display: Rupees = RupeesText("amount")
    upi_id: str
    requested_at: datetime


# From a credit (RewardEntry) still on hold.
class HeldRewardOut(Schema):
    id: int
    amount: int
    amount_display: Rupees = RupeesText("amount")
    course_name: str
    on_hold_until: date = Field(description="The first India day it can be paid out.")
    on_hold_until_display: str = Field(description='As the site writes it: "3 December 2026".')

    @staticmethod
    def resolve_course_name(obj: RewardEntry) -> str:
        return obj.enrolment.offering.name if obj.enrolment else ""

    @staticmethod
    def resolve_on_hold_until(obj: RewardEntry) -> date | None:
        return obj.payable_on

    @staticmethod
    def resolve_on_hold_until_display(obj: RewardEntry) -> str:
        return format_india_date(obj.payable_on) if obj.payable_on else ""


class ReferralSummaryOut(Schema):
    successful_referrals: int
    earned: int = Field(description="Credits minus reversals, in rupees, on hold or not.")
    on_hold: int = Field(description="Credits not yet past their hold (REFERRAL_HOLD_DAYS).")
    payable: int = Field(
        description="Past the hold, minus paid and requested: what a payout request asks for. "
        "Never below 0."
    )
    pending_payout: int = Field(description="Sum of payout requests not yet paid.")
    paid: int
    min_payout: int = Field(description="REFERRAL_MIN_PAYOUT: the smallest payout, in rupees.")
    earned_display: Rupees = RupeesText("earned")
    on_hold_display: Rupees = RupeesText("on_hold")
    payable_display: Rupees = RupeesText("payable")
    pending_payout_display: Rupees = RupeesText("pending_payout")
    paid_display: Rupees = RupeesText("paid")
    min_payout_display: Rupees = RupeesText("min_payout")
    held_rewards: list[HeldRewardOut] = Field(description="Rewards on hold, the soonest first.")
    can_request_payout: bool
    payout_refusal: str | None = Field(
        description="Why a payout cannot be asked for now (null when it can)."
    )
    open_request: PayoutRequestOut | None


class RewardEntryOut(Schema):
    id: int
    kind: Literal["credit", "reversal", "payout"]
    kind_display: str
    amount: int = Field(description="Positive; the kind gives the sign.")
    signed_amount: int
    signed_amount_display: str = Field(
        description='"+₹150", or "\u2212₹150" with a minus sign (U+2212).'
    )
    course_name: str
    created_at: datetime
    note: str
    on_hold_until: date | None = Field(description="A credit still on hold: until this day.")
    on_hold_until_display: str | None

    # From an entry of selectors.referral_entry_list (annotated with whether it is held).
    @staticmethod
    def resolve_kind_display(obj: RewardEntry) -> str:
        return obj.get_kind_display()

    @staticmethod
    def resolve_signed_amount_display(obj: RewardEntry) -> str:
        amount = obj.signed_amount
        return f"\u2212{format_rupees(-amount)}" if amount < 0 else f"+{format_rupees(amount)}"

    @staticmethod
    def resolve_course_name(obj: RewardEntry) -> str:
        return obj.enrolment.offering.name if obj.enrolment else ""

    @staticmethod
    def resolve_note(obj: RewardEntry) -> str:
        return reward_entry_referrer_note(obj)

    @staticmethod
    def resolve_on_hold_until(obj: RewardEntry) -> date | None:
        return reward_entry_on_hold_until(obj)

    @staticmethod
    def resolve_on_hold_until_display(obj: RewardEntry) -> str | None:
        until = reward_entry_on_hold_until(obj)
        return format_india_date(until) if until else None
