from __future__ import annotations

from ninja import Schema


class ErrorOut(Schema):
    """The API's one error envelope. Field errors are in extra["fields"]."""

    message: str
    extra: dict


class MessageOut(Schema):
    message: str
