from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.core.mail.backends.base import BaseEmailBackend
from django.test import Client

from accounts.models import User
from catalog.models import ProjectPackage

API = "/api/enquiries"
FAILING_BACKEND = "enquiries.tests.conftest.FailingEmailBackend"


class FailingEmailBackend(BaseEmailBackend):
    """Stands in for an SMTP server that is down."""

    def send_messages(self, email_messages: Any) -> int:
        raise ConnectionRefusedError("SMTP server unreachable")


@pytest.fixture(autouse=True)
def _email_settings(settings: Any) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.STAFF_NOTIFY_EMAILS = ["inbox@example.com"]
    settings.NOTIFICATION_MAX_ATTEMPTS = 3
    settings.SITE_URL = "https://site.example"
    settings.RATE_LIMIT_ENABLED = True
    settings.RATE_LIMIT_ENQUIRY = "100/h"


@pytest.fixture
def package(db: None) -> ProjectPackage:
    return ProjectPackage.objects.create(
        slug="test-shop", name="Test Shop", price_usd=500, features="Cart\nCheckout"
    )


@pytest.fixture
def retired_package(db: None) -> ProjectPackage:
    return ProjectPackage.objects.create(
        slug="test-retired", name="Retired", price_usd=100, features="Old", is_active=False
    )


@pytest.fixture
def inbox_staff(staff: User) -> User:
    """The staff persona with the permissions the inbox needs (staff without permissions
    see nothing in the admin: Django checks model permissions, not only is_staff)."""
    staff.user_permissions.set(
        Permission.objects.filter(
            content_type__app_label="enquiries",
            codename__in=[
                "view_enquiry",
                "change_enquiry",
                "view_outboundemail",
                "change_outboundemail",
            ],
        )
    )
    return User.objects.get(pk=staff.pk)  # fresh: permissions are cached on the instance


@pytest.fixture
def inbox_client(inbox_staff: User) -> Client:
    client = Client()
    client.force_login(inbox_staff)
    return client


def contact_payload(**overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "kind": "contact",
        "name": "Meera Visitor",
        "email": "meera@example.org",
        "subject": "A question about courses",
        "message": "Hello,\nDo you run weekend batches?",
    }
    data.update(overrides)
    return data


def quote_payload(**overrides: Any) -> dict[str, Any]:
    data = {"kind": "quote", "subject": "Quote for a shop", "package": "test-shop"}
    data.update(overrides)
    return contact_payload(**data)


def post(client: Client, data: dict[str, Any], **extra: Any) -> Any:
    return client.post(API, data=data, content_type="application/json", **extra)
