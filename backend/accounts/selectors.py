from __future__ import annotations

from django.contrib.auth.models import AnonymousUser

from accounts.models import User

# The certificate import creates and overwrites certificates: what the admin asks for that.
CERTIFICATE_IMPORT_PERMISSIONS = ("certificates.add_certificate", "certificates.change_certificate")


def user_can_import_certificates(*, user: User | AnonymousUser) -> bool:
    return bool(user.is_staff and user.has_perms(CERTIFICATE_IMPORT_PERMISSIONS))
