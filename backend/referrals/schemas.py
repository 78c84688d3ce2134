from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from ninja import Schema
from pydantic import Field

from core.schemas import Text


class PayoutRequestCreateIn(Schema):
    upi_id: Annotated[Text, Field(max_length=400)]


class PayoutRequestOut(Schema):
    id: int
    amount: int
    upi_id: str
    requested_at: datetime


class ReferralSummaryOut(Schema):
    successful_referrals: int
    earned: int = Field(description="Credits minus reversals, in rupees.")
    pending_payout: int = Field(description="Sum of payout requests not yet paid.")
    paid: int
    balance: int = Field(description="earned - paid - pending_payout, never below 0.")
    can_request_payout: bool
    open_request: PayoutRequestOut | None


class RewardEntryOut(Schema):
    id: int
    kind: Literal["credit", "reversal", "payout"]
    kind_display: str
    amount: int = Field(description="Positive; the kind gives the sign.")
    signed_amount: int
    course_name: str
    created_at: datetime
    note: str
