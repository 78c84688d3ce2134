"""The logged-in referrer's payout request (their figures and ledger are the dashboard
page's, web/). Nobody can ask for another account's: it answers about request.user only."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Router, Status

from accounts.models import User
from core.api import logged_in
from core.schemas import ErrorOut
from referrals import services
from referrals.schemas import PayoutRequestCreateIn, PayoutRequestOut

router = Router(tags=["referrals"], auth=logged_in)


def _user(request: HttpRequest) -> User:
    return request.user  # type: ignore[return-value]


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
