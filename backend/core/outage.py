"""Answers for when the database cannot be reached, and for any other unexpected error.

Django's 500 handler (config.urls.handler500) runs inside the `except` that caught the
error, so it can tell a database outage (OperationalError: the server is down, restarting
or refusing connections) from a bug: an outage answers 503 with Retry-After, the API's
error envelope under /api/ and a short page elsewhere (the admin), a bug 500; both carry
the request id a student can quote. The API's own views reach the same answers through its
exception handlers (config.api).
"""

from __future__ import annotations

import sys

from django.conf import settings
from django.db.utils import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string

from core.observability import REQUEST_ID_HEADER, current_request_id

OUTAGE_MESSAGE = "The site is briefly unavailable. Please try again in a moment."
ERROR_MESSAGE = "Something went wrong on our side. Please try again."
# The errors a database that is down or restarting raises (psycopg and sqlite3 alike).
OUTAGE_ERRORS = (OperationalError, InterfaceError)


def is_outage(exc: BaseException | None) -> bool:
    return isinstance(exc, OUTAGE_ERRORS)


def outage_envelope(request_id: str) -> dict:
    return {
        "message": OUTAGE_MESSAGE,
        "extra": {"retry_after": settings.OUTAGE_RETRY_AFTER, "request_id": request_id},
    }


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: 503 for a database outage, 500 otherwise; JSON under /api/."""
    outage = is_outage(sys.exc_info()[1])
    request_id = current_request_id()
    status = 503 if outage else 500
    response: HttpResponse
    if request.path.startswith("/api/"):
        body = (
            outage_envelope(request_id)
            if outage
            else {"message": ERROR_MESSAGE, "extra": {"request_id": request_id}}
        )
        response = JsonResponse(body, status=status)
    else:
        html = render_to_string(
            "core/503.html" if outage else "core/500.html", {"request_id": request_id}
        )
        response = HttpResponse(html, status=status, content_type="text/html; charset=utf-8")
    if outage:
        response["Retry-After"] = str(settings.OUTAGE_RETRY_AFTER)
    response["Cache-Control"] = "no-store"
    if request_id:
        response[REQUEST_ID_HEADER] = request_id
    return response
