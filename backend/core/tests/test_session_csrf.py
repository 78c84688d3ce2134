"""The API's default auth (core.api.SessionCsrf) lets anyone through without looking the
visitor up: only endpoints that use the visitor load the session."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from certificates.tests.conftest import make

pytestmark = pytest.mark.django_db


def test_a_public_answer_does_not_load_a_signed_in_visitors_session(
    learner_client: Client,
) -> None:
    make("WD-001")
    learner_client.get("/api/certificates/WD-001")
    with CaptureQueriesContext(connection) as queries:
        response = learner_client.get("/api/certificates/WD-001")
    assert response.status_code == 200
    tables = " ".join(q["sql"] for q in queries.captured_queries)
    assert "django_session" not in tables
    assert "accounts_user" not in tables
    # Nothing in it depends on the cookie, so shared caches need not key on it.
    assert "Vary" not in response


def test_an_answer_about_the_visitor_still_varies_with_the_cookie(
    learner_client: Client,
) -> None:
    response = learner_client.get("/api/pages/basic")
    assert response.json()["visitor"] is not None
    assert response["Vary"] == "Cookie"
    assert Client().get("/api/pages/basic")["Vary"] == "Cookie"


def test_a_post_without_the_csrf_token_gets_the_envelope_from_ninjas_own_check() -> None:
    # django-ninja's cookie auth (csrf=True) raises HttpError(403, NINJA_CSRF_FAILED);
    # config/api.py shapes it. A django-ninja release that rewords it fails here.
    client = Client(enforce_csrf_checks=True)
    response = client.post("/api/enquiries", {}, content_type="application/json")
    assert response.status_code == 403
    assert response.json() == {
        "message": "Your session has expired or the request could not be verified. "
        "Reload the page and try again.",
        "extra": {"reason": "csrf"},
    }
