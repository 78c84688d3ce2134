"""The emails the site sends, in the back office as the office reads them (issue 33 item
7): to whom, the subject, whether it went and when, why one failed, the text; none of
django-post-office's internals (Message-ID, priority, templates, attachment records) and
no "Post Office" in the breadcrumbs."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
import time_machine
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.models import Permission
from django.test import Client
from post_office.models import STATUS, Email

from accounts.models import User
from core.email import email_queue, staff_email_queue
from core.tests.admin_pages import links_to

pytestmark = pytest.mark.django_db

EMAILS = "/admin/post_office/email/"
INTERNALS = ("Message-ID", "Message id", "Priority", "Use Template", "Post Office", "Backend")


@pytest.fixture(autouse=True)
def _no_staff_list(settings: Any) -> None:
    settings.STAFF_NOTIFY_EMAILS = []


def office(user: User, *codenames: str) -> Client:
    user.user_permissions.set(
        Permission.objects.filter(content_type__app_label="post_office", codename__in=codenames)
    )
    client = Client()
    client.force_login(User.objects.get(pk=user.pk))
    return client


@pytest.fixture
def emails(staff: User) -> tuple[Email, Email]:
    User.objects.filter(is_staff=True).update(email="")  # the staff email finds nobody
    with time_machine.travel(datetime(2026, 11, 27, 6, 19, tzinfo=UTC), tick=False):
        sent = email_queue(
            to="asha@example.com",
            subject="Payment confirmed",
            body="Hello Asha,\nWe have received your payment.",
            attachments={"INV-26-27-000001.pdf": (b"%PDF-1.4", "application/pdf")},
        )
        failed = staff_email_queue(subject="New enquiry", body="Someone wrote.", topic="x")
    return sent, failed


def test_the_list_says_who_what_and_whether_it_went_in_plain_words(
    staff: User, emails: tuple[Email, Email]
) -> None:
    sent, _ = emails

    page = office(staff, "view_email").get(EMAILS).content.decode()

    assert links_to(page, f"{EMAILS}{sent.pk}/change/", "asha@example.com")
    assert links_to(page, f"{EMAILS}{sent.pk}/change/", "Payment confirmed")
    assert "Waiting to be sent" in page and "Failed" in page
    assert "27 Nov 2026, 11:49" in page
    assert "Nobody to send it to" in page  # why the failed one failed
    for word in INTERNALS:
        assert word not in page, word


def test_an_emails_page_shows_the_text_and_nothing_to_edit(
    staff: User, emails: tuple[Email, Email]
) -> None:
    sent, _ = emails

    response = office(staff, "view_email", "change_email").get(f"{EMAILS}{sent.pk}/change/")

    page = response.content.decode()
    assert response.status_code == 200
    assert "Hello Asha,<br>We have received your payment." in page
    assert "INV-26-27-000001.pdf" in page
    # The breadcrumbs: Messages > Emails > asha@example.com.
    assert links_to(page, "/admin/post_office/", "Messages")
    assert links_to(page, EMAILS, "Emails")
    for word in INTERNALS:
        assert word not in page, word
    assert "<select" not in page.split('id="content-main"')[1]
    assert 'name="_save"' not in page


def test_failed_emails_are_filtered_by_the_home_pages_link_and_sent_again(
    staff: User, emails: tuple[Email, Email]
) -> None:
    _, failed = emails
    client = office(staff, "view_email", "change_email")
    User.objects.filter(pk=staff.pk).update(email="office@example.com")

    listing = client.get(EMAILS, {"status__exact": STATUS.failed}).content.decode()
    done = client.post(
        EMAILS, {"action": "requeue", ACTION_CHECKBOX_NAME: [failed.pk]}, follow=True
    ).content.decode()

    assert "New enquiry" in listing and "Payment confirmed" not in listing
    assert "1 email queued to be sent again." in done
    failed.refresh_from_db()
    assert failed.status == STATUS.queued


def test_the_messages_app_lists_only_the_emails() -> None:
    root = User.objects.create_superuser(phone="9000000777", name="Root", password="x-long-pass-1")
    client = Client()
    client.force_login(root)

    page = client.get("/admin/post_office/").content.decode()

    assert "Messages" in page and "Post Office" not in page
    assert "/admin/post_office/email/" in page
    for internal in ("/admin/post_office/log/", "/admin/post_office/emailtemplate/"):
        assert internal not in page
