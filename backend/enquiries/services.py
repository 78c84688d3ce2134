from __future__ import annotations

import ipaddress
import logging
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.core.validators import validate_email
from django.db import connection, models, transaction
from django.utils import timezone

from catalog.models import ProjectPackage
from core.errors import FieldErrors
from enquiries.models import Enquiry, OutboundEmail
from enquiries.selectors import staff_notify_recipients

logger = logging.getLogger(__name__)

NAME_MAX = 120
EMAIL_MAX = 254
SUBJECT_MAX = 200
MESSAGE_MAX = 5000
USER_AGENT_MAX = 300

REQUIRED = "This field is required."
BAD_EMAIL = "Enter a valid email address."
PACKAGE_REQUIRED = "Choose a package."
PACKAGE_UNKNOWN = "Choose a package from the list."
NO_RECIPIENTS = (
    "No recipients configured: set STAFF_NOTIFY_EMAILS or give a staff account an email "
    "address, then retry this email from the admin."
)

# Wait before attempt n+1 after n failures (the last value repeats).
RETRY_BACKOFF_MINUTES = (1, 5, 15, 60, 180, 360, 720)
# A sender claims a row by pushing its next_attempt_at this far ahead, so no other
# sender picks it up meanwhile; if the sender dies, the row comes due again afterwards.
CLAIM_SECONDS = 10 * 60


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
    honeypot: str,
    ip: str | None,
    user_agent: str,
) -> Enquiry | None:
    """Store an enquiry and notify staff by email.

    A filled honeypot (a field people never see) marks a bot: it is told the same success
    as a person but nothing is stored, so it learns nothing; the same goes for field
    errors, which a bot with a filled honeypot never gets to see.

    The enquiry and its notification are written together; the email is sent after the
    commit. If it fails, the outbox keeps it for `send_pending_notifications`, and the
    enquiry is safe either way.
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
            errors[field] = REQUIRED
        elif len(value) > limit:
            errors[field] = _too_long(limit)
    if "email" not in errors:
        try:
            validate_email(email)
        except ValidationError:
            errors["email"] = BAD_EMAIL

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
        subject=subject,
        message=message,
        package=package,
        package_name=package.name if package else "",
        ip_address=_ip_or_none(ip),
        user_agent=user_agent[:USER_AGENT_MAX],
    )
    notification_enqueue(
        to=staff_notify_recipients(),
        subject=_enquiry_email_subject(enquiry),
        body=_enquiry_email_body(enquiry),
        reply_to=enquiry.email,
        topic="enquiry.received",
        related=enquiry,
    )
    return enquiry


def _enquiry_email_subject(enquiry: Enquiry) -> str:
    label = "quote request" if enquiry.kind == Enquiry.Kind.QUOTE else "message"
    return f"New {label} from {enquiry.name}: {enquiry.subject}"[:255]


def _enquiry_email_body(enquiry: Enquiry) -> str:
    sent_at = timezone.localtime(enquiry.created_at).strftime("%d %b %Y, %H:%M %Z")
    admin_url = f"{settings.SITE_URL}/admin/enquiries/enquiry/{enquiry.pk}/change/"
    lines = [
        f"A new {enquiry.get_kind_display().lower()} arrived through the website.",
        "",
        f"Kind:     {enquiry.get_kind_display()}",
        f"Name:     {enquiry.name}",
        f"Email:    {enquiry.email}",
        f"Package:  {enquiry.package_name or '-'}",
        f"Subject:  {enquiry.subject}",
        f"Sent at:  {sent_at}",
        f"IP:       {enquiry.ip_address or '-'}",
        "",
        "Message:",
        enquiry.message,
        "",
        "--",
        f"Open it in the admin (and mark it handled): {admin_url}",
        "Reply to this email to answer the visitor directly.",
    ]
    return "\n".join(lines) + "\n"


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


# --- The notification outbox -------------------------------------------------------------


@transaction.atomic
def notification_enqueue(
    *,
    to: Sequence[str] | str,
    subject: str,
    body: str,
    reply_to: str = "",
    topic: str = "",
    related: models.Model | None = None,
    send_now: bool = True,
) -> OutboundEmail:
    """Record an email in the outbox and, once the caller's transaction commits, send it.

    Call it inside the transaction that creates what the email is about: either both are
    stored or neither. With no recipients the row is stored as failed (visible in the
    admin, retryable) rather than silently dropped.
    """
    addresses = [to] if isinstance(to, str) else list(to)
    recipients = [a.strip() for a in ",".join(addresses).split(",") if a.strip()]
    outbound = OutboundEmail(
        to=", ".join(dict.fromkeys(recipients)),
        subject=_single_line(subject)[:255],
        body=body,
        reply_to=reply_to.strip(),
        topic=topic,
    )
    if related is not None:
        outbound.content_type = ContentType.objects.get_for_model(related)
        outbound.object_id = str(related.pk)
    if not recipients:
        outbound.status = OutboundEmail.Status.FAILED
        outbound.last_error = NO_RECIPIENTS
        logger.error("Notification %r has no recipients; stored as failed", subject)
    outbound.save()
    if send_now and recipients:
        transaction.on_commit(lambda: notification_send(outbound=outbound), robust=True)
    return outbound


def notification_send(*, outbound: OutboundEmail) -> bool:
    """Try to send one pending email now; True when it went out.

    Never raises: a failure is recorded on the row (attempts, last_error, when to retry).
    Sends nothing if the row is not pending and due, or if another sender has claimed it.
    """
    try:
        now = timezone.now()
        claimed = OutboundEmail.objects.filter(
            pk=outbound.pk, status=OutboundEmail.Status.PENDING, next_attempt_at__lte=now
        ).update(next_attempt_at=now + timedelta(seconds=CLAIM_SECONDS))
        if not claimed:
            outbound.refresh_from_db()
            return False
        outbound.refresh_from_db()
        return _deliver(outbound)
    except Exception:
        logger.exception("Could not send outbound email %s", outbound.pk)
        return False


def notification_retry(*, outbound: OutboundEmail) -> bool:
    """Staff asked to send this email again now, even after it was marked failed.

    Sent synchronously (not after commit) so the admin can say at once whether it worked.
    """
    if outbound.status == OutboundEmail.Status.SENT:
        return False
    with transaction.atomic():
        OutboundEmail.objects.filter(pk=outbound.pk).exclude(
            status=OutboundEmail.Status.SENT
        ).update(status=OutboundEmail.Status.PENDING, next_attempt_at=timezone.now())
    return notification_send(outbound=outbound)


def notification_send_pending(*, limit: int = 100) -> tuple[int, int]:
    """Send up to `limit` pending emails that are due; returns (sent, failed attempts).

    Rows are claimed in a short transaction (SELECT ... FOR UPDATE SKIP LOCKED where the
    database has it; SQLite serialises writers anyway) by pushing next_attempt_at ahead,
    then sent outside it, so two workers never send the same email and no lock is held
    while talking to the mail server.
    """
    now = timezone.now()
    with transaction.atomic():
        due = OutboundEmail.objects.filter(
            status=OutboundEmail.Status.PENDING, next_attempt_at__lte=now
        ).order_by("next_attempt_at", "pk")
        if connection.features.has_select_for_update_skip_locked:
            due = due.select_for_update(skip_locked=True)
        ids = list(due.values_list("pk", flat=True)[:limit])
        OutboundEmail.objects.filter(pk__in=ids).update(
            next_attempt_at=now + timedelta(seconds=CLAIM_SECONDS)
        )
    sent = failed = 0
    for outbound in OutboundEmail.objects.filter(pk__in=ids).order_by("pk"):
        try:
            ok = _deliver(outbound)
        except Exception:
            logger.exception("Could not record the result of outbound email %s", outbound.pk)
            ok = False
        if ok:
            sent += 1
        else:
            failed += 1
    return sent, failed


def _deliver(outbound: OutboundEmail) -> bool:
    """Send a claimed row and record the outcome."""
    now = timezone.now()
    outbound.attempts += 1
    outbound.last_attempt_at = now
    try:
        recipients = outbound.recipients
        if not recipients:
            raise ValueError(NO_RECIPIENTS)
        message = EmailMessage(
            subject=outbound.subject,
            body=outbound.body,
            from_email=settings.DEFAULT_FROM_EMAIL,
            to=recipients,
            reply_to=[outbound.reply_to] if outbound.reply_to else None,
        )
        if not message.send(fail_silently=False):
            raise RuntimeError("The email backend reported that nothing was sent.")
    except Exception as exc:
        outbound.last_error = f"{type(exc).__name__}: {exc}"[:2000]
        if outbound.attempts >= settings.NOTIFICATION_MAX_ATTEMPTS:
            outbound.status = OutboundEmail.Status.FAILED
            logger.error(
                "Outbound email %s failed for good after %s attempts: %s",
                outbound.pk,
                outbound.attempts,
                outbound.last_error,
            )
        else:
            step = min(outbound.attempts, len(RETRY_BACKOFF_MINUTES)) - 1
            outbound.next_attempt_at = now + timedelta(minutes=RETRY_BACKOFF_MINUTES[step])
            logger.warning(
                "Outbound email %s failed (attempt %s), retrying at %s: %s",
                outbound.pk,
                outbound.attempts,
                outbound.next_attempt_at.isoformat(),
                outbound.last_error,
            )
        ok = False
    else:
        outbound.status = OutboundEmail.Status.SENT
        outbound.sent_at = now
        outbound.last_error = ""
        ok = True
    outbound.save(
        update_fields=[
            "attempts",
            "last_attempt_at",
            "last_error",
            "next_attempt_at",
            "status",
            "sent_at",
        ]
    )
    return ok
