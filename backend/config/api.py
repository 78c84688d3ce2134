"""The one NinjaAPI, mounted at /api/. Each app contributes a router from its api.py."""

from __future__ import annotations

import logging
import sys
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.db import connection
from django.db.utils import DatabaseError, InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.http.multipartparser import MultiPartParserError
from ninja import NinjaAPI, Schema, Status
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.operation import Operation

from accounts.api import router as accounts_router
from certificates.api import credentials_router
from certificates.api import router as certificates_router
from core.api import NINJA_CSRF_FAILED, session_csrf
from core.errors import ApplicationError, NotFound
from core.observability import current_request_id
from core.outage import (
    ERROR_MESSAGE,
    is_outage,
    outage_envelope,
    server_error_headers,
    server_error_page,
)
from core.worker import worker_heartbeat_age
from enquiries.api import router as enquiries_router
from enrolments.api import payments_router
from enrolments.api import router as enrolments_router
from events.api import router as events_router
from internships.api import router as internships_router
from invoices.api import router as invoices_router
from notifications.api import router as notifications_router
from referrals.api import router as referrals_router
from selfservice.api import router as selfservice_router
from teaching.api import router as teaching_router
from web.api import router as web_router

logger = logging.getLogger(__name__)


class Api(NinjaAPI):
    def get_openapi_operation_id(self, operation: Operation) -> str:
        # Readable ids ("enquiry_create") become the names in the generated client.
        return operation.view_func.__name__


api = Api(
    title="Site API",
    version="1",
    description="JSON API of the public site and the learner's dashboard.",
    auth=session_csrf,
    urls_namespace="api",
    docs_url="/docs",
)


def _envelope(
    request: HttpRequest, message: str, status: int, extra: dict | None = None
) -> HttpResponse:
    return api.create_response(request, {"message": message, "extra": extra or {}}, status=status)


@api.exception_handler(ApplicationError)
def on_application_error(request: HttpRequest, exc: ApplicationError) -> HttpResponse:
    response = _envelope(request, exc.message, exc.status_code, exc.extra)
    for name, value in exc.headers.items():
        response[name] = value
    return response


def api_not_found(request: HttpRequest) -> HttpResponse:
    """/api/ paths no endpoint matches (config/urls.py routes them here): the same
    envelope, rendered by the same handler, as a NotFound raised inside an endpoint."""
    return on_application_error(request, NotFound("Not found."))


