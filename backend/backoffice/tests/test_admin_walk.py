"""Every page of the back office answers whole (issue 33, moved here from Playwright by
issue 42): each list in the admin's index, its add form, the change form of its first row
and our own pages (ModelAdmin.get_urls) answer 200 to a superuser and show no Django error.
The browser still checks what only a browser sees (axe once per kind of page, the 360 px
layout of every page: frontend/e2e/admin-pages.spec.ts)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib import admin
from django.test import Client, RequestFactory
from django.urls import reverse

from accounts.models import User
from catalog.models import Batch, Course
from core.dates import india_today
from enquiries import services as enquiries
from enrolments import services as enrolments
from internships import services as internships
from teaching import services as teaching
from teaching.models import WaitlistEntry

pytestmark = pytest.mark.django_db

# Our own admin pages that no index link leads to (kept in step with admin-walk.ts).
CUSTOM_PAGES = [
    "/admin/enrolments/statementline/reconcile/",
    "/admin/invoices/invoice/export/",
    "/admin/notifications/messagepreferences/templates/",
    "/admin/notifications/messagepreferences/texts/",
]

ERRORS = ("Server Error", "Traceback", "TemplateSyntaxError", "NoReverseMatch", "errornote")


@pytest.fixture
def superuser() -> User:
    return User.objects.create_superuser(phone="9000000099", name="Walk Staff", password="x" * 16)


@pytest.fixture
def rows(superuser: User) -> None:
    """A little of everything, so the lists are not all empty and change forms open."""
    start = india_today() + timedelta(days=7)
    batch = Batch.objects.create(
        course=Course.objects.get(slug="python"),
        starts_on=start,
        ends_on=start + timedelta(days=27),
        class_days="Mon/Wed/Fri",
        class_time="9:00 PM - 11:00 PM",
        doubt_session_day="Sunday",
        seats=10,
        meeting_link="https://meet.example/walk",
    )
    teaching.batch_classes_make(batch=batch)
    enrolments.enrolment_confirm_payment(
        enrolment_id=enrolments.enrolment_create(
            course_slug="python",
            user=None,
            name="Walk Batch Student",
            phone="96000 00002",
            email="walk.batch@example.org",
            referral_code="",
        ).pk,
        by=superuser,
    )
    WaitlistEntry.objects.create(
        course=batch.course, batch=batch, name="Walk Waiting", phone="+919600000003"
    )
    enrolment = enrolments.enrolment_create(
        course_slug="web-development",
        user=None,
        name="Walk Student",
        phone="96000 00001",
        email="walk.student@example.org",
        referral_code="",
    )
    enrolments.enrolment_submit_utr(enrolment=enrolment, utr="612345678901")
    enquiries.enquiry_create(
        kind="contact",
        name="Walk Enquirer",
        email="walk.enquirer@example.org",
        subject="A question about the courses",
        message="Do the weekend batches of the web development course start this month?",
        package_slug=None,
        honeypot="",
        ip="127.0.0.1",
        user_agent="pytest",
    )
    intern = User.objects.create_user(phone="9500000001", name="Walk Intern", password="y" * 16)
    application = internships.application_create(
        user=intern,
        domain_slug="web-development",
        college="Walk College",
        year="3",
        profile_url="",
        statement="I would like to build web applications with a team and learn how it is done.",
        batch=1,
    )
    placement = internships.application_accept(application_id=application.pk, by=None)
    internships.submission_submit(
        user=intern,
        board_slug=placement.board.slug,
        task_number=1,
        link="https://example.org/walk",
        note="My first task.",
        upload=None,
    )


def admin_pages(superuser: User) -> list[str]:
    """The index, and per model in the index: its list, its add form and its first row."""
    request = RequestFactory().get("/admin/")
    request.user = superuser
    pages = ["/admin/"]
    for app in admin.site.get_app_list(request):
        pages.append(app["app_url"])
        for model in app["models"]:
            pages.append(model["admin_url"])
            if model.get("add_url"):
                pages.append(model["add_url"])
            first = model["model"]._default_manager.order_by("pk").first()
            if first is not None:
                meta = model["model"]._meta
                pages.append(
                    reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[first.pk])
                )
    batch = Batch.objects.order_by("pk").first()
    enrolment = batch.enrolments.first() if batch else None
    for_batch = (
        [
            f"/admin/catalog/batch/{batch.pk}/roster.csv",
            f"/admin/catalog/batch/{batch.pk}/finish-batch/",
            f"/admin/catalog/batch/{batch.pk}/add-missing-classes/",
            f"/admin/enrolments/enrolment/{enrolment.pk}/place-in-batch/",
        ]
        if batch and enrolment
        else []
    )
    return [*pages, *CUSTOM_PAGES, *for_batch]


def test_every_admin_page_answers_whole(superuser: User, rows: None) -> None:
    client = Client()
    client.force_login(superuser)
    pages = admin_pages(superuser)
    assert len(pages) > 40

    broken = []
    for url in pages:
        # A singleton's list (site settings) leads to its one change form.
        response = client.get(url, follow=True)
        body = response.content.decode()
        landed = response.redirect_chain[-1][0] if response.redirect_chain else url
        if (
            response.status_code != 200
            or "/login/" in landed
            or any(error in body for error in ERRORS)
        ):
            broken.append(f"{url}: {response.status_code}")
    assert broken == []
