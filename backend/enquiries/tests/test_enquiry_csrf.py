from __future__ import annotations

import pytest
from django.test import Client

from enquiries.models import Enquiry
from enquiries.tests.conftest import API, contact_payload

pytestmark = pytest.mark.django_db


def test_it_refuses_a_post_without_the_csrf_token(csrf_client: Client) -> None:
    response = csrf_client.post(API, data=contact_payload(), content_type="application/json")

    assert response.status_code == 403
    assert response.json()["extra"] == {"reason": "csrf"}
    assert not Enquiry.objects.exists()


def test_it_refuses_a_token_that_does_not_match_the_cookie(csrf_client: Client) -> None:
    csrf_client.get("/api/auth/csrf")  # this client's cookie
    another_visitors = Client().get("/api/auth/csrf").json()["csrf_token"]

    response = csrf_client.post(
        API,
        data=contact_payload(),
        content_type="application/json",
        HTTP_X_CSRFTOKEN=another_visitors,
    )

    assert response.status_code == 403
    assert not Enquiry.objects.exists()


def test_it_accepts_a_post_with_the_csrf_cookie_and_header(csrf_client: Client) -> None:
    token = csrf_client.get("/api/auth/csrf").json()["csrf_token"]  # sets the cookie too

    response = csrf_client.post(
        API,
        data=contact_payload(),
        content_type="application/json",
        HTTP_X_CSRFTOKEN=token,
    )

    assert response.status_code == 201
    assert Enquiry.objects.count() == 1
