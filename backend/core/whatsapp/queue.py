"""The WhatsApp queue: every message is an OutboundWhatsApp row, sent by the worker
(every pass of `send_queued_mail_loop`), exactly as the SMS queue (core.sms.queue) works:
a local backend sends when the caller's transaction commits, a network one is left to
the worker; a worker claims a row (under a row lock, skip_locked, on PostgreSQL) before
calling the provider, so two workers never send one message twice.

After sending, Meta reports the message's fate on the webhook (whatsapp_status_record).
A message that fails for good is sent once by its fallback (email or SMS).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.module_loading import import_string

from core.email import email_queue
from core.models import OutboundWhatsApp
from core.sms.queue import sms_queue, sms_retry_delay
from core.whatsapp import whatsapp_backend, whatsapp_backend_path
from core.whatsapp.backends.base import WhatsAppMessage, WhatsAppRejected

logger = logging.getLogger(__name__)

CLAIM_SECONDS = 120
Status = OutboundWhatsApp.Status
# How far along a message is: a late "delivered" never undoes a "read" (Meta does not
# promise to report in order).
PROGRESS = {Status.SENT: 1, Status.DELIVERED: 2, Status.READ: 3}


def whatsapp_queue(
    *,
    to: str,
    template: str,
    parameters: Sequence[str] = (),
    language: str = "",
    topic: str = "",
    fallback_email: str = "",
    fallback_subject: str = "",
    fallback_body: str = "",
    fallback_sms_to: str = "",
    fallback_text: str = "",
) -> OutboundWhatsApp:
    """Queue one template message to an E.164 number, with what to send instead should
    it fail for good (an email, else an SMS; neither when both are empty)."""
    message = OutboundWhatsApp.objects.create(
        to=to,
        template=template,
        language=language or settings.WHATSAPP_LANGUAGE,
        parameters=[str(p) for p in parameters],
        topic=topic,
        fallback_email=fallback_email,
        fallback_subject=" ".join(fallback_subject.split())[:200],
        fallback_body=fallback_body,
        fallback_sms_to=fallback_sms_to,
        fallback_text=fallback_text,
    )
    if bool(import_string(whatsapp_backend_path()).sends_instantly):
        transaction.on_commit(lambda: whatsapp_send(message_id=message.pk), robust=True)
    return message


def _claim(message_id: int, now: datetime) -> OutboundWhatsApp | None:
    with transaction.atomic():
        message = (
            OutboundWhatsApp.objects.select_for_update(skip_locked=True)
            .filter(pk=message_id, status=Status.QUEUED, next_try_at__lte=now)
            .first()
        )
        if message is None:
            return None
        message.attempts += 1
        message.next_try_at = now + timedelta(seconds=CLAIM_SECONDS)
        message.save(update_fields=["attempts", "next_try_at"])
        return message


def _fall_back(message: OutboundWhatsApp) -> None:
    """Send the message's fallback, once (the caller holds the row or just wrote it)."""
    if message.fallback_sent:
        return
    if message.fallback_email:
        email_queue(
            to=message.fallback_email,
            subject=message.fallback_subject or "A message from us",
            body=message.fallback_body,
            topic=message.topic,
        )
        message.fallback_sent = OutboundWhatsApp.Fallback.EMAIL
    elif message.fallback_sms_to and message.fallback_text:
        sms_queue(to=message.fallback_sms_to, text=message.fallback_text, topic=message.topic)
        message.fallback_sent = OutboundWhatsApp.Fallback.SMS
    else:
        return
    message.save(update_fields=["fallback_sent"])


def _fail(message: OutboundWhatsApp, error: str) -> None:
    with transaction.atomic():
        message.status = Status.FAILED
        message.last_error = error
        message.failed_at = timezone.now()
        message.save(update_fields=["status", "last_error", "failed_at"])
        _fall_back(message)


