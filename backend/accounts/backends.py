"""Login throttling that every login path shares (the site's API and /admin/login/ both
call django.contrib.auth.authenticate).

django-axes records each failure and locks a phone for one client address after
LOGIN_FAILURES_PER_PHONE_AND_IP failures; staff see and clear those lockouts in the admin.
This backend runs before it and before any password is checked, and adds what axes cannot
express:

- the attempt is counted before it is checked, so a burst of parallel guesses from one
  address gets no more password checks than the limit (axes counts after the check);
- a phone that failed LOGIN_FAILURES_PER_PHONE times from anywhere is refused to every
  address that failed for it before that ceiling was reached (the guessers), and to any
  other address from its second failure for it (a guesser spread over many new addresses
  gets two tries from each), and an address that failed LOGIN_FAILURES_PER_IP times, for
  any phones, is refused.

An address that has not failed is never refused the right password, and nor is an
address whose only failure for the phone came after its ceiling was reached (its owner,
mistyping once from a new network, while someone else guesses). An address refused all
the same gets in again by a password reset made from it (login_throttle_forget). A refused attempt
sets `request.axes_locked_out`, the flag the API's login answers with 429
(accounts.services.LoginLocked) and axes' middleware with the back office's 429 page
(accounts.lockout.axes_lockout_response).
"""

from __future__ import annotations

import contextlib
import ipaddress
from typing import Any

from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core.exceptions import PermissionDenied
from django.db.models.signals import post_delete
from django.dispatch import receiver
from django.http import HttpRequest

from accounts.lockout import login_phone
from core.errors import RateLimited
from core.http import client_key
from core.ratelimit import (
    rate_limit_check,
    rate_limit_count,
    rate_limit_hit,
    rate_limit_reset,
)

PAIR, PHONE, ADDRESS = "login-pair", "login-phone", "login-address"
# The pairs (phone, address) that failed while the phone was under its ceiling.
GUESSER = "login-guesser"
# Failures of its own an address new to a phone past its ceiling is allowed (a typo).
NEW_ADDRESS_GRACE = 1
TOO_MANY = "Too many attempts."


def _pair(phone: str, address: str) -> str:
    return f"{phone}|{address}"


def _refuse(request: HttpRequest, error: RateLimited) -> PermissionDenied:
    request.login_retry_after = error.extra["retry_after"]  # type: ignore[attr-defined]
    request.axes_locked_out = True  # type: ignore[attr-defined]
    return PermissionDenied(error.message)


class LoginThrottleBackend:
    """Authenticates nobody: counts the attempt and refuses it past a ceiling."""

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is None or not settings.RATE_LIMIT_ENABLED:
            return None
        phone, address = login_phone(username), client_key(request)
        pair = _pair(phone, address)
        failed_here = rate_limit_count(
            scope=PAIR, ident=pair, rate=settings.LOGIN_FAILURES_PER_PHONE_AND_IP
        )
        try:
            # An address past its ceiling has failed many times: refused for any phone.
            rate_limit_check(
                scope=ADDRESS, ident=address, rate=settings.LOGIN_FAILURES_PER_IP, message=TOO_MANY
            )
            # A phone past its ceiling is refused only to the addresses that failed for it
            # before it was reached, and to others past their grace.
            guessed = rate_limit_count(
                scope=GUESSER, ident=pair, rate=settings.LOGIN_FAILURES_PER_PHONE
            )
            if (failed_here and guessed) or failed_here > NEW_ADDRESS_GRACE:
                rate_limit_check(
                    scope=PHONE,
                    ident=phone,
                    rate=settings.LOGIN_FAILURES_PER_PHONE,
                    message=TOO_MANY,
                )
            # Counted now, before the password is checked; a success resets it.
            rate_limit_hit(
                scope=PAIR,
                ident=pair,
                rate=settings.LOGIN_FAILURES_PER_PHONE_AND_IP,
                message=TOO_MANY,
            )
        except RateLimited as error:
            raise _refuse(request, error) from None
        return None

    def get_user(self, user_id: int) -> Any:
        # Sessions made by force_login() name the first backend: load users as Django does.
        return ModelBackend().get_user(user_id)


@receiver(user_login_failed)
def _count_failure(
    sender: Any, credentials: dict[str, Any], request: HttpRequest | None = None, **kwargs: Any
) -> None:
    if request is None or getattr(request, "axes_locked_out", False):
        return  # a refused attempt was not a guess: it does not extend the lockout
    phone, address = login_phone(credentials.get("username")), client_key(request)
    # Counted; past the ceiling the next attempt is refused (not this answer).
    with contextlib.suppress(RateLimited):
        rate_limit_hit(
            scope=ADDRESS, ident=address, rate=settings.LOGIN_FAILURES_PER_IP, message=TOO_MANY
        )
    try:
        rate_limit_hit(
            scope=PHONE, ident=phone, rate=settings.LOGIN_FAILURES_PER_PHONE, message=TOO_MANY
        )
    except RateLimited:
        return  # the ceiling was reached already: this address is no guesser for it
    # Under the ceiling: one of the failures that may reach it.
    with contextlib.suppress(RateLimited):
        rate_limit_hit(
            scope=GUESSER,
            ident=_pair(phone, address),
            rate=settings.LOGIN_FAILURES_PER_PHONE,
            message=TOO_MANY,
        )


def _pair_reset(pair: str) -> None:
    rate_limit_reset(scope=PAIR, ident=pair, rate=settings.LOGIN_FAILURES_PER_PHONE_AND_IP)
    rate_limit_reset(scope=GUESSER, ident=pair, rate=settings.LOGIN_FAILURES_PER_PHONE)


def login_throttle_forget(*, phone: str, address: str) -> None:
    """The phone's owner proved who they are from `address` (a password reset by its code
    or emailed link): that address's failures for the phone are forgotten, so no ceiling
    keeps the owner out with the new password (django-axes' record of them too)."""
    _pair_reset(_pair(phone, address))
    with contextlib.suppress(ValueError):  # axes stores addresses only
        ipaddress.ip_address(address)
        AccessAttempt.objects.filter(username=phone, ip_address=address).delete()


@receiver(user_logged_in)
def _reset_on_success(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    if request is None:
        return
    _pair_reset(_pair(login_phone(getattr(user, "phone", "")), client_key(request)))


@receiver(post_delete, sender=AccessAttempt)
def _reset_on_clear(sender: Any, instance: AccessAttempt, **kwargs: Any) -> None:
    """Staff cleared a lockout in the admin (axes' Access attempts): the pair may try again."""
    _pair_reset(_pair(instance.username or "", instance.ip_address or ""))
