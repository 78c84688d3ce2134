from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from post_office.models import STATUS

from accounts.models import User
from core.email import staff_email_queue
from enquiries.models import Enquiry

pytestmark = pytest.mark.django_db

CHANGELIST = "/admin/enquiries/enquiry/"


@pytest.fixture
def enquiry(db: None) -> Enquiry:
    return Enquiry.objects.create(
        kind=Enquiry.Kind.CONTACT,
        name="Meera Visitor",
        email="meera@example.org",
        subject="Weekend batches?",
        message="Do you run weekend batches?",
    )


def test_it_lists_enquiries_for_staff(inbox_client: Client, enquiry: Enquiry) -> None:
    response = inbox_client.get(CHANGELIST, {"q": "weekend", "status__exact": "new"})

    assert response.status_code == 200
    assert b"Meera Visitor" in response.content


def test_it_shows_an_enquiry_read_only_with_a_reply_link(
    inbox_client: Client, enquiry: Enquiry
) -> None:
    response = inbox_client.get(f"{CHANGELIST}{enquiry.pk}/change/")

    assert response.status_code == 200
    assert (
        b'href="mailto:meera@example.org?subject=Re%3A%20Weekend%20batches%3F"' in response.content
    )
    assert b'name="message"' not in response.content
    assert b'name="staff_note"' in response.content


def test_the_reply_link_cannot_be_injected_through_the_email(
    inbox_client: Client, enquiry: Enquiry
) -> None:
    """Issue 15.11: the mailto: link was built from the unquoted address."""
    Enquiry.objects.filter(pk=enquiry.pk).update(
        email='x@example.org?cc=boss@example.org&body=hi"><script>alert(1)</script>'
    )

    page = inbox_client.get(f"{CHANGELIST}{enquiry.pk}/change/").content.decode()

    href = page.split('href="mailto:', 1)[1].split('"', 1)[0]
    assert href.startswith("x@example.org%3Fcc%3Dboss@example.org%26body%3Dhi%22%3E%3Cscript%3E")
    assert href.count("?") == 1 and "&" not in href.replace("&amp;", "")
    assert "<script>alert(1)</script>" not in page


def test_it_saves_a_note_and_records_who_handled_the_enquiry(
    inbox_client: Client, inbox_staff: User, enquiry: Enquiry
) -> None:
    response = inbox_client.post(
        f"{CHANGELIST}{enquiry.pk}/change/",
        {"status": "handled", "staff_note": "Called back.", "message": "tampered"},
    )

    assert response.status_code == 302
    enquiry.refresh_from_db()
    assert enquiry.staff_note == "Called back."
    assert enquiry.status == Enquiry.Status.HANDLED
    assert enquiry.handled_by == inbox_staff
    assert enquiry.handled_at is not None
    assert enquiry.message == "Do you run weekend batches?"


def test_it_marks_enquiries_handled_and_new_with_actions(
    inbox_client: Client, inbox_staff: User, enquiry: Enquiry
) -> None:
    response = inbox_client.post(
        CHANGELIST, {"action": "mark_handled", "_selected_action": [enquiry.pk]}
    )

    assert response.status_code == 302
    enquiry.refresh_from_db()
    assert enquiry.status == Enquiry.Status.HANDLED
    assert enquiry.handled_by == inbox_staff
    assert enquiry.handled_at is not None

    inbox_client.post(CHANGELIST, {"action": "mark_new", "_selected_action": [enquiry.pk]})
    enquiry.refresh_from_db()
    assert enquiry.status == Enquiry.Status.NEW
    assert enquiry.handled_by is None
    assert enquiry.handled_at is None


def test_it_shows_nothing_to_staff_without_the_inbox_permissions(
    staff_client: Client, enquiry: Enquiry
) -> None:
    assert staff_client.get(CHANGELIST).status_code == 403


def test_it_keeps_learners_out_of_the_admin(learner_client: Client, enquiry: Enquiry) -> None:
    response = learner_client.get(CHANGELIST)

    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


def test_staff_see_failed_emails_and_requeue_them(settings: Any) -> None:
    superuser = User.objects.create_superuser(
        phone="9000000777", name="Root", password="x-long-pass-1"
    )
    client = Client()
    client.force_login(superuser)
    settings.STAFF_NOTIFY_EMAILS = []
    email = staff_email_queue(subject="Hi", body="Body", topic="enquiry.received")

    page = client.get("/admin/post_office/email/", {"status__exact": STATUS.failed})
    assert page.status_code == 200 and "Hi" in page.content.decode()
    User.objects.filter(pk=superuser.pk).update(email="root@example.com")
    client.post("/admin/post_office/email/", {"action": "requeue", "_selected_action": [email.pk]})
    email.refresh_from_db()
    assert email.status == STATUS.queued
