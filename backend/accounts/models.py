from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any, ClassVar

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, BaseUserManager, PermissionsMixin
from django.db import IntegrityError, models, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.crypto import salted_hmac

from accounts.phones import InvalidPhone, phone_normalise

REFERRAL_PREFIX = "IRCTP"


class UserManager(BaseUserManager["User"]):
    use_in_migrations = True

    def get_by_natural_key(self, username: str | None) -> User:
        # People type their number in many forms; the database holds E.164.
        with contextlib.suppress(InvalidPhone):
            username = phone_normalise(username or "")
        return self.get(**{self.model.USERNAME_FIELD: username})

    def referral_code_for_phone(self, phone: str) -> str:
        """The referral code for a phone number: IRCTP + its last 4 digits.

        When another account already holds that code (two phones can end in the same four
        digits), the next account gets the last 5 digits, then 6, and so on, so codes stay
        unique and an existing account's code never changes.
        """
        national = "".join(ch for ch in phone if ch.isdigit())[-10:]
        for length in range(4, len(national) + 1):
            code = f"{REFERRAL_PREFIX}{national[-length:]}"
            if not self.filter(referral_code=code).exists():
                return code
        # Every suffix of this number is taken: only possible if the full number is already
        # registered, which the unique phone constraint refuses first.
        raise IntegrityError(f"No free referral code for {phone}")

    def create_user(self, phone: str, name: str, password: str | None = None, **extra: Any) -> User:
        """The one place accounts are made (sign-up, createsuperuser, the admin's form): a
        normalised phone and a unique referral code. Two sign-ups racing for the same code
        both pass the availability check; the unique constraint stops the second, which
        then retries with the next longer code."""
        normalised = phone_normalise(phone)
        email = (extra.pop("email", "") or "").strip().lower()
        # A pending sign-up keeps only the hash of the password it was given.
        password_hash = extra.pop("password_hash", None)
        for _attempt in range(8):
            user = self.model(
                phone=normalised,
                name=name.strip(),
                email=email,
                referral_code=self.referral_code_for_phone(normalised),
                **extra,
            )
            if password_hash:
                user.password = password_hash
            else:
                user.set_password(password)
            try:
                with transaction.atomic():
                    user.save(using=self._db)
            except IntegrityError:
                if self.filter(phone=normalised).exists():
                    raise
                continue
            return user
        raise IntegrityError("Could not allocate a referral code; please try again.")

    def create_superuser(
        self, phone: str, name: str, password: str | None = None, **extra: Any
    ) -> User:
        extra["is_staff"] = True
        extra["is_superuser"] = True
        return self.create_user(phone, name, password, **extra)


