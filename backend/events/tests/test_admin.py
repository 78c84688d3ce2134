"""Event registrations in the back office (docs/product.md section 21): the enrolments'
payment decisions, "Check in" (permission, never twice, who and when), the day's check-in
list, and "Publish results" (a confirmation step, then certificates issued by
themselves, never twice)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import pytest
import time_machine
from django.contrib.auth.models import Permission
from django.test import Client

from accounts.models import User
from catalog.models import Event, Tournament
from certificates.models import Certificate
from core.dates import INDIA
from core.errors import ApplicationError
from core.tests.mail import queued_about
from enrolments.models import Enrolment
from enrolments.tests.conftest import back_office
from events import services
from events.models import Registration
from events.tests.conftest import confirmed, paid, team

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("payee")]

NOW = datetime(2026, 12, 20, 10, 0, tzinfo=INDIA)
LIST = "/admin/events/registration/"


@pytest.fixture(autouse=True)
def _now(settings: Any) -> object:
    settings.RATE_LIMIT_EVENT_REGISTRATION = "1000/h"
    with time_machine.travel(NOW, tick=False) as traveller:
        yield traveller


def page(registration: Registration, step: str = "") -> str:
    return f"{LIST}{registration.pk}/{step + '/' if step else 'change/'}"


@pytest.fixture
def office(staff: User) -> Client:
    client = Client()
    client.force_login(back_office(staff))
    return client


@pytest.fixture
def viewer(db: None) -> Client:
    user = User.objects.create_user(
        phone="+919900000077", name="Vera Viewer", password="a-long-pass-7", is_staff=True
    )
    user.user_permissions.set(Permission.objects.filter(codename__startswith="view_"))
    client = Client()
    client.force_login(User.objects.get(pk=user.pk))
    return client


def test_the_list_shows_team_captain_status_and_searches_members(
    office: Client, event: Event
) -> None:
    registration = paid(team(1, size=3))
    team(2)

    listed = office.get(LIST).content.decode()
    found = office.get(LIST, {"q": "Player 1-3"}).content.decode()
    by_status = office.get(LIST, {"status": "paid_claimed"}).content.decode()
    by_phone = office.get(LIST, {"q": "98333 50001"}).content.decode()

    assert "Team 1" in listed and "Captain 1" in listed and "Payment submitted" in listed
    assert registration.enrolment.reference in found and "Team 2" not in found
    assert "Team 1" in by_status and "Team 2" not in by_status
    assert "Team 1" in by_phone and "Team 2" not in by_phone
    record = office.get(page(registration)).content.decode()
    assert "Player 1-2" in record and "G13" in record


def test_confirm_payment_is_the_enrolments_decision(office: Client, event: Event) -> None:
    registration = paid(team(1))

    step = office.get(page(registration, "confirm-payment"))
    assert step.status_code == 200
    assert Enrolment.objects.get(pk=registration.pk).status == "paid_claimed"
    done = office.post(page(registration, "confirm-payment"), follow=True)

    assert f"Payment of {registration.enrolment.reference} confirmed." in done.content.decode()
    enrolment = Enrolment.objects.get(pk=registration.pk)
    assert enrolment.status == "confirmed" and enrolment.invoices.count() == 1
    (email,) = queued_about("registration.confirmed")
    assert "Your registration" in email.message and "Team 1" in email.message
    assert email.attachments


def test_reject_asks_for_the_reason(office: Client, event: Event) -> None:
    registration = paid(team(1))
    refused = office.post(page(registration, "reject"), {"reason": ""})
    assert refused.status_code == 200
    assert Enrolment.objects.get(pk=registration.pk).status == "paid_claimed"

    office.post(page(registration, "reject"), {"reason": "No such UTR on the statement."})
    assert Enrolment.objects.get(pk=registration.pk).status == "rejected"


def test_check_in_once_keeping_who_and_when(office: Client, event: Event, staff: User) -> None:
    registration = confirmed(paid(team(1)))

    done = office.post(f"{LIST}{registration.pk}/door-check-in/?day=today", follow=True)

    assert "Team 1 (" in done.content.decode() and "checked in." in done.content.decode()
    registration.refresh_from_db()
    assert registration.checked_in_at == NOW and registration.checked_in_by_id == staff.pk
    again = office.post(f"{LIST}{registration.pk}/door-check-in/", follow=True)
    assert "was already checked in on" in again.content.decode()
    with pytest.raises(ApplicationError, match="already checked in"):
        services.registration_check_in(enrolment_id=registration.pk, by=None)
    registration.refresh_from_db()
    assert registration.checked_in_by_id == staff.pk


def test_an_unpaid_team_is_not_checked_in(office: Client, event: Event) -> None:
    registration = paid(team(1))
    office.post(f"{LIST}{registration.pk}/door-check-in/")
    assert Registration.objects.get(pk=registration.pk).checked_in_at is None


def test_check_in_needs_its_permission(event: Event, staff: User) -> None:
    registration = confirmed(paid(team(1)))
    staff.user_permissions.set(
        Permission.objects.filter(codename__in=["view_registration", "change_registration"])
    )
    client = Client()
    client.force_login(User.objects.get(pk=staff.pk))

    listed = client.get(LIST, {"day": "today"}).content.decode()
    assert 'data-testid="check-in"' not in listed and "Team 1" in listed
    assert client.post(f"{LIST}{registration.pk}/door-check-in/").status_code == 403
    assert client.post(page(registration, "check-in")).status_code == 403
    assert Registration.objects.get(pk=registration.pk).checked_in_at is None


def test_todays_check_in_lists_todays_events_with_large_buttons(
    office: Client, event: Event, _now: time_machine.Coordinates
) -> None:
    confirmed(paid(team(1)))
    later = Event.objects.create(
        slug="later",
        title="Later Hackathon",
        summary="s",
        starts_on=date(2026, 12, 27),
        registration_open=True,
    )
    services.registration_create(
        slug=later.slug, name="Solo Sam", phone="98333 59999", email="sam@example.org", user=None
    )

    today = office.get(LIST, {"day": "today"}).content.decode()

    assert "Team 1" in today and "Solo Sam" not in today
    assert today.count('data-testid="check-in"') == 1 and "Today&#x27;s check-in" in today


def test_view_only_staff_change_nothing(viewer: Client, event: Event) -> None:
    registration = paid(team(1))
    assert viewer.get(LIST).status_code == 200
    assert viewer.get(page(registration)).status_code == 200

    refused = [
        viewer.post(page(registration, "confirm-payment")),
        viewer.post(page(registration, "check-in")),
        viewer.post(f"{LIST}{registration.pk}/door-check-in/"),
        viewer.post(page(registration), {"rank": 1}),
        viewer.get(f"/admin/catalog/event/{event.pk}/publish-results/"),
        viewer.post(f"/admin/catalog/event/{event.pk}/publish-results/"),
    ]

    assert [r.status_code for r in refused] == [403] * len(refused)
    assert Enrolment.objects.get(pk=registration.pk).status == "paid_claimed"
    assert Registration.objects.get(pk=registration.pk).rank is None
    assert Certificate.objects.count() == 0


def test_rank_is_set_on_the_registrations_page(office: Client, event: Event) -> None:
    registration = confirmed(paid(team(1)))
    assert "1st" in office.get(page(registration)).content.decode()
    members = list(registration.members.values_list("pk", flat=True))
    form = {"rank": "2", "members-TOTAL_FORMS": "2", "members-INITIAL_FORMS": "2", "_save": "1"}
    form.update({f"members-{n}-id": str(pk) for n, pk in enumerate(members)})
    form.update({f"members-{n}-registration": str(registration.pk) for n in range(2)})

    assert office.post(page(registration), form).status_code == 302
    assert Registration.objects.get(pk=registration.pk).rank == 2


def _ready(event: Event) -> tuple[Registration, Registration, Registration]:
    winner = confirmed(paid(team(1, size=3)))
    second = confirmed(paid(team(2)))
    absent = confirmed(paid(team(3)))
    for registration in (winner, second):
        services.registration_check_in(enrolment_id=registration.pk, by=None)
    Registration.objects.filter(pk=winner.pk).update(rank=1)
    return winner, second, absent


def test_publish_results_shows_who_gets_which_certificate_first(
    office: Client, event: Event
) -> None:
    _ready(event)

    step = office.get(f"/admin/catalog/event/{event.pk}/publish-results/").content.decode()

    assert "Player 1-3</strong> (Team 1): Winner - 1st place, Test BGMI Cup" in step
    assert "Captain 2</strong> (Team 2): Participation, Test BGMI Cup" in step
    assert "Not checked in: no certificate (1)" in step and "Team 3" in step
    assert "5 certificates will be issued" in step
    assert Certificate.objects.count() == 0
    assert Event.objects.get(pk=event.pk).results_published_at is None


def test_publish_results_issues_each_members_certificate_once(office: Client, event: Event) -> None:
    _winner, _second, absent = _ready(event)

    done = office.post(f"/admin/catalog/event/{event.pk}/publish-results/", follow=True)

    assert "5 certificates issued" in done.content.decode()
    assert Event.objects.get(pk=event.pk).results_published_at == NOW
    captain = Certificate.objects.get(name="Captain 1")
    assert (captain.course, captain.duration, captain.email) == (
        "Test BGMI Cup",
        "Winner - 1st place",
        "captain1@example.org",
    )
    assert Certificate.objects.get(name="Player 1-3").email == ""
    assert Certificate.objects.get(name="Captain 2").duration == "Participation"
    assert not Certificate.objects.filter(name="Captain 3").exists()
    verified = office.get(f"/api/certificates/{captain.certificate_id}").json()
    assert (verified["verified"], verified["duration"]) == (True, "Winner - 1st place")

    again = office.post(f"/admin/catalog/event/{event.pk}/publish-results/", follow=True)
    assert "0 certificates issued" in again.content.decode()
    assert Certificate.objects.count() == 5
    # Checked in after publishing: publishing again issues theirs only.
    services.registration_check_in(enrolment_id=absent.pk, by=None)
    assert len(services.event_results_publish(event=event, by=None)) == 2
    assert Certificate.objects.count() == 7


def test_publish_results_from_the_events_list(office: Client, event: Event) -> None:
    _ready(event)
    chosen = {"action": "publish_results", "_selected_action": [event.pk]}

    step = office.post("/admin/catalog/event/", chosen)
    assert step.status_code == 200 and "5 certificates will be issued" in step.content.decode()
    assert Certificate.objects.count() == 0
    office.post("/admin/catalog/event/", {**chosen, "apply": "1"})
    assert Certificate.objects.count() == 5


def test_a_tournaments_certificate_names_it(event: Event) -> None:
    Tournament.objects.create(
        event=event,
        slug="test-bgmi-squad",
        name="Squad Match",
        starts_on=date(2026, 12, 20),
        entry_fee=30,
    )
    registration = confirmed(paid(team(1, slug="test-bgmi-squad")))
    services.registration_check_in(enrolment_id=registration.pk, by=None)
    issued = services.event_results_publish(event=event, by=None)
    assert {c.course for c in issued} == {"Test BGMI Cup: Squad Match"}


def test_the_rank_reads_a_dash_for_no_place(office: Client, event: Event) -> None:
    registration = confirmed(paid(team(1)))
    body = office.get(page(registration)).content.decode()
    assert ">—</option>" in body and ">1st</option>" in body and ">3rd</option>" in body
