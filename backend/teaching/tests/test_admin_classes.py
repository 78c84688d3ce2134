"""The back office's "Classes" (docs/product.md section 20): today's first, then the ones to
come, then the past; its own add form with the spec's fields; a class moved or cancelled by
editing; a class's page is its register (one "Present" box per confirmed student, labelled
with the name, one Save)."""

from __future__ import annotations

import html
import re
from datetime import datetime, timedelta

import pytest
import time_machine
from django.contrib.messages import get_messages
from django.test import Client

from catalog.models import Batch, Course
from core.dates import INDIA
from enrolments.models import Enrolment
from teaching import services
from teaching.models import Attendance, LiveClass
from teaching.tests.conftest import BEFORE, confirmed, enrol_in, make_batch

pytestmark = pytest.mark.django_db

LIST = "/admin/teaching/liveclass/"
ADD = "/admin/teaching/liveclass/add/"
# Wednesday 9 December 2026, 21:30 India time: the batch's second class is on.
DURING = datetime(2026, 12, 9, 21, 30, tzinfo=INDIA)


def page(live_class: LiveClass) -> str:
    return f"/admin/teaching/liveclass/{live_class.pk}/change/"


def said(response: object) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]  # type: ignore[attr-defined]


def words(response: object) -> str:
    body = response.content.decode()  # type: ignore[attr-defined]
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", body).split()))


def class_form(live_class: LiveClass, **overrides: object) -> dict[str, object]:
    starts = live_class.starts_at.astimezone(INDIA)
    ends = live_class.ends_at.astimezone(INDIA)
    data: dict[str, object] = {
        "batch": str(live_class.batch_id),
        "starts_at_0": starts.strftime("%d %b %Y"),
        "starts_at_1": starts.strftime("%H:%M"),
        "ends_at_0": ends.strftime("%d %b %Y"),
        "ends_at_1": ends.strftime("%H:%M"),
        "meeting_link": live_class.meeting_link,
        "recording_link": live_class.recording_link,
    }
    if live_class.cancelled:
        data["cancelled"] = "on"
    data.update(overrides)
    return data


@pytest.fixture
def batch(course: Course) -> Batch:
    with time_machine.travel(BEFORE, tick=False):
        made = make_batch(course, seats=5)
        services.batch_classes_make(batch=made)
    return made


@pytest.fixture
def students(course: Course, batch: Batch) -> list[Enrolment]:
    with time_machine.travel(BEFORE, tick=False):
        return [
            confirmed(enrol_in(course, 1, name="Asha Present", batch_id=batch.pk)),
            confirmed(enrol_in(course, 2, name="Ravi Absent", batch_id=batch.pk)),
            enrol_in(course, 3, name="Kiran Unpaid", batch_id=batch.pk),
        ]


def second_class(batch: Batch) -> LiveClass:
    return batch.classes.order_by("starts_at")[1]


def test_the_list_shows_todays_classes_first_then_the_ones_to_come_then_the_past(
    office: Client, batch: Batch
) -> None:
    with time_machine.travel(DURING, tick=False):
        response = office.get(LIST)

    assert response.status_code == 200
    shown = re.findall(r"(\d{1,2} Dec 2026, \d\d:\d\d) to", words(response))
    days = [int(moment.split()[0]) for moment in shown]
    assert days == [9, 11, 13, 14, 16, 18, 20, 7]  # today, to come, past
    assert "Now" in words(response)


def test_the_list_filters_by_batch_and_when(office: Client, batch: Batch, course: Course) -> None:
    with time_machine.travel(BEFORE, tick=False):
        other = make_batch(
            course,
            starts_on=batch.starts_on + timedelta(days=14),
            ends_on=batch.ends_on + timedelta(days=14),
        )
        services.batch_classes_make(batch=other)

    with time_machine.travel(DURING, tick=False):
        mine = office.get(LIST, {"batch__id__exact": batch.pk})
        today = office.get(LIST, {"when": "0"})

    listed = {int(pk) for pk in re.findall(r"/liveclass/(\d+)/change/", mine.content.decode())}
    assert listed == set(batch.classes.values_list("pk", flat=True))
    assert re.findall(r"\d{1,2} Dec 2026, \d\d:\d\d(?= to)", words(today)) == ["9 Dec 2026, 21:00"]


def test_the_add_form_has_the_spec_fields_in_india_time(office: Client, batch: Batch) -> None:
    response = office.get(ADD, {"batch": batch.pk})

    body = response.content.decode()
    labels = [
        " ".join(re.sub(r"<[^>]+>", " ", label).split()).rstrip(" *:")
        for label in re.findall(r"<label[^>]*>(.*?)</label>", body, re.S)
    ]
    for label in ("Batch", "Starts at", "Ends at", "Meeting link", "Recording link", "Cancelled"):
        assert label in labels, labels
    assert "Kind" not in labels
    assert "India time." in words(response)
    assert f'<option value="{batch.pk}" selected>' in body


