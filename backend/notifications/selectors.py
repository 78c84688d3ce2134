from __future__ import annotations

from typing import TYPE_CHECKING

from notifications.models import MessagePreferences

if TYPE_CHECKING:
    from accounts.models import User


def preferences_for(*, user: User) -> MessagePreferences:
    """The student's preferences; the defaults (unsaved) when they never chose."""
    found = MessagePreferences.objects.filter(user_id=user.pk).first()
    return found or MessagePreferences(user_id=user.pk)
