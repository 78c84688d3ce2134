"""Staff hear that their notifications have nowhere to go (issue 33 item 4): the home page
says so (To do and Before launch) and links to the staff accounts; the failed emails list
says why each failed, in its own column."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from post_office.models import STATUS

from accounts.models import User
from core.email import NO_RECIPIENTS, email_queue

pytestmark = pytest.mark.django_db


@pytest.fixture
def office(db: None) -> Client:
    boss = User.objects.create_superuser(phone="9000000777", name="Root", password="x-long-pass-1")
    client = Client()
    client.force_login(boss)
    return client


def test_the_home_page_says_staff_notifications_have_nowhere_to_go(
    office: Client, settings: Any
) -> None:
    settings.STAFF_NOTIFY_EMAILS = []

    page = office.get("/admin/").content.decode()

    assert 'data-testid="notify-warning"' in page
    assert "STAFF_NOTIFY_EMAILS" in page
    assert 'href="/admin/accounts/user/?is_staff__exact=1"' in page

    settings.STAFF_NOTIFY_EMAILS = ["office@example.com"]
    assert "STAFF_NOTIFY_EMAILS" not in office.get("/admin/").content.decode()


def test_the_failed_emails_list_says_why(office: Client, settings: Any) -> None:
    settings.STAFF_NOTIFY_EMAILS = []
    email = email_queue(to=[], subject="Hi", body="Body", topic="enquiry.received")
    assert email.status == STATUS.failed

    page = office.get("/admin/post_office/email/", {"status__exact": STATUS.failed})

    content = page.content.decode()
    assert "why it failed" in content.lower()
    assert "No recipients configured" in content and NO_RECIPIENTS.split(":")[0] in content
    assert "Message-ID" not in content
