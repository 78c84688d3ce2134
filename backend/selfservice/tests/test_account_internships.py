"""The internship programme's part of "Download my data" and "Delete my account"."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from accounts.models import User
from core.tests.base import PASSWORD
from internships.models import InternshipApplication, Placement, TaskSubmission
from internships.tests.conftest import pdf, submit

pytestmark = pytest.mark.django_db


@pytest.mark.usefixtures("_programme_settings", "_india_date")
def test_the_download_holds_applications_and_submissions(
    learner_client: Client, learner: User, placement: Placement
) -> None:
    submit(learner, 1, note="My first task", upload=pdf("task-one.pdf"))
    data = json.loads(learner_client.get("/api/auth/account/data").content)
    (application_out,) = data["internship_applications"]
    assert application_out["reference"] == placement.application.reference
    assert application_out["domain"] == placement.application.domain.title
    assert application_out["status"] == "Accepted"
    assert application_out["statement"] == placement.application.statement
    (submission,) = data["task_submissions"]
    assert submission["board"] == "/tasks-1"
    assert submission["task"].startswith("Task 1: ")
    assert submission["note"] == "My first task" and submission["file_name"]


@pytest.mark.usefixtures("_programme_settings", "_india_date")
def test_deleting_the_account_removes_its_applications_work_and_files(
    learner_client: Client,
    learner: User,
    placement: Placement,
    django_capture_on_commit_callbacks,
) -> None:
    stored = submit(learner, 1, upload=pdf("task-one.pdf")).file
    private, name = stored.storage, stored.name
    assert private.exists(name)
    with django_capture_on_commit_callbacks(execute=True):
        response = learner_client.post(
            "/api/auth/account/delete",
            json.dumps({"password": PASSWORD}),
            content_type="application/json",
        )
    assert response.status_code == 200
    assert not InternshipApplication.objects.filter(user=learner).exists()
    assert not Placement.objects.filter(user=learner).exists()
    assert not TaskSubmission.objects.exists()
    assert not private.exists(name)
