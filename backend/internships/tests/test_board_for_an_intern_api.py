"""GET /api/internships/boards/<slug> for an intern (placement, per-intern unlocks, the
certificate control) and the dashboard's "My internship" (/api/pages/dashboard)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
import time_machine
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from accounts.models import User
from catalog.models import InternshipDomain
from core.dates import INDIA
from internships import services
from internships.models import BoardTask, InternshipApplication, Placement
from internships.tests.conftest import API, apply, logged_in, pdf, submit, unlock_all

pytestmark = pytest.mark.django_db


DASHBOARD = "/api/pages/dashboard"


def my_internship(client: Client) -> dict:
    """The dashboard's "My internship"."""
    return client.get(DASHBOARD).json()["internship"]


def board(client: Client, slug: str = "tasks-1") -> dict:
    response = client.get(f"{API}/boards/{slug}")
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    return response.json()


def test_an_intern_sees_each_task_state(placement: Placement, staff: User) -> None:
    submission = submit(placement.user, upload=pdf("one.pdf"), note="Done.")
    services.submission_request_changes(
        submission_id=submission.pk, by=staff, feedback="Fix the footer."
    )

    body = board(logged_in(placement.user))

    tasks = body["placement"]["tasks"]
    assert body["placement"]["certificate_id"] is None
    assert tasks[0] == {
        "number": 1,
        "unlocked": True,
        "state": "changes_requested",
        "state_label": "Changes requested",
        "feedback": "Fix the footer.",
        "link": "https://github.com/asha/task-1",
        "note": "Done.",
        "file_name": "one.pdf",
        "file_url": f"/api/internships/submissions/{submission.pk}/file",
        "submitted_at": tasks[0]["submitted_at"],
    }
    assert [t["state"] for t in tasks[1:]] == ["not_submitted"] * 3
    assert [t["unlocked"] for t in tasks] == [True, False, False, False]
    assert body["certificate"] == {
        "enabled": False,
        "verify_path": None,
        "reason": "Complete all four tasks first",
    }


def test_others_see_the_public_board(placement: Placement, other_learner: User) -> None:
    submit(placement.user)

    for client in (Client(), logged_in(other_learner)):
        body = board(client)
        assert body["placement"] is None
        assert body["certificate"]["enabled"] is False
        raw = json.dumps(body)
        assert "github.com/asha" not in raw


def test_an_intern_on_another_board_has_no_placement_here(placement: Placement) -> None:
    assert board(logged_in(placement.user), "tasks-10")["placement"] is None


def test_an_early_unlock_sends_that_intern_the_link_only(placement: Placement, staff: User) -> None:
    services.placement_unlock_next_task(placement_id=placement.pk, by=staff)
    second = BoardTask.objects.get(board__slug="tasks-1", number=2)

    mine = logged_in(placement.user).get(f"{API}/boards/tasks-1").content.decode()
    public = Client().get(f"{API}/boards/tasks-1").content.decode()

    assert second.task_url in mine
    assert second.task_url not in public


def test_the_certificate_control_leads_the_intern_to_verify(
    placement: Placement, staff: User, learner: User
) -> None:
    unlock_all(placement, staff)
    for number in range(1, 5):
        services.submission_approve(submission_id=submit(learner, number).pk, by=staff)
    certificate_id = Placement.objects.get(pk=placement.pk).certificate.certificate_id  # type: ignore[union-attr]

    body = board(logged_in(learner))

    assert body["placement"]["certificate_id"] == certificate_id
    assert body["certificate"] == {
        "enabled": True,
        "verify_path": f"/verify/{certificate_id}",
        "reason": "",
    }
    assert [t["state"] for t in body["placement"]["tasks"]] == ["approved"] * 4
    # Still disabled for everyone else, on every board.
    assert board(Client())["certificate"]["enabled"] is False
    assert board(logged_in(learner), "tasks")["certificate"]["enabled"] is False

    mine = my_internship(logged_in(learner))
    assert mine["certificates"] == [
        {
            "certificate_id": certificate_id,
            "domain_title": "Web Development",
            "board_slug": "tasks-1",
            "issued_on": "2026-12-02",
            "verify_path": f"/verify/{certificate_id}",
        }
    ]


def test_my_internship_lists_the_applications_newest_first(
    learner: User, staff: User, web: InternshipDomain
) -> None:
    android = InternshipDomain.objects.get(slug="android-development")
    first = apply(learner, web)
    services.application_accept(application_id=first.pk, by=staff)
    second = apply(learner, android, batch=20)
    services.application_reject(application_id=second.pk, by=staff, reason="Full.")

    response = logged_in(learner).get(DASHBOARD)

    assert response.status_code == 200
    assert response["Cache-Control"] == "private, no-store"
    applications = response.json()["internship"]["applications"]
    assert [(a["domain_slug"], a["status"], a["board_slug"]) for a in applications] == [
        ("android-development", "rejected", None),
        ("web-development", "accepted", "tasks-1"),
    ]
    assert applications[0]["rejection_reason"] == "Full."
    assert response.json()["internship"]["certificates"] == []