class User(AbstractBaseUser, PermissionsMixin):
    """An account. People log in with their phone number (stored in E.164, +91...)."""

    phone = models.CharField("phone number", max_length=16, unique=True)
    name = models.CharField(max_length=120)
    email = models.EmailField(blank=True)
    referral_code = models.CharField(
        max_length=20,
        unique=True,
        help_text="IRCTP + the last digits of the phone number, given when the account is made.",
    )
    is_staff = models.BooleanField(
        default=False, help_text="Can log in to the back office and the certificate import."
    )
    is_active = models.BooleanField(default=True)
    date_joined = models.DateTimeField(default=timezone.now)
    phone_confirmed_at = models.DateTimeField(
        "phone confirmed at",
        null=True,
        blank=True,
        help_text="When a one-time code sent to this phone was entered (sign-up or password "
        "reset). Empty for accounts made before codes were asked, or by staff; they log in "
        "as before.",
    )
    # Part of the session hash: a new value ends every session but the one that set it
    # ("Log out of other devices"), as a password change does.
    session_salt = models.CharField(max_length=32, blank=True, editable=False)
    deleted_at = models.DateTimeField(
        null=True,
        blank=True,
        editable=False,
        help_text="The person deleted the account: personal data erased, login impossible.",
    )

    objects: ClassVar[UserManager] = UserManager()

    USERNAME_FIELD = "phone"
    REQUIRED_FIELDS: ClassVar[list[str]] = ["name"]
    EMAIL_FIELD = "email"

    class Meta:
        ordering = ("-date_joined",)

    def __str__(self) -> str:
        return f"{self.name} ({self.phone})"

    def get_full_name(self) -> str:
        return self.name

    def get_short_name(self) -> str:
        return self.name.split(" ")[0] if self.name else self.phone

    SESSION_HASH_SALT = "django.contrib.auth.models.AbstractBaseUser.get_session_auth_hash"

    def _session_hash(self, secret: str | bytes | None) -> str:
        # Django's own hash (an HMAC of the password hash) while session_salt is empty, so
        # sessions made before this field existed stay valid.
        value = f"{self.password}:{self.session_salt}" if self.session_salt else self.password
        return salted_hmac(
            self.SESSION_HASH_SALT, value, secret=secret, algorithm="sha256"
        ).hexdigest()

    def get_session_auth_hash(self) -> str:
        return self._session_hash(None)

    def get_session_auth_fallback_hash(self) -> Iterator[str]:
        for secret in settings.SECRET_KEY_FALLBACKS:
            yield self._session_hash(secret)


class OneTimeCode(models.Model):
    """A 6-digit code sent by SMS to confirm a phone (sign-up) or reset a password.

    Only an HMAC of the code is kept (accounts.otp). Only the newest code of a phone and
    purpose works: a new one voids the others. Wrong entries are counted per client
    (OneTimeCodeMiss): 5 from one client shut that client out of the code, and void it
    only when that client is the one who asked for it.
    """

    class Purpose(models.TextChoices):
        SIGNUP = "signup", "Sign-up"
        RESET = "reset", "Password reset"

    phone = models.CharField(max_length=16)
    purpose = models.CharField(max_length=8, choices=Purpose.choices)
    code_hash = models.CharField(max_length=64)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    expires_at = models.DateTimeField()
    # Wrong entries from every client together, for staff; what counts is OneTimeCodeMiss.
    wrong_attempts = models.PositiveSmallIntegerField(default=0)
    used_at = models.DateTimeField(null=True, blank=True)
    voided_at = models.DateTimeField(null=True, blank=True)
    # Who asked for it (core.http.client_key; blank: staff in the admin): the daily cap
    # refuses the client that used it up, not every client (accounts.otp).
    client = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ("-created_at", "-pk")
        verbose_name = "one-time code"
        constraints = [
            models.CheckConstraint(
                condition=Q(purpose__in=["signup", "reset"]), name="one_time_code_purpose_valid"
            ),
            # Only the newest code works: two requests at the same instant cannot both
            # leave a live code (accounts.otp refuses the second as "wait a minute").
            models.UniqueConstraint(
                fields=["phone", "purpose"],
                condition=Q(used_at=None, voided_at=None),
                name="one_time_code_one_live",
            ),
        ]
        indexes = [
            models.Index(fields=["phone", "purpose", "-created_at"], name="one_time_code_latest")
        ]

    def __str__(self) -> str:
        return f"{self.get_purpose_display()} code for {self.phone}"


class OneTimeCodeMiss(models.Model):
    """Wrong entries of one code from one client (core.http.client_key): another client's
    misses never void the owner's code nor make them ask for (and spend) another."""

    code = models.ForeignKey(OneTimeCode, on_delete=models.CASCADE, related_name="misses")
    client = models.CharField(max_length=64, blank=True, default="")
    count = models.PositiveSmallIntegerField(default=0)

    class Meta:
        verbose_name = "wrong code entry"
        constraints = [
            models.UniqueConstraint(fields=["code", "client"], name="one_time_code_miss_once")
        ]

    def __str__(self) -> str:
        return f"{self.count} wrong entries from {self.client or 'no address'}"
