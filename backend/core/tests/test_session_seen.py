"""X-Session (core.middleware.SessionSeenMiddleware): what the page server and nginx's
cache decide "signed in" from, as Django saw the visitor, whatever the Cookie header's
spelling (issue 40 item 2)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

pytestmark = pytest.mark.django_db


def test_it_marks_an_answer_built_with_a_logged_in_visitors_session(
    learner_client: Client,
) -> None:
    response = learner_client.get("/api/pages/basic")
    assert response.json()["visitor"] is not None
    assert response["X-Session"] == "1"


def test_it_marks_the_session_django_found_behind_a_prefix_nodes_parser_kept(
    learner_client: Client,
) -> None:
    """U+0085 before the name: Python's str.strip() removes it, JavaScript's trim() keeps
    it; Django finds her session, and says so."""
    session = learner_client.cookies[settings.SESSION_COOKIE_NAME].value
    client = Client(HTTP_COOKIE=f"\xc2\x85{settings.SESSION_COOKIE_NAME}={session}")
    response = client.get("/api/pages/basic")
    assert response.status_code == 200
    assert (response.json()["visitor"] or {}).get("phone"), response.json()
    assert response["X-Session"] == "1"


def test_it_leaves_an_anonymous_answer_unmarked() -> None:
    assert "X-Session" not in Client().get("/api/pages/basic")
    assert "X-Session" not in Client().get("/api/pages/courses")


def test_it_leaves_an_unknown_session_cookie_unmarked() -> None:
    client = Client(HTTP_COOKIE=f"{settings.SESSION_COOKIE_NAME}=no-such-session")
    response = client.get("/api/pages/courses")
    assert response.status_code == 200
    assert "X-Session" not in response


def test_it_leaves_an_answer_that_never_read_the_session_unmarked(
    learner_client: Client,
) -> None:
    response = learner_client.get("/api/health")
    assert "X-Session" not in response
