"""Staff hear that their notifications have nowhere to go (issue 33 item 4): the home page
says so (To do and Before launch) and links to the staff accounts; the failed emails list
says why each failed, in its own column."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
import time_machine
from django.core.management import call_command
from django.test import Client
from post_office.models import STATUS, Email

from accounts.models import User
from core.email import NO_RECIPIENTS, email_queue, staff_email_queue

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
    # Plain words first; the setting only for whoever runs the server, after them.
    words = page.index("Nobody is told about new enquiries")
    assert "add your email and save" in page
    assert words < page.index("STAFF_NOTIFY_EMAILS")
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
    assert "Nobody to send it to: add an email address to a staff account" in content
    assert NO_RECIPIENTS.split(":")[0] in content
    assert "Message-ID" not in content


def test_a_staff_email_sent_again_goes_to_the_address_known_now(
    office: Client, settings: Any
) -> None:
    """Issue 41 item 11: after a staff account gets an email, "Send the selected emails
    again" sends the failed staff emails there, and the list shows to whom and when."""
    settings.STAFF_NOTIFY_EMAILS = []
    User.objects.filter(is_staff=True).update(email="")
    stuck = staff_email_queue(subject="New enquiry", body="Body", topic="enquiry.received")
    student = email_queue(to=[], subject="Payment confirmed", body="Body", topic="x")
    assert stuck.status == student.status == STATUS.failed

    refused = office.post(
        "/admin/post_office/email/",
        {"action": "requeue", "_selected_action": [stuck.pk]},
        follow=True,
    ).content.decode()
    assert "still has nobody to go to" in refused
    assert Email.objects.get(pk=stuck.pk).status == STATUS.failed

    User.objects.filter(is_staff=True).update(email="boss@example.com")
    done = office.post(
        "/admin/post_office/email/",
        {"action": "requeue", "_selected_action": [stuck.pk, student.pk]},
        follow=True,
    ).content.decode()
    assert "1 email queued to be sent again." in done
    assert "1 email still has nobody to go to" in done
    with time_machine.travel(datetime(2026, 12, 7, 9, 30, tzinfo=UTC), tick=False):
        call_command("send_queued_mail")
    sent = Email.objects.get(pk=stuck.pk)
    assert sent.to == ["boss@example.com"] and sent.status == STATUS.sent
    listing = office.get("/admin/post_office/email/").content.decode()
    row = next(r for r in listing.split("<tr") if "New enquiry" in r)
    assert "boss@example.com" in row and "7 Dec 2026, 15:00" in row
    # The student's email (no staff audience) is never sent to the staff.
    assert Email.objects.get(pk=student.pk).to == []
