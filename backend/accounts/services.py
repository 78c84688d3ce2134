from __future__ import annotations

from typing import Any, cast

from django.contrib.auth import authenticate, login
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.validators import validate_email
from django.db import IntegrityError
from django.http import HttpRequest

from accounts.models import User
from accounts.phones import InvalidPhone, phone_normalise
from core.errors import ApplicationError, FieldErrors


def referral_code_for_phone(*, phone: str) -> str:
    """The referral code a new account with this phone gets (User.objects' rule)."""
    return User.objects.referral_code_for_phone(phone)


def user_create(
    *, phone: str, name: str, password: str | None = None, email: str = "", **extra: Any
) -> User:
    """Create an account with a normalised phone and a unique referral code."""
    return User.objects.create_user(phone, name, password, email=email, **extra)


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
