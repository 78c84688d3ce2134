from __future__ import annotations

from typing import Any

import pytest
from django.core import mail
from django.test import Client
from post_office.models import Email

from catalog.models import ProjectPackage
from core.tests.mail import queued_about, send_queued_email
from enquiries.api import THANK_YOU
from enquiries.models import Enquiry
from enquiries.tests.conftest import contact_payload, post, quote_payload

pytestmark = pytest.mark.django_db


def test_it_stores_a_contact_enquiry_and_emails_staff(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = post(
            client, contact_payload(), HTTP_USER_AGENT="TestBrowser/1.0", REMOTE_ADDR="203.0.113.7"
        )

    assert response.status_code == 201
    assert response.json() == {"message": THANK_YOU}
    enquiry = Enquiry.objects.get()
    assert enquiry.kind == "contact"
    assert enquiry.name == "Meera Visitor"
    assert enquiry.message == "Hello,\nDo you run weekend batches?"
    assert enquiry.package is None
    assert enquiry.ip_address == "203.0.113.7"
    assert enquiry.user_agent == "TestBrowser/1.0"
    assert enquiry.status == Enquiry.Status.NEW

    [queued] = queued_about("enquiry.received")
    assert queued.to == ["inbox@example.com"] and enquiry.subject in queued.subject
    assert mail.outbox == []  # the worker sends it, not the request
    send_queued_email()
    assert len(mail.outbox) == 1
    sent = mail.outbox[0]
    assert sent.to == ["inbox@example.com"]
    assert sent.extra_headers["Reply-To"] == "meera@example.org"
    assert "A question about courses" in sent.subject
    assert "Do you run weekend batches?" in sent.body
    assert f"https://site.example/admin/enquiries/enquiry/{enquiry.pk}/change/" in sent.body


def test_it_stores_a_quote_with_a_snapshot_of_the_package_name(
    client: Client, package: ProjectPackage, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = post(client, quote_payload())

    assert response.status_code == 201
    enquiry = Enquiry.objects.get()
    assert enquiry.kind == "quote"
    assert enquiry.package == package
    assert enquiry.package_name == "Test Shop"
    assert "Package:  Test Shop" in queued_about("enquiry.received")[0].message

    package.name = "Renamed Shop"
    package.save()
    package.delete()
    enquiry.refresh_from_db()
    assert enquiry.package is None
    assert enquiry.package_name == "Test Shop"


def test_it_accepts_a_contact_message_about_a_package(
    client: Client, package: ProjectPackage
) -> None:
    response = post(client, contact_payload(package="test-shop"))

    assert response.status_code == 201
    assert Enquiry.objects.get().package_name == "Test Shop"


def test_it_trims_the_fields(client: Client) -> None:
    response = post(
        client,
        contact_payload(name="  Meera \n Visitor ", email=" meera@example.org ", package=""),
    )

    assert response.status_code == 201
    enquiry = Enquiry.objects.get()
    assert enquiry.name == "Meera Visitor"
    assert enquiry.email == "meera@example.org"


def _assert_refused(response: Any, fields: dict[str, str]) -> None:
    assert response.status_code == 422
    body = response.json()
    assert body["message"]
    assert body["extra"]["fields"] == fields
    assert not Enquiry.objects.exists()
    assert not Email.objects.exists()
    assert mail.outbox == []


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("name", "Enter your name."),
        ("email", "Enter your email address."),
        ("subject", "Enter a subject."),
        ("message", "Write your message."),
    ],
)
def test_it_requires_every_field(client: Client, field: str, message: str) -> None:
    _assert_refused(post(client, contact_payload(**{field: "   "})), {field: message})


def test_it_reports_every_blank_field_at_once(client: Client) -> None:
    response = post(
        client, {"kind": "quote", "name": "", "email": "", "subject": "", "message": ""}
    )

    _assert_refused(
        response,
        {
            "name": "Enter your name.",
            "email": "Enter your email address.",
            "subject": "Enter a subject.",
            "message": "Write your message.",
            "package": "Choose a package.",
        },
    )


def test_it_refuses_a_missing_key(client: Client) -> None:
    data = contact_payload()
    del data["subject"]

    _assert_refused(post(client, data), {"subject": "This field is required."})


