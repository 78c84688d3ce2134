"""The events' test helpers: a team tournament with a fee, and teams registering,
paying and being confirmed on the enrolments' road."""

from __future__ import annotations

from datetime import date

import pytest

from catalog.models import Event
from enrolments import services as enrolment_services
from enrolments.tests.conftest import payee  # noqa: F401 (a fixture)
from events import services
from events.models import Registration


@pytest.fixture
def event() -> Event:
    event = Event(
        slug="test-bgmi",
        kind=Event.KIND_GAMING,
        title="Test BGMI Cup",
        route="/test-bgmi",
        summary="Squads.",
        starts_on=date(2026, 12, 20),
        registration_open=True,
        team_event=True,
        team_min=2,
        team_max=4,
        fee=50,
        fee_per=Event.FEE_PER_TEAM,
    )
    event.full_clean()
    event.save()
    return event


def team(n: int, *, slug: str = "test-bgmi", size: int = 2) -> Registration:
    enrolment = services.registration_create(
        slug=slug,
        name=f"Captain {n}",
        phone=f"98333 5{n:04d}",
        email=f"captain{n}@example.org",
        user=None,
        team_name=f"Team {n}",
        game_id=f"CAP{n}",
        members=[
            services.MemberIn(name=f"Player {n}-{p}", game_id=f"G{n}{p}")
            for p in range(2, size + 1)
        ],
    )
    return Registration.objects.get(pk=enrolment.pk)


def paid(registration: Registration) -> Registration:
    enrolment_services.enrolment_submit_utr(
        enrolment=registration.enrolment, utr=f"41234567{registration.pk:04d}"
    )
    return Registration.objects.get(pk=registration.pk)


def confirmed(registration: Registration) -> Registration:
    enrolment_services.enrolment_confirm_payment(enrolment_id=registration.pk, by=None)
    return Registration.objects.get(pk=registration.pk)
