"""The back office's three lists of the internship programme (applications, placements,
submissions): filters, search, the list actions and the buttons on each record's page,
each refused without the model permission; and the to-do counts on the admin home."""

from __future__ import annotations

import re

import pytest
from django.contrib.admin import helpers
from django.test import Client

from accounts.models import User
from catalog.models import InternshipDomain
from core.tests.admin_pages import links_to
from core.tests.mail import queued_about
from internships import services
from internships.models import (
    EarlyUnlock,
    InternshipApplication,
    Placement,
    TaskBoard,
    TaskSubmission,
)
from internships.tests.conftest import (
    PDF,
    apply,
    back_office,
    logged_in,
    pdf,
    submit,
    with_permissions,
)

pytestmark = pytest.mark.django_db

APPLICATIONS = "/admin/internships/internshipapplication/"
PLACEMENTS = "/admin/internships/placement/"
SUBMISSIONS = "/admin/internships/tasksubmission/"


@pytest.fixture
def office(staff: User) -> Client:
    return logged_in(back_office(staff))


@pytest.fixture
def viewer(staff: User) -> Client:
    """Staff who may look at the lists but decide nothing."""
    return logged_in(
        with_permissions(
            staff, "view_internshipapplication", "view_placement", "view_tasksubmission"
        )
    )


def act(client: Client, url: str, action: str, pks: list[int], **data: str) -> object:
    return client.post(
        url, {"action": action, helpers.ACTION_CHECKBOX_NAME: [str(pk) for pk in pks], **data}
    )


# --- The home page ----------------------------------------------------------------------


def todo(page: str) -> dict[str, tuple[int, str]]:
    found = re.findall(
        r'href="([^"]+)"[^>]*>\s*<div[^>]*>\s*<span[^>]*>([^<(]+) \((\d+)\)</span>', page
    )
    return {label.strip(): (int(count), href.replace("&amp;", "&")) for href, label, count in found}


def test_the_home_counts_applications_and_submissions_to_review(
    office: Client, placement: Placement, other_learner: User, web: InternshipDomain
) -> None:
    waiting = apply(other_learner, web)
    submit(placement.user)

    page = office.get("/admin/").content.decode()

    counts = todo(page)
    assert counts["Applications to review"] == (1, f"{APPLICATIONS}?status__exact=submitted")
    assert counts["Submissions to review"] == (1, f"{SUBMISSIONS}?state__exact=submitted")
    listed = office.get(counts["Applications to review"][1]).content.decode()
    assert waiting.reference in listed and placement.application.reference not in listed
    for link in (APPLICATIONS, PLACEMENTS, SUBMISSIONS):
        assert f'href="{link}"' in page


def test_the_home_leaves_out_what_the_staff_member_may_not_decide(
    viewer: Client, placement: Placement
) -> None:
    counts = todo(viewer.get("/admin/").content.decode())

    assert "Applications to review" not in counts and "Submissions to review" not in counts


# --- Applications -----------------------------------------------------------------------


def test_the_applications_list_opens_on_those_waiting_and_searches_every_status(
    office: Client, learner: User, other_learner: User, web: InternshipDomain, staff: User
) -> None:
    waiting = apply(other_learner, web, batch=20)
    decided = apply(learner, web)
    services.application_reject(application_id=decided.pk, by=staff, reason="Full.")

    page = office.get(APPLICATIONS).content.decode()
    assert waiting.reference in page and decided.reference not in page
    assert "Ravi Other" in page and "20th of the month" in page

    by_name = office.get(APPLICATIONS, {"q": "Asha"}).content.decode()
    assert decided.reference in by_name and waiting.reference not in by_name
    by_phone = office.get(APPLICATIONS, {"q": "98123 45678"}).content.decode()
    assert waiting.reference in by_phone
    filtered = office.get(APPLICATIONS, {"status__exact": "all", "batch__exact": "20"})
    assert waiting.reference in filtered.content.decode()


