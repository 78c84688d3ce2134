"""The site's forms check only that required fields are filled before sending; every other
mistake is the API's 422 field error. What the forms say about an empty field (and about a
file too large, checked before a long upload) is in one file,
frontend/src/lib/field-messages.json: each entry here is posted to its endpoint with that
field empty (or that file), and the API must answer with the same words at that field."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any

import pytest
import time_machine
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from accounts.models import User
from catalog.models import Course
from catalog.selectors import site_settings_row
from core.dates import INDIA
from internships import services as internship_services

pytestmark = pytest.mark.django_db

MESSAGES: dict[str, dict[str, str]] = json.loads(
    (settings.REPO_DIR / "frontend" / "src" / "lib" / "field-messages.json").read_text("utf-8")
)

# An India date on which task 1 of the seeded board /tasks-1 is unlocked.
TASK_DAY = datetime(2026, 12, 2, 11, 0, tzinfo=INDIA)
PDF = b"%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
STATEMENT = "I have built two small websites and want to learn React on real tasks with reviews."


@pytest.fixture(autouse=True)
def _settings(settings: Any, tmp_path: Any) -> None:
    settings.RATE_LIMIT_ENABLED = False
    settings.STORAGES = {
        **settings.STORAGES,
        "private": {
            "BACKEND": "core.storage.PrivateFileSystemStorage",
            "OPTIONS": {"location": tmp_path / "private"},
        },
    }


@pytest.fixture(autouse=True)
def _task_day() -> Iterator[None]:
    with time_machine.travel(TASK_DAY, tick=False):
        yield


@pytest.fixture
def course(db: None) -> Course:
    row = site_settings_row()
    row.upi_payee_id = "payee.test@okbank"
    row.upi_payee_name = "Test Brand"
    row.save()
    return Course.objects.create(
        slug="test-web",
        name="Test Web Development",
        short_name="Test Web",
        route="/test-web-registration",
        summary="A test course.",
        list_fee=999,
    )


def _intern(learner: User, staff: User) -> Client:
    application = internship_services.application_create(
        user=learner,
        domain_slug="web-development",
        college="Government Engineering College",
        year="3rd year",
        profile_url="",
        statement=STATEMENT,
        batch=1,
    )
    internship_services.application_accept(application_id=application.pk, by=staff)
    client = Client()
    client.force_login(learner)
    return client


Post = Callable[[dict[str, Any]], Any]


@pytest.fixture
def send(request: pytest.FixtureRequest) -> Callable[[str], Post]:
    """For a form of field-messages.json, a function posting a valid form with changes."""

    def for_form(form: str) -> Post:
        client = Client()
        if form == "signup":
            return _poster(
                client,
                "/api/auth/signup",
                {"name": "Asha", "phone": "98111 22233", "password": "a-long-passphrase-7"},
            )
        if form == "login":
            return _poster(client, "/api/auth/login", {"phone": "98111 22233", "password": "x"})
        if form in ("enrolment", "utr"):
            course = request.getfixturevalue("course")
            enrol = _poster(
                client,
                "/api/enrolments",
                {
                    "course": course.slug,
                    "name": "Kiran Friend",
                    "phone": "98111 22233",
                    "email": "kiran@example.org",
                },
            )
            if form == "enrolment":
                return enrol
            reference = enrol({}).json()["reference"]
            return _poster(client, f"/api/enrolments/{reference}/utr", {"utr": "412345678901"})
        if form == "enquiry":
            return _poster(
                client,
                "/api/enquiries",
                {
                    "kind": "contact",
                    "name": "Meera",
                    "email": "meera@example.org",
                    "subject": "Batches",
                    "message": "When does the next batch start?",
                },
            )
        if form == "application":
            client.force_login(request.getfixturevalue("learner"))
            return _poster(
                client,
                "/api/internships/applications",
                {
                    "domain": "web-development",
                    "college": "Government Engineering College",
                    "year": "3rd year",
                    "statement": STATEMENT,
                    "batch": 1,
                },
            )
        if form in ("submission", "submissionFile"):
            intern = _intern(request.getfixturevalue("learner"), request.getfixturevalue("staff"))
            path = "/api/internships/boards/tasks-1/tasks/1/submission"
            return lambda changes: intern.post(
                path, data={"link": "https://github.com/asha/task-1", "note": "", **changes}
            )
        raise AssertionError(f"field-messages.json has a form this test does not know: {form}")

    return for_form


def _poster(client: Client, path: str, valid: dict[str, Any]) -> Post:
    return lambda changes: client.post(
        path, data={**valid, **changes}, content_type="application/json"
    )


def _field_error(response: Any, field: str) -> str:
    assert response.status_code == 422, response.content
    return str(response.json()["extra"]["fields"][field])


ENTRIES = [
    (form, field)
    for form, fields in MESSAGES.items()
    if form != "submissionFile"
    for field in fields
]


@pytest.mark.parametrize(("form", "field"), ENTRIES)
def test_it_says_what_the_form_says_of_an_empty_field(
    send: Callable[[str], Post], form: str, field: str
) -> None:
    post = send(form)
    # Spaces count as empty, except in a password (where they may be part of it).
    blanks = [""] if "password" in field else ["", "   "]

    for blank in blanks:
        assert _field_error(post({field: blank}), field) == MESSAGES[form][field]


def _too_large() -> SimpleUploadedFile:
    content = PDF + b"0" * settings.TASK_SUBMISSION_MAX_BYTES
    return SimpleUploadedFile("big.pdf", content, "application/pdf")


# The files the forms check before uploading, by their entry in field-messages.json.
FILES = {"tooLarge": _too_large}


@pytest.mark.parametrize("entry", sorted(MESSAGES["submissionFile"]))
def test_it_says_what_the_form_says_of_a_file(send: Callable[[str], Post], entry: str) -> None:
    post = send("submissionFile")

    upload = FILES[entry]()

    assert _field_error(post({"file": upload}), "file") == MESSAGES["submissionFile"][entry]
