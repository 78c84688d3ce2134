from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

from ninja import Schema
from pydantic import Field

from core.schemas import Text


class PayoutRequestCreateIn(Schema):
    upi_id: Annotated[Text, Field(max_length=400)]


class PayoutRequestOut(Schema):
    id: int
    amount: int
    amount_display: str
    upi_id: str
    requested_at: datetime


class HeldRewardOut(Schema):
    id: int
    amount: int
    amount_display: str
    course_name: str
    on_hold_until: date = Field(description="The first India day it can be paid out.")
    on_hold_until_display: str = Field(description='As the site writes it: "3 December 2026".')


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
    earned_display: str
    on_hold_display: str
    payable_display: str
    pending_payout_display: str
    paid_display: str
    min_payout_display: str
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
