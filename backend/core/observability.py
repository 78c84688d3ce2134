"""What operators see: the request id shared with the Node server, JSON log lines that carry
it, and error reports to Sentry with personal data scrubbed (docs/deploy.md, Monitoring).

The Node server (frontend/server/observability.mjs) gives every request an `X-Request-ID`
and sends it on each call it makes to Django; Django logs it on every line of that
request, sends it back in the response's header and prints it on its error pages, so a
student can quote it to staff and staff find the lines (and the Sentry event) it belongs to.

Without SENTRY_DSN the SDK is never initialised: no event, no check-in, nothing sent.
"""

from __future__ import annotations

import logging
import re
import threading
import time
import uuid
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

import sentry_sdk
from django.core.signals import request_finished
from django.db.utils import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponseBase
from pythonjsonlogger.json import JsonFormatter
from sentry_sdk.scrubber import DEFAULT_DENYLIST, DEFAULT_PII_DENYLIST

REQUEST_ID_HEADER = "X-Request-ID"
# What an id from the front door may look like: a UUID, or any short token without spaces,
# quotes or control characters (it goes into log lines and an HTML page).
_REQUEST_ID_SHAPE = re.compile(r"^[A-Za-z0-9._:-]{8,64}$")

request_id_var: ContextVar[str] = ContextVar("request_id", default="")


def current_request_id() -> str:
    return request_id_var.get()


def new_request_id() -> str:
    return uuid.uuid4().hex


class RequestIdMiddleware:
    """Takes the front door's `X-Request-ID` (or makes one), keeps it for the request's log
    lines and error report, and returns it in the response's header.

    Django is reached only through the Node server or nginx, which replace whatever id a
    visitor sends (frontend/server/observability.mjs), so the header is trusted here; a
    malformed one is replaced rather than logged.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        given = request.headers.get(REQUEST_ID_HEADER, "")
        request_id = given if _REQUEST_ID_SHAPE.match(given) else new_request_id()
        # Kept until the response is finished (forget_request_id), not just until this
        # middleware returns: Django logs a 5xx answer after the middleware have run.
        request_id_var.set(request_id)
        sentry_sdk.set_tag("request_id", request_id)
        response = self.get_response(request)
        response[REQUEST_ID_HEADER] = request_id
        return response


def forget_request_id(**kwargs: Any) -> None:
    """request_finished: lines logged between requests carry no request's id."""
    request_id_var.set("")


request_finished.connect(forget_request_id, dispatch_uid="core.observability.forget_request_id")


class RequestIdFilter(logging.Filter):
    """Puts the current request's id on every log record (`-` outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id_var.get() or "-"
        return True


class JsonLineFormatter(JsonFormatter):
    """One JSON object a line: time, level, logger, message, request id, and the traceback
    of an exception. python-json-logger's formatter, with the field names fixed here."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("fmt", "%(levelname)s %(name)s %(message)s %(request_id)s")
        kwargs.setdefault("rename_fields", {"levelname": "level", "name": "logger"})
        # ISO 8601 in UTC, as the Node server writes it.
        kwargs.setdefault("timestamp", "time")
        super().__init__(*args, **kwargs)


# --- Sentry: what never leaves the machine ----------------------------------------------

FILTERED = "[Filtered]"
# Keys whose values are dropped wherever they appear in an event (request bodies, headers,
# cookies, extra data, local variables, breadcrumbs), on top of the SDK's own list.
SENSITIVE_KEYS = [
    "phone",
    "mobile",
    "to",
    "email",
    "name",
    "utr",
    "old_utr",
    "new_utr",
    "code",
    "otp",
    "password1",
    "password2",
    "new_password",
    "old_password",
    "current_password",
    "upi_id",
    "vpa",
    "address",
    "x-forwarded-for",
    "x-real-ip",
    "remote_addr",
]
# Values that look like personal data, wherever they appear in text (an exception's message,
# a log line, a breadcrumb, a URL's query string). The same spellings as the Node server's
# scrubber (frontend/server/observability.mjs), so both sides filter the same text.
# An address, its local part quoted too ("priya sharma"@example.com).
_EMAIL = re.compile(r"""(?:"[^"\r\n]+"|[\w.+-]+)@[\w-]+(?:\.[\w-]+)+""")
# A run of digits however it is spaced: 98765 43210, +91 9876 543 210, 987-654-3210,
# (987) 654-3210, a UTR as 1234 5678 9012 (_personal_number decides which runs are numbers).
_DIGIT_RUN = re.compile(r"(?<!\w)\+?\(?\d(?:[\s().-]{0,2}\d)+")
# Then any 10 to 13 digit run (a UTR is 12 digits, a phone in E.164 without + is 12).
_LONG_DIGITS = re.compile(r"(?<!\d)\d{10,13}(?!\d)")
_NOT_DIGITS = re.compile(r"\D+")


def _personal_number(run: str) -> bool:
    """Whether a run of digits is a phone number, UTR, account or card number: 10 to 16
    digits in groups of three or more (a leading country code or trunk 0 may be shorter),
    so that a date and time (2026-12-03 11:41) or an address (203.0.113.7) stay readable."""
    groups = [group for group in _NOT_DIGITS.split(run) if group]
    if not 10 <= sum(len(group) for group in groups) <= 16:
        return False
    return all(
        len(group) >= 3 or (index == 0 and len(groups) > 1) for index, group in enumerate(groups)
    )


def scrub_text(text: str) -> str:
    text = _EMAIL.sub(FILTERED, text)
    text = _DIGIT_RUN.sub(lambda m: FILTERED if _personal_number(m.group(0)) else m.group(0), text)
    return _LONG_DIGITS.sub(FILTERED, text)


