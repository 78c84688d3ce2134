from __future__ import annotations

from typing import Annotated, Literal

from ninja import Schema
from pydantic import Field

from core.schemas import Text

# Loose on purpose: the service checks lengths and formats and answers with one friendly
# message per field. This cap only refuses absurd payloads before any work is done.
RawText = Annotated[Text, Field(max_length=20_000)]


class EnquiryCreateIn(Schema):
    kind: Literal["contact", "quote"]
    name: RawText
    email: RawText
    phone: Annotated[Text, Field(max_length=40)] = Field(
        default="", description="Optional: a phone or WhatsApp number (Indian mobile)."
    )
    subject: RawText
    message: RawText
    package: Annotated[Text, Field(max_length=200)] | None = Field(
        default=None,
        description=(
            "Optional: a project package slug. Without one the enquiry is a general enquiry "
            "(kind contact); a quote (kind quote) names its package."
        ),
    )
    website: RawText = Field(
        default="", description="Honeypot: hidden from people, so it must stay empty."
    )


class EnquiryCreatedOut(Schema):
    message: str
