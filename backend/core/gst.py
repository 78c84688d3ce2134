"""India's GST identifiers: the states and union territories by their GST state code, and
the GSTIN (15 characters) with its check character.

A GSTIN is the state code (2 digits), the holder's PAN (5 letters, 4 digits, 1 letter), the
entity number within that PAN and state (1-9, then A-Z), "Z", and a check character worked
out from the first 14 by the GSTN's mod-36 (Luhn-style) rule. Used by the seller's details in
site settings and by a business buyer's details at enrolment, so both refuse the same
GSTINs with the same reasons.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.core.exceptions import ValidationError

# GST state codes as the GSTN uses them (the first two digits of a GSTIN). 25 (Daman and
# Diu) merged into 26 in 2020 and 28 (undivided Andhra Pradesh) is no longer issued.
STATES: tuple[tuple[str, str], ...] = (
    ("01", "Jammu and Kashmir"),
    ("02", "Himachal Pradesh"),
    ("03", "Punjab"),
    ("04", "Chandigarh"),
    ("05", "Uttarakhand"),
    ("06", "Haryana"),
    ("07", "Delhi"),
    ("08", "Rajasthan"),
    ("09", "Uttar Pradesh"),
    ("10", "Bihar"),
    ("11", "Sikkim"),
    ("12", "Arunachal Pradesh"),
    ("13", "Nagaland"),
    ("14", "Manipur"),
    ("15", "Mizoram"),
    ("16", "Tripura"),
    ("17", "Meghalaya"),
    ("18", "Assam"),
    ("19", "West Bengal"),
    ("20", "Jharkhand"),
    ("21", "Odisha"),
    ("22", "Chhattisgarh"),
    ("23", "Madhya Pradesh"),
    ("24", "Gujarat"),
    ("26", "Dadra and Nagar Haveli and Daman and Diu"),
    ("27", "Maharashtra"),
    ("29", "Karnataka"),
    ("30", "Goa"),
    ("31", "Lakshadweep"),
    ("32", "Kerala"),
    ("33", "Tamil Nadu"),
    ("34", "Puducherry"),
    ("35", "Andaman and Nicobar Islands"),
    ("36", "Telangana"),
    ("37", "Andhra Pradesh"),
    ("38", "Ladakh"),
)
STATE_NAMES: dict[str, str] = dict(STATES)

GSTIN_LENGTH = 15
GSTIN_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
GSTIN_RE = re.compile(r"[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]")

GSTIN_LENGTH_WRONG = "A GSTIN has 15 characters."
GSTIN_FORMAT_WRONG = (
    "This is not a GSTIN: it is 2 digits (the state), the 10-character PAN, one more "
    "character, Z and a check character, e.g. 29ABCDE1234F1Z5."
)
GSTIN_STATE_WRONG = "A GSTIN starts with a state's code (01 to 38); this one does not."
BUSINESS_NAME_MAX = 200
STATE_UNKNOWN = "Choose a state or union territory from the list."
BUSINESS_NAME_MISSING = "Enter the business's name as registered for GST."
GSTIN_MISSING = "Enter the business's GSTIN, or leave the business's name empty."
GSTIN_CHECK_WRONG = (
    "This GSTIN's last character (its check digit) does not match the rest: look for a "
    "mistyped character."
)


def state_name(code: str) -> str:
    return STATE_NAMES.get(code, "")


def state_label(code: str) -> str:
    """How invoices name a state: "29-Karnataka" (code and name, as GST returns do)."""
    name = state_name(code)
    return f"{code}-{name}" if name else ""


def gstin_normalise(value: str) -> str:
    return "".join((value or "").split()).upper()


def gstin_check_character(first14: str) -> str:
    """The GSTN's check character: each character's value (0-9, A-Z as 10-35) times 1 or
    2 alternately, each product's base-36 digits added, and the sum's complement mod 36."""
    total = 0
    for index, char in enumerate(first14):
        product = GSTIN_ALPHABET.index(char) * (2 if index % 2 else 1)
        total += product // 36 + product % 36
    return GSTIN_ALPHABET[(36 - total % 36) % 36]


def gstin_problem(value: str) -> str:
    """Why `value` (normalised) is not a valid GSTIN, or "" when it is."""
    if len(value) != GSTIN_LENGTH:
        return GSTIN_LENGTH_WRONG
    if not GSTIN_RE.fullmatch(value):
        return GSTIN_FORMAT_WRONG
    if value[:2] not in STATE_NAMES:
        return GSTIN_STATE_WRONG
    if gstin_check_character(value[:14]) != value[14]:
        return GSTIN_CHECK_WRONG
    return ""


def validate_gstin(value: str) -> None:
    """Model field validator: the same rules and words as the API's."""
    problem = gstin_problem(gstin_normalise(value))
    if problem:
        raise ValidationError(problem, code="gstin")


@dataclass(frozen=True)
class GstBuyer:
    """The invoice's details of the buyer given at enrolment (all optional)."""

    state: str = ""
    gstin: str = ""
    business_name: str = ""


def gst_buyer_validate(
    *, state: str, gstin: str, business_name: str
) -> tuple[dict[str, str], GstBuyer]:
    """The state must be one of India's states and UTs; a business gives both its GSTIN
    (checked: format, state code, check digit) and its name. A GSTIN names its state: an
    empty state takes it, another state is refused."""
    errors: dict[str, str] = {}
    state = (state or "").strip()
    gstin = gstin_normalise(gstin)
    business_name = " ".join((business_name or "").split())
    if state and state not in STATE_NAMES:
        errors["state"] = STATE_UNKNOWN
    if gstin:
        problem = gstin_problem(gstin)
        if problem:
            errors["gstin"] = problem
        elif state and "state" not in errors and gstin[:2] != state:
            errors["gstin"] = (
                f"This GSTIN is registered in {state_name(gstin[:2])}, not in "
                f"{state_name(state)}: choose that state, or check the GSTIN."
            )
        if not business_name:
            errors["business_name"] = BUSINESS_NAME_MISSING
    elif business_name:
        errors["gstin"] = GSTIN_MISSING
    if len(business_name) > BUSINESS_NAME_MAX:
        errors["business_name"] = f"Ensure this value has at most {BUSINESS_NAME_MAX} characters."
    if gstin and not state and "gstin" not in errors:
        state = gstin[:2]
    return errors, GstBuyer(state=state, gstin=gstin, business_name=business_name)
