"""/admin/login/ opened directly (no ?next=) lands in the back office (issue 33 item 5)."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from core.tests.base import PASSWORD, STAFF

pytestmark = pytest.mark.django_db


def test_the_admin_login_page_lands_in_the_back_office(staff: User) -> None:
    client = Client()

    response = client.post("/admin/login/", {"username": STAFF.phone, "password": PASSWORD})

    assert response.status_code == 302 and response["Location"] == "/admin/"
    assert client.get(response["Location"]).status_code == 200
