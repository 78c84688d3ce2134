"""The internship's messages on WhatsApp for an opted-in intern: accepted, changes
requested (with the reviewer's words), certificate issued (with its verify link)."""

from __future__ import annotations

import pytest

from accounts.models import User
from catalog.models import InternshipDomain
from core import whatsapp
from core.tests.mail import queued_about
from core.whatsapp.queue import whatsapp_send_queued
from internships import services
from internships.models import Placement
from internships.tests.conftest import apply, submit, unlock_all
from notifications.models import ConsentRecord, MessagePreferences
from notifications.services import whatsapp_consent_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def opted_in(learner: User) -> User:
    whatsapp_consent_set(user=learner, given=True, source=ConsentRecord.Source.SIGNUP)
    return learner


def sent(template: str) -> list[tuple[str, ...]]:
    whatsapp_send_queued()
    return [m.parameters for m in whatsapp.outbox if m.template == template]


def test_acceptance_goes_on_whatsapp(opted_in: User, web: InternshipDomain, staff: User) -> None:
    application = apply(opted_in, web)
    services.application_accept(application_id=application.pk, by=staff)
    assert sent("application_accepted") == [
        (opted_in.name, application.reference, web.title, "https://site.example/tasks-1")
    ]
    assert queued_about("internship.application_accepted") == []


def test_changes_requested_carry_the_reviewers_words(
    opted_in: User, placement: Placement, staff: User
) -> None:
    submission = submit(opted_in, 1)
    services.submission_request_changes(
        submission_id=submission.pk, by=staff, feedback="Add a README\nwith the setup steps."
    )
    assert sent("changes_requested") == [
        (opted_in.name, "1", "Add a README with the setup steps.", "https://site.example/tasks-1")
    ]


def test_email_chosen_for_tasks_keeps_the_email(
    opted_in: User, placement: Placement, staff: User
) -> None:
    MessagePreferences.objects.filter(user=opted_in).update(tasks="email")
    submission = submit(opted_in, 1)
    services.submission_request_changes(submission_id=submission.pk, by=staff, feedback="Redo")
    assert sent("changes_requested") == []
    assert len(queued_about("internship.changes_requested")) == 1


def test_the_certificate_goes_on_whatsapp_with_its_verify_link(
    opted_in: User, placement: Placement, staff: User
) -> None:
    unlock_all(placement, staff)
    for number in range(1, 5):
        services.submission_approve(submission_id=submit(opted_in, number).pk, by=staff)
    placement.refresh_from_db()
    certificate = placement.certificate
    assert certificate is not None
    [parameters] = sent("certificate_issued")
    assert parameters[:3] == (
        opted_in.name,
        placement.application.domain.title,
        certificate.certificate_id,
    )
    assert parameters[3].startswith("https://site.example/verify/")
