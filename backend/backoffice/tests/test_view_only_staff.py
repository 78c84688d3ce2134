"""Staff holding only `view_*` permissions see the back office and change nothing in it.

The walk is discovered, not listed: every model registered with the admin site, every
list action a superuser is offered on it (each posted as its first step and again as its
confirmation step, over real rows), and every address the model's admin serves (the
buttons on a record's page, its own pages), each posted for each row. After
each list action's steps, and after the posts to each model's addresses, the whole
database is compared with what it was before (rows of every model), and no email or text message is queued; no list action and no page button is
offered to the viewer. A list action or button added later without its permission fails
here.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.apps import apps
from django.contrib import admin
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.models import Permission
from django.contrib.sessions.models import Session
from django.core import mail
from django.db.models import Model
from django.http import HttpRequest
from django.test import Client, RequestFactory
from django.urls import NoReverseMatch, URLPattern, reverse
from django.utils import timezone
from post_office.models import STATUS, Email

from accounts.models import User
from catalog.models import Batch, Course
from catalog.selectors import site_settings_row
from certificates.models import Certificate
from core import sms
from core.dates import india_today
from core.permissions import back_office_group_sync
from core.tests.base import LEARNER, OTHER_LEARNER
from enquiries.models import Enquiry
from enrolments import services as enrolments
from internships import services as internships
from internships.models import InternshipApplication
from referrals import services as referrals
from teaching import selectors as teaching_selectors
from teaching import services as teaching
from teaching.models import WaitlistEntry

pytestmark = pytest.mark.django_db

# What any step of any action or button might ask for (a reason, feedback, a board, a
# UTR, a payment reference), plus every "yes, go ahead" the admin and its actions know.
EVERYTHING_ASKED = {
    "apply": "1",
    "post": "yes",
    "confirm": "yes",
    "reason": "Testing a view-only account.",
    "feedback": "Testing a view-only account.",
    "reference": "UTR999999999",
    "utr": "499999999999",
    "board": "",
    "_form_submitted": "on",
}
ROWS_PER_MODEL = 2


@pytest.fixture(autouse=True)
def _settings(settings: Any) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.STAFF_NOTIFY_EMAILS = ["office@example.com"]
    settings.SITE_URL = "https://site.example"
    settings.RATE_LIMIT_ENABLED = False


def _rows(boss: User) -> None:
    """At least one row in every state an action or a button acts on."""
    settings_row = site_settings_row()
    settings_row.upi_payee_id = "payee.test@okbank"
    settings_row.upi_payee_name = "Test Brand"
    settings_row.save()
    course = Course.objects.create(
        slug="view-only-course",
        name="View-only Course",
        short_name="View-only",
        route="/view-only-registration",
        summary="A course.",
        list_fee=999,
        referral_reward=150,
    )
    learner, other = LEARNER.create(), OTHER_LEARNER.create()
    # A referral confirmed long ago: its reward is payable, so a payout can wait.
    with time_machine.travel(timezone.now() - timedelta(days=30), tick=False):
        paid = enrolments.enrolment_create(
            course_slug=course.slug,
            user=None,
            name="Old Friend",
            phone="97000 00001",
            email="old@example.org",
            referral_code=learner.referral_code,
        )
        enrolments.enrolment_confirm_payment(enrolment_id=paid.pk, by=boss)
    referrals.payout_request_create(user=learner, upi_id="asha@okbank")

    def enrol(phone: str) -> Any:
        return enrolments.enrolment_create(
            course_slug=course.slug,
            user=None,
            name="Kiran Friend",
            phone=phone,
            email="kiran@example.org",
            referral_code=learner.referral_code,
        )

    enrol("97000 00002")  # pending
    _batch_rows(course, boss)
    enrolments.enrolment_submit_utr(enrolment=enrol("97000 00003"), utr="412345678901")
    enrolments.enrolment_confirm_payment(enrolment_id=enrol("97000 00004").pk, by=boss)
    enrolments.enrolment_reject(enrolment_id=enrol("97000 00005").pk, by=boss, reason="No.")

    Certificate.objects.create(certificate_id="VIEW-ONLY-1", name="Priya", course="Web")
    Certificate.objects.create(
        certificate_id="VIEW-ONLY-2",
        name="Ravi",
        course="Web",
        status=Certificate.Status.REVOKED,
        revoked_reason="Test.",
        revoked_at=timezone.now(),
    )
    for status in Enquiry.Status.values:
        Enquiry.objects.create(
            kind=Enquiry.Kind.CONTACT,
            name="Visitor",
            email="visitor@example.org",
            subject="Hello",
            message="A question.",
            status=status,
        )

    web = "web-development"
    waiting = internships.application_create(
        user=other,
        domain_slug=web,
        college="College",
        year="3rd year",
        profile_url="https://github.com/ravi",
        statement="I want to learn on real tasks " * 4,
        batch=1,
    )
    placed = internships.application_create(
        user=learner,
        domain_slug=web,
        college="College",
        year="3rd year",
        profile_url="https://github.com/asha",
        statement="I want to learn on real tasks " * 4,
        batch=1,
    )
    assert waiting.status == InternshipApplication.Status.SUBMITTED
    internships.application_accept(application_id=placed.pk, by=boss)
    internships.submission_submit(
        user=learner,
        board_slug="tasks-1",
        task_number=1,
        link="https://github.com/asha/task-1",
        note="",
        upload=None,
    )

    Email.objects.create(
        from_email="office@example.com",
        to=["someone@example.org"],
        subject="Failed",
        message="Body",
        status=STATUS.failed,
    )
    back_office_group_sync()


def _batch_rows(course: Course, boss: User) -> None:
    """A batch with classes, a confirmed student on a taken register, one waiting for
    payment, a waitlist and another batch finished with its certificate."""
    start = india_today() - timedelta(days=3)
    running, done = (
        Batch.objects.create(
            course=course,
            starts_on=first,
            ends_on=first + timedelta(days=27),
            class_days="Mon/Wed/Fri",
            class_time="9:00 PM - 11:00 PM",
            doubt_session_day="Sunday",
            enrolment_closes_on=first + timedelta(days=20),
            seats=10,
        )
        for first in (start, start - timedelta(days=20))
    )
    for batch in (running, done):
        teaching.batch_classes_make(batch=batch)
        student = enrolments.enrolment_create(
            course_slug=course.slug,
            user=None,
            name="Batch Student",
            phone=f"97100 0000{batch.pk % 10}",
            email="batch.student@example.org",
            referral_code="",
        )
        # The finished batch's enrolment had closed: staff placed its student.
        if batch != running:
            enrolments.enrolment_place_in_batch(enrolment_id=student.pk, batch_id=batch.pk, by=boss)
        enrolments.enrolment_confirm_payment(enrolment_id=student.pk, by=boss)
        for live_class in teaching_selectors.held_classes(batch=batch, now=timezone.now()):
            teaching.register_save(live_class=live_class, present=[student.pk], by=boss)
    enrolments.enrolment_create(
        course_slug=course.slug,
        user=None,
        name="Batch Unpaid",
        phone="97100 00009",
        email="batch.unpaid@example.org",
        referral_code="",
        batch_id=running.pk,
    )
    teaching.batch_finish(batch=done, by=boss)
    WaitlistEntry.objects.create(course=course, name="Waiting Person", phone="+919710000008")


def _viewer() -> User:
    viewer = User.objects.create_user(
        phone="+919900000099", name="Vera Viewer", password="a-long-pass-9", is_staff=True
    )
    viewer.user_permissions.set(Permission.objects.filter(codename__startswith="view_"))
    return User.objects.get(pk=viewer.pk)  # permissions are cached on the instance


def _snapshot() -> dict[str, list[dict[str, Any]]]:
    """Every row of every model (sessions aside: a request may touch its own)."""
    return {
        model._meta.label: list(model._default_manager.order_by("pk").values())
        for model in apps.get_models()
        if model is not Session
    }


def _as(user: User) -> HttpRequest:
    request = RequestFactory().get("/admin/")
    request.user = user
    return request


def _registered() -> Iterator[tuple[type[Model], admin.ModelAdmin]]:
    for model in apps.get_models():
        if admin.site.is_registered(model):
            yield model, admin.site.get_model_admin(model)


def _addresses(model_admin: admin.ModelAdmin, pks: list[str]) -> Iterator[str]:
    """Every address the model's admin serves, for each row where it takes one."""
    patterns: list[Any] = list(model_admin.urls)
    for pattern in patterns:
        if not isinstance(pattern, URLPattern) or not pattern.name:
            continue
        name = f"admin:{pattern.name}"
        try:
            yield reverse(name)
            continue
        except NoReverseMatch:
            pass
        for pk in pks:
            for key in ("object_id", "pk"):
                try:
                    yield reverse(name, kwargs={key: pk})
                    break
                except NoReverseMatch:
                    continue