def test_my_internship_is_for_logged_in_visitors_and_shows_only_their_own(
    learner: User, other_learner: User, web: InternshipDomain
) -> None:
    apply(learner, web)

    assert Client().get(DASHBOARD).status_code == 401
    assert my_internship(logged_in(other_learner)) == {
        "applications": [],
        "certificates": [],
    }


def test_my_internship_reads_a_fixed_number_of_queries_however_many_applications(
    learner: User, staff: User, web: InternshipDomain
) -> None:
    client = logged_in(learner)
    first = apply(learner, web)
    services.application_accept(application_id=first.pk, by=staff)
    client.get(DASHBOARD)  # the catalogue's caches (the course cards) filled
    with CaptureQueriesContext(connection) as one:
        client.get(DASHBOARD)
    for slug in ("android-development", "python-development"):
        domain = InternshipDomain.objects.filter(slug=slug).first()
        if domain is not None:
            apply(learner, domain)

    with CaptureQueriesContext(connection) as more:
        response = client.get(DASHBOARD)

    assert len(response.json()["internship"]["applications"]) > 1
    assert len(more.captured_queries) == len(one.captured_queries)


# --- Joined mid-cycle: why several tasks are open at once (issue 41 item 7) --------------


def accepted_on(day: datetime, application: InternshipApplication, staff: User) -> Placement:
    with time_machine.travel(day, tick=False):
        return services.application_accept(application_id=application.pk, by=staff)


def test_an_intern_accepted_in_week_3_is_told_why_tasks_1_to_3_are_open(
    application: InternshipApplication, staff: User
) -> None:
    # /tasks-1: the cycle starts on the 1st, tasks unlock on the 1st, 8th, 15th and 22nd.
    placement = accepted_on(datetime(2026, 12, 16, 10, 0, tzinfo=INDIA), application, staff)

    with time_machine.travel(datetime(2026, 12, 17, 9, 0, tzinfo=INDIA), tick=False):
        body = board(logged_in(placement.user))

    assert [t["unlocked"] for t in body["placement"]["tasks"]] == [True, True, True, False]
    assert body["placement"]["catch_up"] == {
        "joined_on": "2026-12-16",
        "week": 3,
        "task_numbers": [1, 2, 3],
        "catch_up_by": "2026-12-31",
    }


def test_the_note_counts_the_day_of_joining_in_india_time(
    application: InternshipApplication, staff: User
) -> None:
    # 20:00 UTC on 14 December is 01:30 on the 15th in India: task 3 was already open.
    placement = accepted_on(datetime(2026, 12, 14, 20, 0, tzinfo=UTC), application, staff)

    with time_machine.travel(datetime(2026, 12, 15, 12, 0, tzinfo=INDIA), tick=False):
        catch_up = board(logged_in(placement.user))["placement"]["catch_up"]

    assert catch_up["joined_on"] == "2026-12-15"
    assert catch_up["task_numbers"] == [1, 2, 3]


@pytest.mark.parametrize(
    ("joined", "seen"),
    [
        # Joined in week 1, with only task 1 open: the usual start, nothing to explain.
        (datetime(2026, 12, 2, 10, 0, tzinfo=INDIA), datetime(2026, 12, 9, 10, 0, tzinfo=INDIA)),
        # Joined on the cycle's first day.
        (datetime(2026, 12, 1, 10, 0, tzinfo=INDIA), datetime(2026, 12, 20, 10, 0, tzinfo=INDIA)),
        # Joined mid-cycle, but the next cycle has begun: tasks unlock in order again.
        (datetime(2026, 12, 16, 10, 0, tzinfo=INDIA), datetime(2027, 1, 2, 10, 0, tzinfo=INDIA)),
    ],
)
def test_no_note_when_the_tasks_opened_in_their_usual_order(
    application: InternshipApplication, staff: User, joined: datetime, seen: datetime
) -> None:
    placement = accepted_on(joined, application, staff)

    with time_machine.travel(seen, tick=False):
        assert board(logged_in(placement.user))["placement"]["catch_up"] is None


def test_the_note_is_the_interns_own(
    application: InternshipApplication, staff: User, other_learner: User
) -> None:
    accepted_on(datetime(2026, 12, 16, 10, 0, tzinfo=INDIA), application, staff)

    with time_machine.travel(datetime(2026, 12, 17, 9, 0, tzinfo=INDIA), tick=False):
        for client in (Client(), logged_in(other_learner)):
            assert board(client)["placement"] is None
