"""The SMS queue: every message is an OutboundSMS row, sent by the worker
(`manage.py send_queued_sms`, and every pass of `send_queued_mail_loop`).

Sending never holds a request: sms_queue() only writes the row. A backend that merely
writes locally (console, locmem) is also sent through as soon as the caller's transaction
commits, so in development and in the e2e tests a code is in the log within the request;
if that fails the row is still queued and the worker sends it. A network provider
(MSG91, Twilio) is left to the worker, which passes every few seconds.

Two workers never send one message twice: a worker claims a row by pushing its
next_try_at past the time a send can take (under a row lock on PostgreSQL), before
calling the provider outside any transaction.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.module_loading import import_string

from core.models import OutboundSMS
from core.sms import sms_backend, sms_backend_path
from core.sms.backends.base import SmsMessage, SmsRejected

logger = logging.getLogger(__name__)

# Longer than one send can take (timeout x tries + backoff): a worker that died while
# sending leaves its row to be tried again after this.
CLAIM_SECONDS = 120
MASK = "******"


def sms_queue(
    *,
    to: str,
    text: str,
    variables: Mapping[str, str] | None = None,
    topic: str = "",
    expires_at: datetime | None = None,
) -> OutboundSMS:
    """Queue one message to an E.164 number."""
    message = OutboundSMS.objects.create(
        to=to,
        text=text,
        variables=dict(variables or {}),
        topic=topic,
        expires_at=expires_at,
    )
    if sms_backend_class_sends_instantly():
        transaction.on_commit(lambda: sms_send(sms_id=message.pk), robust=True)
    return message


def sms_backend_class_sends_instantly() -> bool:
    return bool(import_string(sms_backend_path()).sends_instantly)


def sms_retry_delay(attempts: int) -> timedelta:
    """30 s after the first failure, doubling, at most 30 minutes."""
    return timedelta(seconds=min(30 * 2 ** max(attempts - 1, 0), 30 * 60))


def _claim(sms_id: int, now: datetime) -> OutboundSMS | None:
    with transaction.atomic():
        message = (
            OutboundSMS.objects.select_for_update(skip_locked=True)
            .filter(pk=sms_id, status=OutboundSMS.Status.QUEUED, next_try_at__lte=now)
            .first()
        )
        if message is None:
            return None
        if message.expires_at is not None and message.expires_at <= now:
            _finish(message, OutboundSMS.Status.FAILED, "Expired before it could be sent.")
            return None
        message.attempts += 1
        message.next_try_at = now + timedelta(seconds=CLAIM_SECONDS)
        message.save(update_fields=["attempts", "next_try_at"])
        return message


def _finish(message: OutboundSMS, status: str, error: str = "", provider_id: str = "") -> None:
    """Sent or failed for good: the code in it is masked (staff see the row, not the code)."""
    text = message.text
    for value in (message.variables or {}).values():
        if value:
            text = text.replace(str(value), MASK)
    message.status = status
    message.text = text
    message.variables = {}
    message.last_error = error
    message.provider_id = provider_id
    if status == OutboundSMS.Status.SENT:
        message.sent_at = timezone.now()
    message.save()


def sms_send(*, sms_id: int) -> str | None:
    """Send one queued message if it is due and no one else is sending it; return its
    status afterwards (None when there was nothing to do)."""
    now = timezone.now()
    message = _claim(sms_id, now)
    if message is None:
        return None
    outgoing = SmsMessage(to=message.to, text=message.text, variables=dict(message.variables))
    try:
        provider_id = sms_backend().send(outgoing)
    except SmsRejected as exc:
        logger.error("SMS %s to %s refused: %s", message.pk, message.to, exc)
        _finish(message, OutboundSMS.Status.FAILED, str(exc))
    except Exception as exc:  # a timeout, a 5xx, a misconfiguration: try again later
        error = f"{type(exc).__name__}: {exc}"
        if message.attempts >= settings.SMS_MAX_ATTEMPTS:
            logger.error("SMS %s to %s failed for good: %s", message.pk, message.to, error)
            _finish(message, OutboundSMS.Status.FAILED, error)
        else:
            logger.warning("SMS %s to %s not sent, will retry: %s", message.pk, message.to, error)
            message.last_error = error
            message.next_try_at = timezone.now() + sms_retry_delay(message.attempts)
            message.save(update_fields=["last_error", "next_try_at"])
    else:
        _finish(message, OutboundSMS.Status.SENT, provider_id=provider_id)
    message.refresh_from_db(fields=["status"])
    return message.status


def sms_send_queued(*, limit: int = 100) -> dict[str, int]:
    """One pass of the worker: send up to `limit` due messages, oldest first."""
    due = list(
        OutboundSMS.objects.filter(
            status=OutboundSMS.Status.QUEUED, next_try_at__lte=timezone.now()
        )
        .order_by("next_try_at", "pk")
        .values_list("pk", flat=True)[:limit]
    )
    counts = {"sent": 0, "failed": 0, "queued": 0}
    for sms_id in due:
        status = sms_send(sms_id=sms_id)
        if status is not None:
            counts[status] += 1
    return counts
