from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from enrolments import services as enrolment_services
from referrals.tests.conftest import API, paid_out

pytestmark = pytest.mark.django_db


def test_it_lists_my_ledger_newest_first_with_course_names(
    learner_client: Client, learner: User, staff: User, earned: int
) -> None:
    paid_out(learner, staff, reference="PAY123")
    enrolment_services.enrolment_reject(enrolment_id=earned, by=staff, reason="Refund: R9")

    entries = learner_client.get(f"{API}/entries").json()

    assert [(e["kind"], e["amount"], e["signed_amount"]) for e in entries] == [
        ("reversal", 150, -150),
        ("payout", 150, -150),
        ("credit", 150, 150),
    ]
    assert entries[2]["course_name"] == "Test Web Development (MERN stack)"
    assert entries[1]["course_name"] == ""
    assert entries[1]["note"] == "Paid out to asha.learner@okbank"
    # Staff reasons are not shown to the referrer.
    assert "R9" not in entries[0]["note"]
    assert set(entries[0]) == {
        "id",
        "kind",
        "kind_display",
        "amount",
        "signed_amount",
        "course_name",
        "created_at",
        "note",
    }


@pytest.mark.parametrize("persona", ["other_learner", "staff"])
def test_it_never_lists_anyone_elses_entries(
    request: pytest.FixtureRequest, persona: str, earned: int
) -> None:
    client = Client()
    client.force_login(request.getfixturevalue(persona))

    assert client.get(f"{API}/entries").json() == []


def test_it_asks_anonymous_visitors_to_log_in(client: Client) -> None:
    assert client.get(f"{API}/entries").status_code == 401
