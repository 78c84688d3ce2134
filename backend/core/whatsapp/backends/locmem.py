from __future__ import annotations

from core import whatsapp
from core.whatsapp.backends.base import BaseWhatsAppBackend, WhatsAppMessage


class LocmemBackend(BaseWhatsAppBackend):
    """Keeps each message in `core.whatsapp.outbox` (for tests)."""

    sends_instantly = True

    def send(self, message: WhatsAppMessage) -> str:
        whatsapp.outbox.append(message)
        return f"wamid.locmem-{len(whatsapp.outbox)}"
