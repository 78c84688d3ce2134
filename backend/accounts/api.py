from __future__ import annotations

from dataclasses import asdict
from typing import Any, cast

from django.conf import settings
from django.contrib.auth import logout
from django.http import HttpRequest
from django.middleware.csrf import get_token
from ninja import Router, Status

from accounts import services
from accounts.models import User
from accounts.otp import otp_checks_hit
from accounts.schemas import (
    AccountUpdateIn,
    CodeSentOut,
    CsrfOut,
    LoginIn,
    LoginOut,
    PasswordChangeIn,
    PasswordResetConfirmIn,
    PhoneIn,
    SignupIn,
    UserOut,
)
from core.api import logged_in
from core.http import client_key
from core.ratelimit import rate_limited
from core.schemas import ErrorOut, MessageOut

router = Router(tags=["auth"])


@router.get("/csrf", response=CsrfOut, auth=None, summary="Set and return the CSRF token")
def auth_csrf(request: HttpRequest) -> dict[str, str]:
    return {"csrf_token": get_token(request)}


@router.post(
    "/signup",
    response={
        201: MessageOut,
        202: CodeSentOut,
        403: ErrorOut,
        409: ErrorOut,
        422: ErrorOut,
        429: ErrorOut,
    },
    summary="Sign up: check the form and send a code to the phone",
    description=(
        "With PHONE_VERIFICATION (the default) the form is kept in this browser's session "
        "and a 6-digit code is sent by SMS (202); the account is made by /signup/verify. "
        "Without it the account is made and logged in at once (201). 409: the phone has an account. "
        "429 (extra.retry_after): the 60-second wait, the daily cap, the client's limits."
    ),
)
@rate_limited(
    scope="signup",
    rate="RATE_LIMIT_SIGNUP",
    message="Too many sign-ups from your network.",
)
def auth_signup(request: HttpRequest, payload: SignupIn) -> Status[Any]:
    if not settings.PHONE_VERIFICATION:
        user = services.user_signup(
            name=payload.name,
            phone=payload.phone,
            password=payload.password,
            email=payload.email,
            whatsapp_opt_in=payload.whatsapp_opt_in,
        )
        services.user_signed_up_login(request=request, user=user)
        return Status(201, MessageOut(message=services.SIGNUP_SUCCESS))
    sent = services.signup_start(
        session=request.session,
        client=client_key(request),
        name=payload.name,
        phone=payload.phone,
        password=payload.password,
        email=payload.email,
        whatsapp_opt_in=payload.whatsapp_opt_in,
    )
    return Status(202, CodeSentOut(**asdict(sent)))


@router.post(
    "/signup/resend",
    response={202: CodeSentOut, 403: ErrorOut, 404: ErrorOut, 422: ErrorOut, 429: ErrorOut},
    summary="Send a new sign-up code",
    description="404: no sign-up waits in this browser for that phone (start again).",
)
def auth_signup_resend(request: HttpRequest, payload: PhoneIn) -> Status[CodeSentOut]:
    sent = services.signup_resend(
        session=request.session, client=client_key(request), phone=payload.phone
    )
    return Status(202, CodeSentOut(**asdict(sent)))


@router.post(
    "/password-reset",
    response={202: CodeSentOut, 403: ErrorOut, 422: ErrorOut, 429: ErrorOut},
    summary="Forgotten password: send a code (and a link by email)",
    description="The same answer whether or not the phone has an account.",
)
def auth_password_reset(request: HttpRequest, payload: PhoneIn) -> Status[CodeSentOut]:
    sent = services.password_reset_request(client=client_key(request), phone=payload.phone)
    return Status(202, CodeSentOut(**asdict(sent)))


@router.post(
    "/password-reset/confirm",
    response={200: MessageOut, 403: ErrorOut, 422: ErrorOut, 429: ErrorOut},
    summary="Set a new password with the code or the emailed link",
    description=(
        "Every session of the account ends; this address's failed logins for the phone are "
        "forgotten (a way back after a lockout)."
    ),
)
def auth_password_reset_confirm(
    request: HttpRequest, payload: PasswordResetConfirmIn
) -> dict[str, str]:
    otp_checks_hit(client=client_key(request))
    services.password_reset_confirm(
        new_password=payload.new_password,
        phone=payload.phone,
        code=payload.code,
        uid=payload.uid,
        token=payload.token,
        client=client_key(request),
    )
    return {"message": services.PASSWORD_CHANGED}


@router.post(
    "/login",
    response={200: LoginOut, 401: ErrorOut, 403: ErrorOut, 422: ErrorOut, 429: ErrorOut},
    summary="Log in with phone number and password",
    description=(
        "429 with extra.retry_after after too many failures for this phone from this "
        "address (and the ceilings per phone and per address); the same count as "
        "/admin/login/."
    ),
)
def auth_login(request: HttpRequest, payload: LoginIn) -> dict[str, Any]:
    user = services.user_login(request=request, phone=payload.phone, password=payload.password)
    return {"message": services.LOGIN_SUCCESS, "user": user}


@router.post("/logout", response={200: MessageOut, 403: ErrorOut}, summary="End the session")
def auth_logout(request: HttpRequest) -> dict[str, str]:
    logout(request)
    return {"message": "You have been logged out."}


@router.patch(
    "/account",
    response={200: UserOut, 401: ErrorOut, 403: ErrorOut, 422: ErrorOut, 429: ErrorOut},
    auth=logged_in,
    summary="Change the account's name and email",
    description=(
        "A new email (or removing it) needs current_password: missing or wrong, 422 at "
        "current_password and nothing changes; wrong ones are limited like a login's (429). "
        "The old address is sent a notice naming the new one, masked."
    ),
)
def account_update(request: HttpRequest, payload: AccountUpdateIn) -> User:
    return services.account_update(
        user=cast(User, request.user),
        name=payload.name,
        email=payload.email,
        current_password=payload.current_password,
    )


@router.post(
    "/account/password",
    response={200: MessageOut, 401: ErrorOut, 403: ErrorOut, 422: ErrorOut, 429: ErrorOut},
    auth=logged_in,
    summary="Change the password",
    description="This session stays logged in; every other session of the account ends.",
)
def account_password_change(request: HttpRequest, payload: PasswordChangeIn) -> dict[str, str]:
    services.account_password_change(
        request=request,
        user=cast(User, request.user),
        current_password=payload.current_password,
        new_password=payload.new_password,
    )
    return {"message": services.PASSWORD_CHANGED}


@router.post(
    "/account/logout-others",
    response={200: MessageOut, 401: ErrorOut, 403: ErrorOut},
    auth=logged_in,
    summary="Log out of every other device",
)
def account_logout_others(request: HttpRequest) -> dict[str, str]:
    services.account_logout_others(request=request, user=cast(User, request.user))
    return {"message": "Logged out of every other device."}
