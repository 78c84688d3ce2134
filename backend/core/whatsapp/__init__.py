"""WhatsApp template messages, chosen by the WHATSAPP_BACKEND setting as SMS_BACKEND
chooses an SMS backend (docs/product.md section 19).

WHATSAPP_BACKEND is "console" (the default: one line `WhatsApp to <E.164>: <template>
<parameters>` on the server's log), "locmem" (tests), "cloud" (Meta's WhatsApp Cloud API)
or a dotted path to a backend class. Every message goes through the queue
(core.whatsapp.queue, the OutboundWhatsApp model), sent by the same worker as email and SMS.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.module_loading import import_string

from core.whatsapp.backends.base import BaseWhatsAppBackend, WhatsAppMessage

__all__ = [
    "BaseWhatsAppBackend",
    "WhatsAppMessage",
    "outbox",
    "whatsapp_backend",
    "whatsapp_backend_path",
]

SHORT_NAMES = {
    "console": "core.whatsapp.backends.console.ConsoleBackend",
    "locmem": "core.whatsapp.backends.locmem.LocmemBackend",
    "cloud": "core.whatsapp.backends.cloud.CloudBackend",
}

# What the locmem backend "sent" (tests read and clear it), like core.sms.outbox.
outbox: list[WhatsAppMessage] = []


def whatsapp_backend_path(name: str | None = None) -> str:
    value = (name if name is not None else settings.WHATSAPP_BACKEND).strip()
    return SHORT_NAMES.get(value, value)


def whatsapp_backend(name: str | None = None) -> BaseWhatsAppBackend:
    backend_class = import_string(whatsapp_backend_path(name))
    return backend_class()
