from __future__ import annotations

from typing import TYPE_CHECKING, Any

from notifications.models import CHANNEL_FIELDS, MessagePreferences

if TYPE_CHECKING:
    from accounts.models import User


def preferences_for(*, user: User) -> MessagePreferences:
    """The student's preferences; the defaults (unsaved) when they never chose."""
    found = MessagePreferences.objects.filter(user_id=user.pk).first()
    return found or MessagePreferences(user_id=user.pk)


def preferences_public(*, user: User) -> dict[str, Any]:
    preferences = preferences_for(user=user)
    return {
        "whatsapp_opt_in": preferences.whatsapp_opted_in,
        "whatsapp_opted_in_at": preferences.whatsapp_opted_in_at,
        **{field: preferences.channel_for(field) for field in CHANNEL_FIELDS},
    }
