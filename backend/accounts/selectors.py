from __future__ import annotations

from typing import Any

from accounts.models import User
from accounts.phones import phone_display


def user_public(*, user: User) -> dict[str, Any]:
    """What the signed-in person's own pages show of their account."""
    return {
        "name": user.name,
        "phone": user.phone,
        "phone_display": phone_display(user.phone),
        "email": user.email,
        "referral_code": user.referral_code,
        "is_staff": user.is_staff,
    }
