from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.conf import settings
from django.contrib.auth import authenticate, login, update_session_auth_hash
from django.contrib.auth.hashers import make_password
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.tokens import default_token_generator
from django.contrib.sessions.backends.base import SessionBase
from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils import timezone
from django.utils.encoding import force_bytes, force_str
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode

from accounts import otp
from accounts.backends import login_throttle_forget
from accounts.lockout import lockout_message, lockout_retry_after
from accounts.models import OneTimeCode, User
from accounts.phones import InvalidPhone, phone_normalise
from core.dates import INDIA
from core.email import email_queue
from core.errors import ApplicationError, FieldErrors, RateLimited
from core.messages import render_message
from core.ratelimit import rate_limit_check, rate_limit_hit
from notifications.models import ConsentRecord
from notifications.services import whatsapp_consent_set


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


@dataclass(frozen=True)
class SignupForm:
    name: str
    phone: str  # E.164
    email: str
    password: str


def signup_form_check(*, name: str, phone: str, password: str, email: str = "") -> SignupForm:
    """The sign-up form's checks: every field (Django's password validators included), then
    an existing phone refused (PhoneTaken, 409). Nothing is written."""
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
            fields["password"] = password_refusal(exc)
    if fields:
        raise FieldErrors(fields)
    if User.objects.filter(phone=normalised).exists():
        raise PhoneTaken()
    return SignupForm(name=name, phone=normalised, email=email, password=password)


def user_signup(
    *, name: str, phone: str, password: str, email: str = "", whatsapp_opt_in: bool = False
) -> User:
    """Sign-up in one step (PHONE_VERIFICATION=false): the form checked, the account made.

    An existing account is never touched: the old site overwrote it, which let anyone
    take over an account by signing up again with its number.
    """
    form = signup_form_check(name=name, phone=phone, password=password, email=email)
    try:
        with transaction.atomic():
            user = user_create(
                phone=form.phone, name=form.name, password=form.password, email=form.email
            )
            if whatsapp_opt_in:
                whatsapp_consent_set(user=user, given=True, source=ConsentRecord.Source.SIGNUP)
            return user
    except IntegrityError as exc:
        # Two sign-ups of the same phone at the same moment: the second loses here.
        if User.objects.filter(phone=form.phone).exists():
            raise PhoneTaken() from exc
        raise


# --- Sign-up with a code (docs/product.md 15) ---------------------------------------------------
# The form's data waits in the visitor's session (server-side, the password only as its
# hash) until the code is entered: no account exists before. Keeping it in the session
# that filled the form in means nobody else can finish that sign-up: someone who starts a
# sign-up with another person's phone never gets its code, and the owner's own sign-up,
# from their own browser, is finished with their own data.
SIGNUP_SESSION_KEY = "accounts.signup"
SIGNUP_PENDING_HOURS = 24
START_AGAIN = "Start again: fill in the sign-up form."
PASSWORD_RESET_SENT = "If an account has this phone, we sent it a code."


class NoPendingSignup(ApplicationError):
    def __init__(self) -> None:
        super().__init__(
            START_AGAIN,
            status_code=404,
            extra={"reason": "no_pending_signup", "fields": {"code": START_AGAIN}},
        )


def _signup_sent(phone: str) -> otp.CodeSent:
    return otp.otp_sent(
        phone=phone,
        purpose=OneTimeCode.Purpose.SIGNUP,
        message=f"We sent a {otp.CODE_LENGTH}-digit code to {otp.phone_masked(phone)}.",
    )


