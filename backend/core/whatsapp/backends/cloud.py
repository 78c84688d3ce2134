"""Meta's WhatsApp Cloud API: a template message (only templates may open a conversation
with a student, and Meta must have approved each one under its name and language):

    POST https://graph.facebook.com/<WHATSAPP_API_VERSION>/<WHATSAPP_PHONE_NUMBER_ID>/messages
    Authorization: Bearer <WHATSAPP_TOKEN>
    {"messaging_product": "whatsapp", "recipient_type": "individual",
     "to": "919876543210", "type": "template",
     "template": {"name": "payment_confirmed", "language": {"code": "en"},
                  "components": [{"type": "body",
                                  "parameters": [{"type": "text", "text": "..."}]}]}}

answers 200 {"messaging_product": "whatsapp", "contacts": [{"input": ..., "wa_id": ...}],
"messages": [{"id": "wamid...."}]}; a refusal is a 4xx with {"error": {"message": ...,
"type": "OAuthException", "code": 131030, "error_data": {"details": ...},
"fbtrace_id": ...}}. Delivery (delivered, read, failed) arrives later on the webhook
(notifications.api), keyed by that wamid.
"""

from __future__ import annotations

import requests
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from core.sms.backends.http import ProviderHttp
from core.whatsapp.backends.base import BaseWhatsAppBackend, WhatsAppMessage, WhatsAppRejected


def graph_error_detail(response: requests.Response) -> str:
    """The Graph API's explanation: error.message, its details and code."""
    try:
        body = response.json()
    except ValueError:
        return response.text[:300] or response.reason
    error = body.get("error") if isinstance(body, dict) else None
    if not isinstance(error, dict):
        return str(body)[:300]
    message = str(error.get("message") or "")
    details = (
        (error.get("error_data") or {}).get("details")
        if isinstance(error.get("error_data"), dict)
        else None
    )
    if details and details not in message:
        message = f"{message} {details}".strip()
    code = error.get("code")
    return f"{message[:300]} (code {code})" if code else message[:300]


class CloudBackend(BaseWhatsAppBackend):
    def __init__(self, *, backoff: float = 0.5) -> None:
        if not settings.WHATSAPP_PHONE_NUMBER_ID or not settings.WHATSAPP_TOKEN:
            raise ImproperlyConfigured(
                "WHATSAPP_BACKEND=cloud needs WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_TOKEN"
            )
        self.http = ProviderHttp(
            provider="WhatsApp",
            timeout=settings.WHATSAPP_TIMEOUT,
            retries=settings.WHATSAPP_HTTP_RETRIES,
            backoff=backoff,
            detail=graph_error_detail,
        )

    def url(self) -> str:
        return (
            f"{settings.WHATSAPP_API_URL.rstrip('/')}/{settings.WHATSAPP_API_VERSION}/"
            f"{settings.WHATSAPP_PHONE_NUMBER_ID}/messages"
        )

    def send(self, message: WhatsAppMessage) -> str:
        template: dict[str, object] = {
            "name": message.template,
            "language": {"code": message.language},
        }
        if message.parameters:
            template["components"] = [
                {
                    "type": "body",
                    "parameters": [{"type": "text", "text": p} for p in message.parameters],
                }
            ]
        response = self.http.post(
            self.url(),
            json={
                "messaging_product": "whatsapp",
                "recipient_type": "individual",
                "to": message.to.lstrip("+"),
                "type": "template",
                "template": template,
            },
            headers={"Authorization": f"Bearer {settings.WHATSAPP_TOKEN}"},
        )
        try:
            messages = response.json().get("messages") or []
            return str(messages[0]["id"])
        except (ValueError, AttributeError, IndexError, KeyError, TypeError) as exc:
            raise WhatsAppRejected(
                f"WhatsApp answered without a message id: {response.text[:200]}"
            ) from exc
