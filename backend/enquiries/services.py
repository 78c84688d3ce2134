from __future__ import annotations

import ipaddress
import logging
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone

from accounts.phones import InvalidPhone, phone_normalise
from catalog.models import ProjectPackage
from core.email import staff_email_queue
from core.errors import FieldErrors
from core.messages import render_message
from enquiries.models import Enquiry

logger = logging.getLogger(__name__)

NAME_MAX = 120
EMAIL_MAX = 254
SUBJECT_MAX = 200
MESSAGE_MAX = 5000
USER_AGENT_MAX = 300
PHONE_TYPED_MAX = 40  # what is read of the typed phone ("+91 98765-43210" and the like)

# What an empty required field is told; the site's forms say the same before sending
# (frontend/src/lib/field-messages.json, held equal by config/tests).
REQUIRED = {
    "name": "Enter your name.",
    "email": "Enter your email address.",
    "subject": "Enter a subject.",
    "message": "Write your message.",
}
BAD_EMAIL = "Enter a valid email address."
PACKAGE_REQUIRED = "Choose a package."
PACKAGE_UNKNOWN = "Choose a package from the list."


def _too_long(limit: int) -> str:
    return f"Ensure this value has at most {limit} characters."


def _single_line(value: str) -> str:
    # Names and subjects end up in email headers: no line breaks, no runs of spaces.
    return " ".join(value.split())


def _ip_or_none(ip: str | None) -> str | None:
    if not ip:
        return None
    try:
        return str(ipaddress.ip_address(ip.strip()))
    except ValueError:
        return None


# --- Enquiries -------------------------------------------------------------------------


@transaction.atomic
def enquiry_create(
    *,
    kind: str,
    name: str,
    email: str,
    subject: str,
    message: str,
    package_slug: str | None,
    phone: str = "",
    honeypot: str,
    ip: str | None,
    user_agent: str,
) -> Enquiry | None:
    """Store an enquiry and notify staff by email.

    A filled honeypot (a field people never see) marks a bot: it is told the same success
    as a person but nothing is stored, so it learns nothing; the same goes for field
    errors, which a bot with a filled honeypot never gets to see.

    The enquiry and its notification email are written together (core.email queues it;
    the worker sends it and retries while the mail server is down), so the enquiry is safe
    either way.
    """
    if honeypot.strip():
        logger.info("Enquiry dropped: honeypot filled (ip=%s, kind=%s)", ip, kind)
        return None

    name = _single_line(name)
    email = email.strip()
    subject = _single_line(subject)
    message = message.strip()
    slug = (package_slug or "").strip()

    errors: dict[str, str] = {}
    if kind not in Enquiry.Kind.values:
        errors["kind"] = "Select a valid choice."
    for field, value, limit in (
        ("name", name, NAME_MAX),
        ("email", email, EMAIL_MAX),
        ("subject", subject, SUBJECT_MAX),
        ("message", message, MESSAGE_MAX),
    ):
        if not value:
            errors[field] = REQUIRED[field]
        elif len(value) > limit:
            errors[field] = _too_long(limit)
    if "email" not in errors:
        try:
            validate_email(email)
        except ValidationError:
            errors["email"] = BAD_EMAIL
    # Optional: how these clients talk (a call or WhatsApp); when given, a real number.
    normalised_phone = ""
    if phone.strip():
        try:
            normalised_phone = phone_normalise(phone[:PHONE_TYPED_MAX])
        except InvalidPhone as exc:
            errors["phone"] = str(exc)

    package: ProjectPackage | None = None
    if slug:
        package = ProjectPackage.objects.filter(slug=slug, is_active=True).first()
        if package is None:
            errors["package"] = PACKAGE_UNKNOWN
    elif kind == Enquiry.Kind.QUOTE:
        errors["package"] = PACKAGE_REQUIRED

    if errors:
        raise FieldErrors(errors)

    enquiry = Enquiry.objects.create(
        kind=kind,
        name=name,
        email=email,
        phone=normalised_phone,
        subject=subject,
        message=message,
        package=package,
        package_name=package.name if package else "",
        ip_address=_ip_or_none(ip),
        user_agent=user_agent[:USER_AGENT_MAX],
    )
    subject, body = _enquiry_email(enquiry)
    staff_email_queue(subject=subject, body=body, reply_to=enquiry.email, topic="enquiry.received")
    return enquiry


def whatsapp_link(phone: str) -> str:
    """The wa.me address that opens a WhatsApp chat with an E.164 phone ('' for none)."""
    return f"https://wa.me/{phone.removeprefix('+')}" if phone else ""


def _enquiry_email(enquiry: Enquiry) -> tuple[str, str]:
    subject, body = render_message(
        "enquiries/messages/enquiry_received",
        {
            "quote": enquiry.kind == Enquiry.Kind.QUOTE,
            "kind": enquiry.get_kind_display(),
            "name": enquiry.name,
            "email": enquiry.email,
            "phone": enquiry.phone,
            "whatsapp_link": whatsapp_link(enquiry.phone),
            "package": enquiry.package_name,
            "subject": enquiry.subject,
            "sent_at": timezone.localtime(enquiry.created_at).strftime("%d %b %Y, %H:%M %Z"),
            "ip_address": enquiry.ip_address or "",
            "message": enquiry.message,
            "admin_link": f"{settings.SITE_URL}/admin/enquiries/enquiry/{enquiry.pk}/change/",
        },
    )
    return subject[:255], body


@transaction.atomic
def enquiry_mark_handled(*, enquiry: Enquiry, by: Any) -> Enquiry:
    enquiry.status = Enquiry.Status.HANDLED
    enquiry.handled_at = timezone.now()
    enquiry.handled_by = by if getattr(by, "pk", None) else None
    enquiry.save(update_fields=["status", "handled_at", "handled_by"])
    return enquiry


@transaction.atomic
def enquiry_mark_new(*, enquiry: Enquiry) -> Enquiry:
    enquiry.status = Enquiry.Status.NEW
    enquiry.handled_at = None
    enquiry.handled_by = None
    enquiry.save(update_fields=["status", "handled_at", "handled_by"])
    return enquiry