def test_accept_from_the_list_places_each_on_their_batchs_board(
    office: Client, learner: User, other_learner: User, web: InternshipDomain
) -> None:
    first = apply(learner, web, batch=1)
    second = apply(other_learner, web, batch=10)

    step = act(office, APPLICATIONS, "accept", [first.pk, second.pk])
    assert step.status_code == 200  # type: ignore[attr-defined]
    page = step.content.decode()  # type: ignore[attr-defined]
    assert "The board of the applicant&#x27;s batch" in page
    assert "2 applications will be accepted." in page and "2 applicants will be emailed." in page
    assert not Placement.objects.exists()

    act(office, APPLICATIONS, "accept", [first.pk, second.pk], apply="1", board="")

    boards = dict(Placement.objects.values_list("user__name", "board__slug"))
    assert boards == {"Asha Learner": "tasks-1", "Ravi Other": "tasks-10"}
    assert len(queued_about("internship.application_accepted")) == 2


def test_accept_from_the_list_onto_one_chosen_board(
    office: Client, application: InternshipApplication
) -> None:
    board = TaskBoard.objects.get(slug="tasks-20")

    act(office, APPLICATIONS, "accept", [application.pk], apply="1", board=str(board.pk))

    assert Placement.objects.get().board == board


def test_reject_from_the_list_asks_for_the_reason(
    office: Client, application: InternshipApplication
) -> None:
    asked = act(office, APPLICATIONS, "reject", [application.pk], apply="1", reason="")
    assert "This field is required." in asked.content.decode()  # type: ignore[attr-defined]
    assert InternshipApplication.objects.get().status == "submitted"

    act(office, APPLICATIONS, "reject", [application.pk], apply="1", reason="Batch is full.")

    application.refresh_from_db()
    assert (application.status, application.rejection_reason) == ("rejected", "Batch is full.")
    assert len(queued_about("internship.application_rejected")) == 1


def test_the_application_page_accepts_onto_the_batchs_board_by_default(
    office: Client, application: InternshipApplication
) -> None:
    page = office.get(f"{APPLICATIONS}{application.pk}/change/").content.decode()
    assert f"{APPLICATIONS}{application.pk}/accept/" in page
    assert 'name="_save"' not in page

    step = office.get(f"{APPLICATIONS}{application.pk}/accept/").content.decode()
    default = TaskBoard.objects.get(slug="tasks-1")
    assert re.search(r'<option value=""[^>]*selected>The board of the applicant', step)

    done = office.post(
        f"{APPLICATIONS}{application.pk}/accept/", {"board": str(default.pk)}, follow=True
    )

    assert "is an intern on /tasks-1" in done.content.decode()
    assert Placement.objects.get().board == default
    # Decided: the buttons are gone and their addresses refuse.
    assert (
        office.post(f"{APPLICATIONS}{application.pk}/reject/", {"reason": "x"}).status_code == 403
    )


def test_the_application_page_rejects_with_a_reason(
    office: Client, application: InternshipApplication
) -> None:
    office.post(f"{APPLICATIONS}{application.pk}/reject/", {"reason": "Not this time."})

    assert InternshipApplication.objects.get().rejection_reason == "Not this time."


def test_without_the_change_permission_nothing_is_decided(
    viewer: Client, application: InternshipApplication
) -> None:
    page = viewer.get(f"{APPLICATIONS}{application.pk}/change/")
    assert page.status_code == 200
    assert f"{APPLICATIONS}{application.pk}/accept/" not in page.content.decode()

    assert viewer.get(f"{APPLICATIONS}{application.pk}/accept/").status_code == 403
    assert viewer.post(f"{APPLICATIONS}{application.pk}/accept/", {"board": ""}).status_code == 403
    act(viewer, APPLICATIONS, "accept", [application.pk], apply="1", board="")
    act(viewer, APPLICATIONS, "reject", [application.pk], apply="1", reason="x")

    assert InternshipApplication.objects.get().status == "submitted"
    assert not Placement.objects.exists()


def test_a_learner_cannot_open_the_back_office(
    learner: User, application: InternshipApplication
) -> None:
    response = logged_in(learner).get(APPLICATIONS)

    assert response.status_code == 302 and "/admin/login/" in response["Location"]


