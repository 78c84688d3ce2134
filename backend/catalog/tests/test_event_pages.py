"""The events as the events page and each event's page show them, and the India-date rule
of upcoming and past."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from catalog.models import Event
from catalog.selectors import event_get, event_list
from core.dates import india_today
from core.errors import NotFound

pytestmark = pytest.mark.django_db

ENDED = "This event has ended."


def test_it_shows_the_hackathon_and_bgmi_as_past_with_the_reason(page) -> None:
    body = page("events")["events"]
    past = {e["slug"]: e for e in body["past"]}
    hackathon = past["web-development-hackathon"]
    assert hackathon["status"] == "past"
    assert hackathon["register_disabled_reason"] == ENDED
    assert (hackathon["starts_on"], hackathon["ends_on"]) == ("2024-03-26", "2024-03-27")
    assert hackathon["fee"] == 99
    assert hackathon["fee_display"] == "₹99 registration"
    assert hackathon["route"] == "/hackathon"
    bgmi = past["bgmi-tournaments"]
    assert bgmi["register_disabled_reason"] == ENDED
    assert bgmi["route"] == "/BGMI-Events"
    # Past events come most recent first.
    assert [e["slug"] for e in body["past"]][:2] == [
        "web-development-hackathon",
        "bgmi-tournaments",
    ]


def test_it_lists_the_bgmi_tournaments_with_fees_and_prize_pools(page) -> None:
    bgmi = page("path", path="/BGMI-Events")["event"]
    rows = [
        (t["starts_on"], t["entry_fee"], t["entry_fee_display"], t["prize_pool"], t["status"])
        for t in bgmi["tournaments"]
    ]
    assert rows == [
        ("2023-10-10", 20, "₹20 per team", "₹30", "past"),
        ("2023-10-10", 20, "₹20 per team", "₹30", "past"),
        ("2023-10-10", 50, "₹50 per team", "₹500 (1st) / ₹300 (2nd)", "past"),
    ]
    assert all(t["name"] for t in bgmi["tournaments"])


def test_it_keeps_the_coding_competition_upcoming_with_registration_closed() -> None:
    events = event_list(today=date(2026, 11, 22))
    coding = next(e for e in events.upcoming if e.event.slug == "coding-competition")
    assert coding.status == "upcoming"
    assert coding.event.registration_open is False
    assert coding.register_disabled_reason == "Registration is not open yet."


def test_it_allows_registration_for_an_open_upcoming_event() -> None:
    Event.objects.filter(slug="coding-competition").update(
        registration_open=True, registration_url="https://forms.example.com/coding"
    )
    coding = event_get(slug="coding-competition", today=date(2026, 11, 22))
    assert coding.register_disabled_reason is None


def test_it_counts_the_last_day_in_india_time() -> None:
    # 18:30 UTC is midnight in India: the hackathon's last day (27 March) ends then.
    before = india_today(now=datetime(2024, 3, 27, 18, 29, tzinfo=UTC))
    after = india_today(now=datetime(2024, 3, 27, 18, 30, tzinfo=UTC))
    assert (before, after) == (date(2024, 3, 27), date(2024, 3, 28))
    on_last_day = event_get(slug="web-development-hackathon", today=before)
    assert on_last_day.status == "upcoming"
    assert on_last_day.register_disabled_reason == "Registration is not open yet."
    day_after = event_get(slug="web-development-hackathon", today=after)
    assert day_after.status == "past"
    assert day_after.register_disabled_reason == ENDED
    split = event_list(today=after)
    assert "web-development-hackathon" in [e.event.slug for e in split.past]
    assert split.today == after


def test_it_treats_a_one_day_event_as_upcoming_on_its_day() -> None:
    on_the_day = event_get(slug="bgmi-tournaments", today=date(2023, 10, 10))
    assert on_the_day.status == "upcoming"
    assert [t.status for t in on_the_day.tournaments] == ["upcoming"] * 3
    assert event_get(slug="bgmi-tournaments", today=date(2023, 10, 11)).status == "past"


def test_it_answers_404_for_a_path_no_event_has(client) -> None:
    response = client.get("/api/pages/path", {"path": "/no-such-event"})
    assert response.status_code == 404
    assert response.json()["message"] == "No page at this address."
    with pytest.raises(NotFound, match=r"No such event\."):
        event_get(slug="no-such-event")
