from __future__ import annotations

from typing import Any

import pytest
from django.test import Client


@pytest.fixture
def get_json(client: Client):
    """GET an API path and return (status, decoded JSON)."""

    def _get(url: str, /, **params: Any) -> tuple[int, Any]:
        response = client.get(url, params)
        return response.status_code, response.json()

    return _get
