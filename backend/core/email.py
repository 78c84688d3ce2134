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
from django.core.files.base import ContentFile
from post_office.models import PRIORITY, STATUS, Attachment, Email
from post_office.settings import get_message_id_enabled, get_message_id_fqdn
from post_office.signals import email_queued
from post_office.utils import parse_emails

logger = logging.getLogger(__name__)

TOPIC_HEADER = "X-Site-Topic"
NO_RECIPIENTS = (
    "No recipients configured: set STAFF_NOTIFY_EMAILS, or give a staff account an email "
    "address, then requeue this email."
)


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
) -> Email:
    """Queue one plain-text email. With no recipients it is stored as failed (visible in
    the admin, with the reason in its log) instead of being dropped.

    `attachments` maps a file name to (content, MIME type); post-office keeps them in the
    private storage (POST_OFFICE["FILE_STORAGE"]) until the email is sent."""
    addresses = [to] if isinstance(to, str) else list(to)
    recipients = list(dict.fromkeys(a.strip() for a in ",".join(addresses).split(",") if a.strip()))
    headers = {TOPIC_HEADER: topic} if topic else {}
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
