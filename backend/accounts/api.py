from __future__ import annotations

import contextlib
from typing import Any

from django.conf import settings
from django.contrib.auth import login, logout
from django.http import HttpRequest
from django.middleware.csrf import get_token
from ninja import Router, Status

from accounts import services
from accounts.phones import InvalidPhone, phone_normalise
from accounts.schemas import CsrfOut, LoginIn, LoginOut, SignupIn, UserOut
from accounts.selectors import user_public
from core.api import logged_in
from core.errors import ApplicationError
from core.http import client_ip
from core.ratelimit import rate_limit_check, rate_limit_hit, rate_limit_reset
from core.schemas import ErrorOut, MessageOut

router = Router(tags=["auth"])

LOCKED_OUT = "Too many failed login attempts."


@router.get("/csrf", response=CsrfOut, auth=None, summary="Set and return the CSRF token")
def auth_csrf(request: HttpRequest) -> dict[str, str]:
    return {"csrf_token": get_token(request)}


@router.post(
    "/signup",
    response={201: MessageOut, 403: ErrorOut, 409: ErrorOut, 422: ErrorOut, 429: ErrorOut},
    summary="Create an account",
)
def auth_signup(request: HttpRequest, payload: SignupIn) -> Status[MessageOut]:
    rate_limit_hit(
        scope="signup",
        ident=client_ip(request),
        rate=settings.RATE_LIMIT_SIGNUP,
        message="Too many sign-ups from your network.",
    )
    services.user_signup(
        name=payload.name, phone=payload.phone, password=payload.password, email=payload.email
    )
    return Status(201, MessageOut(message=services.SIGNUP_SUCCESS))


@router.post(
    "/login",
    response={200: LoginOut, 401: ErrorOut, 403: ErrorOut, 422: ErrorOut, 429: ErrorOut},
    summary="Log in with phone number and password",
)
def auth_login(request: HttpRequest, payload: LoginIn) -> dict[str, Any]:
    """Failed attempts are counted per phone and per client IP in the shared cache; once
    either passes its limit the answer is 429 until the window ends, right password or
    not. A successful login clears the phone's count."""
    ip = client_ip(request)
    try:
        phone_key = phone_normalise(payload.phone)
    except InvalidPhone:
        phone_key = payload.phone.strip()
    limits = (
        ("login-phone", phone_key, settings.LOGIN_FAILURES_PER_PHONE),
        ("login-ip", ip, settings.LOGIN_FAILURES_PER_IP),
    )
    for scope, ident, rate in limits:
        rate_limit_check(scope=scope, ident=ident, rate=rate, message=LOCKED_OUT)
    try:
        user = services.user_login_check(phone=payload.phone, password=payload.password)
    except services.LoginRefused:
        for scope, ident, rate in limits:
            # The attempt is counted; this answer still says why it failed.
            with contextlib.suppress(ApplicationError):
                rate_limit_hit(scope=scope, ident=ident, rate=rate, message=LOCKED_OUT)
        raise
    login(request, user)  # rotates the session key
    rate_limit_reset(scope="login-phone", ident=phone_key, rate=settings.LOGIN_FAILURES_PER_PHONE)
    return {"message": services.LOGIN_SUCCESS, "user": user_public(user=user)}


@router.post("/logout", response={200: MessageOut, 403: ErrorOut}, summary="End the session")
def auth_logout(request: HttpRequest) -> dict[str, str]:
    logout(request)
    return {"message": "You have been logged out."}


@router.get(
    "/me",
    response={200: UserOut, 401: ErrorOut},
    auth=logged_in,
    summary="The logged-in account",
)
def auth_me(request: HttpRequest) -> dict[str, Any]:
    return user_public(user=request.user)  # type: ignore[arg-type]