def test_view_only_staff_change_nothing_through_any_admin_action_or_button() -> None:
    boss = User.objects.create_superuser(
        phone="+919900000098", name="Boss", password="a-long-pass-8"
    )
    _rows(boss)
    viewer = _viewer()
    client = Client()
    client.force_login(viewer)
    mail.outbox.clear()
    sms.outbox.clear()
    before = _snapshot()
    emails_before = Email.objects.count()
    changed: list[str] = []
    offered: list[str] = []
    walked = 0

    def check(what: str) -> None:
        nonlocal before, walked
        walked += 1
        now = _snapshot()
        if now != before:
            differ = [label for label in now if now[label] != before[label]]
            changed.append(f"{what} changed {', '.join(differ)}")
            before = now

    for model, model_admin in _registered():
        opts = model._meta
        changelist = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
        pks = [str(pk) for pk in model._default_manager.values_list("pk", flat=True)]
        pks = pks[:ROWS_PER_MODEL]
        if viewer_actions := list(model_admin.get_actions(_as(viewer))):
            offered.append(f"{opts.label}: list actions {viewer_actions}")
        for name in model_admin.get_actions(_as(boss)):
            selected = {"action": name, ACTION_CHECKBOX_NAME: pks}
            client.post(changelist, {**selected, "index": "0"})  # its first step
            client.post(changelist, {**selected, **EVERYTHING_ASKED})  # its confirmation
            client.post(changelist, {**selected, "select_across": "1", **EVERYTHING_ASKED})
            check(f"{opts.label} list action {name!r}")
        buttons = getattr(model_admin, "get_actions_detail", None)  # django-unfold's
        for pk in pks if buttons else []:
            if shown := buttons(_as(viewer), pk):
                offered.append(f"{opts.label} {pk}: buttons {[b.description for b in shown]}")
        addresses = list(_addresses(model_admin, pks))
        for address in addresses:
            client.post(address, EVERYTHING_ASKED)
        walked += len(addresses)
        check(f"{opts.label}: a POST to one of {addresses}")

    assert walked > 100  # the walk found the admin's actions and pages
    assert not changed, "\n".join(changed)
    assert not offered, "\n".join(offered)
    assert mail.outbox == [] and sms.outbox == []
    assert Email.objects.count() == emails_before
