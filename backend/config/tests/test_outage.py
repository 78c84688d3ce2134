"""An outage answered honestly: while the database cannot be reached the API answers 503
with Retry-After and the error envelope, the admin a short 503 page (never a 500 or a
stack trace), and Sentry gets one event for the outage, not one per request."""

from __future__ import annotations

from collections.abc import Iterator
from unittest import mock

import pytest
from django.db.backends.utils import CursorWrapper
from django.db.utils import OperationalError
from django.test import Client

from core.tests.sentry_recorder import Recorder, sentry_recorder

pytestmark = pytest.mark.django_db


@pytest.fixture
def database_down() -> Iterator[None]:
    """Every query fails as it does when PostgreSQL is restarting."""
    error = OperationalError("connection to server at 127.0.0.1, port 5432 failed")
    with (
        mock.patch.object(CursorWrapper, "execute", side_effect=error),
        mock.patch.object(CursorWrapper, "executemany", side_effect=error),
    ):
        yield


@pytest.fixture
def recorder() -> Iterator[Recorder]:
    with sentry_recorder() as recorder:
        yield recorder


def test_the_api_answers_503_with_retry_after_and_the_envelope(
    client: Client, database_down: None
) -> None:
    response = client.get("/api/pages/courses", HTTP_X_REQUEST_ID="req-0123456789abcdef")

    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    assert response.json() == {
        "message": "The site is briefly unavailable. Please try again in a moment.",
        "extra": {"retry_after": 30, "request_id": "req-0123456789abcdef"},
    }


def test_a_write_to_the_api_answers_503_too(client: Client, database_down: None) -> None:
    response = client.post(
        "/api/enquiries",
        {"kind": "contact", "name": "A", "email": "a@example.org", "subject": "s", "message": "m"},
        content_type="application/json",
    )

    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    assert response.json()["extra"]["retry_after"] == 30


def test_the_admin_answers_a_short_503_page(
    staff_client: Client, database_down: None, settings: object
) -> None:
    staff_client.raise_request_exception = False
    response = staff_client.get("/admin/", HTTP_X_REQUEST_ID="req-0123456789abcdef")

    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    assert response["Content-Type"] == "text/html; charset=utf-8"
    page = response.content.decode()
    assert "Back in a moment" in page
    assert "req-0123456789abcdef" in page
    assert "Traceback" not in page and "OperationalError" not in page


def test_the_api_answers_503_when_middleware_meets_the_outage(
    learner_client: Client, database_down: None
) -> None:
    # The session is read before any view: the outage surfaces in the middleware.
    learner_client.raise_request_exception = False
    response = learner_client.get("/api/pages/basic")

    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    assert response.json()["message"].startswith("The site is briefly unavailable")


def test_sentry_gets_one_event_for_the_outage_not_one_per_request(
    client: Client, staff_client: Client, recorder: Recorder, database_down: None
) -> None:
    staff_client.raise_request_exception = False
    for _ in range(5):
        assert client.get("/api/pages/courses").status_code == 503
        assert staff_client.get("/admin/").status_code == 503

    events = recorder.events()
    assert len(events) == 1
    assert events[0]["exception"]["values"][-1]["type"] == "OperationalError"
