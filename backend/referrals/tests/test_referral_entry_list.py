from __future__ import annotations

from datetime import datetime

import pytest
import time_machine
from django.test import Client

from accounts.models import User
from catalog.models import Course
from core.dates import INDIA
from enrolments import services as enrolment_services
from referrals.tests.conftest import DASHBOARD, confirmed_referral, ledger, paid_out

pytestmark = pytest.mark.django_db


@time_machine.travel(datetime(2026, 11, 27, 0, 30, tzinfo=INDIA), tick=False)
def test_it_lists_my_ledger_newest_first_with_course_names(
    learner_client: Client,
    learner: User,
    staff: User,
    course: Course,
    other_course: Course,
) -> None:
    # Earned inside the travelled-to day, not in the fixture (set up before the travel, on the
    # real date, which would leave the reward on hold or payable depending on today).
    confirmed_referral(course, learner, staff)
    paid_out(learner, staff, reference="PAY123")
    refunded = confirmed_referral(course, learner, staff, held=True)
    enrolment_services.enrolment_reject(enrolment_id=refunded, by=staff, reason="Refund: R9")
    confirmed_referral(other_course, learner, staff, held=True)

    entries = ledger(learner_client)

    assert [(e["kind"], e["signed_amount"], e["signed_amount_display"]) for e in entries] == [
        ("credit", 300, "+₹300"),
        ("reversal", -150, "\u2212₹150"),
        ("credit", 150, "+₹150"),
        ("payout", -150, "\u2212₹150"),
        ("credit", 150, "+₹150"),
    ]
    # Only the live credit still on hold says until when (India date: 27 Nov + 7 days).
    assert [(e["on_hold_until"], e["on_hold_until_display"]) for e in entries] == [
        ("2026-12-04", "4 December 2026"),
        *[(None, None)] * 4,
    ]
    assert entries[4]["course_name"] == "Test Web Development (MERN stack)"
    assert entries[3]["course_name"] == ""
    assert entries[3]["note"] == "Paid out to asha.learner@okbank"
    # Staff reasons are not shown to the referrer.
    assert "R9" not in entries[1]["note"]
    assert set(entries[0]) == {
        "id",
        "kind",
        "kind_display",
        "amount",
        "signed_amount",
        "signed_amount_display",
        "course_name",
        "created_at",
        "note",
        "on_hold_until",
        "on_hold_until_display",
    }


@pytest.mark.parametrize("persona", ["other_learner", "staff"])
def test_it_never_lists_anyone_elses_entries(
    request: pytest.FixtureRequest, persona: str, earned: int
) -> None:
    client = Client()
    client.force_login(request.getfixturevalue(persona))

    assert ledger(client) == []


def test_it_asks_anonymous_visitors_to_log_in(client: Client) -> None:
    assert client.get(DASHBOARD).status_code == 401
