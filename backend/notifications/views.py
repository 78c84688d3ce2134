"""Meta's WhatsApp webhook, /api/notifications/whatsapp/webhook (config/urls.py).

A plain Django view rather than an API operation: Meta calls it, not a browser, so it has
no session and no CSRF token; what proves a POST came from Meta is its X-Hub-Signature-256
(HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET, core.whatsapp.webhook). Answers use
the API's error envelope.

GET: the verification handshake (hub.mode=subscribe, hub.verify_token equal to
WHATSAPP_VERIFY_TOKEN): answers hub.challenge as text. POST: records sent, delivered,
read and failed; a reply of STOP withdraws the sender's WhatsApp consent.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from core.whatsapp.webhook import WebhookRefused, webhook_receive
from notifications import services

logger = logging.getLogger(__name__)

TOKEN_MISMATCH = "The verify token does not match."


def _refused(message: str) -> JsonResponse:
    return JsonResponse({"message": message, "extra": {}}, status=403)


@csrf_exempt
@require_http_methods(["GET", "POST"])
def whatsapp_webhook(request: HttpRequest) -> HttpResponse:
    if request.method == "GET":
        token = settings.WHATSAPP_VERIFY_TOKEN
        given = request.GET.get("hub.verify_token", "")
        if request.GET.get("hub.mode") != "subscribe" or not token:
            return _refused(TOKEN_MISMATCH)
        if not services.tokens_equal(given, token):
            return _refused(TOKEN_MISMATCH)
        challenge = request.GET.get("hub.challenge", "")
        return HttpResponse(challenge, content_type="text/plain; charset=utf-8")
    try:
        inbound = webhook_receive(
            body=request.body, signature=request.headers.get("X-Hub-Signature-256")
        )
    except WebhookRefused as exc:
        logger.warning("WhatsApp webhook refused: %s", exc)
        return _refused(f"Refused: {exc}")
    for message in inbound:
        if services.is_stop(message.text):
            services.whatsapp_stop_from(phone=message.phone, at=message.at)
    return JsonResponse({"message": "Received.", "extra": {}})
