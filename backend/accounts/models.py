from __future__ import annotations

import contextlib
from typing import Any, ClassVar

from django.contrib.auth.models import AbstractBaseUser, BaseUserManager, PermissionsMixin
from django.db import models
from django.utils import timezone


class UserManager(BaseUserManager["User"]):
    use_in_migrations = True

    def get_by_natural_key(self, username: str | None) -> User:
        # People type their number in many forms; the database holds E.164.
        from accounts.phones import InvalidPhone, phone_normalise

        with contextlib.suppress(InvalidPhone):
            username = phone_normalise(username or "")
        return self.get(**{self.model.USERNAME_FIELD: username})

    def create_user(self, phone: str, name: str, password: str | None = None, **extra: Any) -> User:
        # Imported here: services import this module.
        from accounts.services import user_create

        return user_create(phone=phone, name=name, password=password, **extra)

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
        help_text="IRCTP + the last digits of the phone number; stored upper-case.",
    )
    is_staff = models.BooleanField(
        default=False, help_text="Can log in to the back office and the certificate import."
    )
    is_active = models.BooleanField(default=True)
    date_joined = models.DateTimeField(default=timezone.now)

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
