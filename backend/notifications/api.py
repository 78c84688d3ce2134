"""Saving a student's message preferences (/account shows them: web/), and Meta's WhatsApp
webhook.

The webhook, /api/notifications/whatsapp/webhook: Meta calls it, not a browser, so it has
no session and no CSRF token (auth=None); what proves a POST came from Meta is its
X-Hub-Signature-256 (HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET,
core.whatsapp.webhook). GET: the verification handshake (hub.mode=subscribe,
hub.verify_token equal to WHATSAPP_VERIFY_TOKEN) answers hub.challenge as text. POST:
records sent, delivered, read and failed; a reply of STOP withdraws the sender's WhatsApp
consent. Refusals are the API's error envelope (403). Left out of the OpenAPI document:
no client of ours calls it.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, cast

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from ninja import Router

from core.api import logged_in
from core.errors import ApplicationError
from core.ratelimit import rate_limited
from core.schemas import ErrorOut, MessageOut
from core.whatsapp.webhook import WebhookRefused, webhook_receive
from notifications import selectors, services
from notifications.models import CHANNEL_FIELDS, MessagePreferences
from notifications.schemas import MessagePreferencesIn, MessagePreferencesOut

if TYPE_CHECKING:
    from accounts.models import User

logger = logging.getLogger(__name__)

router = Router(tags=["notifications"])

TOKEN_MISMATCH = "The verify token does not match."


@router.put(
    "/preferences",
    response={
        200: MessagePreferencesOut,
        401: ErrorOut,
        403: ErrorOut,
        422: ErrorOut,
        429: ErrorOut,
    },
    auth=logged_in,
    summary="Save my message preferences",
    description=(
        "whatsapp_opt_in: consent to WhatsApp messages (recorded with its time). Each kind: "
        "whatsapp, email or none; payments: whatsapp or email (422 at the field otherwise)."
    ),
)
@rate_limited(
    scope="message-preferences",
    rate="RATE_LIMIT_PREFERENCES",
    message="Too many changes to your message preferences.",
    per="account",
)
def message_preferences_update(
    request: HttpRequest, payload: MessagePreferencesIn
) -> MessagePreferences:
    user = cast("User", request.user)
    services.preferences_update(
        user=user,
        whatsapp_opt_in=payload.whatsapp_opt_in,
        channels={field: getattr(payload, field) for field in CHANNEL_FIELDS},
    )
    return selectors.preferences_for(user=user)


@router.get("/whatsapp/webhook", auth=None, response={403: ErrorOut}, include_in_schema=False)
def whatsapp_webhook_verify(request: HttpRequest) -> HttpResponse:
    token = settings.WHATSAPP_VERIFY_TOKEN
    given = request.GET.get("hub.verify_token", "")
    if request.GET.get("hub.mode") != "subscribe" or not token:
        raise ApplicationError(TOKEN_MISMATCH, status_code=403)
    if not services.tokens_equal(given, token):
        raise ApplicationError(TOKEN_MISMATCH, status_code=403)
    challenge = request.GET.get("hub.challenge", "")
    return HttpResponse(challenge, content_type="text/plain; charset=utf-8")


@router.post(
    "/whatsapp/webhook",
    auth=None,
    response={200: MessageOut, 403: ErrorOut},
    include_in_schema=False,
)
def whatsapp_webhook_receive(request: HttpRequest) -> MessageOut:
    try:
        inbound = webhook_receive(
            body=request.body, signature=request.headers.get("X-Hub-Signature-256")
        )
    except WebhookRefused as exc:
        logger.warning("WhatsApp webhook refused: %s", exc)
        raise ApplicationError(f"Refused: {exc}", status_code=403) from exc
    for message in inbound:
        if services.is_stop(message.text):
            services.whatsapp_stop_from(phone=message.phone, at=message.at)
    return MessageOut(message="Received.")
