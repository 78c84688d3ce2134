"""The "Back office" group: what an ordinary staff account may do in the admin.

Django's admin checks model permissions, not only is_staff, so a staff account with no
permissions would see an empty back office. After every migrate this group is given every
permission of the project's own apps (new models included: the batches' classes,
registers and waitlists of `teaching` too), except managing accounts,
which stays with superusers; it sees accounts, the text messages sent and the students'
message preferences, sees the WhatsApp messages and the emails and sends a failed one
again, and sees
and clears login lockouts. Staff get it by being added to the group in the admin.
"""

from __future__ import annotations

from typing import Any

from django.apps import AppConfig

BACK_OFFICE_GROUP = "Back office"
PROJECT_APPS = (
    "catalog",
    "enquiries",
    "certificates",
    "enrolments",
    "invoices",
    "referrals",
    "internships",
    "teaching",
    "events",
)
READ_ONLY_MODELS = {
    ("accounts", "user"),
    ("core", "outboundsms"),
    ("notifications", "messagepreferences"),
    ("reminders", "remindersent"),
}
# Seen and sent again (the admin's "Send again" action needs change), never added or deleted.
RESEND_MODELS = {("core", "outboundwhatsapp"), ("post_office", "email")}
# Beyond the project's apps: login lockouts, which staff see and clear (django-axes).
EXTRA_PERMISSIONS = {("axes", "view_accessattempt"), ("axes", "delete_accessattempt")}


def back_office_group_sync(sender: AppConfig | None = None, **kwargs: Any) -> None:
    from django.contrib.auth.models import Group, Permission

    group, _ = Group.objects.get_or_create(name=BACK_OFFICE_GROUP)
    permissions = list(Permission.objects.filter(content_type__app_label__in=PROJECT_APPS))
    permissions += [
        p
        for p in Permission.objects.filter(codename__startswith="view_")
        if (p.content_type.app_label, p.content_type.model) in READ_ONLY_MODELS
    ]
    permissions += [
        p
        for p in Permission.objects.filter(codename__regex=r"^(view|change)_")
        if (p.content_type.app_label, p.content_type.model) in RESEND_MODELS
    ]
    permissions += [
        p
        for p in Permission.objects.filter(content_type__app_label="axes")
        if (p.content_type.app_label, p.codename) in EXTRA_PERMISSIONS
    ]
    group.permissions.set(permissions)
