"""What every SMS backend is: send one message or raise one of the two errors below."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


class SmsError(Exception):
    """Sending failed."""


class SmsTemporaryError(SmsError):
    """The provider could not take the message now (timeout, no connection, 5xx, 429): the
    queue tries again later."""


class SmsRejected(SmsError):
    """The provider refused this message (4xx: bad number, bad credentials, template not
    approved): trying again would fail the same way, so the queue marks it failed."""


@dataclass(frozen=True)
class SmsMessage:
    to: str  # E.164, "+919876543210"
    text: str  # the whole message, as the console backend prints it
    # Template variables for providers that send pre-registered (DLT) templates, such as
    # MSG91: {"otp": "123456"}.
    variables: Mapping[str, str] = field(default_factory=dict)


class BaseSmsBackend:
    # A backend that only writes locally (console, locmem) is instant, so the queue sends
    # through it as soon as the transaction that queued the message commits; a network
    # provider is left to the worker, so a slow provider never holds a request.
    sends_instantly = False

    def send(self, message: SmsMessage) -> str:
        """Send one message; return the provider's id for it ("" when there is none)."""
        raise NotImplementedError
