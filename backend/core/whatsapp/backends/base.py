"""What every WhatsApp backend is: send one template message or raise one of the SMS
backends' two errors (a network provider's answers mean the same whatever the channel)."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.sms.backends.base import SmsRejected, SmsTemporaryError

# The same two errors as SMS: the queue retries a temporary one and fails a refusal.
WhatsAppTemporaryError = SmsTemporaryError
WhatsAppRejected = SmsRejected


@dataclass(frozen=True)
class WhatsAppMessage:
    to: str  # E.164, "+919876543210"
    template: str  # an approved template's name, "payment_confirmed"
    language: str = "en"  # the template's language code
    # The body's {{1}}, {{2}}... in order.
    parameters: tuple[str, ...] = field(default_factory=tuple)


class BaseWhatsAppBackend:
    # As for SMS: a backend that only writes locally is sent through when the caller's
    # transaction commits; a network provider is left to the worker.
    sends_instantly = False

    def send(self, message: WhatsAppMessage) -> str:
        """Send one message; return the provider's id for it ("" when there is none)."""
        raise NotImplementedError
