from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import logout
from django.http import HttpRequest
from django.middleware.csrf import get_token
from ninja import Router, Status

from accounts import services
from accounts.schemas import CsrfOut, LoginIn, LoginOut, SignupIn, UserOut
from accounts.selectors import user_public
from core.api import logged_in
from core.http import client_key
from core.ratelimit import rate_limit_hit
from core.schemas import ErrorOut, MessageOut

router = Router(tags=["auth"])


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
        ident=client_key(request),
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
    description=(
        "429 with extra.retry_after after too many failures for this phone from this "
        "address (and the ceilings per phone and per address); the same count as "
        "/admin/login/."
    ),
)
def auth_login(request: HttpRequest, payload: LoginIn) -> dict[str, Any]:
    user = services.user_login(request=request, phone=payload.phone, password=payload.password)
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
