"""A course's and an event's Page path in the back office (docs/product.md section 20): a
new course gets its page at once at the path staff type, its slug the path without
"-registration"; a path the site's own pages, the back office or another course or
event answers is refused at the field, and nothing is saved."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import Group
from django.test import Client

from accounts.models import User
from catalog import selectors
from catalog.models import Course, Event
from core.permissions import BACK_OFFICE_GROUP, back_office_group_sync

pytestmark = pytest.mark.django_db

ADD = "/admin/catalog/course/add/"


@pytest.fixture
def back_office(staff: User) -> Client:
    back_office_group_sync()
    staff.groups.add(Group.objects.get(name=BACK_OFFICE_GROUP))
    client = Client()
    client.force_login(staff)
    return client


def course_form(**fields: Any) -> dict[str, Any]:
    return {
        "name": "Data Science",
        "short_name": "Data Science",
        "route": "/data-science-registration",
        "summary": "Python, statistics and machine learning, live online.",
        "list_fee": 2999,
        "offer_fee": "",
        "duration_text": "3 Months",
        "mode": "Online",
        "referral_reward": 100,
        "order": 9,
        "is_active": "on",
        "certificate": "on",
        **fields,
    }


def test_the_course_form_labels_the_path_page_path(back_office: Client) -> None:
    page = back_office.get(ADD).content.decode()

    assert "Page path" in page
    assert "/data-science-registration" in page  # the help text's example
    assert 'name="slug"' not in page  # derived from the path


def test_a_new_course_has_its_page_at_once_and_its_slug_from_the_path(
    back_office: Client, client: Client
) -> None:
    response = back_office.post(ADD, course_form())

    assert response.status_code == 302, response.content.decode()[:3000]
    course = Course.objects.get(route="/data-science-registration")
    assert course.slug == "data-science"
    page = client.get("/api/pages/path", {"path": "/data-science-registration"}).json()
    assert page["kind"] == "course"
    assert page["course"]["name"] == "Data Science"
    assert page["head"]["title"] == "Data Science course"
    assert "/data-science-registration" in client.get("/api/pages/sitemap").json()["paths"]
    assert "data-science" in [c["slug"] for c in client.get("/api/pages/courses").json()["courses"]]


@pytest.mark.parametrize(
    ("path", "problem"),
    [
        ("data-science", selectors.PAGE_PATH_FORMAT),
        ("/data science", selectors.PAGE_PATH_FORMAT),
        ("/data%20science", selectors.PAGE_PATH_FORMAT),
        ("/data-science?x=1", selectors.PAGE_PATH_FORMAT),
        ("/dätä", selectors.PAGE_PATH_FORMAT),
        ("//data", selectors.PAGE_PATH_FORMAT),
        ("/data/../admin", selectors.PAGE_PATH_FORMAT),
        ("/data-science/", selectors.PAGE_PATH_FORMAT),
        ("/administration-registration", selectors.PAGE_PATH_DJANGO),
        ("/api/x", selectors.PAGE_PATH_DJANGO),
        ("/courses", selectors.PAGE_PATH_FIXED),
        ("/Courses", selectors.PAGE_PATH_FIXED),
        ("/verify/data-science", selectors.PAGE_PATH_FIXED),
        ("/internship/apply/data", selectors.PAGE_PATH_FIXED),
        ("/sitemap.xml", selectors.PAGE_PATH_FIXED),
        ("/Java-registration", selectors.PAGE_PATH_COURSE),
        ("/hackathon", selectors.PAGE_PATH_EVENT),
        ("/Java", selectors.PAGE_PATH_SLUG.format(slug="java")),
    ],
)
def test_a_path_that_cannot_be_the_course_s_page_is_refused_at_the_field(
    back_office: Client, path: str, problem: str
) -> None:
    before = Course.objects.count()

    response = back_office.post(ADD, course_form(route=path))

    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert errors["route"] == [problem]
    assert Course.objects.count() == before


def test_a_course_made_inactive_answers_404(back_office: Client, client: Client) -> None:
    back_office.post(ADD, course_form())
    assert client.get("/api/pages/path", {"path": "/data-science-registration"}).status_code == 200

    Course.objects.filter(slug="data-science").update(is_active=False)
    Course.objects.get(slug="data-science").save()  # as the admin's list does: cache dropped

    assert client.get("/api/pages/path", {"path": "/data-science-registration"}).status_code == 404
    assert "/data-science-registration" not in client.get("/api/pages/sitemap").json()["paths"]


def test_an_event_s_page_path_is_checked_as_a_course_s(back_office: Client, client: Client) -> None:
    event = Event.objects.get(slug="coding-competition")
    url = f"/admin/catalog/event/{event.pk}/change/"
    form = {
        "title": event.title,
        "slug": event.slug,
        "kind": event.kind,
        "summary": event.summary,
        "details": event.details,
        "starts_on": event.starts_on.isoformat(),
        "location": event.location,
        "order": event.order,
        "team_min": 1,
        "team_max": 1,
        "fee_per": "person",
        "tournaments-TOTAL_FORMS": 0,
        "tournaments-INITIAL_FORMS": 0,
    }
    page = back_office.get(url).content.decode()
    assert "Page path" in page

    refused = back_office.post(url, {**form, "route": "/java-registration"})
    assert refused.status_code == 200
    assert refused.context["adminform"].form.errors["route"] == [selectors.PAGE_PATH_COURSE]
    assert Event.objects.get(pk=event.pk).route == ""

    saved = back_office.post(url, {**form, "route": "/coding-competition"})
    assert saved.status_code == 302, saved.content.decode()[:3000]
    found = client.get("/api/pages/path", {"path": "/coding-competition"}).json()
    assert found["kind"] == "event"
    assert found["event"]["slug"] == "coding-competition"
    assert "/coding-competition" in client.get("/api/pages/sitemap").json()["paths"]
    # Its own path again, and empty (no page of its own), are fine.
    assert back_office.post(url, {**form, "route": "/coding-competition"}).status_code == 302
    assert back_office.post(url, {**form, "route": ""}).status_code == 302
    assert client.get("/api/pages/path", {"path": "/coding-competition"}).status_code == 404


def test_the_slug_is_the_path_without_registration() -> None:
    assert selectors.course_slug_for_path("/Web-Development-registration") == "web-development"
    assert selectors.course_slug_for_path("/java+android_bootcamp") == "java-android-bootcamp"
    assert selectors.course_slug_for_path("/data-science-registration") == "data-science"