def signup_start(
    *,
    session: SessionBase,
    client: str,
    name: str,
    phone: str,
    password: str,
    email: str = "",
    whatsapp_opt_in: bool = False,
) -> otp.CodeSent:
    """Check the form (as the one-step sign-up does), keep it in the session and send a
    code to the phone. The same browser sending the form again while its code still works
    (within the 60 seconds) keeps that code and only updates what it entered."""
    form = signup_form_check(name=name, phone=phone, password=password, email=email)
    previous = session.get(SIGNUP_SESSION_KEY) or {}
    keep_code = previous.get("phone") == form.phone and otp.otp_resend_wait(
        phone=form.phone, purpose=OneTimeCode.Purpose.SIGNUP
    )
    issued = (
        None
        if keep_code
        else otp.otp_issue(phone=form.phone, purpose=OneTimeCode.Purpose.SIGNUP, client=client)
    )
    session[SIGNUP_SESSION_KEY] = {
        "phone": form.phone,
        "name": form.name,
        "email": form.email,
        "password_hash": make_password(form.password),
        "started_at": timezone.now().isoformat(),
        "whatsapp_opt_in": whatsapp_opt_in,
    }
    if issued is not None:
        otp.otp_send(issued)
    return _signup_sent(form.phone)


def _signup_pending(session: SessionBase, phone: str) -> dict[str, Any]:
    pending = session.get(SIGNUP_SESSION_KEY) or {}
    try:
        normalised = phone_normalise(phone)
    except InvalidPhone as exc:
        raise NoPendingSignup() from exc
    if pending.get("phone") != normalised:
        raise NoPendingSignup()
    started = datetime.fromisoformat(pending["started_at"])
    if timezone.now() - started > timedelta(hours=SIGNUP_PENDING_HOURS):
        session.pop(SIGNUP_SESSION_KEY, None)
        raise NoPendingSignup()
    return pending


def signup_resend(*, session: SessionBase, client: str, phone: str) -> otp.CodeSent:
    """A new code for the sign-up waiting in this session (the 60 s wait and the caps)."""
    pending = _signup_pending(session, phone)
    issued = otp.otp_issue(
        phone=pending["phone"], purpose=OneTimeCode.Purpose.SIGNUP, client=client
    )
    otp.otp_send(issued)
    return _signup_sent(pending["phone"])


def signup_complete(
    *,
    session: SessionBase,
    phone: str,
    code: str,
    client: str | None,
    on_created: Callable[[User], object] | None = None,
) -> User:
    """The code entered: the account is made from the waiting form, with its phone
    confirmed. `on_created(user)` runs in the same transaction (linking earlier
    enrolments: the enrolments app is above this one). Refusals: NoPendingSignup (404),
    the code's FieldErrors (422), PhoneTaken (409) if the phone got an account meanwhile."""
    pending = _signup_pending(session, phone)
    row = otp.otp_check(
        phone=pending["phone"], purpose=OneTimeCode.Purpose.SIGNUP, code=code, client=client
    )
    try:
        with transaction.atomic():
            if not otp.otp_use(row=row):
                raise FieldErrors({"code": otp.EXPIRED})
            if User.objects.filter(phone=pending["phone"]).exists():
                raise PhoneTaken()
            user = user_create(
                phone=pending["phone"],
                name=pending["name"],
                email=pending["email"],
                password_hash=pending["password_hash"],
                phone_confirmed_at=timezone.now(),
            )
            if pending.get("whatsapp_opt_in"):
                whatsapp_consent_set(user=user, given=True, source=ConsentRecord.Source.SIGNUP)
            if on_created is not None:
                on_created(user)
    except IntegrityError as exc:
        if User.objects.filter(phone=pending["phone"]).exists():
            raise PhoneTaken() from exc
        raise
    session.pop(SIGNUP_SESSION_KEY, None)
    return user


# --- Forgotten password ------------------------------------------------------------------
def password_reset_link(*, user: User) -> str:
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    return f"{settings.SITE_URL}/forgot-password?uid={uid}&token={token}"


