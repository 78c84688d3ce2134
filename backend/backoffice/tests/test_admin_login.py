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


def test_a_wrong_password_gets_one_error_box_and_a_way_to_recover(staff: User) -> None:
    """Issue 41 item 13: one box saying what is wrong (not two stacked), and "Forgot
    password?" leading to the site's recovery page."""
    page = Client().post("/admin/login/", {"username": STAFF.phone, "password": "not-it-1234"})

    html = page.content.decode()
    assert page.status_code == 200
    assert html.count('role="alert"') == 1
    assert "Please correct the error below." not in html
    assert "Please enter the correct phone number and password for a staff account" in html
    assert 'href="/forgot-password"' in html and "Forgot password?" in html


def test_an_empty_form_says_so_once() -> None:
    html = Client().post("/admin/login/", {"username": "", "password": ""}).content.decode()
    assert html.count('role="alert"') == 1
    assert "Please correct the errors below." in html
