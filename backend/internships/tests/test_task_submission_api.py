"""POST /api/internships/boards/<slug>/tasks/<n>/submission (multipart) and the private
download GET /api/internships/submissions/<id>/file. The India date is 2 December 2026:
on /tasks-1 task 1 is unlocked, tasks 2-4 are locked."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from accounts.models import User
from internships import services
from internships.models import Placement, TaskSubmission
from internships.tests.conftest import (
    API,
    PDF,
    ZIP,
    file_of,
    logged_in,
    pdf,
    submission_post,
    submit,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def intern(placement: Placement) -> Client:
    return logged_in(placement.user)


def test_it_records_a_submission_with_a_pdf(intern: Client, placement: Placement) -> None:
    response = submission_post(
        intern, note="Live at https://asha.example", file=file_of(PDF, "Task one.pdf")
    )

    assert response.status_code == 201
    submission = TaskSubmission.objects.get(placement=placement)
    assert response.json() == {
        "number": 1,
        "unlocked": True,
        "state": "submitted",
        "state_label": "Submitted, waiting for review",
        "feedback": "",
        "link": "https://github.com/asha/task-1",
        "note": "Live at https://asha.example",
        "file_name": "Task one.pdf",
        "file_url": f"/api/internships/submissions/{submission.pk}/file",
        "submitted_at": response.json()["submitted_at"],
    }
    # Stored under a random name in the private storage, never the intern's own name.
    assert submission.file.name.startswith("submissions/")
    assert submission.file.name.endswith(".pdf")
    assert "Task one" not in submission.file.name
    assert submission.file.storage.exists(submission.file.name)


def test_it_accepts_a_zip_by_its_content(intern: Client, placement: Placement) -> None:
    response = submission_post(intern, file=file_of(ZIP, "work.zip"))

    assert response.status_code == 201
    assert TaskSubmission.objects.get().file.name.endswith(".zip")


def test_it_needs_no_file(intern: Client, placement: Placement) -> None:
    response = submission_post(intern)

    assert response.status_code == 201
    assert response.json()["file_url"] is None
    assert response.json()["file_name"] is None


def test_it_refuses_an_anonymous_visitor(placement: Placement) -> None:
    response = submission_post(Client(), file=file_of(PDF, "a.pdf"))

    assert response.status_code == 401
    assert not TaskSubmission.objects.exists()


def test_it_refuses_a_post_without_the_csrf_token(placement: Placement) -> None:
    client = logged_in(placement.user, enforce_csrf_checks=True)

    response = submission_post(client)

    assert response.status_code == 403
    assert response.json()["extra"] == {"reason": "csrf"}
    assert not TaskSubmission.objects.exists()


def test_it_refuses_someone_who_is_not_an_intern_on_the_board(
    placement: Placement, other_learner: User
) -> None:
    response = submission_post(logged_in(other_learner))

    assert response.status_code == 403
    assert response.json()["message"] == "You are not an intern on this board."
    assert not TaskSubmission.objects.exists()


def test_it_refuses_an_intern_on_another_board(placement: Placement) -> None:
    # Placed on /tasks-1; /tasks-10 is someone else's board.
    response = submission_post(logged_in(placement.user), slug="tasks-10")

    assert response.status_code == 403
    assert not TaskSubmission.objects.exists()


def test_it_refuses_a_locked_task_whatever_the_client_sends(
    intern: Client, placement: Placement
) -> None:
    response = submission_post(intern, 2, file=file_of(PDF, "a.pdf"))

    assert response.status_code == 409
    assert response.json()["message"] == "This task is not unlocked yet."
    assert not TaskSubmission.objects.exists()


def test_it_accepts_a_task_staff_unlocked_early_for_this_intern(
    intern: Client, placement: Placement, staff: User
) -> None:
    services.placement_unlock_next_task(placement_id=placement.pk, by=staff)

    assert submission_post(intern, 2).status_code == 201
    assert submission_post(intern, 3).status_code == 409


@pytest.mark.parametrize(("slug", "number"), [("no-such-board", 1), ("tasks-1", 5), ("tasks-1", 0)])
def test_it_answers_404_for_an_unknown_board_or_task(
    intern: Client, placement: Placement, slug: str, number: int
) -> None:
    response = submission_post(intern, number, slug=slug)

    assert response.status_code == 404


def test_it_refuses_a_file_that_is_not_a_pdf_or_zip_whatever_its_name(
    intern: Client, placement: Placement
) -> None:
    response = submission_post(intern, file=file_of(b"<html>not a pdf</html>", "report.pdf"))

    assert response.status_code == 422
    assert response.json()["extra"]["fields"] == {
        "file": "This file's name ends in .pdf but it is not a PDF inside. Save or export "
        "your work as a PDF (or put it in a ZIP) and upload that."
    }
    assert not TaskSubmission.objects.exists()
    response = submission_post(intern, file=file_of(b"<html>not a pdf</html>", "report.docx"))
    assert response.json()["extra"]["fields"] == {"file": "Upload a PDF or ZIP file."}
    assert not TaskSubmission.objects.exists()


def test_it_refuses_an_empty_file(intern: Client, placement: Placement) -> None:
    response = submission_post(intern, file=file_of(b"", "empty.pdf"))

    assert response.status_code == 422
    assert response.json()["extra"]["fields"] == {
        "file": "This file is empty. Upload a PDF or ZIP file."
    }


def test_it_refuses_a_file_over_the_limit(
    settings: Any, intern: Client, placement: Placement
) -> None:
    settings.TASK_SUBMISSION_MAX_BYTES = 1024 * 1024  # 1 MB, so the test stays small
    big = PDF + b"0" * (1024 * 1024)

    response = submission_post(intern, file=file_of(big, "big.pdf"))

    assert response.status_code == 422
    assert response.json()["extra"]["fields"] == {"file": "The file is larger than 1 MB."}
    assert not TaskSubmission.objects.exists()


def test_it_refuses_an_oversized_body_before_reading_it(
    settings: Any, placement: Placement
) -> None:
    settings.TASK_SUBMISSION_MAX_BYTES = 1024 * 1024
    client = logged_in(placement.user)

    # The declared length alone decides: the body is not read (here it is not even sent).
    response = client.post(
        f"{API}/boards/tasks-1/tasks/1/submission",
        data=b"",
        content_type="multipart/form-data; boundary=x",
        CONTENT_LENGTH=str(20 * 1024 * 1024),
    )

    assert response.status_code == 422
    assert response.json()["extra"]["fields"] == {"file": "The file is larger than 1 MB."}


def test_the_default_limit_is_10_mb(settings: Any) -> None:
    assert settings.TASK_SUBMISSION_MAX_BYTES == 10 * 1024 * 1024
    assert services.submission_file_too_large_message() == "The file is larger than 10 MB."


@pytest.mark.parametrize(
    ("data", "fields"),
    [
        ({"link": ""}, {"link": "Enter the link to your work."}),
        ({"link": None}, {"link": "Enter the link to your work."}),
        ({"link": "javascript:alert(1)"}, {"link": "Enter a link that starts with https://"}),
        ({"link": "ftp://files.example/x"}, {"link": "Enter a link that starts with https://"}),
        ({"note": "n" * 2001}, {"note": "Ensure this value has at most 2,000 characters."}),
    ],
)
def test_it_explains_a_bad_field(
    intern: Client, placement: Placement, data: dict[str, Any], fields: dict[str, str]
) -> None:
    response = submission_post(intern, **data)

    assert response.status_code == 422
    assert response.json()["extra"]["fields"] == fields
    assert not TaskSubmission.objects.exists()


@pytest.mark.parametrize("typed", ["github.com/asha/task-1", "http://github.com/asha/task-1"])
def test_a_link_typed_without_https_is_taken_as_https(
    intern: Client, placement: Placement, typed: str
) -> None:
    """Issue 41.7: `github.com/…` and `http://…` were refused instead of taken as https."""
    response = submission_post(intern, link=typed)

    assert response.status_code == 201
    assert TaskSubmission.objects.get().link == "https://github.com/asha/task-1"


def test_it_lets_the_intern_resubmit_after_changes_are_requested(
    intern: Client, placement: Placement, staff: User, django_capture_on_commit_callbacks: Any
) -> None:
    first = submit(placement.user, upload=pdf("first.pdf"))
    old_name = first.file.name
    services.submission_request_changes(submission_id=first.pk, by=staff, feedback="Add a README.")

    with django_capture_on_commit_callbacks(execute=True):
        response = submission_post(
            intern, link="https://github.com/asha/task-1-v2", file=file_of(ZIP, "v2.zip")
        )

    assert response.status_code == 201
    again = TaskSubmission.objects.get()
    assert again.pk == first.pk
    assert again.state == TaskSubmission.State.SUBMITTED
    assert again.feedback == ""
    assert again.link == "https://github.com/asha/task-1-v2"
    assert again.file_name == "v2.zip"
    # The replaced file is deleted once the new one is committed.
    assert not again.file.storage.exists(old_name)


def test_a_resubmission_without_a_file_keeps_the_earlier_file(
    intern: Client, placement: Placement
) -> None:
    submit(placement.user, upload=pdf("first.pdf"))

    assert submission_post(intern, note="Updated link only.").status_code == 201

    assert TaskSubmission.objects.get().file_name == "first.pdf"


def test_it_refuses_to_change_an_approved_task(
    intern: Client, placement: Placement, staff: User
) -> None:
    submission = submit(placement.user)
    services.submission_approve(submission_id=submission.pk, by=staff)

    response = submission_post(intern, link="https://github.com/asha/other")

    assert response.status_code == 409
    assert response.json()["message"] == "This task is already approved."
    assert TaskSubmission.objects.get().link == "https://github.com/asha/task-1"


def test_it_limits_submissions_per_intern(
    settings: Any, intern: Client, placement: Placement
) -> None:
    settings.RATE_LIMIT_TASK_SUBMISSION = "2/h"
    for _ in range(2):
        submission_post(intern, link="")

    response = submission_post(intern)

    assert response.status_code == 429
    assert not TaskSubmission.objects.exists()


# --- The private download ---------------------------------------------------------------


def file_url(submission: TaskSubmission) -> str:
    return f"{API}/submissions/{submission.pk}/file"


def test_the_intern_downloads_their_file(intern: Client, placement: Placement) -> None:
    submission = submit(placement.user, upload=pdf("My report.pdf"))

    response = intern.get(file_url(submission))

    assert response.status_code == 200
    assert b"".join(response.streaming_content) == PDF
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith("attachment;")
    assert "My report.pdf" in response["Content-Disposition"]
    assert response["Cache-Control"] == "private, no-store"
    assert response["X-Content-Type-Options"] == "nosniff"


def test_a_zip_named_pdf_downloads_as_a_zip(placement: Placement) -> None:
    submission = submit(placement.user, upload=pdf("report.pdf", ZIP))

    response = logged_in(placement.user).get(file_url(submission))

    assert response["Content-Type"] == "application/zip"
    assert "report.pdf.zip" in response["Content-Disposition"]


def test_staff_with_the_view_permission_download_it(placement: Placement, staff: User) -> None:
    submission = submit(placement.user, upload=pdf())
    staff.user_permissions.add(Permission.objects.get(codename="view_tasksubmission"))

    response = logged_in(User.objects.get(pk=staff.pk)).get(file_url(submission))

    assert response.status_code == 200


@pytest.mark.parametrize("who", ["other_learner", "staff_without_permission"])
def test_nobody_else_learns_the_file_exists(
    placement: Placement, other_learner: User, staff: User, who: str
) -> None:
    submission = submit(placement.user, upload=pdf())
    client = logged_in(other_learner if who == "other_learner" else staff)

    refused = client.get(file_url(submission))
    missing = client.get(f"{API}/submissions/999999/file")

    assert refused.status_code == missing.status_code == 404
    assert refused.json() == missing.json() == {"message": "This file does not exist.", "extra": {}}


def test_an_anonymous_visitor_is_asked_to_log_in(placement: Placement) -> None:
    submission = submit(placement.user, upload=pdf())

    assert Client().get(file_url(submission)).status_code == 401


def test_a_submission_without_a_file_has_no_download(intern: Client, placement: Placement) -> None:
    submission = submit(placement.user)

    assert intern.get(file_url(submission)).status_code == 404


def test_a_huge_id_is_simply_not_found(intern: Client, placement: Placement) -> None:
    assert intern.get(f"{API}/submissions/{2**70}/file").status_code == 404