def password_reset_request(*, client: str | None, phone: str) -> otp.CodeSent:
    """A reset code by SMS (and, for an account with an email, a reset link by email).

    The answer, the waits and the caps read the same whether or not the phone has an
    account, but for a phone without one no code is issued and nothing of the phone's
    allowance is used (accounts.otp.otp_decoy): asking for resets must not keep the phone's
    owner from signing up.
    """
    try:
        normalised = phone_normalise(phone)
    except InvalidPhone as exc:
        raise FieldErrors({"phone": str(exc)}) from exc
    user = User.objects.filter(phone=normalised, is_active=True).first()
    if user is None:
        otp.otp_decoy(phone=normalised, purpose=OneTimeCode.Purpose.RESET, client=client)
        return otp.CodeSent(
            message=PASSWORD_RESET_SENT,
            phone=normalised,
            expires_in=otp.CODE_MINUTES * 60,
            resend_after=otp.RESEND_SECONDS,
        )
    issued = otp.otp_issue(phone=normalised, purpose=OneTimeCode.Purpose.RESET, client=client)
    otp.otp_send(issued)
    if user.email:
        subject, body = render_message(
            "accounts/messages/password_reset",
            {"name": user.get_short_name(), "reset_link": password_reset_link(user=user)},
        )
        email_queue(
            to=user.email,
            subject=subject,
            body=body,
            topic="account.password_reset",
        )
    return otp.otp_sent(
        phone=normalised, purpose=OneTimeCode.Purpose.RESET, message=PASSWORD_RESET_SENT
    )


def password_reset_send(*, user: User) -> otp.CodeSent:
    """Staff send a reset code from the admin (the 60 s wait and the daily cap apply)."""
    if not user.is_active:
        raise ApplicationError("This account is deactivated: it cannot reset its password.")
    return password_reset_request(client=None, phone=user.phone)


LINK_EXPIRED = "This link has expired or was already used."
PASSWORD_CHANGED = "Password changed"


def password_refusal(exc: DjangoValidationError) -> str:
    """The password validators' messages as one sentence each, once: two of them (the
    similarity to the phone number, and its digits) can say the same words."""
    return " ".join(dict.fromkeys(exc.messages))


def _new_password_check(user: User, new_password: str) -> None:
    if not new_password:
        raise FieldErrors({"new_password": "Enter a new password."})
    try:
        validate_password(new_password, user=user)
    except DjangoValidationError as exc:
        raise FieldErrors({"new_password": password_refusal(exc)}) from exc


def password_reset_confirm(
    *,
    new_password: str,
    phone: str = "",
    code: str = "",
    uid: str = "",
    token: str = "",
    client: str | None = None,
) -> User:
    """Set a new password with the SMS code (phone and code) or the emailed link (uid and
    token). The password hash changes, so every session of the account ends. The owner
    proved who they are from `client`: its failed logins for the phone are forgotten, so
    no login ceiling keeps them out (the way back after a lockout, accounts.backends)."""
    user = _password_reset(
        new_password=new_password, phone=phone, code=code, uid=uid, token=token, client=client
    )
    if client is not None:
        login_throttle_forget(phone=user.phone, address=client)
    return user


def _password_reset(
    *, new_password: str, phone: str, code: str, uid: str, token: str, client: str | None
) -> User:
    if uid or token:
        return _password_reset_by_link(uid=uid, token=token, new_password=new_password)
    try:
        normalised = phone_normalise(phone)
    except InvalidPhone as exc:
        raise FieldErrors({"phone": str(exc)}) from exc
    if not new_password:
        raise FieldErrors({"new_password": "Enter a new password."})
    row = otp.otp_check(
        phone=normalised, purpose=OneTimeCode.Purpose.RESET, code=code, client=client
    )
    user = User.objects.filter(phone=normalised, is_active=True).first()
    if user is None:
        # No code was issued for it (a deleted account's are deleted with it).
        raise FieldErrors({"code": otp.EXPIRED})
    _new_password_check(user, new_password)
    with transaction.atomic():
        if not otp.otp_use(row=row):
            raise FieldErrors({"code": otp.EXPIRED})
        user.set_password(new_password)
        if user.phone_confirmed_at is None:
            user.phone_confirmed_at = timezone.now()  # the code reached this phone
        user.save(update_fields=["password", "phone_confirmed_at"])
    return user


