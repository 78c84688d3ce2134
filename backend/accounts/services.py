from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction

from accounts.models import User
from accounts.phones import phone_normalise

REFERRAL_PREFIX = "IRCTP"


def referral_code_for_phone(*, phone: str) -> str:
    """The referral code for a phone number: IRCTP + its last 4 digits.

    When another account already holds that code (two phones can end in the same four
    digits), the next account gets the last 5 digits, then 6, and so on, so codes stay
    unique and an existing account's code never changes.
    """
    digits = "".join(ch for ch in phone if ch.isdigit())
    national = digits[-10:]
    for length in range(4, len(national) + 1):
        code = f"{REFERRAL_PREFIX}{national[-length:]}"
        if not User.objects.filter(referral_code=code).exists():
            return code
    # Every suffix of this number is taken: only possible if the full number is already
    # registered, which the unique phone constraint refuses first.
    raise IntegrityError(f"No free referral code for {phone}")


def user_create(
    *, phone: str, name: str, password: str | None = None, email: str = "", **extra: Any
) -> User:
    """Create an account with a normalised phone and a unique referral code.

    Two sign-ups racing for the same code both pass the availability check; the unique
    constraint stops the second, which then retries with the next longer code.
    """
    normalised = phone_normalise(phone)
    for _attempt in range(8):
        user = User(
            phone=normalised,
            name=name.strip(),
            email=(email or "").strip().lower(),
            referral_code=referral_code_for_phone(phone=normalised),
            **extra,
        )
        user.set_password(password)
        try:
            with transaction.atomic():
                user.save()
        except IntegrityError:
            if User.objects.filter(phone=normalised).exists():
                raise
            continue
        return user
    raise IntegrityError("Could not allocate a referral code; please try again.")
