from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from accounts.models import User
from internships.models import BoardTask, TaskBoard

pytestmark = pytest.mark.django_db

CHANGELIST = "/admin/internships/taskboard/"


@pytest.fixture
def board_staff_client(staff: User) -> Client:
    staff.user_permissions.set(
        Permission.objects.filter(
            content_type__app_label="internships",
            codename__in=[
                "view_taskboard",
                "change_taskboard",
                "view_boardtask",
                "change_boardtask",
                "add_boardtask",
            ],
        )
    )
    client = Client()
    client.force_login(User.objects.get(pk=staff.pk))
    return client


def change_form_data(board: TaskBoard, **task_overrides: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = {
        "title": board.title,
        "cycle_start_day": board.cycle_start_day,
        "shows_certificate_link": "on" if board.shows_certificate_link else "",
        "certificate_note": board.certificate_note,
        "tasks-TOTAL_FORMS": 4,
        "tasks-INITIAL_FORMS": 4,
        "tasks-MIN_NUM_FORMS": 4,
        "tasks-MAX_NUM_FORMS": 4,
    }
    for i, task in enumerate(board.tasks.order_by("number")):
        fields = {
            "id": task.pk,
            "board": board.pk,
            "number": task.number,
            "title": task.title,
            "description": task.description,
            "unlock_day": task.unlock_day,
            "task_url": task.task_url,
        }
        fields.update(task_overrides.get(f"task{task.number}", {}))
        data.update({f"tasks-{i}-{name}": value for name, value in fields.items()})
    return data


def test_it_lists_the_boards_with_their_schedule(board_staff_client: Client) -> None:
    response = board_staff_client.get(CHANGELIST)

    assert response.status_code == 200
    content = response.content.decode()
    for route in ("/tasks", "/tasks-1", "/tasks-10", "/tasks-20"):
        assert route in content
    assert "Cycle starts on 10; task 1 on 10, task 2 on 18, task 3 on 26, task 4 on 3" in content


def test_it_saves_new_links_and_days(board_staff_client: Client) -> None:
    board = TaskBoard.objects.get(slug="tasks-20")
    data = change_form_data(
        board, task2={"task_url": "https://drive.example.org/task-2", "unlock_day": 28}
    )

    response = board_staff_client.post(f"{CHANGELIST}{board.pk}/change/", data)

    assert response.status_code == 302, response.content.decode()[:2000]
    task = board.tasks.get(number=2)
    assert (task.task_url, task.unlock_day) == ("https://drive.example.org/task-2", 28)


def test_it_refuses_a_repeated_task_number(board_staff_client: Client) -> None:
    board = TaskBoard.objects.get(slug="tasks")

    response = board_staff_client.post(
        f"{CHANGELIST}{board.pk}/change/", change_form_data(board, task4={"number": 3})
    )

    assert response.status_code == 200
    assert b"Please correct the duplicate data for number" in response.content
    assert sorted(board.tasks.values_list("number", flat=True)) == [1, 2, 3, 4]


def test_it_refuses_days_outside_1_to_31(board_staff_client: Client) -> None:
    board = TaskBoard.objects.get(slug="tasks")
    data = change_form_data(board, task1={"unlock_day": 32})
    data["cycle_start_day"] = 0

    response = board_staff_client.post(f"{CHANGELIST}{board.pk}/change/", data)

    assert response.status_code == 200
    assert response.content.count(b"Ensure this value is") == 2
    board.refresh_from_db()
    assert board.cycle_start_day == 1
    assert BoardTask.objects.get(board=board, number=1).unlock_day == 1


def test_it_asks_for_a_missing_fourth_task(board_staff_client: Client) -> None:
    board = TaskBoard.objects.get(slug="tasks")
    data = change_form_data(board)
    board.tasks.filter(number=4).delete()
    data.update({"tasks-INITIAL_FORMS": 3, "tasks-3-id": ""})
    empty_fourth = {
        **data,
        **{
            f"tasks-3-{name}": ""
            for name in (
                "number",
                "title",
                "task_url",
                "unlock_day",
                "description",
            )
        },
    }

    refused = board_staff_client.post(f"{CHANGELIST}{board.pk}/change/", empty_fourth)
    assert refused.status_code == 200
    assert b"Please submit at least 4 forms." in refused.content
    assert board.tasks.count() == 3

    saved = board_staff_client.post(f"{CHANGELIST}{board.pk}/change/", data)
    assert saved.status_code == 302
    assert list(board.tasks.values_list("number", flat=True)) == [1, 2, 3, 4]


def test_it_lets_no_one_add_or_delete_a_board(board_staff_client: Client) -> None:
    board = TaskBoard.objects.get(slug="tasks")

    assert board_staff_client.get(f"{CHANGELIST}add/").status_code == 403
    assert board_staff_client.get(f"{CHANGELIST}{board.pk}/delete/").status_code == 403


def test_it_keeps_learners_out(learner_client: Client) -> None:
    response = learner_client.get(CHANGELIST)

    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]
