from __future__ import annotations

from typing import cast

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from ninja import Router, Status

from accounts.models import User
from accounts.otp import otp_checks_hit
from accounts.schemas import AccountDeleteIn, SignupVerifyIn
from accounts.services import SIGNUP_SUCCESS, user_signed_up_login
from core.api import logged_in
from core.dates import india_today
from core.errors import ApplicationError
from core.http import client_key
from core.schemas import ErrorOut, MessageOut
from selfservice import selectors, services
from selfservice.schemas import AccountDataOut

router = Router(tags=["auth"])


@router.post(
    "/signup/verify",
    response={
        201: MessageOut,
        403: ErrorOut,
        404: ErrorOut,
        409: ErrorOut,
        422: ErrorOut,
        429: ErrorOut,
    },
    summary="Finish the sign-up with the code sent to the phone",
    description=(
        "The account is made and logged in (a new session key). "
        "422 extra.fields.code: incorrect (with the tries left), expired, too many wrong. "
        "404: no sign-up waits in this browser for that phone (start again)."
    ),
)
def auth_signup_verify(request: HttpRequest, payload: SignupVerifyIn) -> Status[MessageOut]:
    if not settings.PHONE_VERIFICATION:
        raise ApplicationError(
            "Sign-up needs no code here.", status_code=404, extra={"reason": "no_pending_signup"}
        )
    otp_checks_hit(client=client_key(request))
    user = services.signup_verify(
        session=request.session,
        client=client_key(request),
        phone=payload.phone,
        code=payload.code,
    )
    user_signed_up_login(request=request, user=user)
    return Status(201, MessageOut(message=SIGNUP_SUCCESS))


@router.get(
    "/account/data",
    response={200: AccountDataOut, 401: ErrorOut},
    auth=logged_in,
    summary="Download my data (a JSON attachment)",
)
def account_data(request: HttpRequest, response: HttpResponse) -> selectors.AccountExport:
    filename = f"my-data-{india_today().isoformat()}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "no-store"
    return selectors.account_export(user=cast(User, request.user))


@router.post(
    "/account/delete",
    response={200: MessageOut, 401: ErrorOut, 403: ErrorOut, 422: ErrorOut, 429: ErrorOut},
    auth=logged_in,
    summary="Delete my account (password needed)",
)
def account_delete(request: HttpRequest, payload: AccountDeleteIn) -> dict[str, str]:
    services.account_delete(
        request=request, user=cast(User, request.user), password=payload.password
    )
    return {"message": services.ACCOUNT_DELETED}