def _password_reset_by_link(*, uid: str, token: str, new_password: str) -> User:
    user: User | None
    try:
        user = User.objects.filter(
            pk=int(force_str(urlsafe_base64_decode(uid))), is_active=True
        ).first()
    except (ValueError, TypeError, OverflowError):
        user = None
    if user is None or not default_token_generator.check_token(user, token):
        raise FieldErrors({"token": LINK_EXPIRED})
    _new_password_check(user, new_password)
    with transaction.atomic():
        user.set_password(new_password)
        user.save(update_fields=["password"])
        # The SMS code sent with the same request no longer works (nor any other still live).
        otp.otp_void_live(phone=user.phone, purpose=OneTimeCode.Purpose.RESET)
    return user


class PhoneTaken(ApplicationError):
    def __init__(self) -> None:
        super().__init__(
            PHONE_TAKEN,
            status_code=409,
            extra={"fields": {"phone": PHONE_TAKEN}, "login_url": "/login"},
        )


class LoginLocked(RateLimited):
    """A login refused by a lockout (accounts.backends, django-axes): 429 with the wait in
    words, in extra.retry_after and in Retry-After."""

    def __init__(self, *, retry_after: int) -> None:
        super().__init__(lockout_message(retry_after), retry_after=retry_after)


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
        # axes' middleware then keeps this answer (accounts.lockout.axes_lockout_response).
        raise LoginLocked(
            retry_after=lockout_retry_after(request, {"username": normalised}),
        )
    if user is None:
        # ModelBackend hashed the password either way, so both answers take as long.
        exists = User.objects.filter(phone=normalised, is_active=True).exists()
        raise LoginRefused(
            *((INVALID_PASSWORD, "invalid_password") if exists else (NO_ACCOUNT, "no_account"))
        )
    login(request, user)  # rotates the session key
    return cast(User, user)


def user_signed_up_login(*, request: HttpRequest, user: User) -> None:
    """A sign-up just finished in this browser (the phone confirmed, or no code asked):
    the new account is logged in at once, through Django's login(), which rotates the
    session key (no session fixation) and keeps the session's other data. No password is
    checked again: this session is the one that filled in the form and (with a code)
    proved the phone."""
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")


# --- The account page (docs/product.md 15) ------------------------------------------------------
CURRENT_PASSWORD_WRONG = "Your current password is not right."
PASSWORD_WRONG = "Your password is not right."
PASSWORD_TRIES_MESSAGE = "Too many wrong passwords."


CURRENT_PASSWORD_NEEDED = "Enter your current password to change your email."


def email_masked(email: str) -> str:
    """'rahul.k@gmail.com' -> 'r***@gmail.com': enough for its owner to recognise, too
    little for anyone else to use."""
    local, _at, domain = email.rpartition("@")
    return f"{local[:1]}***@{domain}" if local else "***"


def _email_changed_notice(*, user: User, old_email: str, new_email: str) -> None:
    """Tell the old address that the account's email changed (queued with the change)."""
    now = timezone.localtime(timezone.now(), INDIA).strftime("%d %b %Y, %H:%M IST")
    subject, body = render_message(
        "accounts/messages/email_changed",
        {
            "name": user.get_short_name(),
            "phone": otp.phone_masked(user.phone),
            "new_email": email_masked(new_email) if new_email else "",
            "changed_at": now,
            "site": settings.SITE_URL,
        },
    )
    email_queue(
        to=old_email,
        subject=subject,
        body=body,
        topic="account.email_changed",
    )


