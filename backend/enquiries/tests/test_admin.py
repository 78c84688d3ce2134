from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from accounts.models import User
from enquiries.models import Enquiry, OutboundEmail
from enquiries.services import notification_enqueue

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


def test_it_retries_an_outbound_email_from_the_admin(inbox_client: Client, settings: Any) -> None:
    settings.EMAIL_BACKEND = "enquiries.tests.conftest.FailingEmailBackend"
    outbound = notification_enqueue(to="a@example.com", subject="Hi", body="Body", send_now=False)
    outbound_list = "/admin/enquiries/outboundemail/"
    assert inbox_client.get(outbound_list).status_code == 200
    assert inbox_client.get(f"{outbound_list}{outbound.pk}/change/").status_code == 200

    inbox_client.post(outbound_list, {"action": "retry_now", "_selected_action": [outbound.pk]})
    outbound.refresh_from_db()
    assert outbound.status == OutboundEmail.Status.PENDING
    assert outbound.attempts == 1

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    inbox_client.post(outbound_list, {"action": "retry_now", "_selected_action": [outbound.pk]})
    outbound.refresh_from_db()
    assert outbound.status == OutboundEmail.Status.SENT
