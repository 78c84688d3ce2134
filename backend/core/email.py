"""Email for every app goes through django-post-office's queue.

A message is a row written in the caller's transaction (so it exists exactly when what it
is about exists) and sent by the worker, `manage.py send_queued_mail_loop` (make run
starts it; cron can run post-office's own `send_queued_mail` instead). A failed send stays
queued and is retried POST_OFFICE["MAX_RETRIES"] times, RETRY_INTERVAL apart, then shows as
failed in the admin (Messages → Emails), where staff can requeue it: an SMTP outage
loses nothing, and no request waits for the mail server.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence

from django.core.files.base import ContentFile
from post_office import mail
from post_office.models import STATUS, Email

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
    email = mail.send(
        recipients=recipients,
        subject=" ".join(subject.split())[:989],
        message=body,
        headers=headers,
        priority="medium",
        attachments={
            name: {"file": ContentFile(content), "mimetype": mimetype}
            for name, (content, mimetype) in (attachments or {}).items()
        }
        or None,
    )
    if not recipients:
        logger.error("Email %r has no recipients; stored as failed", subject)
        Email.objects.filter(pk=email.pk).update(status=STATUS.failed)
        email.logs.create(status=STATUS.failed, message=NO_RECIPIENTS, exception_type="")
        email.refresh_from_db()
    return email
