"""Looking at the email queue (django-post-office) in tests."""

from __future__ import annotations

from django.core.management import call_command
from post_office.models import Email

from core.email import email_topic


def queued_about(topic: str) -> list[Email]:
    """Every email in the queue (sent or not) about `topic`, oldest first."""
    return [e for e in Email.objects.order_by("pk") if email_topic(e) == topic]


def send_queued_email() -> None:
    """One pass of the worker, as make run's `send_queued_mail_loop` makes every few seconds."""
    call_command("send_queued_mail_loop", "--once", verbosity=0)
