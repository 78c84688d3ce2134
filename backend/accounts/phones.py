"""Indian mobile numbers, parsed by the `phonenumbers` library and stored in E.164."""

from __future__ import annotations

import phonenumbers
from phonenumbers import NumberParseException, PhoneNumberType


class InvalidPhone(ValueError):
    pass


INVALID_PHONE_MESSAGE = "Enter a valid Indian mobile number, for example 98765 43210."


def phone_normalise(raw: str) -> str:
    """'98765 43210', '+91 98765-43210' and '09876543210' all become '+919876543210'."""
    text = (raw or "").strip()
    if not text:
        raise InvalidPhone("Enter your phone number.")
    try:
        number = phonenumbers.parse(text, "IN")
    except NumberParseException as exc:
        raise InvalidPhone(INVALID_PHONE_MESSAGE) from exc
    if (
        number.country_code != 91
        or not phonenumbers.is_valid_number(number)
        or phonenumbers.number_type(number)
        not in (PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE_OR_MOBILE)
    ):
        raise InvalidPhone(INVALID_PHONE_MESSAGE)
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def phone_display(e164: str) -> str:
    """'+919876543210' -> '+91 98765 43210'."""
    try:
        number = phonenumbers.parse(e164, "IN")
    except NumberParseException:
        return e164
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.INTERNATIONAL)
