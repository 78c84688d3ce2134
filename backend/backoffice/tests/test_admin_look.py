"""What every back-office page does for staff who are not technical (issue 33 items 6 and
7): breadcrumbs whole, never cut to "Enrolments a…"; icons' names (receipt_long,
check_circle) hidden from screen readers, yes/no badges read as "Yes" and "No"; our own
stylesheet and script on every page (UNFOLD["STYLES"] and ["SCRIPTS"])."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from accounts.models import User
from backoffice.navigation import GROUPS
from catalog.models import Course
from enrolments import services as enrolments
from enrolments.admin import ENROLMENT_DECISIONS

pytestmark = pytest.mark.django_db

ICON = re.compile(r'<span class="material-symbols-outlined[^"]*"([^>]*)>\s*([a-z_]+)\s*</span>')


@pytest.fixture
def enrolment_page(office: Client) -> str:
    course = Course.objects.create(
        slug="web",
        name="Web Development (MERN stack)",
        short_name="Web",
        route="/web-registration",
        summary="x",
        list_fee=4499,
    )
    enrolment = enrolments.enrolment_create(
        course_slug=course.slug,
        user=None,
        name="Kiran Friend",
        phone="98111 22233",
        email="kiran@example.org",
        referral_code="",
    )
    return office.get(f"/admin/enrolments/enrolment/{enrolment.pk}/change/").content.decode()


def test_breadcrumbs_are_whole_and_their_chevrons_silent(enrolment_page: str) -> None:
    crumbs = re.findall(r"<a [^>]*data-breadcrumb[^>]*>\s*([^<]+?)\s*</a>", enrolment_page)
    tags = re.findall(r"<[^>]*data-breadcrumb[^>]*>", enrolment_page)

    assert crumbs[:2] == ["Enrolments and payments", "Enrolments"]
    assert all("truncate" not in tag for tag in tags)
    chevrons = [attrs for attrs, name in ICON.findall(enrolment_page) if name == "chevron_right"]
    assert chevrons and all('aria-hidden="true"' in attrs for attrs in chevrons)


def test_our_icons_names_are_hidden_from_screen_readers(enrolment_page: str) -> None:
    ours = {link.icon for group in GROUPS for link in group.links}
    ours |= {decision.icon for decision in ENROLMENT_DECISIONS}
    shown = [(name, attrs) for attrs, name in ICON.findall(enrolment_page) if name in ours]

    assert {"receipt_long", "check_circle", "cancel"} <= {name for name, _ in shown}
    for name, attrs in shown:
        assert 'aria-hidden="true"' in attrs, name


def test_every_page_loads_our_stylesheet_and_script(enrolment_page: str) -> None:
    css = finders.find("backoffice/back-office.css")
    js = finders.find("backoffice/back-office.js")

    assert '<link href="/static/backoffice/back-office.css" rel="stylesheet">' in enrolment_page
    assert '<script src="/static/backoffice/back-office.js"></script>' in enrolment_page
    assert css and js
    with open(css, encoding="utf-8") as stylesheet:
        rules = stylesheet.read()
    assert "#header-inner h1" in rules and "flex-wrap: wrap" in rules
    assert "html.bo-icons-missing .material-symbols-outlined" in rules


def test_yes_no_badges_are_read_as_words(office: Client, staff: User) -> None:
    page = office.get("/admin/accounts/user/").content.decode()

    assert re.search(r'<span class="bo-visually-hidden">Yes</span>', page)  # is staff
    assert re.search(r'<span class="bo-visually-hidden">No</span>', page)  # phone confirmed
    badges = [attrs for attrs, name in ICON.findall(page) if name in ("check_small", "close_small")]
    assert badges and all('aria-hidden="true"' in attrs for attrs in badges)
