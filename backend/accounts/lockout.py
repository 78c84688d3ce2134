"""django-axes' hooks: who a login attempt is (the phone in its one stored form, and the
client address as every per-client limit counts it), how long a refused attempt waits,
and the back office's page for it. The API's answer to a refused login is not made here:
accounts.services.user_login raises LoginLocked, which the API's one exception handler
renders in the error envelope like every other refusal."""

from __future__ import annotations

import ipaddress
import math
from typing import Any

from axes.models import AccessAttempt
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from accounts.phones import InvalidPhone, phone_normalise
from core.env import rate_parts
from core.http import client_key

LOCKED_OUT = "Too many attempts. Try again in {wait}."


def login_phone(value: str | None) -> str:
    """The phone a login names, as stored (E.164), or the text as typed when it is no phone."""
    text = (value or "").strip()
    try:
        return phone_normalise(text)
    except InvalidPhone:
        return text


def axes_username(request: HttpRequest, credentials: dict[str, Any] | None) -> str:
    return login_phone((credentials or {}).get("username"))


def axes_client_ip(request: HttpRequest) -> str | None:
    """The address axes records (core.http.client_key), or None for a request without one
    (a test client's force_login)."""
    key = client_key(request)
    try:
        ipaddress.ip_address(key)
    except ValueError:
        return None
    return key


def axes_failure_limit(request: HttpRequest, credentials: dict[str, Any] | None) -> int:
    """One more than LOGIN_FAILURES_PER_PHONE_AND_IP: that many failures each get their own
    answer ("Invalid Password"), and accounts.backends refuses the next attempt before its
    password is checked. Axes would otherwise answer the last allowed failure itself with
    429; it records every failure for the admin, and its lock stays as a second line."""
    count, _seconds = rate_parts(settings.LOGIN_FAILURES_PER_PHONE_AND_IP)
    return count + 1


def _wait(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


def lockout_retry_after(request: HttpRequest, credentials: dict[str, Any] | None) -> int:
    """Seconds until this client may try again: set by accounts.backends when one of its
    ceilings refused the attempt, otherwise the rest of axes' cool-off for the pair."""
    known = getattr(request, "login_retry_after", None)
    if known:
        return int(known)
    attempt = (
        AccessAttempt.objects.filter(
            username=axes_username(request, credentials), ip_address=axes_client_ip(request)
        )
        .order_by("-attempt_time")
        .first()
    )
    cool_off = settings.AXES_COOLOFF_TIME
    if attempt is None:
        return int(cool_off.total_seconds())
    remaining = attempt.attempt_time + cool_off - timezone.now()
    return max(1, math.ceil(remaining.total_seconds()))


def lockout_message(seconds: int) -> str:
    return LOCKED_OUT.format(wait=_wait(seconds))


def axes_lockout_response(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, Any] | None = None,
) -> HttpResponse:
    """429 for a refused login. The API answered already (LoginLocked, rendered by its
    exception handler, config/api.py): that answer stands. Elsewhere (/admin/login/) the
    back office's page."""
    if request.path.startswith("/api/") and isinstance(original_response, HttpResponse):
        return original_response
    seconds = lockout_retry_after(request, credentials)
    context = {"message": lockout_message(seconds), "title": "Log in", "site_header": "Back office"}
    response = render(request, "admin/login_locked.html", context, status=429)
    response["Retry-After"] = str(seconds)
    return response
