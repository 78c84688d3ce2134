from __future__ import annotations

from datetime import datetime
from typing import Annotated

from ninja import Schema
from pydantic import Field

from core.schemas import Text

ChannelText = Annotated[Text, Field(max_length=20)]


# From a MessagePreferences (saved or the defaults).
class MessagePreferencesOut(Schema):
    whatsapp_opt_in: bool = Field(alias="whatsapp_opted_in")
    whatsapp_opted_in_at: datetime | None
    payments: str = Field(description="whatsapp or email")
    tasks: str = Field(description="whatsapp, email or none")
    certificates: str = Field(description="whatsapp, email or none")
    reminders: str = Field(description="whatsapp, email or none")
    classes: str = Field(description="whatsapp, email or none")


class MessagePreferencesIn(Schema):
    whatsapp_opt_in: bool = False
    payments: ChannelText = ""
    tasks: ChannelText = ""
    certificates: ChannelText = ""
    reminders: ChannelText = ""
    classes: ChannelText = ""
