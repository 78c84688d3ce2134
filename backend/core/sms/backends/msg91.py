"""MSG91 (India), through its Flow API: the message sent is the DLT-registered template
(MSG91_TEMPLATE_ID, as created in MSG91's panel with its DLT template id) with our
message's variables filled in; for the one-time codes the template's variable is ##otp##.

    POST https://control.msg91.com/api/v5/flow
    authkey: <MSG91_AUTH_KEY>
    {"template_id": "...", "short_url": "0", "sender": "<MSG91_SENDER_ID>",
     "recipients": [{"mobiles": "919876543210", "otp": "123456"}]}

answers {"type": "success", "message": "<request id>"}, or {"type": "error", "message":
"<why>"} (sometimes with status 200, so the type is checked too).
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from core.sms.backends.base import BaseSmsBackend, SmsMessage, SmsRejected
from core.sms.backends.http import ProviderHttp


class Msg91Backend(BaseSmsBackend):
    def __init__(self, *, backoff: float = 0.5) -> None:
        if not settings.MSG91_AUTH_KEY or not settings.MSG91_TEMPLATE_ID:
            raise ImproperlyConfigured(
                "SMS_BACKEND=msg91 needs MSG91_AUTH_KEY and MSG91_TEMPLATE_ID"
            )
        self.http = ProviderHttp(
            provider="MSG91",
            timeout=settings.SMS_TIMEOUT,
            retries=settings.SMS_HTTP_RETRIES,
            backoff=backoff,
        )

    def send(self, message: SmsMessage) -> str:
        recipient = {"mobiles": message.to.lstrip("+"), **message.variables}
        payload: dict[str, object] = {
            "template_id": settings.MSG91_TEMPLATE_ID,
            "short_url": "0",
            "recipients": [recipient],
        }
        if settings.MSG91_SENDER_ID:
            payload["sender"] = settings.MSG91_SENDER_ID
        response = self.http.post(
            settings.MSG91_URL,
            json=payload,
            headers={"authkey": settings.MSG91_AUTH_KEY, "accept": "application/json"},
        )
        try:
            body = response.json()
        except ValueError as exc:
            raise SmsRejected(
                f"MSG91 answered something that is not JSON: {response.text[:200]}"
            ) from exc
        if not isinstance(body, dict) or body.get("type") != "success":
            reason = body.get("message") if isinstance(body, dict) else body
            raise SmsRejected(f"MSG91 refused the message: {reason}")
        return str(body.get("message", ""))
