"""Email for every app goes through django-post-office's queue.

A message is a row written in the caller's transaction (so it exists exactly when what it
is about exists) and sent by the worker, `manage.py send_queued_mail_loop` (make run
starts it; cron can run post-office's own `send_queued_mail` instead). A failed send stays
queued and is retried POST_OFFICE["MAX_RETRIES"] times, RETRY_INTERVAL apart, then shows as
failed in the admin (Messages → Emails), where staff can requeue it: an SMTP outage
loses nothing, and no request waits for the mail server.

The row is written here, already in its final words, and never through post-office's
`mail.send()`/`create()` or its EmailBackend: both run subject and body through Django's
`Template(...).render()`, so a visitor's `{{ … }}` or `{% … %}` would be executed (and a
bad tag would answer 500 and roll back what the email is about). Our own messages are
rendered by `core.messages.render_message`, with what people typed as context variables;
what reaches this function is stored verbatim.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from email.utils import make_msgid

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile
from post_office.models import PRIORITY, STATUS, Attachment, Email
from post_office.settings import get_message_id_enabled, get_message_id_fqdn
from post_office.signals import email_queued
from post_office.utils import parse_emails

logger = logging.getLogger(__name__)

TOPIC_HEADER = "X-Site-Topic"
# Marks an email for the staff (a new enquiry, a review to do): sent again, it goes to the
# staff addresses known then, so giving a staff account an email and resending works.
AUDIENCE_HEADER = "X-Site-Audience"
STAFF = "staff"
NO_RECIPIENTS = (
    "Nobody to send it to: add an email address to a staff account, then send this email "
    "again (whoever runs the server may instead set STAFF_NOTIFY_EMAILS)."
)


def staff_notify_recipients() -> list[str]:
    """Who is told about new enquiries and work to do.

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


def is_for_staff(email: Email) -> bool:
    return (email.headers or {}).get(AUDIENCE_HEADER) == STAFF


def email_topic(email: Email) -> str:
    """What an email is about ("enquiry.received", "enrolment.confirmed"…)."""
    return str((email.headers or {}).get(TOPIC_HEADER, ""))


def email_queue(
    *,
    to: Sequence[str] | str,
    subject: str,
    body: str,
    reply_to: str = "",
    topic: str = "",
    attachments: Mapping[str, tuple[bytes, str]] | None = None,
    audience: str = "",
) -> Email:
    """Queue one plain-text email. With no recipients it is stored as failed (visible in
    the admin, with the reason in its log) instead of being dropped.

    `attachments` maps a file name to (content, MIME type); post-office keeps them in the
    private storage (POST_OFFICE["FILE_STORAGE"]) until the email is sent."""
    addresses = [to] if isinstance(to, str) else list(to)
    recipients = list(dict.fromkeys(a.strip() for a in ",".join(addresses).split(",") if a.strip()))
    headers = {TOPIC_HEADER: topic} if topic else {}
    if audience:
        headers[AUDIENCE_HEADER] = audience
    if reply_to.strip():
        headers["Reply-To"] = reply_to.strip()
    email = Email.objects.create(
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=parse_emails(recipients),
        subject=" ".join(subject.split())[:989],
        message=body,
        html_message="",
        headers=headers,
        priority=PRIORITY.medium,
        status=STATUS.queued,
        message_id=make_msgid(domain=get_message_id_fqdn()) if get_message_id_enabled() else None,
    )
    for name, (content, mimetype) in (attachments or {}).items():
        attachment = Attachment(name=name, mimetype=mimetype)
        attachment.file.save(name, ContentFile(content), save=True)
        email.attachments.add(attachment)
    email_queued.send(sender=Email, emails=[email])
    if not recipients:
        logger.error("Email %r has no recipients; stored as failed", subject)
        Email.objects.filter(pk=email.pk).update(status=STATUS.failed)
        email.logs.create(status=STATUS.failed, message=NO_RECIPIENTS, exception_type="")
        email.refresh_from_db()
    return email


def staff_email_queue(*, subject: str, body: str, topic: str, reply_to: str = "") -> Email:
    """Queue an email to the staff (staff_notify_recipients); with nobody to send it to it
    is stored as failed and, once an address is known, sent again from the admin."""
    return email_queue(
        to=staff_notify_recipients(),
        subject=subject,
        body=body,
        reply_to=reply_to,
        topic=topic,
        audience=STAFF,
    )


def email_requeue(email: Email) -> bool:
    """Send a stored email again: a staff email with nobody to send it to takes the staff
    addresses known now. False (nothing changed) when it still has no recipient."""
    if not email.to and is_for_staff(email):
        email.to = staff_notify_recipients()
    if not email.to:
        return False
    email.status = STATUS.queued
    email.save(update_fields=["to", "status", "last_updated"])
    return True
