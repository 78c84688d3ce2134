from __future__ import annotations

import logging

from core.sms.backends.base import BaseSmsBackend, SmsMessage

# Its handler is configured in settings.LOGGING: a stream handler, which flushes after
# every record, so the line reaches a file or a pipe at once (the e2e tests read codes
# from the server's log).
logger = logging.getLogger("core.sms.console")


class ConsoleBackend(BaseSmsBackend):
    """Development and tests of the whole site: one log line per message,
    `SMS to <E.164>: <text>`, never sent anywhere."""

    sends_instantly = True

    def send(self, message: SmsMessage) -> str:
        text = " ".join(message.text.split())  # one line whatever the text holds
        logger.info("SMS to %s: %s", message.to, text)
        return ""
