"""Staff holding only the "view" permissions see the batches, classes, registers and
waitlist and change nothing (docs/product.md section 16's second round): every button and
action is refused server-side (403), whatever the page shows."""

from __future__ import annotations

from datetime import datetime

import pytest
import time_machine
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.test import Client

from catalog.models import Batch, Course
from certificates.models import Certificate
from core.dates import INDIA
from enrolments.models import Enrolment
from teaching import services
from teaching.models import Attendance, LiveClass
from teaching.tests.conftest import BEFORE, confirmed, enrol_in, make_batch

pytestmark = pytest.mark.django_db

DURING = datetime(2026, 12, 9, 21, 30, tzinfo=INDIA)


@pytest.fixture
def batch(course: Course) -> Batch:
    with time_machine.travel(BEFORE, tick=False):
        made = make_batch(course, seats=3)
        services.batch_classes_make(batch=made)
    return made


@pytest.fixture
def student(course: Course, batch: Batch) -> Enrolment:
    with time_machine.travel(BEFORE, tick=False):
        return confirmed(enrol_in(course, 1, name="Asha Student", batch_id=batch.pk))


@pytest.fixture(autouse=True)
def _during_a_class() -> object:
    with time_machine.travel(DURING, tick=False) as traveller:
        yield traveller


def test_view_only_staff_see_the_lists_and_pages(
    viewer: Client, batch: Batch, student: Enrolment
) -> None:
    live_class = batch.classes.order_by("starts_at")[1]

    pages = [
        "/admin/catalog/batch/",
        f"/admin/catalog/batch/{batch.pk}/change/",
        "/admin/teaching/liveclass/",
        f"/admin/teaching/liveclass/{live_class.pk}/change/",
        "/admin/teaching/waitlistentry/",
        f"/admin/catalog/batch/{batch.pk}/roster.csv",
    ]

    assert [viewer.get(url).status_code for url in pages] == [200] * len(pages)
    body = viewer.get(f"/admin/catalog/batch/{batch.pk}/change/").content.decode()
    assert "finish-batch" not in body and "add-missing-classes" not in body
    assert "Asha Student" in body
    register = viewer.get(f"/admin/teaching/liveclass/{live_class.pk}/change/").content.decode()
    assert 'name="present"' not in register and "Not marked" in register


def test_view_only_staff_change_nothing(viewer: Client, batch: Batch, student: Enrolment) -> None:
    live_class = batch.classes.order_by("starts_at")[1]
    classes = LiveClass.objects.count()
    base = f"/admin/catalog/batch/{batch.pk}"

    refused = {
        "register": viewer.post(
            f"/admin/teaching/liveclass/{live_class.pk}/change/", {"present": [student.pk]}
        ),
        "finish page": viewer.get(f"{base}/finish-batch/"),
        "finish": viewer.post(f"{base}/finish-batch/"),
        "add classes page": viewer.get(f"{base}/add-missing-classes/"),
        "add classes": viewer.post(f"{base}/add-missing-classes/"),
        "add a class": viewer.post("/admin/teaching/liveclass/add/", {"batch": batch.pk}),
        "add a batch": viewer.post("/admin/catalog/batch/add/", {"course": batch.course_id}),
        "change the batch": viewer.post(f"{base}/change/", {"seats": "1"}),
        "place in a batch": viewer.post(
            f"/admin/enrolments/enrolment/{student.pk}/place-in-batch/", {"batch": batch.pk}
        ),
    }

    assert {what: r.status_code for what, r in refused.items()} == dict.fromkeys(refused, 403)
    for action in ("finish_batches", "add_missing_classes"):
        viewer.post(
            "/admin/catalog/batch/",
            {"action": action, ACTION_CHECKBOX_NAME: [batch.pk], "apply": "1"},
        )
    assert not Attendance.objects.exists()
    assert not Certificate.objects.exists()
    assert Batch.objects.get().finished_at is None and Batch.objects.get().seats == 3
    assert LiveClass.objects.count() == classes


def test_staff_without_the_certificate_permission_cannot_finish(
    staff_client: Client, staff: object, batch: Batch
) -> None:
    from django.contrib.auth.models import Permission

    staff.user_permissions.set(  # type: ignore[attr-defined]
        Permission.objects.filter(content_type__app_label__in=["catalog", "teaching"])
    )

    response = staff_client.post(f"/admin/catalog/batch/{batch.pk}/finish-batch/")

    assert response.status_code == 403
    assert Batch.objects.get().finished_at is None
