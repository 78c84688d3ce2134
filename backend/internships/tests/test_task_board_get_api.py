"""GET /api/internships/boards/<slug> under a frozen server clock."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.test import Client

from internships.models import BoardTask, TaskBoard
from internships.schedule import INDIA

pytestmark = pytest.mark.django_db

API = "/api/internships/boards"


def get_board(slug: str, at: datetime) -> Any:
    with time_machine.travel(at, tick=False):
        return Client().get(f"{API}/{slug}")


def ist(*args: int) -> datetime:
    return datetime(*args, tzinfo=INDIA)  # type: ignore[misc]


def unlocked(body: dict) -> list[int]:
    return [task["number"] for task in body["tasks"] if task["unlocked"]]


def test_it_answers_with_the_whole_board() -> None:
    response = get_board("tasks-10", ist(2026, 12, 10, 0, 0))

    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    board = TaskBoard.objects.get(slug="tasks-10")
    first = board.tasks.get(number=1)
    assert response.json() == {
        "slug": "tasks-10",
        "title": board.title,
        "cycle_start_day": 10,
        "today": "2026-12-10",
        "cycle_start": "2026-12-10",
        "next_change_at": "2026-12-18T00:00:00+05:30",
        "shows_certificate_link": True,
        "certificate_note": board.certificate_note,
        "tasks": [
            {
                "number": 1,
                "title": first.title,
                "description": first.description,
                "unlocked": True,
                "unlocks_on": None,
                "task_url": first.task_url,
            },
            *[
                {
                    "number": task.number,
                    "title": task.title,
                    "description": task.description,
                    "unlocked": False,
                    "unlocks_on": unlocks_on,
                    "task_url": None,
                }
                for task, unlocks_on in zip(
                    board.tasks.filter(number__gt=1).order_by("number"),
                    ["2026-12-18", "2026-12-26", "2027-01-03"],
                    strict=True,
                )
            ],
        ],
        # A visitor who is not an intern on the board: no placement, and the certificate
        # control disabled with its reason.
        "placement": None,
        "certificate": {
            "enabled": False,
            "verify_path": None,
            "reason": "Complete all four tasks first",
        },
    }


def test_it_relocks_at_midnight_india_time_on_the_cycle_start() -> None:
    # 23:59 IST on 9 Dec: the last minute of the cycle that began on 10 Nov.
    before = get_board("tasks-10", datetime(2026, 12, 9, 18, 29, 59, tzinfo=UTC)).json()
    # 00:00 IST on 10 Dec is 18:30 UTC on 9 Dec.
    after = get_board("tasks-10", datetime(2026, 12, 9, 18, 30, tzinfo=UTC)).json()

    assert (before["today"], before["cycle_start"]) == ("2026-12-09", "2026-11-10")
    assert unlocked(before) == [1, 2, 3, 4]
    assert before["next_change_at"] == "2026-12-10T00:00:00+05:30"
    assert (after["today"], after["cycle_start"]) == ("2026-12-10", "2026-12-10")
    assert unlocked(after) == [1]


def test_it_counts_days_in_india_not_by_the_servers_utc_date() -> None:
    # 20:00 UTC on 9 Dec is already 01:30 on 10 Dec in India.
    body = get_board("tasks-10", datetime(2026, 12, 9, 20, 0, tzinfo=UTC)).json()

    assert body["today"] == "2026-12-10"
    assert unlocked(body) == [1]


def test_it_points_next_change_at_the_instant_the_state_changes() -> None:
    body = get_board("tasks-10", ist(2026, 12, 17, 23, 59, 59)).json()
    assert unlocked(body) == [1]
    assert body["next_change_at"] == "2026-12-18T00:00:00+05:30"

    changed = datetime.fromisoformat(body["next_change_at"])
    assert unlocked(get_board("tasks-10", changed - timedelta(seconds=1)).json()) == [1]
    assert unlocked(get_board("tasks-10", changed).json()) == [1, 2]


@pytest.mark.parametrize(
    ("slug", "at", "today", "expected", "next_change_at"),
    [
        # 31-day months and their last day.
        ("tasks", ist(2027, 1, 31, 12), "2027-01-31", [1, 2, 3, 4], "2027-02-01"),
        ("tasks-1", ist(2027, 2, 1, 0), "2027-02-01", [1], "2027-02-08"),
        ("tasks-10", ist(2027, 1, 31, 23, 59), "2027-01-31", [1, 2, 3], "2027-02-03"),
        ("tasks-20", ist(2026, 12, 31, 23), "2026-12-31", [1, 2], "2027-01-06"),
        # Across the year end.
        ("tasks-10", ist(2027, 1, 3, 0), "2027-01-03", [1, 2, 3, 4], "2027-01-10"),
        # February, common and leap.
        ("tasks", ist(2027, 2, 28, 23, 59), "2027-02-28", [1, 2, 3, 4], "2027-03-01"),
        ("tasks", ist(2028, 2, 29, 9), "2028-02-29", [1, 2, 3, 4], "2028-03-01"),
        ("tasks-20", ist(2027, 2, 28, 9), "2027-02-28", [1, 2], "2027-03-06"),
        ("tasks-20", ist(2028, 2, 29, 9), "2028-02-29", [1, 2], "2028-03-06"),
        ("tasks-10", ist(2028, 2, 29, 9), "2028-02-29", [1, 2, 3], "2028-03-03"),
        ("tasks-20", ist(2027, 3, 19, 23, 59), "2027-03-19", [1, 2, 3, 4], "2027-03-20"),
        ("tasks-20", ist(2027, 3, 20, 0), "2027-03-20", [1], "2027-03-27"),
        # A 30-day month.
        ("tasks-10", ist(2027, 4, 30, 12), "2027-04-30", [1, 2, 3], "2027-05-03"),
    ],
)
def test_it_unlocks_by_the_table_at_month_ends(
    slug: str, at: datetime, today: str, expected: list[int], next_change_at: str
) -> None:
    body = get_board(slug, at).json()

    assert body["today"] == today
    assert unlocked(body) == expected
    assert body["next_change_at"] == f"{next_change_at}T00:00:00+05:30"


@pytest.mark.parametrize(
    ("slug", "at"),
    [
        ("tasks", ist(2027, 1, 1, 0)),
        ("tasks-1", ist(2027, 1, 14, 23, 59)),
        ("tasks-10", ist(2026, 12, 10, 0)),
        ("tasks-10", datetime(2026, 12, 9, 20, 0, tzinfo=UTC)),
        ("tasks-20", ist(2027, 1, 20, 0)),
    ],
)
def test_it_never_sends_the_links_of_locked_tasks(slug: str, at: datetime) -> None:
    response = get_board(slug, at)

    body = response.json()
    assert any(not task["unlocked"] for task in body["tasks"])
    raw = response.content.decode()
    for task in BoardTask.objects.filter(board__slug=slug):
        state = next(t for t in body["tasks"] if t["number"] == task.number)
        url = task.task_url
        assert (url in raw) is state["unlocked"]
        assert (json.dumps(url)[1:-1] in raw) is state["unlocked"]


def test_it_keeps_tasks_and_tasks_1_as_separate_boards() -> None:
    BoardTask.objects.filter(board__slug="tasks", number=1).update(
        task_url="https://files.example.org/tasks/1"
    )
    BoardTask.objects.filter(board__slug="tasks-1", number=1).update(
        task_url="https://files.example.org/tasks-1/1"
    )
    at = ist(2027, 1, 5, 12)

    tasks = get_board("tasks", at).json()
    tasks_1 = get_board("tasks-1", at).json()

    assert tasks["tasks"][0]["task_url"] == "https://files.example.org/tasks/1"
    assert tasks_1["tasks"][0]["task_url"] == "https://files.example.org/tasks-1/1"
    assert unlocked(tasks) == unlocked(tasks_1) == [1]


def test_it_shows_the_certificate_note_on_tasks_20() -> None:
    body = get_board("tasks-20", ist(2027, 1, 20, 12)).json()

    assert body["shows_certificate_link"] is True
    assert body["certificate_note"]


def test_it_follows_the_schedule_staff_set() -> None:
    board = TaskBoard.objects.get(slug="tasks-1")
    board.cycle_start_day = 31
    board.save()
    BoardTask.objects.filter(board=board, number=4).update(unlock_day=30)

    # Cycle 31 Mar - 29 Apr 2027: no 30th before the next start, so task 4 opens on the
    # cycle's last day.
    body = get_board("tasks-1", ist(2027, 4, 28, 12)).json()
    assert body["cycle_start"] == "2027-03-31"
    assert body["tasks"][3]["unlocks_on"] == "2027-04-29"
    assert body["next_change_at"] == "2027-04-29T00:00:00+05:30"


def test_it_answers_404_with_the_envelope_for_an_unknown_board() -> None:
    response = Client().get(f"{API}/tasks-99")

    assert response.status_code == 404
    assert response.json() == {"message": "This task board does not exist.", "extra": {}}
    assert response["Cache-Control"] == "no-store"


def test_it_loads_a_board_in_two_queries(django_assert_num_queries: Any) -> None:
    with django_assert_num_queries(2):
        assert Client().get(f"{API}/tasks").status_code == 200
