from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from accounts.models import User
from catalog import caching
from catalog.models import Course, Event, Tournament
from core.permissions import BACK_OFFICE_GROUP, back_office_group_sync

pytestmark = pytest.mark.django_db

COURSES = "/api/pages/courses"


def course_shown(client: Client, route: str) -> dict:
    """The course as its page shows it."""
    return client.get("/api/pages/path", {"path": route}).json()["course"]


def cards(client: Client) -> list[dict]:
    return client.get(COURSES).json()["courses"]


def test_it_serves_repeat_requests_from_the_cache(client: Client) -> None:
    client.get(COURSES)
    with CaptureQueriesContext(connection) as queries:
        client.get(COURSES)
    assert not [q for q in queries.captured_queries if "catalog_course" in q["sql"]]


def test_it_shows_a_fee_change_on_the_next_request(client: Client) -> None:
    assert course_shown(client, "/java-registration")["offer_fee"] == 499
    course = Course.objects.get(slug="java")
    course.offer_fee = 399
    course.save()
    body = course_shown(client, "/java-registration")
    assert body["offer_fee"] == 399
    assert body["offer_fee_display"] == "₹399"


def test_it_shows_a_fee_saved_in_the_admin(client: Client, staff: User) -> None:
    back_office_group_sync()
    staff.groups.add(Group.objects.get(name=BACK_OFFICE_GROUP))
    admin = Client()
    admin.force_login(staff)
    assert course_shown(client, "/python-registration")["list_fee"] == 4499
    course = Course.objects.get(slug="python")
    form = {
        field: getattr(course, field)
        for field in (
            "name",
            "short_name",
            "slug",
            "route",
            "summary",
            "description",
            "offer_label",
            "duration_text",
            "timing",
            "days",
            "doubt_session",
            "mode",
            "highlights",
            "syllabus",
            "order",
            "referral_reward",
        )
    }
    form.update({"list_fee": 3999, "offer_fee": "", "certificate": "on", "is_active": "on"})
    response = admin.post(f"/admin/catalog/course/{course.pk}/change/", form)
    assert response.status_code == 302, response.content[:2000]
    assert course_shown(client, "/python-registration")["list_fee"] == 3999
    assert cards(client)[3]["list_fee_display"] == "₹3,999"


def test_it_drops_a_deleted_tournament_and_a_new_event(client: Client) -> None:
    bgmi = "/api/pages/path?path=/BGMI-Events"
    assert len(client.get(bgmi).json()["event"]["tournaments"]) == 3
    Tournament.objects.filter(event__slug="bgmi-tournaments").first().delete()
    assert len(client.get(bgmi).json()["event"]["tournaments"]) == 2
    Event.objects.create(
        slug="quiz-night", title="Quiz Night", summary="A quiz.", starts_on="2099-01-01"
    )
    upcoming = client.get("/api/pages/events").json()["events"]["upcoming"]
    assert "quiz-night" in [e["slug"] for e in upcoming]


def test_the_course_cards_are_what_each_course_page_shows(client: Client) -> None:
    first = client.get(COURSES)
    again = client.get(COURSES)
    # A warm answer is the cold one, and each card is its course page's course.
    assert first.content == again.content
    listed = first.json()["courses"]
    assert listed == [course_shown(client, card["route"]) for card in listed]
    assert first["Content-Type"] == "application/json; charset=utf-8"


def test_a_cached_course_list_does_not_ask_the_database_for_courses(client: Client) -> None:
    client.get(COURSES)
    with CaptureQueriesContext(connection) as queries:
        client.get(COURSES)
    assert not [q for q in queries.captured_queries if "catalog_course" in q["sql"]]


def test_an_edit_made_by_another_process_shows_at_once(client: Client) -> None:
    course = Course.objects.get(slug="java")
    client.get(COURSES)
    # Another server process saves the course: the rows change and it bumps the shared
    # version; this process has no signal of it.
    Course.objects.filter(pk=course.pk).update(name="Java, renamed")
    cache.set(caching.VERSION_KEY, "bumped-elsewhere", timeout=None)

    assert "Java, renamed" in [c["name"] for c in cards(client)]


def test_an_edit_in_this_process_shows_at_once(client: Client) -> None:
    client.get(COURSES)
    course = Course.objects.get(slug="java")
    course.name = "Java, renamed here"
    course.save()  # the signal bumps the version and this process forgets its copy
    assert "Java, renamed here" in [c["name"] for c in cards(client)]


def test_a_migrate_drops_what_the_previous_release_cached(client: Client) -> None:
    """A deploy runs migrate: answers cached before it (a shape the new code may not
    validate, rows a data migration changed behind the signals) are not served again."""
    from django.core.management import call_command

    assert course_shown(client, "/java-registration")["offer_fee"] == 499
    Course.objects.filter(slug="java").update(offer_fee=399)  # skips the model's signals
    assert course_shown(client, "/java-registration")["offer_fee"] == 499  # still the cached one

    call_command("migrate", verbosity=0)

    assert course_shown(client, "/java-registration")["offer_fee"] == 399


@pytest.mark.parametrize(
    "path",
    [
        "/api/pages/events",
        "/api/pages/path?path=/BGMI-Events",
        "/api/pages/home",
    ],
)
def test_cached_events_keep_their_tournaments(client: Client, path: str) -> None:
    """The cache keeps the Event rows with their prefetched tournaments (the schemas render
    them per request): a warm answer reads neither table."""
    first = client.get(path)
    with CaptureQueriesContext(connection) as queries:
        again = client.get(path)
    assert again.content == first.content
    assert not [
        q
        for q in queries.captured_queries
        if "catalog_event" in q["sql"] or "catalog_tournament" in q["sql"]
    ]
