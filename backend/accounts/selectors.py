from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser

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
        "phone_confirmed": user.phone_confirmed_at is not None,
        "is_staff": user.is_staff,
        "can_import_certificates": user_can_import_certificates(user=user),
    }


# The certificate import creates and overwrites certificates: what the admin asks for that.
CERTIFICATE_IMPORT_PERMISSIONS = ("certificates.add_certificate", "certificates.change_certificate")


def user_can_import_certificates(*, user: User | AnonymousUser) -> bool:
    return bool(user.is_staff and user.has_perms(CERTIFICATE_IMPORT_PERMISSIONS))