# --- Placements -------------------------------------------------------------------------


def test_placements_list_names_and_progress_and_unlocks_early(
    office: Client, placement: Placement, staff: User
) -> None:
    services.submission_approve(submission_id=submit(placement.user).pk, by=staff)

    page = office.get(PLACEMENTS, {"q": "Asha"}).content.decode()
    assert "Asha Learner" in page and "1 of 4" in page

    step = act(office, PLACEMENTS, "unlock_next_task", [placement.pk])
    assert "1 intern will be given their next task early." in step.content.decode()  # type: ignore[attr-defined]
    assert not EarlyUnlock.objects.exists()
    act(office, PLACEMENTS, "unlock_next_task", [placement.pk], apply="1")

    assert list(EarlyUnlock.objects.values_list("task__number", flat=True)) == [2]


def test_the_placement_page_unlocks_the_next_task(office: Client, placement: Placement) -> None:
    url = f"{PLACEMENTS}{placement.pk}/unlock-next-task/"
    step = office.get(url)
    assert step.status_code == 200 and "Tasks 1" in step.content.decode()

    done = office.post(url, follow=True)

    assert "Task 2 unlocked early for Asha Learner." in done.content.decode()
    assert EarlyUnlock.objects.get().task.number == 2


def test_unlocking_needs_the_change_permission(viewer: Client, placement: Placement) -> None:
    act(viewer, PLACEMENTS, "unlock_next_task", [placement.pk])

    assert viewer.post(f"{PLACEMENTS}{placement.pk}/unlock-next-task/").status_code == 403
    assert not EarlyUnlock.objects.exists()


# --- Submissions ------------------------------------------------------------------------


def test_the_submissions_list_shows_what_waits_with_the_link_and_file(
    office: Client, placement: Placement, staff: User
) -> None:
    waiting = submit(placement.user, upload=pdf("Report.pdf"))

    page = office.get(SUBMISSIONS).content.decode()

    assert "Task 1" in page and "Asha Learner" in page and "/tasks-1" in page
    assert 'href="https://github.com/asha/task-1"' in page
    assert f'href="{SUBMISSIONS}{waiting.pk}/file/"' in page
    file = office.get(f"{SUBMISSIONS}{waiting.pk}/file/")
    assert file.status_code == 200
    assert b"".join(file.streaming_content) == PDF  # type: ignore[attr-defined]
    assert file["Content-Disposition"].startswith("attachment;")

    services.submission_approve(submission_id=waiting.pk, by=staff)
    assert "asha/task-1" not in office.get(SUBMISSIONS).content.decode()
    assert "asha/task-1" in office.get(SUBMISSIONS, {"state__exact": "approved"}).content.decode()


def test_the_submissions_list_filters_by_board_and_task(
    office: Client, placement: Placement, staff: User
) -> None:
    services.placement_unlock_next_task(placement_id=placement.pk, by=staff)
    submit(placement.user, 1)
    submit(placement.user, 2)

    page = office.get(SUBMISSIONS, {"task": "2"}).content.decode()

    assert "Task 2" in page and "Task 1</" not in page
    board = TaskBoard.objects.get(slug="tasks-10")
    assert (
        "Asha"
        not in office.get(
            SUBMISSIONS, {"placement__board__id__exact": str(board.pk)}
        ).content.decode()
    )


def test_approve_in_bulk_and_request_changes_with_feedback(
    office: Client, placement: Placement, staff: User
) -> None:
    services.placement_unlock_next_task(placement_id=placement.pk, by=staff)
    first, second = submit(placement.user, 1), submit(placement.user, 2)

    act(office, SUBMISSIONS, "approve", [first.pk], apply="1")
    asked = act(office, SUBMISSIONS, "request_changes", [second.pk], apply="1", feedback="")
    assert "This field is required." in asked.content.decode()  # type: ignore[attr-defined]
    act(office, SUBMISSIONS, "request_changes", [second.pk], apply="1", feedback="Add tests.")

    states = dict(TaskSubmission.objects.values_list("task__number", "state"))
    assert states == {1: "approved", 2: "changes_requested"}
    assert TaskSubmission.objects.get(pk=second.pk).feedback == "Add tests."
    assert len(queued_about("internship.submission_approved")) == 1
    assert len(queued_about("internship.changes_requested")) == 1