@pytest.mark.parametrize(("field", "limit"), [("name", 120), ("subject", 200), ("message", 5000)])
def test_it_refuses_values_that_are_too_long(client: Client, field: str, limit: int) -> None:
    response = post(client, contact_payload(**{field: "x" * (limit + 1)}))

    _assert_refused(response, {field: f"Ensure this value has at most {limit} characters."})


def test_it_accepts_values_at_the_limit(client: Client) -> None:
    response = post(client, contact_payload(name="n" * 120, subject="s" * 200, message="m" * 5000))

    assert response.status_code == 201


def test_it_refuses_an_absurd_payload_before_the_service(client: Client) -> None:
    response = post(client, contact_payload(message="x" * 20_001))

    assert response.status_code == 422
    assert "message" in response.json()["extra"]["fields"]
    assert not Enquiry.objects.exists()


@pytest.mark.parametrize("email", ["not-an-email", "a@b", "meera@example.org\nBcc: x@y.z"])
def test_it_refuses_a_bad_email(client: Client, email: str) -> None:
    _assert_refused(
        post(client, contact_payload(email=email)), {"email": "Enter a valid email address."}
    )


def test_it_refuses_an_unknown_kind(client: Client) -> None:
    response = post(client, contact_payload(kind="spam"))

    assert response.status_code == 422
    assert "kind" in response.json()["extra"]["fields"]
    assert not Enquiry.objects.exists()


@pytest.mark.parametrize("package_value", [None, ""])
def test_it_requires_a_package_for_a_quote(
    client: Client, package: ProjectPackage, package_value: str | None
) -> None:
    response = post(client, quote_payload(package=package_value))

    _assert_refused(response, {"package": "Choose a package."})


def test_it_refuses_an_unknown_package(client: Client, package: ProjectPackage) -> None:
    response = post(client, quote_payload(package="no-such-package"))

    _assert_refused(response, {"package": "Choose a package from the list."})


def test_it_refuses_a_package_that_is_no_longer_offered(
    client: Client, retired_package: ProjectPackage
) -> None:
    response = post(client, quote_payload(package="test-retired"))

    _assert_refused(response, {"package": "Choose a package from the list."})


def test_it_refuses_an_unknown_package_on_a_contact_message(client: Client) -> None:
    response = post(client, contact_payload(package="no-such-package"))

    _assert_refused(response, {"package": "Choose a package from the list."})


def test_it_pretends_success_but_stores_nothing_when_the_honeypot_is_filled(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = post(client, contact_payload(website="http://spam.example"))

    assert response.status_code == 201
    assert response.json() == {"message": THANK_YOU}
    assert not Enquiry.objects.exists()
    assert not Email.objects.exists()
    assert mail.outbox == []


def test_it_gives_a_bot_no_field_errors(client: Client) -> None:
    response = post(client, contact_payload(email="nope", website="filled"))

    assert response.status_code == 201
    assert not Enquiry.objects.exists()


def test_it_is_in_the_openapi_schema_with_a_readable_operation_id(client: Client) -> None:
    schema = client.get("/api/openapi.json").json()

    operation = schema["paths"]["/api/enquiries"]["post"]
    assert operation["operationId"] == "enquiry_create"
    assert {"201", "422", "429"} <= set(operation["responses"])


def test_a_quote_may_give_a_phone_or_whatsapp_number(client: Client, package: Any) -> None:
    """Issue 41 item 13: how these clients talk. Optional; when given, a real number,
    stored in E.164, in the staff email with a WhatsApp link and on the enquiry's page."""
    bad = post(client, quote_payload(phone="12345"))
    assert bad.status_code == 422
    assert bad.json()["extra"]["fields"]["phone"].startswith("Enter a valid Indian mobile number")
    assert not Enquiry.objects.exists()

    assert post(client, quote_payload(phone="98765 43210")).status_code == 201
    enquiry = Enquiry.objects.get()
    assert enquiry.phone == "+919876543210"
    [queued] = queued_about("enquiry.received")
    assert "Phone:    +919876543210 (WhatsApp: https://wa.me/919876543210)" in queued.message

    assert post(client, contact_payload()).status_code == 201  # still optional
    assert Enquiry.objects.filter(phone="").count() == 1
