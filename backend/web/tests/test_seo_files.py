from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_it_keeps_private_areas_out_of_robots(client: Client, settings) -> None:
    settings.SITE_URL = "https://site.example"
    body = client.get("/robots.txt").content.decode()
    for path in ("/dashboard", "/test", "/admin/", "/api/", "/classes/", "/calendar/", "/e/"):
        assert f"Disallow: {path}\n" in body
    assert "Sitemap: https://site.example/sitemap.xml" in body


def test_it_draws_a_link_preview_image(client: Client) -> None:
    response = client.get("/og-image.png")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert response.content[:8] == b"\x89PNG\r\n\x1a\n"
