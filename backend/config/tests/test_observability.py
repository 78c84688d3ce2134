"""Errors someone sees (docs/product.md section 11, operations): with SENTRY_DSN set, an
unhandled error reaches Sentry (here a recorder on 127.0.0.1) with personal data scrubbed;
the queue worker and the nightly jobs check in as cron monitors; log lines are JSON with
the request id the Node server sends, which comes back in the response and on error pages."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest
from django.core.management import call_command
from django.test import Client

from core.models import WorkerHeartbeat
from core.tests.sentry_recorder import Recorder, sentry_recorder

pytestmark = pytest.mark.django_db

PHONE = "9876543210"
EMAIL = "asha.learner@example.com"
UTR = "412345678901"
PASSWORD = "correct-horse-battery"


@pytest.fixture
def recorder() -> Iterator[Recorder]:
    with sentry_recorder() as recorder:
        yield recorder


@pytest.fixture
def log_lines() -> Iterator[io.StringIO]:
    """What settings.LOGGING's console handler writes during the test."""
    handler = next(h for h in logging.getLogger().handlers if h.name == "console")
    stream = io.StringIO()
    previous = handler.setStream(stream)  # type: ignore[attr-defined]
    try:
        yield stream
    finally:
        handler.setStream(previous)  # type: ignore[attr-defined]


def failing_enquiry(**kwargs: Any) -> None:
    logging.getLogger("enquiries.services").warning(
        "Storing the enquiry of %s (%s), paid with UTR %s", EMAIL, PHONE, UTR
    )
    raise RuntimeError(f"Could not store the enquiry of {EMAIL}, +91 {PHONE}, UTR {UTR}")


def post_failing_enquiry(client: Client, **headers: str) -> Any:
    payload = {
        "kind": "contact",
        "name": "Asha Learner",
        "email": EMAIL,
        "subject": f"My phone is {PHONE}",
        "message": f"My password is {PASSWORD} and my UTR is {UTR}",
    }
    with mock.patch("enquiries.services.enquiry_create", side_effect=failing_enquiry):
        return client.post(
            "/api/enquiries",
            json.dumps(payload),
            content_type="application/json",
            HTTP_COOKIE=f"sessionid=secret-session; phone={PHONE}",
            **headers,
        )


def test_it_reports_an_unhandled_error_with_personal_data_scrubbed(
    client: Client, recorder: Recorder
) -> None:
    response = post_failing_enquiry(client, HTTP_X_REQUEST_ID="req-0123456789abcdef")

    assert response.status_code == 500
    assert response.json()["extra"]["request_id"] == "req-0123456789abcdef"
    events = recorder.events()
    assert len(events) == 1
    event = events[0]
    assert event["exception"]["values"][-1]["type"] == "RuntimeError"
    assert event["tags"]["request_id"] == "req-0123456789abcdef"
    sent = recorder.raw()
    for secret in (PHONE, EMAIL, UTR, PASSWORD, "secret-session", "Asha Learner"):
        assert secret not in sent
    assert "[Filtered]" in event["exception"]["values"][-1]["value"]


def test_it_sends_nothing_without_a_dsn(client: Client) -> None:
    import sentry_sdk

    assert not sentry_sdk.get_client().is_active()
    assert post_failing_enquiry(client).status_code == 500


def test_the_queue_worker_checks_in_as_a_cron_monitor_and_records_its_heartbeat(
    recorder: Recorder,
) -> None:
    call_command("send_queued_mail_loop", "--once", stdout=io.StringIO())

    check_ins = recorder.check_ins()
    assert [(c["monitor_slug"], c["status"]) for c in check_ins] == [
        ("send-queued-mail-loop", "ok")
    ]
    assert check_ins[0]["monitor_config"]["schedule"] == {
        "type": "interval",
        "value": 1,
        "unit": "minute",
    }
    assert WorkerHeartbeat.objects.filter(name="queue").exists()


def test_a_nightly_job_checks_in_when_it_starts_and_when_it_ends(recorder: Recorder) -> None:
    call_command("cron_job", "clearsessions", "--schedule", "15 3 * * *")

    check_ins = recorder.check_ins()
    assert [(c["monitor_slug"], c["status"]) for c in check_ins] == [
        ("clearsessions", "in_progress"),
        ("clearsessions", "ok"),
    ]
    assert check_ins[0]["monitor_config"]["schedule"] == {"type": "crontab", "value": "15 3 * * *"}


def test_a_failing_nightly_job_checks_in_as_an_error(recorder: Recorder) -> None:
    with mock.patch("django.contrib.sessions.backends.db.SessionStore.clear_expired") as clear:
        clear.side_effect = RuntimeError("disk full")
        with pytest.raises(RuntimeError):
            call_command("cron_job", "clearsessions")

    assert [c["status"] for c in recorder.check_ins()] == ["in_progress", "error"]


def test_log_lines_are_json_with_the_request_id(client: Client, log_lines: io.StringIO) -> None:
    response = post_failing_enquiry(client, HTTP_X_REQUEST_ID="req-0123456789abcdef")

    assert response["X-Request-ID"] == "req-0123456789abcdef"
    records = [json.loads(line) for line in log_lines.getvalue().splitlines()]
    assert records, "nothing was logged"
    assert {r["request_id"] for r in records} == {"req-0123456789abcdef"}
    error = next(r for r in records if r["message"] == "Unhandled API error")
    assert error["level"] == "ERROR"
    assert error["logger"] == "config.api"
    assert "RuntimeError" in error["exc_info"]
    assert {"time", "level", "logger", "message", "request_id"} <= error.keys()


def test_it_makes_a_request_id_when_the_front_door_sent_none_or_a_malformed_one(
    client: Client,
) -> None:
    made = client.get("/api/health")["X-Request-ID"]
    replaced = client.get("/api/health", HTTP_X_REQUEST_ID='<script>"')["X-Request-ID"]

    assert len(made) == 32 and len(replaced) == 32 and made != replaced
    assert "<" not in replaced


def test_the_error_page_outside_the_api_shows_the_request_id(staff_client: Client) -> None:
    staff_client.raise_request_exception = False
    with mock.patch("backoffice.home.dashboard_callback", side_effect=RuntimeError("boom")):
        response = staff_client.get("/admin/", HTTP_X_REQUEST_ID="req-0123456789abcdef")

    assert response.status_code == 500
    assert response["X-Request-ID"] == "req-0123456789abcdef"
    assert b"req-0123456789abcdef" in response.content
    assert b"Traceback" not in response.content
