"""The pages' answers (GET /api/pages/<page>, web/api.py), the one road the site's JSON
reads take: tests of what a page shows ask for the page and read its field."""

from __future__ import annotations

from typing import Any

from django.test import Client

PAGES = "/api/pages"


def page_json(client: Client, page: str, /, **query: str) -> Any:
    """The answer of GET /api/pages/<page> (which must be 200)."""
    response = client.get(f"{PAGES}/{page.lstrip('/')}", query)
    assert response.status_code == 200, (page, response.status_code, response.content[:500])
    return response.json()


def visitor(client: Client) -> Any:
    """Who the pages say is logged in in this client's session: the account (as UserOut
    renders it), or None."""
    return page_json(client, "basic")["visitor"]
