"""Looking at the SMS queue in tests (the locmem backend, set for every test in conftest)."""

from __future__ import annotations

import re

from core import sms
from core.sms.queue import sms_send_queued

CODE_RE = re.compile(r"\b(\d{6})\b")


def sms_deliver() -> list[sms.SmsMessage]:
    """One pass of the worker; every message "sent" so far (core.sms.outbox)."""
    sms_send_queued()
    return list(sms.outbox)


def last_code(to: str) -> str:
    """The 6-digit code of the newest message sent to `to`."""
    messages = [m for m in sms_deliver() if m.to == to]
    assert messages, f"no SMS to {to}"
    match = CODE_RE.search(messages[-1].text)
    assert match, messages[-1].text
    return match.group(1)
