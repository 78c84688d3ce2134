"""A student's message preferences (/account). Meta's webhook is a plain view (views.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from django.conf import settings
from django.http import HttpRequest
from ninja import Router

from core.api import logged_in
from core.ratelimit import rate_limit_hit
from core.schemas import ErrorOut
from notifications import selectors, services
from notifications.models import CHANNEL_FIELDS, MessagePreferences
from notifications.schemas import MessagePreferencesIn, MessagePreferencesOut

if TYPE_CHECKING:
    from accounts.models import User

router = Router(tags=["notifications"])


@router.get(
    "/preferences",
    response={200: MessagePreferencesOut, 401: ErrorOut},
    auth=logged_in,
    summary="My message preferences: WhatsApp consent and a channel per kind",
)
def message_preferences_get(request: HttpRequest) -> MessagePreferences:
    return selectors.preferences_for(user=cast("User", request.user))


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
def message_preferences_update(
    request: HttpRequest, payload: MessagePreferencesIn
) -> MessagePreferences:
    user = cast("User", request.user)
    rate_limit_hit(
        scope="message-preferences",
        ident=str(user.pk),
        rate=settings.RATE_LIMIT_PREFERENCES,
        message="Too many changes to your message preferences.",
    )
    services.preferences_update(
        user=user,
        whatsapp_opt_in=payload.whatsapp_opt_in,
        channels={field: getattr(payload, field) for field in CHANNEL_FIELDS},
    )
    return selectors.preferences_for(user=user)
