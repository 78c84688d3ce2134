"""Staff's decisions (services): accepting and rejecting applications, approving and
requesting changes on submissions, unlocking a task early, and the Internship Completion
Certificate issued by itself when the fourth task is approved."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from accounts.models import User
from catalog.models import InternshipDomain
from certificates.models import Certificate
from certificates.openbadges import certificate_credential
from certificates.selectors import certificate_download_urls
from core.errors import ApplicationError, FieldErrors
from core.tests.mail import queued_about
from internships import services
from internships.models import (
    EarlyUnlock,
    InternshipApplication,
    Placement,
    TaskBoard,
    TaskSubmission,
)
from internships.tests.conftest import API, apply, submit, unlock_all

pytestmark = pytest.mark.django_db


# --- Applications -----------------------------------------------------------------------


@pytest.mark.parametrize(("batch", "slug"), [(1, "tasks-1"), (10, "tasks-10"), (20, "tasks-20")])
def test_accepting_places_the_intern_on_the_board_of_their_batch(
    learner: User, staff: User, web: InternshipDomain, batch: int, slug: str
) -> None:
    application = apply(learner, web, batch=batch)

    placement = services.application_accept(application_id=application.pk, by=staff)

    assert placement.board.slug == slug
    assert placement.user == learner
    application.refresh_from_db()
    assert application.status == InternshipApplication.Status.ACCEPTED
    assert application.decided_by == staff
    [email] = queued_about("internship.application_accepted")
    assert email.to == [learner.email]
    assert f"https://site.example/{slug}" in email.message


def test_staff_may_choose_another_board(application: InternshipApplication, staff: User) -> None:
    board = TaskBoard.objects.get(slug="tasks-20")

    placement = services.application_accept(application_id=application.pk, by=staff, board=board)

    assert placement.board == board


def test_an_application_is_decided_once(application: InternshipApplication, staff: User) -> None:
    services.application_accept(application_id=application.pk, by=staff)

    with pytest.raises(ApplicationError) as accepted:
        services.application_accept(application_id=application.pk, by=staff)
    with pytest.raises(ApplicationError) as rejected:
        services.application_reject(application_id=application.pk, by=staff, reason="No.")

    assert accepted.value.status_code == rejected.value.status_code == 409
    assert Placement.objects.count() == 1
    assert len(queued_about("internship.application_accepted")) == 1


def test_one_place_per_person_and_board(learner: User, staff: User, web: InternshipDomain) -> None:
    android = InternshipDomain.objects.get(slug="android-development")
    services.application_accept(application_id=apply(learner, web).pk, by=staff)
    second = apply(learner, android)

    with pytest.raises(ApplicationError) as refused:
        services.application_accept(application_id=second.pk, by=staff)

    assert refused.value.status_code == 409
    assert "already has a place on /tasks-1" in refused.value.message
    second.refresh_from_db()
    assert second.status == InternshipApplication.Status.SUBMITTED
    # On another board it works.
    services.application_accept(
        application_id=second.pk, by=staff, board=TaskBoard.objects.get(slug="tasks-10")
    )


def test_nobody_decides_on_their_own_application(staff: User, web: InternshipDomain) -> None:
    own = apply(staff, web)

    with pytest.raises(ApplicationError) as refused:
        services.application_accept(application_id=own.pk, by=staff)

    assert refused.value.status_code == 403
    assert not Placement.objects.exists()


def test_rejecting_needs_a_reason_and_emails_it(
    application: InternshipApplication, staff: User, learner: User
) -> None:
    with pytest.raises(FieldErrors):
        services.application_reject(application_id=application.pk, by=staff, reason="  ")
    assert not queued_about("internship.application_rejected")

    services.application_reject(
        application_id=application.pk, by=staff, reason="This batch is full."
    )

    application.refresh_from_db()
    assert application.status == InternshipApplication.Status.REJECTED
    assert application.rejection_reason == "This batch is full."
    [email] = queued_about("internship.application_rejected")
    assert email.to == [learner.email]
    assert "Reason: This batch is full." in email.message


# --- Review -----------------------------------------------------------------------------


def test_requesting_changes_needs_feedback_and_emails_it(placement: Placement, staff: User) -> None:
    submission = submit(placement.user)

    with pytest.raises(FieldErrors) as refused:
        services.submission_request_changes(submission_id=submission.pk, by=staff, feedback="")
    assert refused.value.extra["fields"] == {"feedback": "Write the feedback."}

    services.submission_request_changes(
        submission_id=submission.pk, by=staff, feedback="Add a README with setup steps."
    )

    submission.refresh_from_db()
    assert submission.state == TaskSubmission.State.CHANGES_REQUESTED
    assert submission.reviewed_by == staff
    [email] = queued_about("internship.changes_requested")
    assert "Add a README with setup steps." in email.message


def test_approving_emails_the_intern_once(placement: Placement, staff: User) -> None:
    submission = submit(placement.user)

    services.submission_approve(submission_id=submission.pk, by=staff)
    services.submission_approve(submission_id=submission.pk, by=staff)

    submission.refresh_from_db()
    assert submission.state == TaskSubmission.State.APPROVED
    assert len(queued_about("internship.submission_approved")) == 1


def test_an_approved_task_cannot_be_sent_back(placement: Placement, staff: User) -> None:
    submission = submit(placement.user)
    services.submission_approve(submission_id=submission.pk, by=staff)

    with pytest.raises(ApplicationError) as refused:
        services.submission_request_changes(
            submission_id=submission.pk, by=staff, feedback="Redo it."
        )

    assert refused.value.status_code == 409


def test_nobody_reviews_their_own_submission(staff: User, web: InternshipDomain) -> None:
    from accounts.services import user_create

    other_staff = user_create(
        phone="+919900000002", name="Other Staff", email="o@example.com", password="x" * 12
    )
    own = services.application_accept(application_id=apply(staff, web).pk, by=other_staff)
    submission = submit(own.user)

    with pytest.raises(ApplicationError) as refused:
        services.submission_approve(submission_id=submission.pk, by=staff)

    assert refused.value.status_code == 403


# --- Early unlocks ----------------------------------------------------------------------


def test_unlock_next_task_opens_the_interns_next_locked_task_only(
    placement: Placement, staff: User, other_learner: User, web: InternshipDomain
) -> None:
    someone_else = services.application_accept(
        application_id=apply(other_learner, web).pk, by=staff
    )

    task = services.placement_unlock_next_task(placement_id=placement.pk, by=staff)

    assert task.number == 2
    mine = Client()
    mine.force_login(placement.user)
    theirs = Client()
    theirs.force_login(someone_else.user)
    my_tasks = mine.get(f"{API}/boards/tasks-1").json()["tasks"]
    their_tasks = theirs.get(f"{API}/boards/tasks-1").json()["tasks"]
    assert [t["unlocked"] for t in my_tasks] == [True, True, False, False]
    assert my_tasks[1]["task_url"] is not None
    assert [t["unlocked"] for t in their_tasks] == [True, False, False, False]
    assert their_tasks[1]["task_url"] is None


def test_unlocking_past_the_last_task_is_refused(placement: Placement, staff: User) -> None:
    unlock_all(placement, staff)

    with pytest.raises(ApplicationError) as refused:
        services.placement_unlock_next_task(placement_id=placement.pk, by=staff)

    assert refused.value.status_code == 409
    assert EarlyUnlock.objects.filter(placement=placement).count() == 3


# --- The certificate --------------------------------------------------------------------


def complete(placement: Placement, staff: User, *, approve: int = 4) -> list[TaskSubmission]:
    unlock_all(placement, staff)
    submissions = [submit(placement.user, n) for n in range(1, 5)]
    for submission in submissions[:approve]:
        services.submission_approve(submission_id=submission.pk, by=staff)
    return submissions


def test_the_fourth_approval_issues_the_certificate(
    placement: Placement, staff: User, learner: User
) -> None:
    complete(placement, staff, approve=3)
    assert not Certificate.objects.exists()

    submission = TaskSubmission.objects.get(placement=placement, task__number=4)
    services.submission_approve(submission_id=submission.pk, by=staff)

    placement.refresh_from_db()
    certificate = placement.certificate
    assert certificate is not None
    assert certificate.certificate_id.startswith("INT-2026-")
    assert certificate.name == "Asha Learner"
    assert certificate.course == "Web Development"
    assert certificate.duration == "30 Days"
    assert certificate.issue_date.isoformat() == "2026-12-02"
    assert certificate.email == learner.email
    # 30 Days: the letter of recommendation too; and a signed credential.
    downloads = certificate_download_urls(certificate=certificate)
    assert downloads["letter_png"] and downloads["certificate_pdf"] and downloads["credential"]
    credential = certificate_credential(certificate=certificate)
    subject = credential["credentialSubject"]
    assert subject["identifier"][0]["identityHash"] == "Asha Learner"
    assert subject["achievement"]["name"] == "Web Development"
    [email] = queued_about("certificate.issued")
    assert email.to == [learner.email]
    assert certificate.certificate_id in email.message


def test_a_longer_domain_gets_no_letter(
    learner: User, staff: User, closed_domain: InternshipDomain
) -> None:
    closed_domain.is_open = True
    closed_domain.save()
    placement = services.application_accept(
        application_id=apply(learner, closed_domain).pk, by=staff
    )

    complete(placement, staff)

    certificate = Placement.objects.get(pk=placement.pk).certificate
    assert certificate is not None
    assert certificate.duration == "2 Months"
    assert certificate_download_urls(certificate=certificate)["letter_png"] is None


def test_the_certificate_is_issued_once(placement: Placement, staff: User) -> None:
    submissions = complete(placement, staff)

    for submission in submissions:
        services.submission_approve(submission_id=submission.pk, by=staff)
    services.placement_certificate_issue(placement=Placement.objects.get(pk=placement.pk))

    assert Certificate.objects.count() == 1
    assert len(queued_about("certificate.issued")) == 1


def test_the_certificate_verifies_at_the_public_lookup(placement: Placement, staff: User) -> None:
    complete(placement, staff)
    certificate_id = Placement.objects.get(pk=placement.pk).certificate.certificate_id  # type: ignore[union-attr]

    response = Client().get(f"/api/certificates/{certificate_id}")

    assert response.status_code == 200
    assert response.json()["name"] == "Asha Learner"
    assert response.json()["domain"] == "Web Development"
    assert response.json()["verified"] is True


def test_a_new_id_is_drawn_when_one_is_taken(
    monkeypatch: Any, placement: Placement, staff: User
) -> None:
    from certificates import services as certificate_services

    Certificate.objects.create(certificate_id="INT-2026-AAAAAA", name="Someone")
    drawn = iter(["INT-2026-AAAAAA", "INT-2026-BBBBBB"])
    monkeypatch.setattr(certificate_services, "certificate_id_new", lambda **kwargs: next(drawn))

    complete(placement, staff)

    assert Placement.objects.get(pk=placement.pk).certificate.certificate_id == "INT-2026-BBBBBB"  # type: ignore[union-attr]
