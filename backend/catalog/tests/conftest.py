from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from core.tests.pages import page_json


@pytest.fixture
def page(client: Client):
    """GET /api/pages/<page> (200) and return its decoded JSON."""

    def _get(name: str, /, **query: str) -> Any:
        return page_json(client, name, **query)

    return _get


@pytest.fixture
def course_page(client: Client):
    """The `course` of the page found at `path` (None when no active course has it: 404)."""

    def _get(path: str) -> Any:
        response = client.get("/api/pages/path", {"path": path})
        if response.status_code == 404:
            return None
        assert response.status_code == 200, response.content[:500]
        return response.json()["course"]

    return _get
