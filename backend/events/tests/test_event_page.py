"""The event page's data (GET /api/pages/events/<slug>): its Register form's settings and
refusals, and the results once published (docs/product.md section 21)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
import time_machine
from django.test import Client

from accounts.models import User
from catalog.models import Event, Tournament
from core.dates import INDIA
from events import services
from events.models import Registration
from events.tests.conftest import confirmed, paid, team
from events.tests.test_admin import NOW

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("payee")]


@pytest.fixture(autouse=True)
def _now(settings: Any) -> object:
    settings.RATE_LIMIT_EVENT_REGISTRATION = "1000/h"
    with time_machine.travel(NOW, tick=False) as traveller:
        yield traveller


def page(client: Client) -> dict:  # type: ignore[type-arg]
    return client.get("/api/pages/path?path=/test-bgmi").json()["registration"]


def test_the_form_has_the_team_sizes_and_the_fee(client: Client, event: Event) -> None:
    registration = page(client)
    assert registration == {
        "team_event": True,
        "team_min": 2,
        "team_max": 4,
        "gaming": True,
        "fee_per": "team",
        "targets": [
            {
                "slug": "test-bgmi",
                "title": "Test BGMI Cup",
                "fee": 50,
                "fee_display": "₹50",
                "closed_reason": None,
            }
        ],
        "results": [],
    }


def test_each_tournament_with_a_slug_takes_its_registrations(client: Client, event: Event) -> None:
    Tournament.objects.create(event=event, name="Match 1", starts_on=NOW.date(), entry_fee=20)
    Tournament.objects.create(
        event=event, slug="m2", name="Match 2", starts_on=NOW.date(), entry_fee=30, capacity=1
    )
    team(1, slug="m2")
    assert page(client)["targets"] == [
        {
            "slug": "m2",
            "title": "Match 2",
            "fee": 30,
            "fee_display": "₹30",
            "closed_reason": "This event is full.",
        }
    ]


def test_full_then_closed(client: Client, event: Event) -> None:
    event.capacity = 1
    event.save()
    team(1)
    assert page(client)["targets"][0]["closed_reason"] == "This event is full."
    event.capacity = None
    event.registration_closes_at = datetime(2026, 12, 20, 9, 0, tzinfo=INDIA)
    event.save()
    assert page(client)["targets"][0]["closed_reason"] == "Registration is closed."


def test_the_results_show_once_published(client: Client, event: Event) -> None:
    first = confirmed(paid(team(1)))
    second = confirmed(paid(team(2)))
    for registration, rank in ((first, 2), (second, 1)):
        services.registration_check_in(enrolment_id=registration.pk, by=None)
        Registration.objects.filter(pk=registration.pk).update(rank=rank)
    assert page(client)["results"] == []

    services.event_results_publish(event=event, by=None)

    assert page(client)["results"] == [
        {"place": "1st", "rank": 1, "name": "Team 2", "tournament": ""},
        {"place": "2nd", "rank": 2, "name": "Team 1", "tournament": ""},
    ]


def test_my_events_shows_the_captains_registrations(event: Event, learner: User) -> None:
    enrolment = services.registration_create(
        slug=event.slug,
        name="Asha Learner",
        phone=learner.phone,
        email="asha@example.com",
        user=learner,
        team_name="Night Owls",
        game_id="CAP1",
        members=[services.MemberIn(name="Ravi", game_id="R2")],
    )
    client = Client()
    client.force_login(learner)

    (mine,) = client.get("/api/pages/dashboard").json()["events"]

    assert mine == {
        "reference": enrolment.reference,
        "event": "Test BGMI Cup",
        "team": "Night Owls",
        "status": "pending",
        "status_display": "Waiting for payment",
        "route": "/test-bgmi",
        "checked_in": False,
        "certificate_id": "",
    }
    confirmed(Registration.objects.get(pk=enrolment.pk))
    (mine,) = client.get("/api/pages/dashboard").json()["events"]
    assert mine["status_display"] == "Confirmed"
