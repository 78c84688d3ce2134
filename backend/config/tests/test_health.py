from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta
from typing import Any
from unittest import mock

import pytest
import time_machine
from django.core.management import call_command
from django.db.utils import OperationalError
from django.test import Client

pytestmark = pytest.mark.django_db


def test_it_reports_ok_when_the_database_answers(client: Client) -> None:
    response = client.get("/api/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "worker": "never"}


def test_it_reports_503_when_the_database_is_unreachable(client: Client) -> None:
    with mock.patch("config.api.connection.cursor", side_effect=OperationalError("down")):
        response = client.get("/api/health")
    assert response.status_code == 503
    assert response.json()["status"] == "unavailable"


def test_it_publishes_the_openapi_schema_with_readable_ids(client: Client) -> None:
    schema = client.get("/api/openapi.json").json()
    ids = {op["operationId"] for path in schema["paths"].values() for op in path.values()}
    assert {"health", "page_home_get", "enquiry_create"} <= ids


def test_it_answers_unknown_api_paths_with_the_envelope(client: Client) -> None:
    response = client.get("/api/nothing-here")
    assert response.status_code == 404
    assert response.json() == {"message": "Not found.", "extra": {}}


def test_it_reports_503_when_the_queue_worker_has_not_run_for_five_minutes(
    client: Client,
) -> None:
    start = datetime(2026, 11, 27, 6, 0, tzinfo=UTC)
    with time_machine.travel(start, tick=False):
        call_command("send_queued_mail_loop", "--once", stdout=io.StringIO())
    with time_machine.travel(start + timedelta(minutes=4, seconds=59), tick=False):
        fresh = client.get("/api/health")
    with time_machine.travel(start + timedelta(minutes=5, seconds=1), tick=False):
        stale = client.get("/api/health")

    assert fresh.status_code == 200
    assert fresh.json()["worker"] == "ok"
    assert stale.status_code == 503
    assert stale.json() == {"status": "unavailable", "database": "ok", "worker": "stale"}


def test_the_worker_check_can_be_switched_off(client: Client, settings: Any) -> None:
    settings.WORKER_HEARTBEAT_MAX_AGE = 0
    assert client.get("/api/health").json()["worker"] == "unchecked"


def test_it_answers_unknown_api_paths_as_the_api_answers_its_own_404s(client: Client) -> None:
    unknown = client.get("/api/nothing-here")
    known = client.get("/api/certificates/NO-SUCH-1")
    assert unknown["Content-Type"] == known["Content-Type"]
    assert unknown.json()["extra"] == known.json()["extra"]
