from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model


def staff_notify_recipients() -> list[str]:
    """Who is told about new enquiries.

    STAFF_NOTIFY_EMAILS when the operator set it; otherwise every active staff account
    that has an email address (so a fresh install notifies its superuser without setup).
    """
    configured = [address.strip() for address in settings.STAFF_NOTIFY_EMAILS if address.strip()]
    if configured:
        return list(dict.fromkeys(configured))
    emails = (
        get_user_model()
        .objects.filter(is_active=True, is_staff=True)
        .exclude(email="")
        .order_by("pk")
        .values_list("email", flat=True)
    )
    return list(dict.fromkeys(emails))
