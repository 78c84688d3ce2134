"""'Finish batch' in the back office (docs/product.md section 20): first who will get a
certificate and who will not, each with its line ("attended 6 of 8 classes, 75 % needed"),
then "Issue certificates" issues them, once; a finished batch says so. From the batch's
page and from the Batches list."""

from __future__ import annotations

import html
import re
from datetime import datetime

import pytest
import time_machine
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.messages import get_messages
from django.core import mail
from django.test import Client

from catalog.models import Batch, Course
from certificates.models import Certificate
from core.dates import INDIA
from enrolments.models import Enrolment
from teaching import services
from teaching.models import Completion
from teaching.tests.conftest import BEFORE, confirmed, enrol_in, make_batch

pytestmark = pytest.mark.django_db

# Monday 21 December 2026: the batch (7 to 20 December) is over, its 8 classes held.
AFTER = datetime(2026, 12, 21, 10, 0, tzinfo=INDIA)
LIST = "/admin/catalog/batch/"


def finish_url(batch: Batch) -> str:
    return f"/admin/catalog/batch/{batch.pk}/finish-batch/"


def said(response: object) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]  # type: ignore[attr-defined]


def words(response: object) -> str:
    body = response.content.decode()  # type: ignore[attr-defined]
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", body).split()))


@pytest.fixture
def batch(course: Course) -> Batch:
    with time_machine.travel(BEFORE, tick=False):
        made = make_batch(course)
        services.batch_classes_make(batch=made)
    return made


@pytest.fixture
def students(course: Course, batch: Batch) -> dict[str, Enrolment]:
    """Asha came to 7 of the 8 classes, Ravi to 5 (62 %); Kiran has not paid."""
    with time_machine.travel(BEFORE, tick=False):
        asha = confirmed(enrol_in(course, 1, name="Asha Regular", batch_id=batch.pk))
        ravi = confirmed(enrol_in(course, 2, name="Ravi Sometimes", batch_id=batch.pk))
        kiran = enrol_in(course, 3, name="Kiran Unpaid", batch_id=batch.pk)
    for number, live_class in enumerate(batch.classes.order_by("starts_at")):
        present = [asha.pk] if number < 7 else []
        if number < 5:
            present.append(ravi.pk)
        services.register_save(live_class=live_class, present=present, by=None)
    return {"asha": asha, "ravi": ravi, "kiran": kiran}


@pytest.fixture(autouse=True)
def _after_the_batch() -> object:
    with time_machine.travel(AFTER, tick=False) as traveller:
        yield traveller


def test_the_button_is_on_the_batch_page(office: Client, batch: Batch) -> None:
    body = office.get(f"/admin/catalog/batch/{batch.pk}/change/").content.decode()

    assert finish_url(batch) in body and "Finish batch" in body


def test_it_first_shows_who_will_get_a_certificate_and_who_will_not_and_why(
    office: Client, batch: Batch, students: dict[str, Enrolment]
) -> None:
    response = office.get(finish_url(batch))

    assert response.status_code == 200
    page = words(response)
    assert "Will get a certificate (1) Asha Regular : attended 7 of 8 classes, 75 % needed" in page
    assert (
        "Will not get a certificate (1) Ravi Sometimes : attended 5 of 8 classes, 75 % needed"
        in page
    )
    assert "Payment not confirmed (1) " in page and "Kiran Unpaid : waiting for payment" in page
    assert "1 certificate will be issued, and the batch marked finished." in page
    assert "Issue certificates" in page
    assert not Certificate.objects.exists() and Batch.objects.get().finished_at is None


def test_issue_certificates_issues_them_once_and_the_batch_then_says_it_is_finished(
    office: Client, batch: Batch, students: dict[str, Enrolment]
) -> None:
    mail.outbox.clear()

    done = office.post(finish_url(batch))

    certificate = Certificate.objects.get()
    assert certificate.name == "Asha Regular" and certificate.certificate_id.startswith("CRS")
    assert certificate.course == batch.course.name
    assert Completion.objects.get().enrolment == students["asha"]
    assert done.status_code == 302
    assert (
        f"{batch} is finished: 1 certificate issued ({certificate.certificate_id}), each "
        "emailed to its student." in said(done)
    )

    again = office.post(finish_url(batch))

    assert Certificate.objects.count() == 1 and Completion.objects.count() == 1
    assert any("This batch is finished: its certificates were issued on" in m for m in said(again))
    shown = office.get(finish_url(batch))
    assert "This batch is finished: its certificates were issued on 21 Dec 2026." in words(shown)
    assert "Issue certificates" not in words(shown)
    batch_page = office.get(f"/admin/catalog/batch/{batch.pk}/change/")
    assert finish_url(batch) not in batch_page.content.decode()
    assert certificate.certificate_id in words(batch_page)  # beside the student
    # The certificate is in the Certificates admin as any other.
    listed = office.get("/admin/certificates/certificate/", {"q": certificate.certificate_id})
    assert "Asha Regular" in words(listed)


def test_the_list_action_finishes_the_chosen_batches_after_the_same_preview(
    office: Client, batch: Batch, students: dict[str, Enrolment]
) -> None:
    chosen = {"action": "finish_batches", ACTION_CHECKBOX_NAME: [batch.pk]}

    step = office.post(LIST, chosen)

    assert step.status_code == 200
    assert "Asha Regular : attended 7 of 8 classes, 75 % needed" in words(step)
    assert not Certificate.objects.exists()

    office.post(LIST, {**chosen, "apply": "1"})
    office.post(LIST, {**chosen, "apply": "1"})

    assert Certificate.objects.count() == 1
    assert Batch.objects.get().finished_at == AFTER


def test_a_batch_with_nobody_qualifying_is_finished_without_certificates(
    office: Client, batch: Batch
) -> None:
    step = words(office.get(finish_url(batch)))

    assert "Will get a certificate (0) Nobody." in step
    assert "No certificate will be issued, and the batch marked finished." in step
    done = office.post(finish_url(batch))
    assert f"{batch} is finished: 0 certificates issued." in said(done)
