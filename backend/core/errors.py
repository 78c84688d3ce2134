"""The one error type of the API. Every error answer has the same envelope:

    {"message": "<human sentence>", "extra": {...}}

Field errors go in `extra["fields"]`, keyed by field name, one message per field.
"""

from __future__ import annotations

from typing import Any


class ApplicationError(Exception):
    status_code = 400

    def __init__(
        self,
        message: str,
        *,
        status_code: int | None = None,
        extra: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        if status_code is not None:
            self.status_code = status_code
        self.extra = extra or {}
        self.headers = headers or {}


class FieldErrors(ApplicationError):
    """One or more fields are invalid; nothing was changed."""

    def __init__(
        self, fields: dict[str, str], message: str = "Please correct the errors below."
    ) -> None:
        super().__init__(message, status_code=422, extra={"fields": fields})


class NotFound(ApplicationError):
    status_code = 404


class RateLimited(ApplicationError):
    status_code = 429

    def __init__(self, message: str, *, retry_after: int) -> None:
        super().__init__(
            message,
            extra={"retry_after": retry_after},
            headers={"Retry-After": str(retry_after)},
        )