def account_update(*, user: User, name: str, email: str, current_password: str = "") -> User:
    """Change the name and the email (blank allowed: it is optional). A new email (or none)
    needs the current password, counted as account_password_verify counts it: a borrowed
    session must not be able to point the password-reset link somewhere else. The old
    address is told, in the same transaction as the change."""
    fields: dict[str, str] = {}
    name = name.strip()
    email = email.strip().lower()
    if not name:
        fields["name"] = "Enter your name."
    elif len(name) > 120:
        fields["name"] = "Ensure this value has at most 120 characters."
    if email:
        try:
            validate_email(email)
        except DjangoValidationError:
            fields["email"] = "Enter a valid email address."
    old_email = user.email
    email_changes = email != old_email.strip().lower()
    if email_changes and not current_password:
        fields["current_password"] = CURRENT_PASSWORD_NEEDED
    if fields:
        raise FieldErrors(fields)
    if email_changes:
        account_password_verify(
            user=user,
            password=current_password,
            field="current_password",
            message=CURRENT_PASSWORD_WRONG,
        )
    with transaction.atomic():
        user.name = name
        user.email = email
        user.save(update_fields=["name", "email"])
        if email_changes and old_email:
            _email_changed_notice(user=user, old_email=old_email, new_email=email)
    return user


def account_password_verify(*, user: User, password: str, field: str, message: str) -> None:
    """The account's own password, asked again before a change that matters. Wrong ones
    are counted per account (LOGIN_FAILURES_PER_PHONE_AND_IP, like a login) so a session
    left open cannot be used to guess it."""
    rate_limit_check(
        scope="account-password",
        ident=str(user.pk),
        rate=settings.LOGIN_FAILURES_PER_PHONE_AND_IP,
        message=PASSWORD_TRIES_MESSAGE,
    )
    if not password or not user.check_password(password):
        rate_limit_hit(
            scope="account-password",
            ident=str(user.pk),
            rate=settings.LOGIN_FAILURES_PER_PHONE_AND_IP,
            message=PASSWORD_TRIES_MESSAGE,
        )
        raise FieldErrors({field: message})


def account_password_change(
    *, request: HttpRequest, user: User, current_password: str, new_password: str
) -> User:
    """A new password (Django's validators). This session stays logged in; every other
    session of the account ends (its session hash changes with the password)."""
    account_password_verify(
        user=user,
        password=current_password,
        field="current_password",
        message=CURRENT_PASSWORD_WRONG,
    )
    _new_password_check(user, new_password)
    user.set_password(new_password)
    user.save(update_fields=["password"])
    update_session_auth_hash(request, user)
    return user


def account_logout_others(*, request: HttpRequest, user: User) -> None:
    """End every session of the account except this one: a new session salt changes the
    session hash that every other session was made with (accounts.models.User)."""
    user.session_salt = secrets.token_hex(16)
    user.save(update_fields=["session_salt"])
    update_session_auth_hash(request, user)


DELETED_NAME = "Deleted account"


def account_erase(*, user: User) -> None:
    """The account's own part of a deletion: personal fields replaced, login impossible,
    every session ended, permissions dropped. The row stays (the reward ledger and
    payouts point at it) and keeps its referral code, so the code is never given to
    anyone else, while referral lookups skip inactive accounts (it cannot be used). The
    phone is replaced by a tombstone, so the phone can sign up afresh."""
    phone = user.phone
    user.name = DELETED_NAME
    user.email = ""
    user.phone = f"deleted-{user.pk}"
    user.phone_confirmed_at = None
    user.is_active = False
    user.is_staff = False
    user.is_superuser = False
    user.deleted_at = timezone.now()
    user.session_salt = secrets.token_hex(16)
    user.set_unusable_password()
    user.save()
    user.groups.clear()
    user.user_permissions.clear()
    OneTimeCode.objects.filter(phone=phone).delete()
    # django-axes keeps the phone of failed logins (staff see them as lockouts).
    AccessAttempt.objects.filter(username=phone).delete()
    AccessFailureLog.objects.filter(username=phone).delete()
    AccessLog.objects.filter(username=phone).delete()
