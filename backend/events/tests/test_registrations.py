"""Registering for an event (docs/product.md section 21): solo or team within the team
sizes, one phone once, capacity and closing time, free confirmed at once, a fee on the
enrolment's payment road."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import pytest
import time_machine
from django.test import Client

from catalog.models import Event, Tournament
from core.dates import INDIA
from core.errors import ApplicationError, FieldErrors
from core.tests.mail import queued_about
from enrolments.models import Enrolment
from enrolments.selectors import enrolment_payment_instructions
from enrolments.tests.conftest import post, with_csrf
from events import services
from events.models import Registration

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 12, 3, 12, 0, tzinfo=INDIA)


@pytest.fixture(autouse=True)
def _now(settings: Any) -> object:
    settings.RATE_LIMIT_EVENT_REGISTRATION = "1000/h"
    with time_machine.travel(NOW, tick=False) as traveller:
        yield traveller


def make_event(**overrides: Any) -> Event:
    values: dict[str, Any] = {
        "slug": "test-hackathon",
        "kind": Event.KIND_HACKATHON,
        "title": "Test Hackathon",
        "summary": "Build something.",
        "starts_on": date(2026, 12, 20),
        "registration_open": True,
    }
    values.update(overrides)
    event = Event(**values)
    event.full_clean()
    event.save()
    return event


def solo(n: int, slug: str = "test-hackathon", **overrides: Any) -> Enrolment:
    values: dict[str, Any] = {
        "slug": slug,
        "name": f"Entrant {n}",
        "phone": f"98333 4{n:04d}",
        "email": f"entrant{n}@example.org",
        "user": None,
    }
    values.update(overrides)
    return services.registration_create(**values)


def test_a_free_solo_registration_is_confirmed_at_once() -> None:
    make_event()
    enrolment = solo(1)
    assert enrolment.status == Enrolment.Status.CONFIRMED
    assert enrolment.reference.startswith("REG-")
    assert enrolment.offering.name == "Test Hackathon"
    assert Registration.objects.get(enrolment=enrolment).members.get().name == "Entrant 1"


@pytest.mark.usefixtures("payee")
def test_a_fee_goes_the_enrolments_payment_road() -> None:
    make_event(fee=99)
    enrolment = solo(1)
    assert (enrolment.status, enrolment.amount) == (Enrolment.Status.PENDING, 99)
    upi = enrolment_payment_instructions(enrolment=enrolment)
    assert upi.reference == enrolment.reference
    assert upi.note.endswith(f"registration {enrolment.reference}")
    (email,) = queued_about("enrolment.payment_details")
    assert "Test Hackathon" in email.subject and "/e/" in email.message


def test_one_phone_registers_once_per_event() -> None:
    make_event()
    solo(1)
    with pytest.raises(ApplicationError, match="already registered for this event") as refused:
        solo(1, name="Someone Else")
    assert refused.value.status_code == 409
    assert Enrolment.objects.count() == 1


def test_capacity_then_this_event_is_full() -> None:
    make_event(capacity=2)
    solo(1)
    solo(2)
    with pytest.raises(ApplicationError, match=r"This event is full\.") as refused:
        solo(3)
    assert refused.value.status_code == 409


def test_registration_is_closed_after_its_closing_time(_now: time_machine.Coordinates) -> None:
    make_event(registration_closes_at=datetime(2026, 12, 3, 18, 0, tzinfo=INDIA))
    solo(1)
    _now.move_to(datetime(2026, 12, 3, 18, 0, tzinfo=INDIA))
    with pytest.raises(ApplicationError, match=r"Registration is closed\."):
        solo(2)


@pytest.mark.usefixtures("payee")
def test_a_team_within_its_sizes_with_in_game_ids_for_a_gaming_tournament() -> None:
    event = make_event(
        slug="test-bgmi",
        kind=Event.KIND_GAMING,
        title="Test BGMI",
        team_event=True,
        team_min=2,
        team_max=4,
        fee_per=Event.FEE_PER_TEAM,
    )
    Tournament.objects.create(
        event=event,
        slug="test-bgmi-squad",
        name="Squad",
        starts_on=date(2026, 12, 20),
        entry_fee=50,
    )
    with pytest.raises(FieldErrors) as refused:
        services.registration_create(
            slug="test-bgmi-squad",
            name="Captain",
            phone="98333 40001",
            email="captain@example.org",
            user=None,
            team_name="",
            members=[],
        )
    assert refused.value.extra["fields"] == {
        "team_name": "Enter your team's name.",
        "members": "A team has 2 to 4 players, the captain included.",
        "game_id": "Enter this player's in-game ID.",
    }
    enrolment = services.registration_create(
        slug="test-bgmi-squad",
        name="Captain",
        phone="98333 40001",
        email="captain@example.org",
        user=None,
        team_name="Night Owls",
        game_id="CAP123",
        members=[services.MemberIn(name="Second", game_id="SEC456")],
    )
    registration = Registration.objects.get(enrolment=enrolment)
    assert (enrolment.amount, enrolment.tournament.slug, registration.team_name) == (
        50,
        "test-bgmi-squad",
        "Night Owls",
    )
    assert list(registration.members.values_list("position", "name", "game_id")) == [
        (1, "Captain", "CAP123"),
        (2, "Second", "SEC456"),
    ]
    assert enrolment.offering.name == "Test BGMI: Squad"


def test_the_api_answers_201_then_409_with_the_words() -> None:
    make_event(capacity=1)
    client = Client()
    headers = with_csrf(client)
    body = {"name": "Entrant", "phone": "98333 40009", "email": "e@example.org"}

    first = post(client, "/api/events/test-hackathon/registrations", body, **headers)
    second = post(
        client,
        "/api/events/test-hackathon/registrations",
        {**body, "phone": "98333 40010"},
        **headers,
    )
    unknown = post(client, "/api/events/nope/registrations", body, **headers)

    assert first.status_code == 201
    assert first.json()["message"] == "Registration confirmed"
    assert (second.status_code, second.json()["message"]) == (409, "This event is full.")
    assert (unknown.status_code, unknown.json()["message"]) == (404, "This event does not exist.")


def test_a_free_registration_is_told_it_is_confirmed() -> None:
    make_event()
    enrolment = solo(1)
    (email,) = queued_about("registration.confirmed")
    assert email.subject == f"Registration confirmed: Test Hackathon ({enrolment.reference})"
    assert "is confirmed" in email.message and enrolment.reference in email.message