def test_staff_add_a_class_in_india_time(office: Client, batch: Batch) -> None:
    response = office.post(
        ADD,
        {
            "batch": str(batch.pk),
            "starts_at_0": "22 Dec 2026",
            "starts_at_1": "21:00",
            "ends_at_0": "22 Dec 2026",
            "ends_at_1": "23:00",
            "meeting_link": "",
            "recording_link": "",
        },
    )

    assert response.status_code == 302, words(response)
    added = batch.classes.get(starts_at=datetime(2026, 12, 22, 21, 0, tzinfo=INDIA))
    assert added.kind == LiveClass.Kind.CLASS and added.scheduled_at is None


def test_a_class_ending_before_it_starts_is_refused(office: Client, batch: Batch) -> None:
    live_class = second_class(batch)

    response = office.post(page(live_class), class_form(live_class, ends_at_1="20:00"))

    assert response.status_code == 200
    assert "The class must end after it starts." in words(response)


def test_staff_move_and_cancel_a_class_by_editing_it(office: Client, batch: Batch) -> None:
    live_class = second_class(batch)

    moved = office.post(page(live_class), class_form(live_class, starts_at_1="20:00"))
    live_class.refresh_from_db()
    cancelled = office.post(page(live_class), class_form(live_class, cancelled="on"))
    live_class.refresh_from_db()

    assert moved.status_code == cancelled.status_code == 302
    assert live_class.starts_at == datetime(2026, 12, 9, 20, 0, tzinfo=INDIA)
    assert live_class.cancelled


def test_a_class_page_is_its_register_one_present_box_per_confirmed_student(
    office: Client, batch: Batch, students: list[Enrolment]
) -> None:
    live_class = second_class(batch)

    with time_machine.travel(DURING, tick=False):
        response = office.get(page(live_class))

    body = response.content.decode()
    boxes = re.findall(
        r'<label for="([^"]+)"><input type="checkbox" name="present" value="(\d+)"[^>]*>'
        r"<span>([^<]+)</span></label>",
        body,
    )
    assert [(int(pk), name) for _id, pk, name in boxes] == [
        (students[0].pk, "Asha Present"),
        (students[1].pk, "Ravi Absent"),
    ]
    assert "Kiran Unpaid" not in body  # not confirmed: not on the register
    assert "Present: tick each student who came, then press Save." in words(response)
    assert "Not taken yet." in words(response)


def test_one_save_takes_the_register(
    office: Client, batch: Batch, students: list[Enrolment]
) -> None:
    live_class = second_class(batch)

    with time_machine.travel(DURING, tick=False):
        response = office.post(
            page(live_class),
            class_form(live_class, present=[str(students[0].pk)], _continue="1"),
            follow=True,
        )

    marks = dict(
        Attendance.objects.filter(live_class=live_class).values_list("enrolment_id", "present")
    )
    assert marks == {students[0].pk: True, students[1].pk: False}
    assert "Register saved: 1 present, 1 absent." in said(response)
    # The page shows the register as saved.
    assert re.search(rf'value="{students[0].pk}"[^>]*checked', response.content.decode())
    assert "Saved 9 Dec 2026, 21:30: 1 present, 1 absent." in words(response)


def test_a_student_not_on_the_register_is_refused_and_nothing_is_saved(
    office: Client, batch: Batch, students: list[Enrolment]
) -> None:
    live_class = second_class(batch)

    with time_machine.travel(DURING, tick=False):
        response = office.post(
            page(live_class),
            class_form(
                live_class, present=[str(students[2].pk)], recording_link="https://r.example/1"
            ),
        )

    assert response.status_code == 200
    assert "Select a valid choice." in words(response)
    assert not Attendance.objects.exists()
    live_class.refresh_from_db()
    assert live_class.recording_link == ""


def test_a_class_to_come_says_when_its_register_opens_and_saving_marks_nobody(
    office: Client, batch: Batch, students: list[Enrolment]
) -> None:
    live_class = second_class(batch)

    with time_machine.travel(BEFORE, tick=False):
        shown = office.get(page(live_class))
        office.post(page(live_class), class_form(live_class, present=[str(students[0].pk)]))

    assert 'name="present"' not in shown.content.decode()
    assert "The register opens when the class does, at 9 Dec 2026, 20:45" in words(shown)
    assert not Attendance.objects.exists()


def test_a_cancelled_class_has_no_register(
    office: Client, batch: Batch, students: list[Enrolment]
) -> None:
    live_class = second_class(batch)
    live_class.cancelled = True
    live_class.save()

    with time_machine.travel(DURING, tick=False):
        response = office.get(page(live_class))

    assert 'name="present"' not in response.content.decode()
    assert "This class is cancelled: it has no register." in words(response)


def test_the_list_counts_each_register(
    office: Client, batch: Batch, students: list[Enrolment]
) -> None:
    live_class = second_class(batch)
    services.register_save(live_class=live_class, present=[students[0].pk], by=None)

    with time_machine.travel(DURING + timedelta(days=1), tick=False):
        listed = words(office.get(LIST))

    assert "1 present of 2 marked" in listed
    assert "Not taken yet" in listed  # the first class
