"""An enrolment's batch in the back office: the Enrolments list's batch column and filter,
the batch on the enrolment's page, and "Place in a batch" for a student who enrolled when
the course had no batch (or moves), under the same seat lock as enrolling: a full batch is
refused with "This batch is full."."""

from __future__ import annotations

import html
import re
from datetime import timedelta

import pytest
import time_machine
from django.contrib.messages import get_messages
from django.test import Client

from catalog.models import Batch, Course
from core.errors import ApplicationError, FieldErrors
from enrolments import services
from enrolments.models import Enrolment
from teaching.tests.conftest import BEFORE, MONDAY, confirmed, enrol_in, make_batch

pytestmark = pytest.mark.django_db

LIST = "/admin/enrolments/enrolment/"


@pytest.fixture(autouse=True)
def _before_the_batch() -> object:
    with time_machine.travel(BEFORE, tick=False) as traveller:
        yield traveller


def place_url(enrolment: Enrolment) -> str:
    return f"/admin/enrolments/enrolment/{enrolment.pk}/place-in-batch/"


def said(response: object) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]  # type: ignore[attr-defined]


def words(response: object) -> str:
    body = response.content.decode()  # type: ignore[attr-defined]
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", body).split()))


@pytest.fixture
def early(course: Course) -> Enrolment:
    """A confirmed student who enrolled before the course had any batch."""
    return confirmed(enrol_in(course, 1, name="Early Student"))


def test_the_list_shows_and_filters_by_batch(office: Client, course: Course) -> None:
    batch = make_batch(course)
    placed = enrol_in(course, 1, name="Placed Student")
    later = make_batch(
        course, starts_on=MONDAY + timedelta(days=14), ends_on=MONDAY + timedelta(days=30)
    )
    other = enrol_in(course, 2, name="Later Student", batch_id=later.pk)

    listed = office.get(LIST, {"status__exact": "all", "batch__id__exact": batch.pk})

    assert placed.batch == batch and other.batch == later
    assert "Placed Student" in words(listed) and "Later Student" not in words(listed)
    assert "7 Dec 2026" in words(listed)


def test_the_enrolment_page_shows_its_batch(
    office: Client, course: Course, early: Enrolment
) -> None:
    before = words(office.get(f"/admin/enrolments/enrolment/{early.pk}/change/"))
    batch = make_batch(course, seats=4)
    placed = enrol_in(course, 2)
    without = words(office.get(f"/admin/enrolments/enrolment/{early.pk}/change/"))
    with_batch = office.get(f"/admin/enrolments/enrolment/{placed.pk}/change/")

    assert "None: the course has no batch yet." in before
    assert "None yet: use “Place in a batch” above." in without
    assert "Starts 7 Dec 2026, ends 20 Dec 2026 (3 seats left)" in words(with_batch)
    assert f"/admin/catalog/batch/{batch.pk}/change/" in with_batch.content.decode()


def test_staff_place_a_student_of_a_course_without_batches_into_one_later(
    office: Client, course: Course, early: Enrolment
) -> None:
    batch = make_batch(course, seats=2)
    page = office.get(f"/admin/enrolments/enrolment/{early.pk}/change/").content.decode()
    assert place_url(early) in page

    step = office.get(place_url(early))
    done = office.post(place_url(early), {"batch": batch.pk})

    assert "Starts 7 Dec 2026, ends 20 Dec 2026 (2 seats left)" in words(step)
    assert f"{early.reference} placed in the batch starting 7 Dec 2026." in said(done)
    early.refresh_from_db()
    assert early.batch == batch


def test_a_full_batch_is_refused_with_the_specs_words(
    office: Client, course: Course, early: Enrolment
) -> None:
    batch = make_batch(course, seats=1)
    enrol_in(course, 2, batch_id=batch.pk)

    done = office.post(place_url(early), {"batch": batch.pk})

    assert "This batch is full." in said(done)
    early.refresh_from_db()
    assert early.batch is None


def test_a_finished_batch_is_no_choice_and_the_service_refuses_it(
    office: Client, course: Course, early: Enrolment
) -> None:
    batch = make_batch(course)
    batch.finished_at = BEFORE
    batch.save()

    assert (
        place_url(early)
        not in office.get(f"/admin/enrolments/enrolment/{early.pk}/change/").content.decode()
    )
    with pytest.raises(ApplicationError, match=r"This batch is finished"):
        services.enrolment_place_in_batch(enrolment_id=early.pk, batch_id=batch.pk, by=None)


def test_the_service_refuses_another_courses_batch_the_same_one_and_no_seat(
    course: Course, other_course: Course, early: Enrolment
) -> None:
    other = make_batch(other_course)
    batch = make_batch(course)
    services.enrolment_place_in_batch(enrolment_id=early.pk, batch_id=batch.pk, by=None)
    rejected = enrol_in(course, 2)
    services.enrolment_reject(enrolment_id=rejected.pk, by=None, reason="Not paid.")
    fresh = make_batch(course, starts_on=MONDAY + timedelta(days=7))

    with pytest.raises(FieldErrors) as another:
        services.enrolment_place_in_batch(enrolment_id=early.pk, batch_id=other.pk, by=None)
    with pytest.raises(FieldErrors) as same:
        services.enrolment_place_in_batch(enrolment_id=early.pk, batch_id=batch.pk, by=None)
    with pytest.raises(ApplicationError, match=r"takes a seat"):
        services.enrolment_place_in_batch(enrolment_id=rejected.pk, batch_id=fresh.pk, by=None)

    assert another.value.extra["fields"] == {"batch": "Choose one of this course's batches."}
    assert same.value.extra["fields"] == {"batch": "The student is already in this batch."}


def test_a_student_moves_to_another_batch_freeing_their_seat(
    course: Course, early: Enrolment
) -> None:
    first = make_batch(course, seats=1)
    second = make_batch(course, starts_on=MONDAY + timedelta(days=7), seats=1)
    services.enrolment_place_in_batch(enrolment_id=early.pk, batch_id=first.pk, by=None)

    moved = services.enrolment_place_in_batch(enrolment_id=early.pk, batch_id=second.pk, by=None)

    assert moved.batch == second
    assert enrol_in(course, 2, batch_id=first.pk).batch == first  # the seat it left


def test_view_only_staff_are_not_offered_the_button(viewer: Client, early: Enrolment) -> None:
    make_batch(early.course)

    page = viewer.get(f"/admin/enrolments/enrolment/{early.pk}/change/").content.decode()

    assert place_url(early) not in page


def test_batches_in_the_choice_are_the_courses_own_unfinished_ones(
    office: Client, course: Course, other_course: Course, early: Enrolment
) -> None:
    mine = make_batch(course)
    make_batch(other_course, starts_on=MONDAY + timedelta(days=1))

    step = office.get(place_url(early)).content.decode()

    assert re.findall(r'<option value="(\d+)"', step) == [str(mine.pk)]
    assert isinstance(Batch.objects.get(pk=mine.pk), Batch)
