"""Answers for when the database cannot be reached, and for any other unexpected error.

Django's 500 handler (config.api.server_error) runs inside the `except` that caught the
error, so it can tell a database outage (OperationalError: the server is down, restarting
or refusing connections) from a bug: an outage answers 503 with Retry-After, a bug 500;
both carry the request id a student can quote. Under /api/ the API's own exception
handlers (config.api) write the envelope; elsewhere (the admin) the short page here.
"""

from __future__ import annotations

import sys

from django.conf import settings
from django.db.utils import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
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


def server_error_headers(response: HttpResponse, *, outage: bool) -> HttpResponse:
    """What every answer of handler500 carries: Retry-After for an outage, no-store, and
    the request id."""
    if outage:
        response["Retry-After"] = str(settings.OUTAGE_RETRY_AFTER)
    response["Cache-Control"] = "no-store"
    request_id = current_request_id()
    if request_id:
        response[REQUEST_ID_HEADER] = request_id
    return response


def server_error_page(request: HttpRequest) -> HttpResponse:
    """handler500's page outside the API (the admin): 503 for a database outage, else 500."""
    outage = is_outage(sys.exc_info()[1])
    html = render_to_string(
        "core/503.html" if outage else "core/500.html", {"request_id": current_request_id()}
    )
    response = HttpResponse(
        html, status=503 if outage else 500, content_type="text/html; charset=utf-8"
    )
    return server_error_headers(response, outage=outage)