def test_the_submission_page_buttons(office: Client, placement: Placement) -> None:
    submission = submit(placement.user)
    base = f"{SUBMISSIONS}{submission.pk}/"
    page = office.get(f"{base}change/").content.decode()
    assert f"{base}approve/" in page and f"{base}request-changes/" in page

    office.post(f"{base}request-changes/", {"feedback": "Fix the header."})
    assert TaskSubmission.objects.get().state == "changes_requested"
    done = office.post(f"{base}approve/", follow=True)

    assert "Task 1 of Asha Learner approved." in done.content.decode()
    assert office.post(f"{base}approve/").status_code == 403  # approved: no button any more


def test_the_fourth_approval_in_the_admin_issues_the_certificate(
    office: Client, placement: Placement, staff: User
) -> None:
    from internships.tests.conftest import unlock_all

    unlock_all(placement, staff)
    submissions = [submit(placement.user, n) for n in range(1, 5)]

    step = act(office, SUBMISSIONS, "approve", [s.pk for s in submissions])
    page = step.content.decode()  # type: ignore[attr-defined]
    assert "4 submissions will be approved." in page and "1 intern will be emailed." in page
    assert "1 certificate will be issued" in page
    assert Placement.objects.get().certificate is None

    act(office, SUBMISSIONS, "approve", [s.pk for s in submissions], apply="1")

    certificate = Placement.objects.get().certificate
    assert certificate is not None
    result = office.get(SUBMISSIONS).content.decode()
    assert "4 submissions approved." in result
    assert f"certificate {certificate.certificate_id} issued to Asha Learner" in result
    assert len(queued_about("certificate.issued")) == 1


def test_reviewing_needs_the_change_permission_and_the_file_the_view_permission(
    viewer: Client, staff: User, placement: Placement
) -> None:
    submission = submit(placement.user, upload=pdf())

    act(viewer, SUBMISSIONS, "approve", [submission.pk])
    assert viewer.post(f"{SUBMISSIONS}{submission.pk}/approve/").status_code == 403
    assert TaskSubmission.objects.get().state == "submitted"
    assert viewer.get(f"{SUBMISSIONS}{submission.pk}/file/").status_code == 200

    no_view = logged_in(with_permissions(staff, "view_placement"))
    assert no_view.get(f"{SUBMISSIONS}{submission.pk}/file/").status_code == 403


def test_the_unlock_button_goes_once_every_task_is_open(
    office: Client, placement: Placement, staff: User
) -> None:
    from internships.tests.conftest import unlock_all

    url = f"{PLACEMENTS}{placement.pk}/unlock-next-task/"
    assert url in office.get(f"{PLACEMENTS}{placement.pk}/change/").content.decode()

    unlock_all(placement, staff)

    assert url not in office.get(f"{PLACEMENTS}{placement.pk}/change/").content.decode()
    assert office.post(url).status_code == 403


def test_the_persons_name_opens_the_record_in_each_list(
    office: Client, placement: Placement
) -> None:
    application = placement.application
    submission = submit(placement.user)
    who = f"{placement.user.name} ({placement.user.phone})"

    applications = office.get(APPLICATIONS, {"status__exact": "all"}).content.decode()
    placements = office.get(PLACEMENTS).content.decode()
    submissions = office.get(SUBMISSIONS).content.decode()

    assert links_to(applications, f"{APPLICATIONS}{application.pk}/change/", who)
    assert links_to(applications, f"{APPLICATIONS}{application.pk}/change/", application.reference)
    assert links_to(placements, f"{PLACEMENTS}{placement.pk}/change/", who)
    assert links_to(submissions, f"{SUBMISSIONS}{submission.pk}/change/", who)
    assert links_to(submissions, f"{SUBMISSIONS}{submission.pk}/change/", "Task 1")
