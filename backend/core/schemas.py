from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any

from ninja import Schema
from pydantic import AfterValidator, BeforeValidator, Field

from core.money import format_rupees

NUL_REFUSED = "This text contains a NUL character (\\x00), which is not allowed."


def _refuse_nul(value: str) -> str:
    # PostgreSQL cannot store NUL in text: refuse it here, with a 422, for every database.
    if "\x00" in value:
        raise ValueError(NUL_REFUSED)
    return value


# The one text type of every input schema field and path parameter; a length cap is added
# where the field is declared: Annotated[Text, Field(max_length=...)].
Text = Annotated[str, AfterValidator(_refuse_nul)]


def RupeesText(source: str, *, description: str | None = None) -> Any:
    """An answer's amount as the site writes it ("₹2,499", "₹1,00,000"), read from the
    attribute `source` (whole rupees, or a Decimal with paise) and written by
    core.money.format_rupees: one rupee format for every schema, instead of a resolver per
    field. `earned_display: str = RupeesText("earned")`."""
    return Field(validation_alias=source, description=description)


def _rupees(value: Any) -> Any:
    return (
        format_rupees(value)
        if isinstance(value, (int, Decimal)) and not isinstance(value, bool)
        else value
    )


# The field's type: what RupeesText reads is formatted before it is checked as a string.
Rupees = Annotated[str, BeforeValidator(_rupees)]


class ErrorOut(Schema):
    """The API's one error envelope. Field errors are in extra["fields"]."""

    message: str
    extra: dict


class MessageOut(Schema):
    message: str


def _no_default(schema: dict[str, Any]) -> None:
    schema.pop("default", None)


def OptionalOut(default: Any, description: str) -> Any:
    """An answer field added to a schema clients already use: always sent, but not
    required by the OpenAPI document, so the typed client keeps it optional (the generator
    makes any field with a default required) and code written before it still compiles."""
    return Field(default=default, description=description, json_schema_extra=_no_default)