def whatsapp_send(*, message_id: int) -> str | None:
    """Send one queued message if it is due and no one else is sending it; return its
    status afterwards (None when there was nothing to do)."""
    message = _claim(message_id, timezone.now())
    if message is None:
        return None
    outgoing = WhatsAppMessage(
        to=message.to,
        template=message.template,
        language=message.language,
        parameters=tuple(message.parameters or ()),
    )
    try:
        provider_id = whatsapp_backend().send(outgoing)
    except WhatsAppRejected as exc:
        logger.error("WhatsApp %s to %s refused: %s", message.pk, message.to, exc)
        _fail(message, str(exc))
    except Exception as exc:  # a timeout, a 5xx, a misconfiguration: try again later
        error = f"{type(exc).__name__}: {exc}"
        if message.attempts >= settings.WHATSAPP_MAX_ATTEMPTS:
            logger.error("WhatsApp %s to %s failed for good: %s", message.pk, message.to, error)
            _fail(message, error)
        else:
            logger.warning(
                "WhatsApp %s to %s not sent, will retry: %s", message.pk, message.to, error
            )
            message.last_error = error
            message.next_try_at = timezone.now() + sms_retry_delay(message.attempts)
            message.save(update_fields=["last_error", "next_try_at"])
    else:
        message.status = Status.SENT
        message.provider_id = provider_id
        message.sent_at = timezone.now()
        message.last_error = ""
        message.save(update_fields=["status", "provider_id", "sent_at", "last_error"])
    message.refresh_from_db(fields=["status"])
    return message.status


def whatsapp_send_queued(*, limit: int = 100) -> dict[str, int]:
    """One pass of the worker: send up to `limit` due messages, oldest first."""
    due = list(
        OutboundWhatsApp.objects.filter(status=Status.QUEUED, next_try_at__lte=timezone.now())
        .order_by("next_try_at", "pk")
        .values_list("pk", flat=True)[:limit]
    )
    counts = {"sent": 0, "failed": 0, "queued": 0}
    for message_id in due:
        status = whatsapp_send(message_id=message_id)
        if status is not None:
            counts[status] += 1
    return counts


@transaction.atomic
def whatsapp_status_record(
    *, provider_id: str, status: str, at: datetime, error: str = ""
) -> OutboundWhatsApp | None:
    """What Meta's webhook reported about a message we sent (sent, delivered, read,
    failed). Unknown ids and statuses are ignored (None); a status never goes back."""
    if not provider_id:
        return None
    message = OutboundWhatsApp.objects.select_for_update().filter(provider_id=provider_id).first()
    if message is None:
        return None
    if status == Status.FAILED:
        if message.status != Status.FAILED:
            message.status = Status.FAILED
            message.failed_at = at
            message.last_error = error or "WhatsApp could not deliver the message."
            message.save(update_fields=["status", "failed_at", "last_error"])
            _fall_back(message)
        return message
    if status not in PROGRESS or message.status == Status.FAILED:
        return message
    if PROGRESS[Status(status)] > PROGRESS.get(Status(message.status), 0):
        message.status = status
    stamp = {Status.SENT: "sent_at", Status.DELIVERED: "delivered_at", Status.READ: "read_at"}[
        Status(status)
    ]
    if getattr(message, stamp) is None:
        setattr(message, stamp, at)
    message.save(update_fields=["status", "sent_at", "delivered_at", "read_at"])
    return message


@transaction.atomic
def whatsapp_resend(*, message_ids: Sequence[int]) -> int:
    """Staff send failed messages again: each is queued afresh (its tries and error
    cleared). Only failed ones; returns how many were queued."""
    messages = list(
        OutboundWhatsApp.objects.select_for_update().filter(
            pk__in=message_ids, status=Status.FAILED
        )
    )
    for message in messages:
        message.status = Status.QUEUED
        message.attempts = 0
        message.next_try_at = timezone.now()
        message.provider_id = ""
        message.failed_at = None
        message.save(
            update_fields=["status", "attempts", "next_try_at", "provider_id", "failed_at"]
        )
        if bool(import_string(whatsapp_backend_path()).sends_instantly):
            transaction.on_commit(partial(whatsapp_send, message_id=message.pk), robust=True)
    return len(messages)