@api.exception_handler(ValidationError)
def on_validation_error(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    fields: dict[str, str] = {}
    for error in exc.errors:
        loc = [str(part) for part in error.get("loc", []) if part not in ("body", "payload")]
        name = loc[0] if loc else "__all__"
        fields.setdefault(name, _readable(error))
    return _envelope(request, "Please correct the errors below.", 422, {"fields": fields})


def _readable(error: dict) -> str:
    kind = error.get("type", "")
    if kind in ("missing", "string_too_short"):
        return "This field is required."
    message = str(error.get("msg", "Invalid value."))
    return message.removeprefix("Value error, ")


@api.exception_handler(AuthenticationError)
def on_auth_error(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    if request.user.is_authenticated:
        return _envelope(request, "You do not have permission to do this.", 403)
    return _envelope(request, "Please log in to continue.", 401)


@api.exception_handler(HttpError)
def on_http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    if exc.status_code == 403 and str(exc) == NINJA_CSRF_FAILED:
        return _envelope(
            request,
            "Your session has expired or the request could not be verified. "
            "Reload the page and try again.",
            403,
            {"reason": "csrf"},
        )
    return _envelope(request, str(exc), exc.status_code)


@api.exception_handler(MultiPartParserError)
def on_unreadable_body(request: HttpRequest, exc: MultiPartParserError) -> HttpResponse:
    # A multipart body Django cannot parse (no boundary, truncated): the client's fault.
    # It surfaces wherever request.POST is first read, often in the CSRF check.
    return _envelope(request, "The request body could not be read.", 400)


@api.exception_handler(RequestDataTooBig)
def on_body_too_big(request: HttpRequest, exc: RequestDataTooBig) -> HttpResponse:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return _envelope(
        request, "The request is too large.", 413, {"max_bytes": limit} if limit else None
    )


@api.exception_handler(TooManyFieldsSent)
def on_too_many_fields(request: HttpRequest, exc: TooManyFieldsSent) -> HttpResponse:
    return _envelope(request, "The request has too many fields.", 400)


@api.exception_handler(TooManyFilesSent)
def on_too_many_files(request: HttpRequest, exc: TooManyFilesSent) -> HttpResponse:
    return _envelope(request, "The request has too many files.", 400)


def on_database_outage(request: HttpRequest, exc: Any) -> HttpResponse:
    # Every request fails alike while the database is down: one log line each, one Sentry
    # event per outage (core.observability.before_send).
    logger.error("Database unreachable", exc_info=exc)
    response = api.create_response(request, outage_envelope(current_request_id()), status=503)
    response["Retry-After"] = str(settings.OUTAGE_RETRY_AFTER)
    return response


api.add_exception_handler(OperationalError, on_database_outage)
api.add_exception_handler(InterfaceError, on_database_outage)


@api.exception_handler(Exception)
def on_unexpected(request: HttpRequest, exc: Exception) -> HttpResponse:
    logger.exception("Unhandled API error", exc_info=exc)
    # The id a student can quote to staff, who find the log lines and the Sentry event by it.
    return _envelope(request, ERROR_MESSAGE, 500, {"request_id": current_request_id()})


def server_error(request: HttpRequest) -> HttpResponse:
    """Django's handler500 (config/urls.py), for what fails outside an endpoint (a
    middleware meeting a database outage): under /api/ the answer this API's exception
    handlers give (the envelope; 503 for an outage), elsewhere core.outage's page."""
    exc = sys.exc_info()[1]
    if not request.path.startswith("/api/") or not isinstance(exc, Exception):
        return server_error_page(request)
    return server_error_headers(api.on_exception(request, exc), outage=is_outage(exc))


class HealthOut(Schema):
    status: str
    database: str
    # "ok", "stale" (no pass for WORKER_HEARTBEAT_MAX_AGE seconds), "never" (no pass yet on
    # this database) or "unchecked" (WORKER_HEARTBEAT_MAX_AGE=0).
    worker: str


@api.get(
    "/health",
    response={200: HealthOut, 503: HealthOut},
    auth=None,
    tags=["health"],
    summary="Liveness, database reachability and the queue worker's last pass",
)
def health(request: HttpRequest) -> Status[HealthOut]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        worker = _worker_state()
    except DatabaseError:
        logger.warning("Health check: database unreachable", exc_info=True)
        return Status(
            503, HealthOut(status="unavailable", database="unreachable", worker="unknown")
        )
    if worker == "stale":
        return Status(503, HealthOut(status="unavailable", database="ok", worker=worker))
    return Status(200, HealthOut(status="ok", database="ok", worker=worker))


def _worker_state() -> str:
    """A worker that has stopped fails the check; one that never ran on this database (a
    fresh install, a test server without it) does not, and shows as "never"."""
    max_age = settings.WORKER_HEARTBEAT_MAX_AGE
    if not max_age:
        return "unchecked"
    age = worker_heartbeat_age()
    if age is None:
        return "never"
    return "stale" if age.total_seconds() > max_age else "ok"


# Django tries URL patterns in order: the certificate lookup, the busiest endpoint (every
# verify page and QR scan), comes first. The OpenAPI document is sorted, so unchanged.
api.add_router("/certificates", certificates_router)
api.add_router("/credentials", credentials_router)
api.add_router("/auth", accounts_router)
# Sign-up's last step, the data download and the deletion reach into the other apps.
api.add_router("/auth", selfservice_router)
# One answer per server-rendered page (web/api.py): the one road of the pages' reads.
api.add_router("/pages", web_router)
api.add_router("/enquiries", enquiries_router)
api.add_router("/internships", internships_router)
api.add_router("/enrolments", enrolments_router)
api.add_router("/payments", payments_router)
api.add_router("/events", events_router)
api.add_router("/referrals", referrals_router)
api.add_router("/invoices", invoices_router)
api.add_router("/notifications", notifications_router)
api.add_router("/courses", teaching_router)
