"""Text messages (SMS), chosen by the SMS_BACKEND setting as Django chooses EMAIL_BACKEND.

SMS_BACKEND is a dotted path to a backend class or one of the short names below. Every
message goes through the queue (core.sms.queue, the OutboundSMS model), never straight to
a backend from a request.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.module_loading import import_string

from core.sms.backends.base import BaseSmsBackend, SmsMessage

__all__ = ["BaseSmsBackend", "SmsMessage", "outbox", "sms_backend", "sms_backend_path"]

SHORT_NAMES = {
    "console": "core.sms.backends.console.ConsoleBackend",
    "locmem": "core.sms.backends.locmem.LocmemBackend",
    "msg91": "core.sms.backends.msg91.Msg91Backend",
    "twilio": "core.sms.backends.twilio.TwilioBackend",
}

# What the locmem backend "sent" (tests read and clear it), like django.core.mail.outbox.
outbox: list[SmsMessage] = []


def sms_backend_path(name: str | None = None) -> str:
    """The dotted path of a backend given as a short name or a dotted path."""
    value = (name if name is not None else settings.SMS_BACKEND).strip()
    return SHORT_NAMES.get(value, value)


def sms_backend(name: str | None = None) -> BaseSmsBackend:
    backend_class = import_string(sms_backend_path(name))
    return backend_class()
