from __future__ import annotations

from datetime import date

import pytest
from django.test import override_settings

from catalog.jsonld import catalog_meta_for_path

pytestmark = pytest.mark.django_db

SITE = "https://example.org"
TODAY = date(2026, 11, 22)


@override_settings(SITE_URL=SITE)
def test_it_describes_a_course_page_as_a_course() -> None:
    meta = catalog_meta_for_path(path="/Web-Development-registration", today=TODAY)
    assert meta is not None
    assert meta.title == "Web Development (MERN stack) course"
    assert "₹999" in meta.description and "₹2,499" in meta.description
    [course] = meta.json_ld
    assert course["@context"] == "https://schema.org"
    assert course["@type"] == "Course"
    assert course["url"] == f"{SITE}/Web-Development-registration"
    assert course["provider"]["@type"] == "Organization"
    assert course["provider"]["name"]
    assert course["offers"] == {
        "@type": "Offer",
        "category": "Paid",
        "price": "999",
        "priceCurrency": "INR",
        "availability": "https://schema.org/InStock",
        "url": f"{SITE}/Web-Development-registration",
    }
    [instance] = course["hasCourseInstance"]
    assert instance["@type"] == "CourseInstance"
    assert instance["courseMode"] == "Online"
    schedule = instance["courseSchedule"]
    assert schedule["@type"] == "Schedule"
    assert schedule["duration"] == "PT2H"
    assert (schedule["startTime"], schedule["endTime"]) == ("21:00", "23:00")
    assert schedule["byDay"] == [
        "https://schema.org/Monday",
        "https://schema.org/Wednesday",
        "https://schema.org/Friday",
    ]
    assert course["timeRequired"] == "P3M"


def test_it_describes_the_python_evening_slot_and_the_bootcamp() -> None:
    python = catalog_meta_for_path(path="/python-registration", today=TODAY)
    assert python is not None
    schedule = python.json_ld[0]["hasCourseInstance"][0]["courseSchedule"]
    assert (schedule["startTime"], schedule["endTime"]) == ("17:00", "19:00")
    bootcamp = catalog_meta_for_path(path="/java+android_bootcamp", today=TODAY)
    assert bootcamp is not None
    [course] = bootcamp.json_ld
    assert course["offers"]["price"] == "199"
    assert course["hasCourseInstance"][0]["courseWorkload"] == "P1M"


@override_settings(SITE_URL=SITE)
def test_it_describes_events_as_online_events() -> None:
    meta = catalog_meta_for_path(path="/hackathon", today=TODAY)
    assert meta is not None
    [event] = meta.json_ld
    assert event["@type"] == "Event"
    assert (event["startDate"], event["endDate"]) == ("2024-03-26", "2024-03-27")
    assert event["eventAttendanceMode"] == "https://schema.org/OnlineEventAttendanceMode"
    assert event["location"]["@type"] == "VirtualLocation"
    assert event["offers"]["price"] == "99"
    assert event["offers"]["priceCurrency"] == "INR"
    bgmi = catalog_meta_for_path(path="/BGMI-Events", today=TODAY)
    assert bgmi is not None
    assert [s["offers"]["price"] for s in bgmi.json_ld[0]["subEvent"]] == ["20", "20", "50"]
    listing = catalog_meta_for_path(path="/events", today=TODAY)
    assert listing is not None
    assert {e["name"] for e in listing.json_ld} >= {
        "Coding Competition",
        "BGMI Tournaments",
        "Web Development Hackathon",
    }
    assert all(e["@type"] == "Event" for e in listing.json_ld)


@override_settings(SITE_URL=SITE)
def test_it_describes_the_home_page_as_the_organisation() -> None:
    meta = catalog_meta_for_path(path="/", today=TODAY)
    assert meta is not None
    [org] = meta.json_ld
    assert org["@type"] == "EducationalOrganization"
    assert org["url"] == f"{SITE}/"
    assert org["name"] == "YourBrand (placeholder)"
    assert org["email"] == "hello@example.com"
    assert org["telephone"]
    assert org["sameAs"] and all(url.startswith("https://") for url in org["sameAs"])


def test_it_has_nothing_for_other_paths_and_titles_policies() -> None:
    assert catalog_meta_for_path(path="/no-such-page", today=TODAY) is None
    terms = catalog_meta_for_path(path="/t&c", today=TODAY)
    assert terms is not None and terms.title == "Terms and Conditions"
