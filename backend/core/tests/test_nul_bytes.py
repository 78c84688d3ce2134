"""A NUL byte in a page's address answers 400, never 500 (issue 15.8). PostgreSQL cannot
hold NUL in text; run with DATABASE_URL set to PostgreSQL too (make test-pg)."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "url",
    [
        "/Certificate/WD%00-1.png",
        "/LOR/WD-1%00.pdf",
        "/verify/WD%00",
        "/admin/enrolments/enrolment/?q=%00",
        "/courses?ref=IRCTP%00",
    ],
)
def test_a_nul_in_a_pages_address_answers_400(client: Client, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 400
    assert "NUL character" in response.content.decode()


def test_the_admin_search_refuses_a_nul_for_staff_too(staff_client: Client) -> None:
    assert staff_client.get("/admin/enrolments/enrolment/", {"q": "98\x0076"}).status_code == 400