# Parts of an event the SDK writes itself (ids, versions, code locations): left as they are,
# so a hex id that happens to hold a run of digits stays intact. Not `contexts`: what an
# integration or a call put there (set_context, a response's details) is scrubbed as
# everything else is; the ids inside it keep by their own names (trace_id, span_id).
_OWN_KEYS = frozenset(
    {
        "event_id",
        "trace_id",
        "span_id",
        "parent_span_id",
        "check_in_id",
        "monitor_slug",
        "release",
        "dist",
        "environment",
        "sdk",
        "platform",
        "timestamp",
        "start_timestamp",
        "modules",
        "tags",
        "filename",
        "abs_path",
        "module",
        "function",
        "lineno",
    }
)


# Keys whose values go whatever they hold: the SDK's own lists (passwords, tokens, cookies,
# sessions, IP addresses) and ours. (The SDK's EventScrubber is switched off once
# data_collection is given, so before_send applies the list.)
_DENIED_KEYS = frozenset(
    k.lower() for k in DEFAULT_DENYLIST + DEFAULT_PII_DENYLIST + SENSITIVE_KEYS
)


def _scrub_item(key: Any, item: Any) -> Any:
    if isinstance(key, str) and key.lower() in _DENIED_KEYS and item is not None:
        return FILTERED
    return item if key in _OWN_KEYS else _scrub_values(item)


def _scrub_values(value: Any) -> Any:
    if isinstance(value, str):
        return scrub_text(value)
    if isinstance(value, dict):
        return {key: _scrub_item(key, item) for key, item in value.items()}
    if isinstance(value, list):
        return [_scrub_values(item) for item in value]
    if isinstance(value, tuple):
        return tuple(_scrub_values(item) for item in value)
    return value


class OutageThrottle:
    """One report of a database outage per window, not one per request that meets it."""

    def __init__(self, window_seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.window = window_seconds
        self.clock = clock
        self.last: float | None = None
        self.lock = threading.Lock()

    def allow(self) -> bool:
        with self.lock:
            now = self.clock()
            if self.last is not None and now - self.last < self.window:
                return False
            self.last = now
            return True


outage_throttle = OutageThrottle(window_seconds=300)


def is_database_outage(event: dict[str, Any], hint: dict[str, Any]) -> bool:
    exc_info = hint.get("exc_info")
    if exc_info and isinstance(exc_info[1], (OperationalError, InterfaceError)):
        return True
    values = (event.get("exception") or {}).get("values") or []
    return any(v.get("type") in ("OperationalError", "InterfaceError") for v in values)


def before_send(event: dict[str, Any], hint: dict[str, Any]) -> dict[str, Any] | None:
    """Scrubs what the key list cannot catch (values in text) and sends one event per
    database outage window (every request during an outage fails the same way)."""
    if is_database_outage(event, hint) and not outage_throttle.allow():
        return None
    return _scrub_values(event)


def before_breadcrumb(crumb: dict[str, Any], hint: dict[str, Any]) -> dict[str, Any] | None:
    return _scrub_values(crumb)


def sentry_init(*, dsn: str, environment: str, release: str, traces_sample_rate: float) -> None:
    """Error reports (and, when sampled, traces) to Sentry; personal data stays here."""
    from sentry_sdk.integrations.django import DjangoIntegration
    from sentry_sdk.integrations.logging import LoggingIntegration

    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        release=release or None,
        integrations=[
            DjangoIntegration(),
            # Log records of ERROR and above become events; the rest, breadcrumbs.
            LoggingIntegration(level=logging.INFO, event_level=logging.ERROR),
        ],
        # What the SDK may collect at all (its successor to send_default_pii=False, which
        # 2.x deprecates): no user, cookies, bodies, query strings, SQL parameters or local
        # variables, and only headers that say nothing about the visitor. The scrubbers
        # below are the second line, not the first.
        data_collection={
            "user_info": False,
            "cookies": {"mode": "off"},
            "http_headers": {
                "request": {
                    "mode": "allowlist",
                    "terms": ["accept", "content-type", "content-length", "host", "user-agent"],
                }
            },
            "http_bodies": [],
            "url_query_params": {"mode": "off"},
            "database_query_data": False,
            "stack_frame_variables": False,
        },
        before_send=before_send,  # type: ignore[arg-type]
        before_breadcrumb=before_breadcrumb,  # type: ignore[arg-type]
        traces_sample_rate=traces_sample_rate,
    )


# --- Cron monitors: the worker's passes and the nightly jobs check in -----------------


class CheckinThrottle:
    """The worker passes every few seconds; Sentry hears from it once a minute."""

    def __init__(self, every_seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.every = every_seconds
        self.clock = clock
        self.last: dict[str, float] = {}

    def due(self, slug: str) -> bool:
        now = self.clock()
        last = self.last.get(slug)
        if last is not None and now - last < self.every:
            return False
        self.last[slug] = now
        return True


checkin_throttle = CheckinThrottle(every_seconds=60)


def heartbeat_checkin(slug: str) -> None:
    """A heartbeat check-in for a long-running loop (the queue worker): Sentry's monitor
    expects one a minute and alerts when two are missed. Nothing without SENTRY_DSN."""
    from sentry_sdk.crons import capture_checkin
    from sentry_sdk.crons.consts import MonitorStatus

    if not sentry_sdk.get_client().is_active() or not checkin_throttle.due(slug):
        return
    capture_checkin(
        monitor_slug=slug,
        status=MonitorStatus.OK,
        monitor_config={
            "schedule": {"type": "interval", "value": 1, "unit": "minute"},
            "checkin_margin": 2,
            "max_runtime": 5,
            "failure_issue_threshold": 1,
        },
    )
