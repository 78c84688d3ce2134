"""The logged-in referrer's own figures, ledger and payout request. Nobody can ask for
another account's: every endpoint answers about request.user only."""

from __future__ import annotations

from django.db.models import QuerySet
from django.http import HttpRequest
from ninja import Router, Status

from accounts.models import User
from core.api import logged_in
from core.schemas import ErrorOut
from referrals import selectors, services
from referrals.models import RewardEntry
from referrals.schemas import (
    PayoutRequestCreateIn,
    PayoutRequestOut,
    ReferralSummaryOut,
    RewardEntryOut,
)

router = Router(tags=["referrals"], auth=logged_in)


def _user(request: HttpRequest) -> User:
    return request.user  # type: ignore[return-value]


@router.get(
    "/summary",
    response={200: ReferralSummaryOut, 401: ErrorOut},
    summary="The dashboard's referral figures",
)
def referral_summary_get(request: HttpRequest) -> selectors.ReferralSummary:
    return selectors.referral_summary(user=_user(request))


@router.get(
    "/entries",
    response={200: list[RewardEntryOut], 401: ErrorOut},
    summary="The logged-in account's reward ledger, newest first",
)
def referral_entry_list(request: HttpRequest) -> QuerySet[RewardEntry]:
    return selectors.referral_entry_list(user=_user(request))


@router.post(
    "/payouts",
    response={201: PayoutRequestOut, 401: ErrorOut, 403: ErrorOut, 409: ErrorOut, 422: ErrorOut},
    summary="Ask for the whole payable balance to be paid to a UPI ID",
    description=(
        "422 extra.fields.upi_id for a malformed UPI ID; 409 when less than "
        "REFERRAL_MIN_PAYOUT is payable (rewards on hold do not count) or a request is "
        "already waiting."
    ),
)
def payout_request_create(
    request: HttpRequest, payload: PayoutRequestCreateIn
) -> Status[PayoutRequestOut]:
    payout = services.payout_request_create(user=_user(request), upi_id=payload.upi_id)
    return Status(201, PayoutRequestOut.from_orm(payout))
