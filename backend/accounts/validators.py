"""Password rules that need the phone number, which Django's validators do not know."""

from __future__ import annotations

import re
from typing import Any

from django.core.exceptions import ValidationError


class PhoneDigitsValidator:
    """Refuse a password that holds the account's 10-digit mobile number (with or without
    the country code or separators between the digits): the first thing a guesser tries."""

    message = "The password is too similar to the phone number."

    def validate(self, password: str, user: Any = None) -> None:
        phone = re.sub(r"\D", "", getattr(user, "phone", "") or "")[-10:]
        if len(phone) == 10 and phone in re.sub(r"\D", "", password or ""):
            raise ValidationError(self.message, code="password_too_similar")

    def get_help_text(self) -> str:
        return "Your password can't contain your phone number."
