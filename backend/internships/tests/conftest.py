"""Fixtures of the internship programme's tests: an open and a closed domain, applicants,
placements on a board, files, and a frozen India date (2 December 2026: on /tasks-1,
whose cycle starts on the 1st, task 1 is unlocked and tasks 2-4 are locked)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import time_machine
from django.contrib.auth.models import Group, Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from accounts.models import User
from catalog.models import InternshipDomain
from catalog.selectors import site_settings_row
from core.dates import INDIA
from core.permissions import BACK_OFFICE_GROUP, back_office_group_sync
from internships import services
from internships.models import InternshipApplication, Placement, TaskBoard, TaskSubmission

API = "/api/internships"
NOW = datetime(2026, 12, 2, 11, 0, tzinfo=INDIA)
STATEMENT = (
    "I have built two small websites with HTML, CSS and JavaScript and want to learn "
    "React on real tasks with reviews."
)
PDF = b"%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
ZIP = b"PK\x03\x04" + b"\x00" * 26 + b"PK\x05\x06" + b"\x00" * 18


@pytest.fixture(autouse=True)
def _programme_settings(settings: Any, tmp_path: Path) -> None:
    settings.RATE_LIMIT_ENABLED = True
    settings.RATE_LIMIT_APPLICATION = "1000/h"
    settings.RATE_LIMIT_TASK_SUBMISSION = "1000/h"
    settings.SITE_URL = "https://site.example"
    settings.STORAGES = {
        **settings.STORAGES,
        "private": {
            "BACKEND": "core.storage.PrivateFileSystemStorage",
            "OPTIONS": {"location": tmp_path / "private"},
        },
    }


@pytest.fixture(autouse=True)
def _india_date() -> Iterator[None]:
    with time_machine.travel(NOW, tick=False):
        yield


@pytest.fixture
def brand(db: None) -> None:
    row = site_settings_row()
    row.brand_name = "Test Brand"
    row.email = "office@site.example"
    row.save()


@pytest.fixture
def web(brand: None) -> InternshipDomain:
    return InternshipDomain.objects.get(slug="web-development")


@pytest.fixture
def closed_domain(brand: None) -> InternshipDomain:
    return InternshipDomain.objects.get(slug="python")


@pytest.fixture
def board() -> TaskBoard:
    return TaskBoard.objects.get(slug="tasks-1")


def apply(user: User, domain: InternshipDomain, **overrides: Any) -> InternshipApplication:
    values: dict[str, Any] = {
        "college": "Government Engineering College",
        "year": "3rd year",
        "profile_url": "https://github.com/asha",
        "statement": STATEMENT,
        "batch": 1,
    }
    values.update(overrides)
    return services.application_create(user=user, domain_slug=domain.slug, **values)


def application_payload(domain: InternshipDomain, **overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "domain": domain.slug,
        "college": "Government Engineering College",
        "year": "3rd year",
        "profile_url": "https://github.com/asha",
        "statement": STATEMENT,
        "batch": 1,
    }
    data.update(overrides)
    return data


@pytest.fixture
def application(learner: User, web: InternshipDomain) -> InternshipApplication:
    return apply(learner, web)


@pytest.fixture
def placement(application: InternshipApplication, staff: User) -> Placement:
    return services.application_accept(application_id=application.pk, by=staff)


def pdf(name: str = "report.pdf", content: bytes = PDF) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content, content_type="application/pdf")


def submit(
    user: User, number: int = 1, *, slug: str = "tasks-1", **overrides: Any
) -> TaskSubmission:
    values: dict[str, Any] = {
        "link": f"https://github.com/asha/task-{number}",
        "note": "",
        "upload": None,
    }
    values.update(overrides)
    return services.submission_submit(user=user, board_slug=slug, task_number=number, **values)


def unlock_all(placement: Placement, by: User) -> None:
    """Unlock every task still locked for this intern (staff's "Unlock next task early")."""
    while True:
        try:
            services.placement_unlock_next_task(placement_id=placement.pk, by=by)
        except services.ApplicationError:
            return


def submission_post(client: Client, number: int = 1, *, slug: str = "tasks-1", **data: Any) -> Any:
    fields: dict[str, Any] = {"link": f"https://github.com/asha/task-{number}", "note": ""}
    fields.update(data)
    fields = {k: v for k, v in fields.items() if v is not None}
    return client.post(f"{API}/boards/{slug}/tasks/{number}/submission", data=fields)


def file_of(content: bytes, name: str) -> io.BytesIO:
    handle = io.BytesIO(content)
    handle.name = name
    return handle


def back_office(user: User) -> User:
    """Give a staff account the 'Back office' group (every project-app permission)."""
    back_office_group_sync()
    user.groups.add(Group.objects.get(name=BACK_OFFICE_GROUP))
    return User.objects.get(pk=user.pk)  # permissions are cached on the instance


def with_permissions(user: User, *codenames: str) -> User:
    user.user_permissions.set(
        Permission.objects.filter(content_type__app_label="internships", codename__in=codenames)
    )
    return User.objects.get(pk=user.pk)


def logged_in(user: User, **kwargs: Any) -> Client:
    client = Client(**kwargs)
    client.force_login(user)
    return client
