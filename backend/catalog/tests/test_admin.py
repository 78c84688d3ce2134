from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.test import Client

from accounts.models import User
from catalog.models import Course, Event, PolicyPage
from core.permissions import BACK_OFFICE_GROUP, back_office_group_sync

pytestmark = pytest.mark.django_db

MODELS = (
    "course",
    "internshipdomain",
    "programmerow",
    "event",
    "portfolioitem",
    "policypage",
    "contentblock",
)


@pytest.fixture
def back_office(staff: User) -> Client:
    back_office_group_sync()
    staff.groups.add(Group.objects.get(name=BACK_OFFICE_GROUP))
    client = Client()
    client.force_login(staff)
    return client


@pytest.mark.parametrize("model", MODELS)
def test_it_lets_back_office_staff_list_and_add_content(back_office: Client, model: str) -> None:
    assert back_office.get(f"/admin/catalog/{model}/").status_code == 200
    assert back_office.get(f"/admin/catalog/{model}/add/").status_code == 200


def test_it_opens_a_course_an_event_with_tournaments_and_a_policy(back_office: Client) -> None:
    for obj in (
        Course.objects.get(slug="web-development"),
        Event.objects.get(slug="bgmi-tournaments"),
        PolicyPage.objects.get(slug="privacy"),
    ):
        url = f"/admin/catalog/{obj._meta.model_name}/{obj.pk}/change/"
        assert back_office.get(url).status_code == 200


def test_it_refuses_an_offer_fee_above_the_list_fee(back_office: Client) -> None:
    course = Course.objects.get(slug="java")
    response = back_office.post(
        f"/admin/catalog/course/{course.pk}/change/",
        {
            "name": course.name,
            "short_name": course.short_name,
            "slug": course.slug,
            "route": course.route,
            "summary": course.summary,
            "list_fee": 2499,
            "offer_fee": 2999,
            "duration_text": course.duration_text,
            "mode": course.mode,
            "referral_reward": 100,
            "order": 2,
            "is_active": "on",
        },
    )
    assert response.status_code == 200
    assert "The offer fee must be lower than the list fee." in response.content.decode()
    assert Course.objects.get(pk=course.pk).offer_fee == 499


def test_a_course_s_address_and_slug_cannot_be_edited_once_it_exists(back_office: Client) -> None:
    """A staff edit must never turn a course page into a 404 (issue 17 item 6)."""
    course = Course.objects.get(slug="java")
    page = back_office.get(f"/admin/catalog/course/{course.pk}/change/").content.decode()

    assert 'name="route"' not in page and 'name="slug"' not in page
    assert course.route in page  # shown, read-only
    assert 'name="route"' in back_office.get("/admin/catalog/course/add/").content.decode()
