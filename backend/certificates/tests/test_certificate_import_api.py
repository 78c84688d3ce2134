from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from accounts.models import User
from certificates.models import Certificate
from certificates.tests.conftest import csv_bytes, make

pytestmark = pytest.mark.django_db

API = "/api/certificates/import"
GOOD = csv_bytes("WD-1,Java,30 Days,Asha", "WD-2,Python,2 Months,Ravi")


def upload(client: Client, data: bytes = GOOD, *, dry_run: Any = None, **extra: Any) -> Any:
    form: dict[str, Any] = {"file": SimpleUploadedFile("certificates.csv", data, "text/csv")}
    if dry_run is not None:
        form["dry_run"] = dry_run
    return client.post(API, form, **extra)


def test_it_refuses_anonymous_visitors(client: Client) -> None:
    response = upload(client)

    assert response.status_code == 401
    assert response.json() == {"message": "Please log in to continue.", "extra": {}}
    assert Certificate.objects.count() == 0


def test_it_refuses_learners(learner_client: Client) -> None:
    response = upload(learner_client)

    assert response.status_code == 403
    assert response.json()["message"] == "You do not have permission to do this."
    assert Certificate.objects.count() == 0


def test_it_refuses_another_learner(other_learner: User) -> None:
    client = Client()
    client.force_login(other_learner)

    assert upload(client).status_code == 403


def test_it_imports_for_staff(admin_client: Client) -> None:
    response = upload(admin_client)

    assert response.status_code == 200
    body = response.json()
    assert body == {
        "dry_run": False,
        "rows": 2,
        "created": 2,
        "updated": 0,
        "unchanged": 0,
        "created_ids": ["WD-1", "WD-2"],
        "updated_ids": [],
        "unchanged_ids": [],
        "emails": 0,
        "error_count": 0,
        "errors": [],
        "errors_truncated": False,
        "warnings": [],
        "imported": True,
    }
    assert Certificate.objects.count() == 2


@pytest.mark.parametrize("flag", ["true", "1", "on"])
def test_it_runs_a_dry_run_for_staff(admin_client: Client, flag: str) -> None:
    make("WD-1", name="Old")

    response = upload(admin_client, dry_run=flag)

    assert response.status_code == 200
    body = response.json()
    assert (body["dry_run"], body["created"], body["updated"], body["imported"]) == (
        True,
        1,
        1,
        False,
    )
    # Which IDs it would create and update, not only how many.
    assert (body["created_ids"], body["updated_ids"], body["unchanged_ids"]) == (
        ["WD-2"],
        ["WD-1"],
        [],
    )
    assert Certificate.objects.count() == 1


def test_it_answers_422_with_the_report_for_bad_rows(admin_client: Client) -> None:
    response = upload(admin_client, csv_bytes("WD-1,Java,,", "BAD ID,Java,,", ",Java,,"))

    assert response.status_code == 422
    body = response.json()
    assert (
        body["message"]
        == "2 rows have errors. Nothing was imported. Correct the file and try again."
    )
    assert body["extra"]["reason"] == "rows"
    report = body["extra"]["report"]
    assert [(e["line"], e["certificate_id"]) for e in report["errors"]] == [
        (3, "BAD ID"),
        (4, ""),
    ]
    assert report["created"] == 1
    assert Certificate.objects.count() == 0


def test_it_answers_422_for_a_file_that_is_not_csv(admin_client: Client) -> None:
    response = upload(admin_client, b"PK\x03\x04rest-of-a-zip")

    assert response.status_code == 422
    assert response.json()["extra"]["reason"] == "not_csv"


def test_it_requires_a_file(admin_client: Client) -> None:
    response = admin_client.post(API, {})

    assert response.status_code == 422
    assert "file" in response.json()["extra"]["fields"]


def test_it_refuses_an_oversized_upload(admin_client: Client, settings: Any) -> None:
    settings.CERTIFICATE_IMPORT_MAX_BYTES = 1024

    response = upload(admin_client, csv_bytes(*[f"WD-{i},Java,30 Days,Name" for i in range(100)]))

    assert response.status_code == 422
    assert response.json()["extra"]["reason"] == "too_large"
    assert Certificate.objects.count() == 0


def test_it_refuses_staff_without_the_csrf_token(csrf_client: Client, staff: User) -> None:
    csrf_client.force_login(staff)

    response = upload(csrf_client)

    assert response.status_code == 403
    assert response.json()["extra"] == {"reason": "csrf"}
    assert Certificate.objects.count() == 0


def test_it_accepts_staff_with_the_csrf_token(csrf_client: Client, certificate_admin: User) -> None:
    csrf_client.force_login(certificate_admin)
    token = csrf_client.get("/api/auth/csrf").json()["csrf_token"]  # sets the cookie too

    response = upload(csrf_client, HTTP_X_CSRFTOKEN=token)

    assert response.status_code == 200
    assert Certificate.objects.count() == 2


def test_it_rate_limits_uploads(admin_client: Client, settings: Any) -> None:
    settings.RATE_LIMIT_CERTIFICATE_IMPORT = "2/h"

    statuses = [upload(admin_client, dry_run="true").status_code for _ in range(3)]

    assert statuses == [200, 200, 429]


def test_it_refuses_staff_without_the_certificate_permissions(staff_client: Client) -> None:
    """Issue 15.7: any staff account could overwrite certificates through the import."""
    response = upload(staff_client)

    assert response.status_code == 403
    assert Certificate.objects.count() == 0


def test_it_needs_both_the_add_and_the_change_permission(staff: User) -> None:
    staff.user_permissions.set(
        Permission.objects.filter(
            content_type__app_label="certificates", codename="add_certificate"
        )
    )
    client = Client()
    client.force_login(User.objects.get(pk=staff.pk))

    assert upload(client).status_code == 403


def test_a_superuser_may_import(db: None) -> None:
    superuser = User.objects.create_superuser(
        phone="9000000555", name="Root", password="x-long-pass-1"
    )
    client = Client()
    client.force_login(superuser)

    assert upload(client).status_code == 200
