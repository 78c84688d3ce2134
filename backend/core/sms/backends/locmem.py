from __future__ import annotations

from core import sms
from core.sms.backends.base import BaseSmsBackend, SmsMessage


class LocmemBackend(BaseSmsBackend):
    """Keeps each message in `core.sms.outbox` (for tests)."""

    sends_instantly = True

    def send(self, message: SmsMessage) -> str:
        sms.outbox.append(message)
        return f"locmem-{len(sms.outbox)}"
