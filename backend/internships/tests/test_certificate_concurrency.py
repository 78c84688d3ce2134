"""Two staff approve an intern's last two tasks at the same moment, each on its own
database connection: the placement's row lock serialises them, so the second sees the
first's approval, and exactly one certificate is issued. SQLite serialises every writer
anyway and has no SELECT ... FOR UPDATE, so this runs on PostgreSQL only (make test-pg)."""

from __future__ import annotations

import pytest
from django.db import connection

from accounts.models import User
from catalog.models import InternshipDomain
from certificates.models import Certificate
from core.tests.concurrency import run_at_once
from core.tests.mail import queued_about
from internships import services
from internships.models import Placement, TaskBoard, TaskSubmission
from internships.tests.conftest import apply, submit, unlock_all

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL (row locks across connections); set DATABASE_URL to run it",
    ),
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


def test_two_staff_approving_the_last_two_tasks_issue_one_certificate(
    learner: User, other_learner: User, staff: User
) -> None:
    # One round per open domain, each on its own board (one place per person and board).
    rounds = [
        ("web-development", "tasks-1"),
        ("android-development", "tasks-10"),
        ("iot", "tasks-20"),
    ]
    for domain_slug, board_slug in rounds:
        placement = services.application_accept(
            application_id=apply(learner, InternshipDomain.objects.get(slug=domain_slug)).pk,
            by=staff,
            board=TaskBoard.objects.get(slug=board_slug),
        )
        unlock_all(placement, staff)
        submissions = [submit(learner, number, slug=board_slug) for number in range(1, 5)]
        for submission in submissions[:2]:
            services.submission_approve(submission_id=submission.pk, by=staff)
        third, fourth = submissions[2], submissions[3]

        errors = run_at_once(
            lambda s=third: services.submission_approve(submission_id=s.pk, by=staff),
            lambda s=fourth: services.submission_approve(submission_id=s.pk, by=other_learner),
        ).errors

        assert errors == []
        placement.refresh_from_db()
        assert placement.certificate is not None
        approved = TaskSubmission.objects.filter(
            placement=placement, state=TaskSubmission.State.APPROVED
        )
        assert approved.count() == 4
    assert Certificate.objects.count() == len(rounds)
    assert Placement.objects.filter(certificate__isnull=False).count() == len(rounds)
    assert len(queued_about("certificate.issued")) == len(rounds)
