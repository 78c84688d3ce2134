from __future__ import annotations

from typing import Any, cast

from django.contrib.auth import authenticate, login
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.http import HttpRequest

from accounts.models import User
from accounts.phones import InvalidPhone, phone_normalise
from core.errors import ApplicationError, FieldErrors

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


SIGNUP_SUCCESS = "Successfully signed up"
LOGIN_SUCCESS = "Login successful!"
INVALID_PASSWORD = "Invalid Password"
NO_ACCOUNT = "No Account Found Please Sign Up First"
PHONE_TAKEN = "An account with this phone number already exists. Please log in instead."


def user_signup(*, name: str, phone: str, password: str, email: str = "") -> User:
    """Sign-up from the public form: every field checked, an existing phone refused.

    An existing account is never touched: the old site overwrote it, which let anyone
    take over an account by signing up again with its number.
    """
    fields: dict[str, str] = {}
    name = name.strip()
    email = email.strip()
    if not name:
        fields["name"] = "Enter your name."
    elif len(name) > 120:
        fields["name"] = "Ensure this value has at most 120 characters."
    normalised = ""
    try:
        normalised = phone_normalise(phone)
    except InvalidPhone as exc:
        fields["phone"] = str(exc)
    if email:
        try:
            validate_email(email)
        except DjangoValidationError:
            fields["email"] = "Enter a valid email address."
    if not password:
        fields["password"] = "Enter a password."
    else:
        candidate = User(phone=normalised, name=name, email=email)
        try:
            validate_password(password, user=candidate)
        except DjangoValidationError as exc:
            fields["password"] = " ".join(exc.messages)
    if fields:
        raise FieldErrors(fields)
    if User.objects.filter(phone=normalised).exists():
        raise PhoneTaken()
    try:
        return user_create(phone=normalised, name=name, password=password, email=email)
    except IntegrityError as exc:
        # Two sign-ups of the same phone at the same moment: the second loses here.
        if User.objects.filter(phone=normalised).exists():
            raise PhoneTaken() from exc
        raise


class PhoneTaken(ApplicationError):
    def __init__(self) -> None:
        super().__init__(
            PHONE_TAKEN,
            status_code=409,
            extra={"fields": {"phone": PHONE_TAKEN}, "login_url": "/login"},
        )


class LoginLocked(ApplicationError):
    status_code = 429

    def __init__(self) -> None:
        super().__init__("Too many attempts.")


class LoginRefused(ApplicationError):
    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message, status_code=401, extra={"reason": reason})


def user_login(*, request: HttpRequest, phone: str, password: str) -> User:
    """Check the credentials through Django's authenticate(), as /admin/login/ does, so the
    login throttling (accounts.backends, django-axes) counts every path alike; then log in.

    Refused: LoginLocked (429) past a throttle, else LoginRefused with the site's exact
    messages: no active account for the phone, or a wrong password.
    """
    try:
        normalised = phone_normalise(phone)
    except InvalidPhone as exc:
        raise FieldErrors({"phone": str(exc)}) from exc
    if not password:
        raise FieldErrors({"password": "Enter your password."})
    user = authenticate(request, username=normalised, password=password)
    if getattr(request, "axes_locked_out", False):
        # axes' middleware answers with accounts.lockout.axes_lockout_response.
        raise LoginLocked()
    if user is None:
        # ModelBackend hashed the password either way, so both answers take as long.
        exists = User.objects.filter(phone=normalised, is_active=True).exists()
        raise LoginRefused(
            *((INVALID_PASSWORD, "invalid_password") if exists else (NO_ACCOUNT, "no_account"))
        )
    login(request, user)  # rotates the session key
    return cast(User, user)
