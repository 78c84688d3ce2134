from __future__ import annotations

import logging

from core.whatsapp.backends.base import BaseWhatsAppBackend, WhatsAppMessage

# Its handler is configured in settings.LOGGING (a flushing stream handler of its own, as
# for core.sms.console), so the line reaches the log whatever LOG_LEVEL says.
logger = logging.getLogger("core.whatsapp.console")


class ConsoleBackend(BaseWhatsAppBackend):
    """Development and the e2e tests: one log line per message,
    `WhatsApp to <E.164>: <template> <parameters>`, never sent anywhere."""

    sends_instantly = True

    def send(self, message: WhatsAppMessage) -> str:
        parameters = " | ".join(" ".join(p.split()) for p in message.parameters)
        logger.info("WhatsApp to %s: %s %s", message.to, message.template, parameters)
        return ""
