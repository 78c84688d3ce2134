"""Twilio, through its Messages API:

    POST https://api.twilio.com/2010-04-01/Accounts/<TWILIO_ACCOUNT_SID>/Messages.json
    (HTTP basic auth: account SID and auth token; form fields To, From, Body)

answers 201 with the message resource ({"sid": "SM...", "status": "queued", ...}); a
refusal is a 4xx with {"code": 21211, "message": "...", "more_info": "...", "status": 400}.
TWILIO_FROM is a Twilio number (E.164) or a messaging service SID ("MG...").
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from core.sms.backends.base import BaseSmsBackend, SmsMessage
from core.sms.backends.http import ProviderHttp


class TwilioBackend(BaseSmsBackend):
    def __init__(self, *, backoff: float = 0.5) -> None:
        if not (
            settings.TWILIO_ACCOUNT_SID and settings.TWILIO_AUTH_TOKEN and settings.TWILIO_FROM
        ):
            raise ImproperlyConfigured(
                "SMS_BACKEND=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM"
            )
        self.http = ProviderHttp(
            provider="Twilio",
            timeout=settings.SMS_TIMEOUT,
            retries=settings.SMS_HTTP_RETRIES,
            backoff=backoff,
        )

    def send(self, message: SmsMessage) -> str:
        sender = settings.TWILIO_FROM
        form = {"To": message.to, "Body": message.text}
        form["MessagingServiceSid" if sender.startswith("MG") else "From"] = sender
        url = (
            f"{settings.TWILIO_API_URL.rstrip('/')}/2010-04-01/Accounts/"
            f"{settings.TWILIO_ACCOUNT_SID}/Messages.json"
        )
        response = self.http.post(
            url, data=form, auth=(settings.TWILIO_ACCOUNT_SID, settings.TWILIO_AUTH_TOKEN)
        )
        try:
            return str(response.json().get("sid", ""))
        except (ValueError, AttributeError):
            return ""
